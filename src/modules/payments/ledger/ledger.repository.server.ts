import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LedgerFlag, LedgerKind, LedgerSource } from '@/lib/db/enums';
import { ledgerEntries, paymentPlans, type LedgerEntryRow, type PaymentPlanRow } from '@/lib/db/schema';
import { refusalOf, type LedgerRefusal } from './rules';

/**
 * The ledger's one writer (docs/decisions/0414-the-money-core.md): an entry is written under the lock of its claim's
 * plan row, after the rules (./rules.ts) are checked against the entries already there, so two writers at once never
 * both pass a check that only one of them may. The database refuses any UPDATE or DELETE of an entry (a trigger).
 */

export interface NewEntry {
  claimId: string;
  kind: LedgerKind;
  source: LedgerSource;
  providerReference?: string | null;
  amountKobo: number;
  at: Date;
  byStaffId?: string | null;
  reason?: string | null;
  correctsEntryId?: number | null;
  flag?: LedgerFlag | null;
  /** When it was written (now, unless a restore writes again an entry the backup lacked). */
  recordedAt?: Date;
}

export type AppendResult =
  | { outcome: 'written'; entry: LedgerEntryRow }
  /** The same provider reference credited before: nothing written, the first entry returned. */
  | { outcome: 'duplicate'; entry: LedgerEntryRow }
  | { outcome: 'refused'; refusal: LedgerRefusal };

/** The claim's plan, locked until the transaction ends (every write to its ledger takes this lock first). */
export async function lockPlan(tx: Db, claimId: string): Promise<PaymentPlanRow | undefined> {
  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId)).for('update');
  return plan;
}

/** Writes one entry inside `tx` (which the caller opened): duplicates by provider reference are found, not written twice. */
export async function appendEntry(tx: Db, entry: NewEntry): Promise<AppendResult> {
  const plan = await lockPlan(tx, entry.claimId);
  if (!plan) throw new Error(`no payment plan for claim ${entry.claimId}`);
  if (entry.providerReference) {
    const [before] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.source, entry.source), eq(ledgerEntries.providerReference, entry.providerReference)));
    if (before) return { outcome: 'duplicate', entry: before };
  }
  const lines = await entriesOf(tx, entry.claimId);
  const refusal = refusalOf(lines, entry);
  if (refusal) return { outcome: 'refused', refusal };
  const [written] = await tx
    .insert(ledgerEntries)
    .values({
      claimId: entry.claimId,
      kind: entry.kind,
      source: entry.source,
      providerReference: entry.providerReference ?? null,
      amountKobo: entry.amountKobo,
      at: entry.at,
      byStaffId: entry.byStaffId ?? null,
      reason: entry.reason ?? null,
      correctsEntryId: entry.correctsEntryId ?? null,
      flag: entry.flag ?? null,
      recordedAt: entry.recordedAt,
    })
    .returning();
  return { outcome: 'written', entry: written };
}

/** A claim's entries in the order written. */
export function entriesOf(db: Db, claimId: string): Promise<LedgerEntryRow[]> {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.claimId, claimId)).orderBy(asc(ledgerEntries.id));
}

/** A claim's balance: the sum of its entries, computed by the database (0 for none). */
export async function balanceOfClaim(db: Db, claimId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.claimId, claimId));
  return Number(row.balance);
}

/** Opens a claim's payment plan (once: a second call for the same claim leaves the first). */
export async function openPlan(
  db: Db,
  plan: Pick<PaymentPlanRow, 'claimId' | 'leadId' | 'district' | 'priceKobo' | 'depositKobo' | 'months' | 'startsOn'>,
): Promise<PaymentPlanRow> {
  await db.insert(paymentPlans).values(plan).onConflictDoNothing();
  const [row] = await db.select().from(paymentPlans).where(eq(paymentPlans.claimId, plan.claimId));
  return row;
}

export async function planOf(db: Db, claimId: string): Promise<PaymentPlanRow | undefined> {
  const [row] = await db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId));
  return row;
}
