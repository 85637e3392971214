import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { insertInTransaction, stableJobId } from '@/lib/jobs/queue';
import { PAYMENT_CHECK, type PaymentCheckJob } from '@/lib/jobs/queues';
import { paymentCheckouts } from '@/lib/db/schema';
import { getSiteUrl } from '@/lib/site-facts.server';
import { logError } from '@/lib/log';
import { buyerOfClaim } from '../buyer.repository.server';
import { planOf } from '../ledger/ledger.repository.server';
import { initializeTransaction, paystackConfigured } from '../paystack/client.server';
import { PaystackError } from '../paystack/errors';
import { standingOfPlan } from '../standing.server';

/**
 * A checkout (issue 59, item 5): the server decides what is due (the deposit's rest, or the next instalment's, never an
 * amount the browser sent), asks Paystack for a checkout under a reference of ours, and sends the buyer to it. The
 * checkout is stored, with a job that looks at it again in 2 minutes (in case its webhook never comes), before Paystack
 * is asked, so no checkout a buyer could pay is unknown to us.
 */

export const CALLBACK_PATH = '/payments/callback';

/** Our references: `MDP-` and 16 hex digits (Paystack allows letters, digits, - . =). */
export const newReference = () => `MDP-${randomBytes(8).toString('hex').toUpperCase()}`;

export type CheckoutStart =
  | { ok: true; authorizationUrl: string; reference: string; amountKobo: number }
  | { ok: false; reason: 'no_paystack' | 'no_plan' | 'no_email' | 'nothing_due' | 'paystack_refused' | 'paystack_unavailable' };

export async function startCheckout(db: Db, jobs: PgBoss, claimId: string, now = new Date()): Promise<CheckoutStart> {
  if (!paystackConfigured()) return { ok: false, reason: 'no_paystack' };
  const plan = await planOf(db, claimId);
  if (!plan) return { ok: false, reason: 'no_plan' };
  const buyer = await buyerOfClaim(db, claimId);
  if (!buyer?.email) return { ok: false, reason: 'no_email' };
  const standing = await standingOfPlan(db, plan, now);
  const amountKobo = standing.nextDue?.amountKobo;
  if (!amountKobo) return { ok: false, reason: 'nothing_due' };
  const reference = newReference();
  await db.transaction(async (tx) => {
    await tx.insert(paymentCheckouts).values({ reference, claimId, amountKobo });
    await insertInTransaction(jobs, tx, PAYMENT_CHECK, [
      {
        id: stableJobId(`payment-check:${reference}`),
        data: { reference } satisfies PaymentCheckJob,
        startAfter: new Date(now.getTime() + 120_000),
      },
    ]);
  });
  try {
    const { authorizationUrl } = await initializeTransaction({
      email: buyer.email,
      amountKobo,
      reference,
      callbackUrl: `${getSiteUrl()}${CALLBACK_PATH}`,
      metadata: { claim_id: claimId, item: standing.nextDue?.label ?? '' },
    });
    await db.update(paymentCheckouts).set({ authorizationUrl }).where(eq(paymentCheckouts.reference, reference));
    return { ok: true, authorizationUrl, reference, amountKobo };
  } catch (error) {
    logError(`[payments] Paystack would not open checkout ${reference}`, error);
    // The check job finds the reference unknown to Paystack and settles the checkout as not paid.
    return { ok: false, reason: error instanceof PaystackError && error.kind === 'refused' ? 'paystack_refused' : 'paystack_unavailable' };
  }
}

/** What the callback page shows of a reference: our state, or, while it waits, what Paystack's verify says now. */
export type CheckoutView =
  | { state: 'unknown' }
  | { state: 'credited'; amountKobo: number; receipt?: { number: string; checkCode: string } }
  | { state: 'pending' }
  | { state: 'not_paid' };

/** The continue page's checkout: where Paystack waits and for how much, while it is open. */
export async function openCheckout(
  db: Db,
  reference: string | undefined,
): Promise<{ authorizationUrl: string; amountKobo: number } | undefined> {
  if (!reference || !/^[A-Za-z0-9.=_-]{1,100}$/.test(reference)) return undefined;
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
  return row?.authorizationUrl && row.state === 'initialized'
    ? { authorizationUrl: row.authorizationUrl, amountKobo: row.amountKobo }
    : undefined;
}
