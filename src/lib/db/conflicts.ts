import { sql } from 'drizzle-orm';
import type { Db } from './db';

/** The SQLSTATE of a database error, whether the driver threw it or Drizzle wrapped it (as `cause`). */
export const sqlStateOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * A transaction PostgreSQL rolled back to break a deadlock (40P01) or a serialization failure (40001): nothing of it
 * was kept, and PostgreSQL's own advice is to run it again.
 */
export const rolledBackByConflict = (error: unknown): boolean => ['40P01', '40001'].includes(sqlStateOf(error) ?? '');

/**
 * `work` in a transaction, run again (up to `attempts` in all) when PostgreSQL rolls it back for a conflict with
 * another transaction: a buyer's lead or a seat change is not refused because of someone else's work meanwhile.
 */
export async function transactionRetried<T>(db: Db, work: (tx: Db) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !rolledBackByConflict(error)) throw error;
    }
  }
}

/**
 * Takes the transaction-scoped advisory locks of `keys` (held to the transaction's end), sorted and in one statement:
 * two transactions that share keys take them in one order, so neither waits for the other forever, and a buyer's
 * booking pays one round trip for its three keys, not three.
 */
export async function lockKeysInOrder(tx: Db, keys: Iterable<string>): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return;
  // ORDER BY: PostgreSQL calls a volatile function of the select list after sorting, so the locks follow the keys' order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(key, 0)) from unnest(${sql.param(sorted)}::text[]) with ordinality as k(key, n) order by n`,
  );
}
