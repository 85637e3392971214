import 'server-only';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { insertInTransaction, workEach } from '@/lib/jobs/queue';
import {
  IDLE_POLL_SECONDS,
  PAYMENT_CHECK,
  PAYMENT_EVENT,
  PAYMENT_RECEIPT,
  type PaymentCheckJob,
  type PaymentEventJob,
  type PaymentReceiptJob,
} from '@/lib/jobs/queues';
import type { DatabaseHandle } from '@/lib/db/client';
import { paymentCheckouts, paymentEvents } from '@/lib/db/schema';
import { deliverReceipt } from '../receipts/delivery.server';
import type { PaystackEvent } from './client.server';
import { settlePaymentEvent, verifyAndCredit } from './credit.server';

/**
 * The webhook's side (docs/decisions/0414-the-money-core.md): a signed event is stored with its job in one transaction,
 * and only then answered 200, so Paystack gets its answer at once and a crash after the answer loses nothing: the job
 * verifies and credits (./credit.server.ts), as often as it must, crediting once.
 */
export async function takePaystackEvent(db: Db, jobs: PgBoss, event: PaystackEvent): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentEvents)
      .values({
        event: event.event,
        reference: event.reference ?? null,
        customerCode: event.customerCode ?? null,
        amountKobo: event.amountKobo ?? null,
      })
      .returning({ id: paymentEvents.id });
    await insertInTransaction(jobs, tx, PAYMENT_EVENT, [{ id: row.id, data: { eventId: row.id } satisfies PaymentEventJob }]);
    return row.id;
  });
}

/**
 * One `payment-check` job: a checkout's reference verified in case its webhook never came. Paid: credited (once, as
 * the webhook would). Failed: settled as not paid. Still open (ongoing, abandoned: a buyer may come back to it): thrown,
 * so the queue looks again later, for about a day.
 */
export async function checkCheckout(db: Db, jobs: PgBoss, reference: string, now = new Date()): Promise<void> {
  const [checkout] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
  if (!checkout || checkout.state !== 'initialized') return;
  const result = await verifyAndCredit(db, jobs, { reference, reported: false }, now);
  if (result.outcome === 'not_paid' && result.status !== 'failed')
    throw new Error(`the checkout is ${result.status.slice(0, 30)}: looked at again later`);
  if (result.outcome === 'not_paid' || result.outcome === 'verify_disagreed')
    await db.update(paymentCheckouts).set({ state: 'not_paid', settledAt: now }).where(eq(paymentCheckouts.reference, reference));
}

/** Attaches the payments' workers to the job queue (the server process does this once at start-up). */
export async function startPaymentWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  await workEach<PaymentEventJob>(boss, PAYMENT_EVENT, async ({ eventId }) => {
    await settlePaymentEvent(handle.db, boss, eventId);
  });
  await workEach<PaymentCheckJob>(boss, PAYMENT_CHECK, ({ reference }) => checkCheckout(handle.db, boss, reference));
  // Receipts' messages go through the one outbox (receiptSenders, wired into its worker); only jobs queued before the
  // upgrade are on this queue, and each sends its receipt's outbox messages (at most once, as the outbox's own jobs).
  await workEach<PaymentReceiptJob>(boss, { ...PAYMENT_RECEIPT, pollSeconds: IDLE_POLL_SECONDS }, ({ receiptId }) =>
    deliverReceipt(handle.db, receiptId),
  );
}
