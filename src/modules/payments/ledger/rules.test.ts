import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineOf, operations } from '../../../../tests/support/ledger-operations';
import { balanceOf, paidOf, refundedOf, refusalOf, type LedgerLine } from './rules';

/**
 * The ledger's property (issue 59): any sequence of payments, refunds, reversals and corrections, each written only when
 * the rules let it, keeps the balance equal to the sum of the entries, never below zero, and never more refunded than
 * paid. The same operations run against both databases in tests/integration/payments-ledger.test.ts.
 */

describe('the ledger’s rules', () => {
  it('keep the balance the sum of the entries, never below zero, never more refunded than paid', () => {
    fc.assert(
      fc.property(operations, (ops) => {
        const lines: LedgerLine[] = [];
        for (const operation of ops) {
          const next = lineOf(lines, operation);
          if (!next || refusalOf(lines, next)) continue;
          lines.push({ id: lines.length + 1, kind: next.kind, amountKobo: next.amountKobo, correctsEntryId: next.correctsEntryId ?? null });
          expect(balanceOf(lines)).toBe(lines.reduce((s, l) => s + l.amountKobo, 0));
          expect(balanceOf(lines)).toBeGreaterThanOrEqual(0);
          expect(refundedOf(lines)).toBeLessThanOrEqual(paidOf(lines));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuse a refund beyond the balance, a second reversal, a reversal of part of a payment', () => {
    const lines: LedgerLine[] = [{ id: 1, kind: 'payment', amountKobo: 50_000, correctsEntryId: null }];
    expect(refusalOf(lines, { kind: 'refund', amountKobo: -50_001 })).toBe('below_zero');
    expect(refusalOf(lines, { kind: 'refund', amountKobo: -50_000 })).toBeUndefined();
    expect(refusalOf(lines, { kind: 'reversal', amountKobo: -10_000, correctsEntryId: 1 })).toBe('reversal_not_whole');
    const reversed = [...lines, { id: 2, kind: 'reversal' as const, amountKobo: -50_000, correctsEntryId: 1 }];
    expect(refusalOf(reversed, { kind: 'reversal', amountKobo: -50_000, correctsEntryId: 1 })).toBe('already_reversed');
    expect(refusalOf(lines, { kind: 'payment', amountKobo: 0.5 })).toBe('not_whole_kobo');
    expect(refusalOf(lines, { kind: 'correction', amountKobo: 100, correctsEntryId: 9 })).toBe('names_no_entry');
  });
});
