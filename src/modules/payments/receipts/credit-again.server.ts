import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { recordPayment, type PaymentEntry } from '@/lib/backup/restore-ledger.server';
import { paymentBankTransfers, paymentCheckouts, paymentReceipts, type LedgerEntryRow, type PaymentReceiptRow } from '@/lib/db/schema';
import { logError } from '@/lib/log';
import { appendEntry, planOf } from '../ledger/ledger.repository.server';
import { afterPaymentCredited } from '../plot-link.server';

/**
 * A credit survives a restore (docs/decisions/0422-a-restore-keeps-every-credit.md): each credit, once its transaction
 * has committed, is written to the restore ledger beside the backups; `npm run restore` writes again those the backup
 * lacks, under the receipt number and check code the buyer already holds, and moves the receipt numbers past every
 * number given, so Paystack's retry finds the payment credited and no later payment gets a number twice.
 */

/** After the credit's transaction committed: its entry and receipt into the restore ledger. A failure is logged, never the credit's. */
export async function recordCredit(entry: LedgerEntryRow, receipt: PaymentReceiptRow): Promise<void> {
  try {
    await recordPayment(
      {
        entry: {
          claimId: entry.claimId,
          kind: entry.kind,
          source: entry.source,
          providerReference: entry.providerReference,
          amountKobo: entry.amountKobo,
          at: entry.at.toISOString(),
          recordedAt: entry.recordedAt.toISOString(),
          byStaffId: entry.byStaffId,
          reason: entry.reason,
          correctsEntryId: entry.correctsEntryId,
          flag: entry.flag,
        },
        receipt: { number: receipt.number, checkCode: receipt.checkCode, issuedAt: receipt.issuedAt.toISOString() },
      },
      receipt.issuedAt,
    );
  } catch (error) {
    logError(
      `[payments] receipt ${receipt.number}: not written to the restore ledger (a restore from an older backup would lose it)`,
      error,
    );
  }
}

export interface CreditedAgain {
  /** Credits the backup lacked, written again with their receipts. */
  credited: number;
  /** Credits whose payment plan is not in the backup either (opened after it): nothing to credit them to. */
  noPlan: number;
  /** The receipt numbers of credits that could not be written (an approver's account the backup lacks, say): logged. */
  failed: string[];
}

/** One event: the entry and its receipt as they were, no message queued (the buyer has them), and what a credit does after. */
async function creditOne(db: Db, event: PaymentEntry): Promise<'credited' | 'present' | 'no_plan'> {
  const { entry, receipt } = event;
  return db.transaction(async (tx) => {
    const [numbered] = await tx.select({ id: paymentReceipts.id }).from(paymentReceipts).where(eq(paymentReceipts.number, receipt.number));
    if (numbered) return 'present';
    if (!(await planOf(tx, entry.claimId))) return 'no_plan';
    const recordedAt = new Date(entry.recordedAt);
    const appended = await appendEntry(tx, { ...entry, at: new Date(entry.at), recordedAt });
    // Credited in the backup already (under another receipt), or refused by the rules: nothing more to write.
    if (appended.outcome !== 'written') return 'present';
    await tx.insert(paymentReceipts).values({
      number: receipt.number,
      checkCode: receipt.checkCode,
      issuedAt: new Date(receipt.issuedAt),
      entryId: appended.entry.id,
      claimId: entry.claimId,
    });
    await afterPaymentCredited(tx, appended.entry, recordedAt);
    if (entry.source === 'paystack' && entry.providerReference)
      await tx
        .update(paymentCheckouts)
        .set({ state: 'credited', settledAt: recordedAt })
        .where(eq(paymentCheckouts.reference, entry.providerReference));
    if (entry.source === 'transfer_approved' && entry.providerReference)
      await tx
        .update(paymentBankTransfers)
        .set({ state: 'approved', decidedBy: entry.byStaffId, decidedAt: recordedAt })
        .where(and(eq(paymentBankTransfers.id, entry.providerReference), eq(paymentBankTransfers.state, 'pending')));
    return 'credited';
  });
}

/**
 * After a restore: every credit of `events` the restored ledger lacks, written again (one transaction each; a second
 * run finds them all and writes nothing), then the receipt sequence moved past the highest number any receipt has.
 */
export async function creditAgain(db: Db, events: readonly PaymentEntry[]): Promise<CreditedAgain> {
  const result: CreditedAgain = { credited: 0, noPlan: 0, failed: [] };
  for (const event of events) {
    // One credit that cannot be written does not stop the restore: the owners are told its receipt number.
    const outcome = await creditOne(db, event).catch((error: unknown) => {
      logError(`[payments] receipt ${event.receipt.number}: not credited again after the restore`, error);
      return 'failed' as const;
    });
    if (outcome === 'credited') result.credited++;
    if (outcome === 'no_plan') result.noPlan++;
    if (outcome === 'failed') result.failed.push(event.receipt.number);
  }
  // A number is never given twice: the next receipt's comes after every number issued (these included).
  await db.execute(sql`
    select setval('payment_receipt_numbers', used.n)
    from (select max(split_part(number, '-', 3)::bigint) as n from payment_receipts) used
    where used.n >= (select last_value from payment_receipt_numbers)`);
  return result;
}
