import 'server-only';
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { insertInTransaction, stableJobId } from '@/lib/jobs/queue';
import { PAYMENT_RECEIPT } from '@/lib/jobs/queues';
import {
  ledgerEntries,
  paymentPlans,
  paymentReceipts,
  type LedgerEntryRow,
  type PaymentPlanRow,
  type PaymentReceiptRow,
} from '@/lib/db/schema';

/**
 * Receipts (docs/decisions/0414-the-money-core.md): one per credited payment, numbered RCT-<Lagos year>-<six digits> from
 * one sequence, with a check code of 72 random bits that the public receipt page asks for beside the number (numbers
 * follow each other; the code cannot be guessed). Issued in the credit's own transaction with its message's job, so a
 * credit without its receipt, or a receipt queued twice, cannot happen.
 */

export async function issueReceipt(tx: Db, jobs: PgBoss, entry: LedgerEntryRow): Promise<PaymentReceiptRow> {
  const [receipt] = await tx
    .insert(paymentReceipts)
    .values({
      number: sql`'RCT-' || to_char(now() at time zone 'Africa/Lagos', 'YYYY') || '-' || lpad(nextval('payment_receipt_numbers')::text, 6, '0')`,
      checkCode: randomBytes(9).toString('base64url'),
      entryId: entry.id,
      claimId: entry.claimId,
    })
    .returning();
  await insertInTransaction(jobs, tx, PAYMENT_RECEIPT, [
    { id: stableJobId(`payment-receipt:${receipt.id}`), data: { receiptId: receipt.id } },
  ]);
  return receipt;
}

export interface ReceiptView {
  receipt: PaymentReceiptRow;
  entry: LedgerEntryRow;
  plan: PaymentPlanRow;
}

/** A receipt by its number and check code (compared in constant time), or undefined. */
export async function receiptByNumber(db: Db, number: string, checkCode: string): Promise<ReceiptView | undefined> {
  if (!/^RCT-\d{4}-\d{6,}$/.test(number)) return undefined;
  const [row] = await db
    .select({ receipt: paymentReceipts, entry: ledgerEntries, plan: paymentPlans })
    .from(paymentReceipts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, paymentReceipts.entryId))
    .innerJoin(paymentPlans, eq(paymentPlans.claimId, paymentReceipts.claimId))
    .where(eq(paymentReceipts.number, number));
  if (!row) return undefined;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(row.receipt.checkCode), digest(checkCode)) ? row : undefined;
}

export async function receiptForDelivery(db: Db, receiptId: string): Promise<ReceiptView | undefined> {
  const [row] = await db
    .select({ receipt: paymentReceipts, entry: ledgerEntries, plan: paymentPlans })
    .from(paymentReceipts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, paymentReceipts.entryId))
    .innerJoin(paymentPlans, eq(paymentPlans.claimId, paymentReceipts.claimId))
    .where(eq(paymentReceipts.id, receiptId));
  return row;
}

/** The receipt of a ledger entry. */
export async function receiptOfEntry(db: Db, entryId: number): Promise<PaymentReceiptRow | undefined> {
  const [row] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.entryId, entryId));
  return row;
}

/** Claims the receipt's message for sending (queued → sending), one conditional write: true when this sender has it. */
export async function claimReceiptMessage(db: Db, receiptId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(paymentReceipts)
    .set({ messageState: 'sending', sendingSince: at, attempts: sql`${paymentReceipts.attempts} + 1` })
    .where(and(eq(paymentReceipts.id, receiptId), eq(paymentReceipts.messageState, 'queued')))
    .returning({ id: paymentReceipts.id });
  return rows.length === 1;
}

export async function settleReceiptMessage(
  db: Db,
  receiptId: string,
  outcome: Pick<PaymentReceiptRow, 'messageState' | 'lastError'>,
  at: Date,
): Promise<void> {
  await db
    .update(paymentReceipts)
    .set({ ...outcome, sentAt: outcome.messageState === 'sent' ? at : null, sendingSince: null })
    .where(eq(paymentReceipts.id, receiptId));
}

/** Claims the receipt's WhatsApp message (queued → sending): true when this sender has it. */
export async function claimWhatsApp(db: Db, receiptId: string): Promise<boolean> {
  const rows = await db
    .update(paymentReceipts)
    .set({ whatsappState: 'sending' })
    .where(and(eq(paymentReceipts.id, receiptId), eq(paymentReceipts.whatsappState, 'queued')))
    .returning({ id: paymentReceipts.id });
  return rows.length === 1;
}

export async function settleWhatsApp(db: Db, receiptId: string, state: PaymentReceiptRow['whatsappState']): Promise<void> {
  await db.update(paymentReceipts).set({ whatsappState: state }).where(eq(paymentReceipts.id, receiptId));
}
