import 'server-only';
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { queueMessages, type NewOutboxMessage } from '@/modules/messaging/server';
import {
  ledgerEntries,
  paymentPlans,
  paymentReceipts,
  type LedgerEntryRow,
  type PaymentPlanRow,
  type PaymentReceiptRow,
} from '@/lib/db/schema';
import { buyerOfClaim } from '../buyer.repository.server';

/** A receipt's message in the outbox: one e-mail and one WhatsApp message per receipt, ever. */
export const RECEIPT_MESSAGE_KIND = 'payment_receipt';
export const receiptMessageKey = (receiptId: string, channel: 'email' | 'whatsapp') => `receipt:${receiptId}:${channel}`;

/**
 * Receipts (docs/decisions/0414-the-money-core.md): one per credited payment, numbered RCT-<Lagos year>-<six digits> from
 * one sequence, with a check code of 72 random bits that the public receipt page asks for beside the number (numbers
 * follow each other; the code cannot be guessed). Issued in the credit's own transaction with its messages in the one
 * outbox (its e-mail, and its WhatsApp message where the buyer has a number), so a credit without its receipt, a
 * receipt's message queued twice, or one queued for a credit rolled back, cannot happen.
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
  const buyer = await buyerOfClaim(tx, entry.claimId);
  // A buyer erased since (docs/decisions/0414): the payment is credited and receipted, but there is nobody to write to.
  if (!buyer) return receipt;
  const message = (channel: 'email' | 'whatsapp'): NewOutboxMessage => ({
    subjectType: 'receipt',
    subjectId: receipt.id,
    leadId: buyer.leadId,
    kind: RECEIPT_MESSAGE_KIND,
    channel,
    dedupeKey: receiptMessageKey(receipt.id, channel),
  });
  // Whether WhatsApp is on and the number has not said STOP is asked when it goes (rendered then, as the e-mail).
  await queueMessages(tx, jobs, buyer.phoneE164 ? [message('email'), message('whatsapp')] : [message('email')]);
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
