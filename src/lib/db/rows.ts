import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a statement run with db.execute: both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
