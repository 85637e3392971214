import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';

/** Where the committed drizzle-kit migrations live (the project root when the server runs). */
export const migrationsFolder = () => path.join(process.cwd(), 'drizzle');

// Any constant: serialises migrations of several instances starting at once against one PostgreSQL.
const MIGRATION_LOCK_ID = 4_815_162_342;

export async function migratePgliteDatabase(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
}

/**
 * Applies pending migrations on PostgreSQL under an advisory lock held on one pooled connection, so instances
 * that start together migrate one after the other.
 */
export async function migratePostgresDatabase(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
