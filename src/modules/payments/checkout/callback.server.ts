import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { stableJobId } from '@/lib/jobs/queue';
import { PAYMENT_CHECK, type PaymentCheckJob } from '@/lib/jobs/queues';
import { ledgerEntries, paymentCheckouts, paymentReceipts } from '@/lib/db/schema';
import { logError } from '@/lib/log';
import { verifyTransaction } from '../paystack/client.server';
import { PaystackError } from '../paystack/errors';

/**
 * The callback page (GET /payments/callback?reference=…, where Paystack sends the browser back): it never takes the
 * browser's word. It shows what the webhook or the check job established; while neither has, it asks Paystack's verify
 * once itself and, when Paystack says the money came, asks the queue to credit it now (the check job: verify and credit
 * once, as the webhook's). The page writes none of our tables (docs/decisions/0405, 0414).
 */
export type CallbackView =
  | { state: 'unknown' }
  | { state: 'credited'; amountKobo: number; receipt?: { number: string; checkCode: string } }
  /** Paystack confirmed it; the credit and the receipt follow within moments. */
  | { state: 'confirmed'; amountKobo: number }
  | { state: 'pending' }
  | { state: 'not_paid' };

export async function callbackViewOf(db: Db, jobs: PgBoss, reference: string | undefined): Promise<CallbackView> {
  if (!reference || !/^[A-Za-z0-9.=_-]{1,100}$/.test(reference)) return { state: 'unknown' };
  const [checkout] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
  if (!checkout) return { state: 'unknown' };
  const credited = await creditedView(db, reference);
  if (credited) return credited;
  if (checkout.state === 'not_paid') return { state: 'not_paid' };
  try {
    const verified = await verifyTransaction(reference);
    if (verified.status === 'failed') return { state: 'not_paid' };
    if (verified.status !== 'success' || verified.currency !== 'NGN') return { state: 'pending' };
    await jobs.send(PAYMENT_CHECK.name, { reference } satisfies PaymentCheckJob, { id: stableJobId(`payment-check-now:${reference}`) });
    return { state: 'confirmed', amountKobo: verified.amountKobo };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    logError(`[payments] the callback page could not verify ${reference}`, error);
    return { state: 'pending' };
  }
}

async function creditedView(db: Db, reference: string): Promise<CallbackView | undefined> {
  const [row] = await db
    .select({ amountKobo: ledgerEntries.amountKobo, number: paymentReceipts.number, checkCode: paymentReceipts.checkCode })
    .from(ledgerEntries)
    .leftJoin(paymentReceipts, eq(paymentReceipts.entryId, ledgerEntries.id))
    .where(and(eq(ledgerEntries.source, 'paystack'), eq(ledgerEntries.providerReference, reference)));
  if (!row) return undefined;
  return {
    state: 'credited',
    amountKobo: row.amountKobo,
    receipt: row.number && row.checkCode ? { number: row.number, checkCode: row.checkCode } : undefined,
  };
}
