import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { paymentAdjustments, type PaymentAdjustmentRow } from '@/lib/db/schema';
import { appendEntry, entriesOf, lockPlan } from '../ledger/ledger.repository.server';
import { refusalOf, type LedgerRefusal } from '../ledger/rules';
import type { AdjustmentInput } from './schema';

/**
 * Refunds, reversals and corrections (issue 59, item 5; docs/decisions/0416): money typed by a person needs two people.
 * One owner asks for it with a reason, checked against the ledger's rules at once (so a refund beyond the balance is
 * refused before anyone approves it); another owner approves it, which writes the entry through the ledger's one writer
 * (the rules checked again under the plan's lock, keyed by this request's id so it is written once); or rejects it with
 * a reason. Nothing here changes an entry: each is a new one.
 */

export type AdjustmentRefusal = 'no_plan' | 'not_found' | 'decided' | 'same_person' | 'ledger';

export type AdjustmentResult =
  { ok: true; adjustment: PaymentAdjustmentRow } | { ok: false; refusal: AdjustmentRefusal; ledger?: LedgerRefusal };

export async function requestAdjustment(
  db: Db,
  claimId: string,
  input: AdjustmentInput,
  requestedBy: string,
  now = new Date(),
): Promise<AdjustmentResult> {
  return db.transaction(async (tx) => {
    if (!(await lockPlan(tx, claimId))) return { ok: false, refusal: 'no_plan' };
    const lines = await entriesOf(tx, claimId);
    // A reversal takes back the whole payment it names: its amount is that payment's, never typed.
    const target = lines.find((line) => line.id === input.correctsEntryId);
    if (input.kind === 'reversal' && target?.kind !== 'payment')
      return { ok: false, refusal: 'ledger', ledger: target ? 'reversal_not_of_a_payment' : 'names_no_entry' };
    const amountKobo = input.kind === 'reversal' ? -(target?.amountKobo ?? 0) : (input.amountKobo ?? 0);
    const next = { kind: input.kind, amountKobo, correctsEntryId: input.correctsEntryId ?? null };
    // Asked ones still waiting count as if written: two refunds asked at once never together pass a check one may.
    const waiting = await pendingOf(tx, claimId);
    const asIfWritten = [
      ...lines,
      ...waiting.map((w, i) => ({ id: -1 - i, kind: w.kind, amountKobo: w.amountKobo, correctsEntryId: w.correctsEntryId })),
    ];
    const refusal = refusalOf(asIfWritten, next);
    if (refusal) return { ok: false, refusal: 'ledger', ledger: refusal };
    const [adjustment] = await tx
      .insert(paymentAdjustments)
      .values({ claimId, ...next, reason: input.reason, requestedBy, requestedAt: now })
      .returning();
    return { ok: true, adjustment };
  });
}

export async function approveAdjustment(
  db: Db,
  claimId: string,
  adjustmentId: string,
  ownerId: string,
  now = new Date(),
): Promise<AdjustmentResult> {
  return db.transaction(async (tx) => {
    const found = await pendingOne(tx, claimId, adjustmentId, ownerId);
    if (!found.ok) return found;
    const { adjustment } = found;
    const appended = await appendEntry(tx, {
      claimId,
      kind: adjustment.kind,
      source: 'staff',
      providerReference: adjustment.id,
      amountKobo: adjustment.amountKobo,
      at: now,
      byStaffId: ownerId,
      reason: adjustment.reason,
      correctsEntryId: adjustment.correctsEntryId,
    });
    if (appended.outcome === 'refused') return { ok: false, refusal: 'ledger', ledger: appended.refusal };
    const [approved] = await tx
      .update(paymentAdjustments)
      .set({ state: 'approved', decidedBy: ownerId, decidedAt: now, entryId: appended.entry.id })
      .where(eq(paymentAdjustments.id, adjustment.id))
      .returning();
    return { ok: true, adjustment: approved };
  });
}

export async function rejectAdjustment(
  db: Db,
  claimId: string,
  adjustmentId: string,
  ownerId: string,
  reason: string,
  now = new Date(),
): Promise<AdjustmentResult> {
  return db.transaction(async (tx) => {
    const found = await pendingOne(tx, claimId, adjustmentId, ownerId);
    if (!found.ok) return found;
    const [rejected] = await tx
      .update(paymentAdjustments)
      .set({ state: 'rejected', decidedBy: ownerId, decidedAt: now, rejectReason: reason.trim() })
      .where(eq(paymentAdjustments.id, adjustmentId))
      .returning();
    return { ok: true, adjustment: rejected };
  });
}

/** The request, locked, if it is this plan's, still waiting, and `ownerId` is not who asked for it. */
async function pendingOne(tx: Db, claimId: string, adjustmentId: string, ownerId: string): Promise<AdjustmentResult> {
  const [adjustment] = await tx
    .select()
    .from(paymentAdjustments)
    .where(and(eq(paymentAdjustments.id, adjustmentId), eq(paymentAdjustments.claimId, claimId)))
    .for('update');
  if (!adjustment) return { ok: false, refusal: 'not_found' };
  if (adjustment.state !== 'pending') return { ok: false, refusal: 'decided' };
  if (adjustment.requestedBy === ownerId) return { ok: false, refusal: 'same_person' };
  return { ok: true, adjustment };
}

const pendingOf = (db: Db, claimId: string) =>
  db
    .select()
    .from(paymentAdjustments)
    .where(and(eq(paymentAdjustments.claimId, claimId), eq(paymentAdjustments.state, 'pending')))
    .orderBy(asc(paymentAdjustments.requestedAt));

/** A plan's requests, oldest first (the plan page shows them with who asked and who decided). */
export const adjustmentsOf = (db: Db, claimId: string) =>
  db.select().from(paymentAdjustments).where(eq(paymentAdjustments.claimId, claimId)).orderBy(asc(paymentAdjustments.requestedAt));
