import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { paymentBankTransfers, type PaymentBankTransferRow } from '@/lib/db/schema';
import { lagosDayStart } from '@/lib/working-time';
import { appendEntry, planOf } from '../ledger/ledger.repository.server';
import { LEDGER_REFUSALS } from '../ledger/rules';
import { issueReceipt } from '../receipts/receipts.repository.server';
import { recordCredit } from '../receipts/credit-again.server';
import { afterPaymentCredited } from '../plot-link.server';

/**
 * A bank transfer into the company's account needs two people (issue 59, item 6; docs/decisions/0414-the-money-core.md):
 * one staff member records it (amount, date, the bank's reference, a note of the proof seen), and an owner who is not
 * that person approves it, which writes the ledger entry (keyed by the transfer's id, so an approval credits once) and
 * the receipt in one transaction; or rejects it with a reason. The database checks the two people differ too.
 */

export interface TransferInput {
  claimId: string;
  amountKobo: number;
  /** YYYY-MM-DD, the day the money arrived. */
  paidOn: string;
  bankReference: string;
  proofNote?: string;
}

export type TransferRefusal = 'no_plan' | 'same_reference' | 'not_found' | 'decided' | 'same_person' | 'ledger';

export type TransferResult =
  { ok: true; transfer: PaymentBankTransferRow; receiptNumber?: string } | { ok: false; refusal: TransferRefusal; detail?: string };

export async function recordTransfer(db: Db, input: TransferInput, recordedBy: string): Promise<TransferResult> {
  if (!(await planOf(db, input.claimId))) return { ok: false, refusal: 'no_plan' };
  const bankReference = input.bankReference.trim();
  const [transfer] = await db
    .insert(paymentBankTransfers)
    .values({ ...input, bankReference, proofNote: input.proofNote?.trim() || null, recordedBy })
    .onConflictDoNothing()
    .returning();
  return transfer ? { ok: true, transfer } : { ok: false, refusal: 'same_reference' };
}

export async function approveTransfer(
  db: Db,
  jobs: PgBoss,
  transferId: string,
  ownerId: string,
  now = new Date(),
): Promise<TransferResult> {
  let credited: Parameters<typeof recordCredit> | undefined;
  const result = await db.transaction(async (tx): Promise<TransferResult> => {
    const [transfer] = await tx.select().from(paymentBankTransfers).where(eq(paymentBankTransfers.id, transferId)).for('update');
    if (!transfer) return { ok: false, refusal: 'not_found' };
    if (transfer.state !== 'pending') return { ok: false, refusal: 'decided' };
    if (transfer.recordedBy === ownerId) return { ok: false, refusal: 'same_person' };
    const appended = await appendEntry(tx, {
      claimId: transfer.claimId,
      kind: 'payment',
      source: 'transfer_approved',
      providerReference: transfer.id,
      amountKobo: transfer.amountKobo,
      at: lagosDayStart(transfer.paidOn),
      byStaffId: ownerId,
    });
    if (appended.outcome === 'refused') return { ok: false, refusal: 'ledger', detail: LEDGER_REFUSALS[appended.refusal] };
    const receipt = appended.outcome === 'written' ? await issueReceipt(tx, jobs, appended.entry) : undefined;
    if (appended.outcome === 'written') await afterPaymentCredited(tx, appended.entry, now);
    if (receipt) credited = [appended.entry, receipt];
    const [approved] = await tx
      .update(paymentBankTransfers)
      .set({ state: 'approved', decidedBy: ownerId, decidedAt: now })
      .where(eq(paymentBankTransfers.id, transfer.id))
      .returning();
    return { ok: true, transfer: approved, receiptNumber: receipt?.number };
  });
  // Committed: into the restore ledger, so a restore from an earlier backup keeps it (docs/decisions/0422).
  if (credited) await recordCredit(...credited);
  return result;
}

export async function rejectTransfer(
  db: Db,
  transferId: string,
  ownerId: string,
  reason: string,
  now = new Date(),
): Promise<TransferResult> {
  return db.transaction(async (tx) => {
    const [transfer] = await tx.select().from(paymentBankTransfers).where(eq(paymentBankTransfers.id, transferId)).for('update');
    if (!transfer) return { ok: false, refusal: 'not_found' };
    if (transfer.state !== 'pending') return { ok: false, refusal: 'decided' };
    if (transfer.recordedBy === ownerId) return { ok: false, refusal: 'same_person' };
    const [rejected] = await tx
      .update(paymentBankTransfers)
      .set({ state: 'rejected', decidedBy: ownerId, decidedAt: now, rejectReason: reason.trim() })
      .where(and(eq(paymentBankTransfers.id, transfer.id), eq(paymentBankTransfers.state, 'pending')))
      .returning();
    return { ok: true, transfer: rejected };
  });
}

export function pendingTransfers(db: Db): Promise<PaymentBankTransferRow[]> {
  return db
    .select()
    .from(paymentBankTransfers)
    .where(eq(paymentBankTransfers.state, 'pending'))
    .orderBy(desc(paymentBankTransfers.recordedAt));
}
