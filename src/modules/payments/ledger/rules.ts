import type { LedgerKind } from '@/lib/db/enums';

/**
 * The ledger's rules (docs/decisions/0414-the-money-core.md), as one pure function so that the database's writer and the
 * property test apply the same ones: the balance is the sum of the entries; it never goes below zero; no more is
 * refunded than was paid; a reversal takes back one payment, whole, once; a correction names the entry it corrects.
 */

export interface LedgerLine {
  id: number;
  kind: LedgerKind;
  amountKobo: number;
  correctsEntryId: number | null;
}

export interface NewLine {
  kind: LedgerKind;
  amountKobo: number;
  correctsEntryId?: number | null;
}

export type LedgerRefusal =
  | 'not_whole_kobo'
  | 'wrong_sign'
  | 'below_zero'
  | 'refund_beyond_paid'
  | 'names_no_entry'
  | 'reversal_not_of_a_payment'
  | 'already_reversed'
  | 'reversal_not_whole';

/** The balance: the sum of the entries, nothing else. */
export const balanceOf = (lines: readonly Pick<LedgerLine, 'amountKobo'>[]): number =>
  lines.reduce((sum, line) => sum + line.amountKobo, 0);

/** Money in: payments, less their reversals, with corrections. */
export function paidOf(lines: readonly LedgerLine[]): number {
  return lines.filter((l) => l.kind !== 'refund').reduce((sum, l) => sum + l.amountKobo, 0);
}

/** Money given back. */
export const refundedOf = (lines: readonly LedgerLine[]): number =>
  -lines.filter((l) => l.kind === 'refund').reduce((sum, l) => sum + l.amountKobo, 0);

/** Why `next` may not be written after `lines`, or undefined when it may. */
export function refusalOf(lines: readonly LedgerLine[], next: NewLine): LedgerRefusal | undefined {
  const { kind, amountKobo } = next;
  if (!Number.isSafeInteger(amountKobo) || amountKobo === 0) return 'not_whole_kobo';
  if (kind === 'payment' && amountKobo < 0) return 'wrong_sign';
  if ((kind === 'refund' || kind === 'reversal') && amountKobo > 0) return 'wrong_sign';
  if (kind === 'reversal' || kind === 'correction') {
    const target = lines.find((line) => line.id === next.correctsEntryId);
    if (!target) return 'names_no_entry';
    if (kind === 'reversal') {
      if (target.kind !== 'payment') return 'reversal_not_of_a_payment';
      if (lines.some((line) => line.kind === 'reversal' && line.correctsEntryId === target.id)) return 'already_reversed';
      if (amountKobo !== -target.amountKobo) return 'reversal_not_whole';
    }
  }
  const after = [...lines, { id: -1, kind, amountKobo, correctsEntryId: next.correctsEntryId ?? null }];
  if (balanceOf(after) < 0) return 'below_zero';
  if (refundedOf(after) > paidOf(after)) return 'refund_beyond_paid';
  return undefined;
}

/** What each refusal means, for staff (an API's 4xx). */
export const LEDGER_REFUSALS: Record<LedgerRefusal, string> = {
  not_whole_kobo: 'The amount must be a whole number of kobo, not zero.',
  wrong_sign: 'A payment adds money and a refund or reversal takes it away: the amount has the wrong sign.',
  below_zero: 'This would take the balance below zero.',
  refund_beyond_paid: 'No more may be refunded than was paid.',
  names_no_entry: 'A reversal or correction must name an entry of this ledger.',
  reversal_not_of_a_payment: 'Only a payment can be reversed.',
  already_reversed: 'This payment was reversed already.',
  reversal_not_whole: 'A reversal takes back the whole payment.',
};
