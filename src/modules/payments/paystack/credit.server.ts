import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import type { PaymentEventOutcome } from '@/lib/db/enums';
import { paymentCheckouts, paymentDedicatedAccounts, paymentEvents } from '@/lib/db/schema';
import { logError } from '@/lib/log';
import { appendEntry } from '../ledger/ledger.repository.server';
import { issueReceipt } from '../receipts/receipts.repository.server';
import { recordCredit } from '../receipts/credit-again.server';
import { afterPaymentCredited } from '../plot-link.server';
import { queuePaymentOwnerAlerts } from '../owner-alerts.server';
import { verifyTransaction, type VerifiedTransaction } from './client.server';
import { PaystackError } from './errors';

/**
 * Money from Paystack is credited here and only here (docs/decisions/0414-the-money-core.md): a reference is matched to
 * a claim (our checkout's, or the claim of the dedicated account a transfer came into), Paystack's verify must say
 * `success` in NGN for the reference (and, for a webhook event, the amount the event said), and then one transaction
 * writes the ledger entry keyed by the reference, the receipt and its message's job. A reference credited before is a
 * duplicate: nothing more is written. An amount other than the checkout asked is credited as paid and flagged for the
 * owners. A verify that disagrees credits nothing and is logged.
 */

export interface CreditAsked {
  reference: string;
  /** A transfer into a dedicated account names its customer. */
  customerCode?: string;
  /** The amount a webhook event said (verify must agree). */
  eventAmountKobo?: number;
  /** Whether the caller is sure a charge was reported (a webhook's charge.success): any other verify status disagrees. */
  reported: boolean;
}

export type CreditResult =
  | { outcome: 'credited'; entryId: number; receiptNumber: string; flagged: boolean }
  | { outcome: 'duplicate'; entryId: number }
  | { outcome: 'verify_disagreed'; detail: string }
  | { outcome: 'unmatched'; detail: string }
  /** Verify says the checkout is not paid (yet): abandoned, failed, ongoing. */
  | { outcome: 'not_paid'; status: string };

interface Match {
  claimId: string;
  /** What our checkout asked; undefined for a transfer into a dedicated account. */
  askedKobo?: number;
  customerCode?: string;
}

async function matchOf(db: Db, reference: string, customerCode: string | undefined): Promise<Match | undefined> {
  const [checkout] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
  if (checkout) return { claimId: checkout.claimId, askedKobo: checkout.amountKobo };
  if (!customerCode) return undefined;
  const [account] = await db.select().from(paymentDedicatedAccounts).where(eq(paymentDedicatedAccounts.customerCode, customerCode));
  return account && { claimId: account.claimId, customerCode };
}

/** Why verify's answer does not let `asked` be credited, or undefined when it does. */
function disagreement(asked: CreditAsked, match: Match, verified: VerifiedTransaction): string | undefined {
  if (verified.reference !== asked.reference) return `verify named another reference`;
  if (verified.status !== 'success') return `verify says ${verified.status.slice(0, 30)}`;
  if (verified.currency !== 'NGN') return `verify says the currency is ${verified.currency.slice(0, 10)}, not NGN`;
  if (!Number.isSafeInteger(verified.amountKobo) || verified.amountKobo <= 0) return 'verify gives no amount';
  if (asked.eventAmountKobo !== undefined && verified.amountKobo !== asked.eventAmountKobo)
    return `verify says ${verified.amountKobo} kobo, the event ${asked.eventAmountKobo}`;
  if (match.customerCode && verified.customerCode !== match.customerCode) return 'verify names another customer';
  return undefined;
}

export async function verifyAndCredit(db: Db, jobs: PgBoss, asked: CreditAsked, now = new Date()): Promise<CreditResult> {
  const match = await matchOf(db, asked.reference, asked.customerCode);
  if (!match) return { outcome: 'unmatched', detail: 'no checkout or dedicated account of ours has this reference or customer' };
  let verified: VerifiedTransaction;
  try {
    verified = await verifyTransaction(asked.reference);
  } catch (error) {
    // Paystack refusing (an unknown reference) is its word; no answer is tried again by the job.
    if (error instanceof PaystackError && error.kind === 'refused') return { outcome: 'verify_disagreed', detail: error.message };
    throw error;
  }
  if (!asked.reported && verified.reference === asked.reference && verified.status !== 'success')
    return { outcome: 'not_paid', status: verified.status };
  const why = disagreement(asked, match, verified);
  if (why) return { outcome: 'verify_disagreed', detail: why };

  let credited: Parameters<typeof recordCredit> | undefined;
  const result = await db.transaction(async (tx) => {
    const flagged = match.askedKobo !== undefined && verified.amountKobo !== match.askedKobo;
    const appended = await appendEntry(tx, {
      claimId: match.claimId,
      kind: 'payment',
      source: 'paystack',
      providerReference: asked.reference,
      amountKobo: verified.amountKobo,
      at: verified.paidAt ?? now,
      flag: flagged ? 'amount_differs' : null,
    });
    if (appended.outcome === 'duplicate') return { outcome: 'duplicate' as const, entryId: appended.entry.id };
    if (appended.outcome === 'refused')
      return { outcome: 'verify_disagreed' as const, detail: `the ledger refused it: ${appended.refusal}` };
    const receipt = await issueReceipt(tx, jobs, appended.entry);
    credited = [appended.entry, receipt];
    // Owners hear of it by e-mail, once per payment, with the credit (docs/decisions/0415).
    if (flagged) await queuePaymentOwnerAlerts(tx, jobs, { kind: 'payment_flagged', entryId: appended.entry.id });
    await afterPaymentCredited(tx, appended.entry, now);
    await tx.update(paymentCheckouts).set({ state: 'credited', settledAt: now }).where(eq(paymentCheckouts.reference, asked.reference));
    return { outcome: 'credited' as const, entryId: appended.entry.id, receiptNumber: receipt.number, flagged };
  });
  // Committed: into the restore ledger, so a restore from an earlier backup keeps it (docs/decisions/0422).
  if (credited) await recordCredit(...credited);
  return result;
}

/** One `payment-event` job: the stored event verified and credited, its outcome recorded. Throws to be tried again. */
export async function settlePaymentEvent(
  db: Db,
  jobs: PgBoss,
  eventId: string,
  now = new Date(),
): Promise<PaymentEventOutcome | undefined> {
  const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
  if (!event || event.outcome) return event?.outcome ?? undefined;
  let outcome: PaymentEventOutcome;
  let detail: string | null = null;
  if (event.event !== 'charge.success' || !event.reference) {
    outcome = 'ignored';
  } else {
    const result = await verifyAndCredit(
      db,
      jobs,
      {
        reference: event.reference,
        customerCode: event.customerCode ?? undefined,
        eventAmountKobo: event.amountKobo ?? undefined,
        reported: true,
      },
      now,
    );
    outcome = result.outcome === 'not_paid' ? 'verify_disagreed' : result.outcome;
    if (result.outcome === 'verify_disagreed' || result.outcome === 'unmatched') {
      detail = result.detail;
      logError(
        `[payments] Paystack event ${event.id} for ${event.reference}: nothing credited (${result.detail})`,
        new Error(result.outcome),
      );
    }
    if (result.outcome === 'credited' && result.flagged) detail = 'paid other than asked: flagged for the owners';
  }
  await db
    .update(paymentEvents)
    .set({ outcome, detail, settledAt: now })
    .where(and(eq(paymentEvents.id, event.id), isNull(paymentEvents.outcome)));
  return outcome;
}
