import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ledgerEntries } from '@/lib/db/schema';
import { appendEntry, balanceOfClaim, entriesOf } from '@/modules/payments/ledger/ledger.repository.server';
import { paidOf, refundedOf, type LedgerLine } from '@/modules/payments/ledger/rules';
import { lineOf, operations } from '../support/ledger-operations';
import { describeEachDriver } from './helpers';
import { buyerWithPlan } from './payments-helpers';

/**
 * The ledger on both databases (issue 59, item 1; docs/decisions/0414-the-money-core.md): an entry once written is never
 * changed or deleted (the database refuses), the same provider reference credits once, and any sequence of payments,
 * refunds, reversals and corrections keeps the balance the sum of the entries, never below zero, never more refunded
 * than paid.
 */

const AT = new Date('2026-12-01T10:00:00Z');

/** The database's own refusal (Drizzle wraps it: the trigger's words are in the cause). */
const appendOnlyRefusal = (error: unknown) => /append-only/.test(String((error as { cause?: Error }).cause?.message ?? error));

describeEachDriver('payments: the ledger', ({ handle }) => {
  it('refuses to change or delete an entry, on the database itself', async () => {
    const { db } = handle();
    const { claimId } = await buyerWithPlan(db);
    const written = await db.transaction((tx) =>
      appendEntry(tx, {
        claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `ref-${randomUUID()}`,
        amountKobo: 50_000,
        at: AT,
      }),
    );
    expect(written.outcome).toBe('written');
    const id = written.outcome === 'written' ? written.entry.id : 0;
    await expect(db.update(ledgerEntries).set({ amountKobo: 5_000_000 }).where(eq(ledgerEntries.id, id))).rejects.toSatisfy(
      appendOnlyRefusal,
    );
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, id))).rejects.toSatisfy(appendOnlyRefusal);
    await expect(db.execute(sql`truncate ledger_entries cascade`)).rejects.toSatisfy(appendOnlyRefusal);
    expect(await balanceOfClaim(db, claimId)).toBe(50_000);
  });

  it('credits the same provider reference once, even when two writers race', async () => {
    const { db } = handle();
    const { claimId } = await buyerWithPlan(db);
    const reference = `ref-${randomUUID()}`;
    const write = () =>
      db.transaction((tx) =>
        appendEntry(tx, { claimId, kind: 'payment', source: 'paystack', providerReference: reference, amountKobo: 300_000_000, at: AT }),
      );
    const results = await Promise.all([write(), write(), write()]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['duplicate', 'duplicate', 'written']);
    expect(await balanceOfClaim(db, claimId)).toBe(300_000_000);
  });

  it('keeps the balance the sum of its entries, never below zero, never more refunded than paid, for any sequence', async () => {
    const { db } = handle();
    await fc.assert(
      fc.asyncProperty(operations, async (ops) => {
        const { claimId } = await buyerWithPlan(db);
        for (const operation of ops) {
          const lines: LedgerLine[] = await entriesOf(db, claimId);
          const next = lineOf(lines, operation);
          if (!next) continue;
          await db.transaction((tx) =>
            appendEntry(tx, {
              claimId,
              ...next,
              source: next.kind === 'payment' ? 'paystack' : 'staff',
              providerReference: next.kind === 'payment' ? `ref-${randomUUID()}` : null,
              reason: next.kind === 'payment' ? null : 'property test',
              at: AT,
            }),
          );
        }
        const lines = await entriesOf(db, claimId);
        const balance = await balanceOfClaim(db, claimId);
        expect(balance).toBe(lines.reduce((sum, line) => sum + line.amountKobo, 0));
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(refundedOf(lines)).toBeLessThanOrEqual(paidOf(lines));
      }),
      { numRuns: 12 },
    );
  });
});
