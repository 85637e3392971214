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
