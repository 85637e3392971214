import fc from 'fast-check';
import type { LedgerLine, NewLine } from '@/modules/payments/ledger/rules';

/**
 * Random sequences of ledger operations (payments, refunds, reversals, corrections) for the ledger's property tests: the
 * pure rules' (src/modules/payments/ledger/rules.test.ts) and the database's (tests/integration/payments-ledger.test.ts).
 */

export type Operation =
  | { op: 'payment'; amount: number }
  | { op: 'refund'; amount: number }
  | { op: 'reversal'; pick: number }
  | { op: 'correction'; pick: number; amount: number };

export const operations = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('payment' as const), amount: fc.integer({ min: 1, max: 2_000_000_000 }) }),
    fc.record({ op: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 2_000_000_000 }) }),
    fc.record({ op: fc.constant('reversal' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('correction' as const), pick: fc.nat(), amount: fc.integer({ min: -500_000_000, max: 500_000_000 }) }),
  ),
  { maxLength: 40 },
);

/** The entry an operation asks to write after `lines`. */
export function lineOf(lines: readonly LedgerLine[], operation: Operation): NewLine | undefined {
  switch (operation.op) {
    case 'payment':
      return { kind: 'payment', amountKobo: operation.amount };
    case 'refund':
      return { kind: 'refund', amountKobo: -operation.amount };
    case 'reversal': {
      const payments = lines.filter((l) => l.kind === 'payment');
      const target = payments[operation.pick % Math.max(1, payments.length)];
      return target && { kind: 'reversal', amountKobo: -target.amountKobo, correctsEntryId: target.id };
    }
    case 'correction': {
      const target = lines[operation.pick % Math.max(1, lines.length)];
      return target && { kind: 'correction', amountKobo: operation.amount, correctsEntryId: target.id };
    }
  }
}
