import 'server-only';
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { leadName } from '@/content/staff';
import type { Db } from '@/lib/db/client';
import { ledgerEntries, leads, paymentBankTransfers, paymentPlans, paymentReceipts, plotClaims, staffUsers } from '@/lib/db/schema';
import { lagosDayOf, lagosDayStart } from '@/lib/working-time';
import { balanceOf } from '../ledger/rules';
import { standingOf } from '../plans';
import { plotLabelOf } from '../plot-link.server';
import { recheckFindingsSince } from '../paystack/recheck.server';
import { staffDisplayName } from '@/modules/staff';

/**
 * The staff Payments page's figures (issue 59, item 6): money credited today (Lagos), transfers waiting for an owner,
 * what falls due in the next seven days, who is late, and payments flagged as other than asked. Reads only.
 */
export interface PaymentsPage {
  todayKobo: number;
  today: { id: number; amountKobo: number; source: string; buyer: string; plot: string; receipt: string | null; flagged: boolean }[];
  pending: {
    id: string;
    amountKobo: number;
    paidOn: string;
    bankReference: string;
    proofNote: string | null;
    recordedBy: string;
    recordedById: string;
    buyer: string;
    plot: string;
  }[];
  dueThisWeek: { claimId: string; buyer: string; plot: string; dueOn: string; amountKobo: number }[];
  late: { claimId: string; buyer: string; plot: string; dueOn: string; amountKobo: number; lateCount: number }[];
  /** Payments of the last 60 days credited other than asked, newest first: the owners refund or ask for the rest. */
  flagged: { id: number; amountKobo: number; at: Date; buyer: string; plot: string; reference: string | null }[];
  /** Every plan, newest first, each linking to its own page (docs/decisions/0416); `ended`: its claim ended (released). */
  plans: { claimId: string; buyer: string; plot: string; paidKobo: number; priceKobo: number; ended: boolean }[];
  /** What the nightly re-check with Paystack found in the last 30 days, newest first (docs/decisions/0415). */
  recheck: { id: string; kind: string; reference: string; detail: string; foundAt: Date; buyer: string; plot: string }[];
}

export async function paymentsPage(db: Db, now = new Date()): Promise<PaymentsPage> {
  const today = lagosDayOf(now);
  const plans = await db
    .select({ plan: paymentPlans, title: leads.title, fullName: leads.fullName, endedAt: plotClaims.endedAt })
    .from(paymentPlans)
    .leftJoin(plotClaims, eq(plotClaims.id, paymentPlans.claimId))
    // A buyer erased since (docs/decisions/0414) is named by the copy kept with the plan.
    .leftJoin(leads, eq(leads.id, paymentPlans.leadId))
    .orderBy(desc(paymentPlans.createdAt));
  const entries = plans.length
    ? await db
        .select()
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.claimId,
            plans.map((p) => p.plan.claimId),
          ),
        )
    : [];
  const labels = new Map<string, { buyer: string; plot: string }>();
  for (const { plan, title, fullName } of plans)
    labels.set(plan.claimId, {
      buyer: leadName({ title, fullName: fullName ?? plan.erasedBuyerName ?? '—' }),
      plot: await plotLabelOf(db, plan),
    });
  const weekEnd = lagosDayOf(now, 7);
  const dueThisWeek: PaymentsPage['dueThisWeek'] = [];
  const late: PaymentsPage['late'] = [];
  const paidOf = (claimId: string) => balanceOf(entries.filter((e) => e.claimId === claimId));
  for (const { plan, endedAt } of plans) {
    // A released claim's plan owes nothing more (an owner ended it: docs/decisions/0416); its money stays on the ledger.
    if (endedAt) continue;
    const standing = standingOf(plan, paidOf(plan.claimId), today);
    const who = labels.get(plan.claimId)!;
    if (!standing.nextDue) continue;
    if (standing.lateCount > 0) late.push({ claimId: plan.claimId, ...who, ...standing.nextDue, lateCount: standing.lateCount });
    else if (standing.nextDue.dueOn <= weekEnd) dueThisWeek.push({ claimId: plan.claimId, ...who, ...standing.nextDue });
  }
  const todays = await db
    .select({ entry: ledgerEntries, receipt: paymentReceipts.number })
    .from(ledgerEntries)
    .leftJoin(paymentReceipts, eq(paymentReceipts.entryId, ledgerEntries.id))
    .where(and(eq(ledgerEntries.kind, 'payment'), gte(ledgerEntries.recordedAt, lagosDayStart(today))))
    .orderBy(desc(ledgerEntries.id));
  const pending = await db
    .select({ transfer: paymentBankTransfers, recorderName: staffUsers.name, recorderEmail: staffUsers.email })
    .from(paymentBankTransfers)
    .innerJoin(staffUsers, eq(staffUsers.id, paymentBankTransfers.recordedBy))
    .where(eq(paymentBankTransfers.state, 'pending'))
    .orderBy(desc(paymentBankTransfers.recordedAt));
  const flagged = await db
    .select()
    .from(ledgerEntries)
    .where(and(isNotNull(ledgerEntries.flag), gte(ledgerEntries.recordedAt, lagosDayStart(today, -60))))
    .orderBy(desc(ledgerEntries.id));
  const none = { buyer: '', plot: '' };
  return {
    todayKobo: todays.reduce((sum, row) => sum + row.entry.amountKobo, 0),
    today: todays.map(({ entry, receipt }) => ({
      id: entry.id,
      amountKobo: entry.amountKobo,
      source: entry.source,
      receipt,
      flagged: entry.flag === 'amount_differs',
      ...(labels.get(entry.claimId) ?? none),
    })),
    pending: pending.map(({ transfer, recorderName, recorderEmail }) => ({
      id: transfer.id,
      amountKobo: transfer.amountKobo,
      paidOn: transfer.paidOn,
      bankReference: transfer.bankReference,
      proofNote: transfer.proofNote,
      recordedBy: staffDisplayName({ name: recorderName, email: recorderEmail }),
      recordedById: transfer.recordedBy,
      ...(labels.get(transfer.claimId) ?? none),
    })),
    dueThisWeek: dueThisWeek.sort((a, b) => a.dueOn.localeCompare(b.dueOn)),
    late: late.sort((a, b) => a.dueOn.localeCompare(b.dueOn)),
    flagged: flagged.map((entry) => ({
      id: entry.id,
      amountKobo: entry.amountKobo,
      at: entry.at,
      reference: entry.providerReference,
      ...(labels.get(entry.claimId) ?? none),
    })),
    plans: plans.map(({ plan, endedAt }) => ({
      claimId: plan.claimId,
      ...labels.get(plan.claimId)!,
      paidKobo: paidOf(plan.claimId),
      priceKobo: plan.priceKobo,
      ended: endedAt !== null,
    })),
    recheck: (await recheckFindingsSince(db, lagosDayStart(today, -30))).map((f) => ({
      id: f.id,
      kind: f.kind,
      reference: f.reference,
      detail: f.detail,
      foundAt: f.foundAt,
      ...((f.claimId && labels.get(f.claimId)) || none),
    })),
  };
}
