import 'server-only';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads, ledgerEntries, paymentPlans, paymentReceipts } from '@/lib/db/schema';

/**
 * A person's erasure and the money records (docs/decisions/0414): a payment plan and its ledger are a sale's record,
 * kept for the period tax and company law require, so an erasure keeps them with a copy of who paid (name, e-mail,
 * phone) and removes the lead; everything else of the person goes. The retention job blanks the copy after the period.
 */

/** What an erasure kept of the money records. */
export interface MoneyKept {
  /** Payment plans kept (with their ledger and receipts), the buyer's name, e-mail and phone copied onto them. */
  paymentPlans: number;
  /** Their claims: kept as the money's record even when no reservation was reached (the plots module keeps them). */
  claimIds: string[];
}

/** In the erasure's transaction, before the leads go: copies who paid onto each plan of the leads `leadsWhere` selects. */
export async function keepMoneyRecordsOfLeads(tx: Db, leadsWhere: SQL, now = new Date()): Promise<MoneyKept> {
  const plans = await tx
    .select({
      claimId: paymentPlans.claimId,
      fullName: leads.fullName,
      email: leads.email,
      phoneRaw: leads.phoneRaw,
      phoneE164: leads.phoneE164,
    })
    .from(paymentPlans)
    .innerJoin(leads, eq(leads.id, paymentPlans.leadId))
    .where(leadsWhere);
  for (const plan of plans)
    await tx
      .update(paymentPlans)
      .set({
        erasedBuyerName: plan.fullName,
        erasedBuyerEmail: plan.email,
        erasedBuyerPhone: plan.phoneE164 ?? plan.phoneRaw,
        buyerErasedAt: now,
      })
      .where(eq(paymentPlans.claimId, plan.claimId));
  return { paymentPlans: plans.length, claimIds: plans.map((plan) => plan.claimId) };
}

/** The leads with a payment plan (a subquery of their ids): the retention job never deletes them. */
export const leadsWithPaymentPlans = (): SQL =>
  sql`(select ${paymentPlans.leadId} from ${paymentPlans} where ${paymentPlans.leadId} is not null)`;

/**
 * The retention job: blanks the copy of an erased buyer once the legal period has passed since both the erasure and
 * the plan's last ledger entry (`before` is now less that period). The amounts stay, naming nobody.
 */
export async function forgetErasedBuyersBefore(db: Db, before: Date): Promise<number> {
  const lastMoney = sql`(select max(${ledgerEntries.at}) from ${ledgerEntries} where ${ledgerEntries.claimId} = ${paymentPlans.claimId})`;
  const forgotten = await db
    .update(paymentPlans)
    .set({ erasedBuyerName: null, erasedBuyerEmail: null, erasedBuyerPhone: null })
    .where(
      and(
        isNull(paymentPlans.leadId),
        isNotNull(paymentPlans.buyerErasedAt),
        lt(paymentPlans.buyerErasedAt, before),
        or(isNotNull(paymentPlans.erasedBuyerName), isNotNull(paymentPlans.erasedBuyerEmail), isNotNull(paymentPlans.erasedBuyerPhone)),
        sql`coalesce(${lastMoney} < ${before}, true)`,
      ),
    )
    .returning({ claimId: paymentPlans.claimId });
  return forgotten.length;
}

/**
 * For a subject access export: the money records of the person's leads, and those kept after an erasure whose copy
 * matches the person's e-mail address or phone numbers (`kept`: a condition on payment_plans).
 */
export async function moneyRecordsOf(db: Db, leadIds: string[], kept: SQL) {
  const plans = await db
    .select()
    .from(paymentPlans)
    .where(or(leadIds.length ? inArray(paymentPlans.leadId, leadIds) : sql`false`, and(isNull(paymentPlans.leadId), kept)));
  const claimIds = plans.map((plan) => plan.claimId);
  const entries = claimIds.length ? await db.select().from(ledgerEntries).where(inArray(ledgerEntries.claimId, claimIds)) : [];
  const receipts = claimIds.length
    ? await db
        .select({ number: paymentReceipts.number, entryId: paymentReceipts.entryId, issuedAt: paymentReceipts.issuedAt })
        .from(paymentReceipts)
        .where(inArray(paymentReceipts.entryId, entries.map((entry) => entry.id).concat(-1)))
    : [];
  return plans.map((plan) => ({
    leadId: plan.leadId,
    claimId: plan.claimId,
    district: plan.district,
    priceKobo: plan.priceKobo,
    depositKobo: plan.depositKobo,
    months: plan.months,
    startsOn: plan.startsOn,
    keptAfterErasure: plan.buyerErasedAt
      ? { at: plan.buyerErasedAt, name: plan.erasedBuyerName, email: plan.erasedBuyerEmail, phone: plan.erasedBuyerPhone }
      : undefined,
    payments: entries
      .filter((entry) => entry.claimId === plan.claimId)
      .map((entry) => ({
        kind: entry.kind,
        source: entry.source,
        amountKobo: entry.amountKobo,
        at: entry.at,
        reference: entry.providerReference,
        receipt: receipts.find((receipt) => receipt.entryId === entry.id)?.number,
      })),
  }));
}
