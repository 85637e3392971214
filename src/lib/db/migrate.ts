import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import { buildLargeIndexes } from './large-indexes';

/** Where the committed drizzle-kit migrations live (the project root when the server runs). */
export const migrationsFolder = () => path.join(process.cwd(), 'drizzle');

// Any constant: serialises migrations of several instances starting at once against one PostgreSQL.
const MIGRATION_LOCK_ID = 4_815_162_342;

/**
 * A database migrated by a newer release than this one (docs/decisions/0110-schema-changes-across-releases.md): its
 * schema may have dropped or changed what this release uses, so this release must not run on it.
 */
export class NewerSchemaError extends Error {
  constructor(appliedAt: number, shipped: { tag: string; when: number }) {
    super(
      `This database was migrated by a newer release of the site (its newest migration dates from ` +
        `${new Date(appliedAt).toISOString()}; this release's newest is ${shipped.tag}, from ${new Date(shipped.when).toISOString()}). ` +
        'Run that release or a newer one. To go back to this release, restore a backup made before the upgrade.',
    );
    this.name = 'NewerSchemaError';
  }
}

/** The newest migration this release ships, from drizzle-kit's journal. */
function newestShipped(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.at(-1)!;
}

/**
 * Drizzle applies the migrations newer than the newest one recorded and says nothing of a record newer than any it
 * ships: that is a database a newer release migrated. `newest` is drizzle's `max(created_at)` (the migration's
 * `when`), as text.
 */
function refuseNewerSchema(newest: string | null | undefined): void {
  const shipped = newestShipped();
  if (newest && Number(newest) > shipped.when) throw new NewerSchemaError(Number(newest), shipped);
}

const NEWEST_APPLIED = 'select max(created_at)::text as newest from drizzle.__drizzle_migrations';

export async function migratePgliteDatabase(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  const { rows } = await db.execute<{ newest: string | null }>(sql.raw(NEWEST_APPLIED));
  refuseNewerSchema(rows[0]?.newest);
  // One process owns the embedded database: a plain build, nothing else waits for the table.
  await buildLargeIndexes((statement) => db.execute(sql.raw(statement)) as never, false);
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
      const { rows } = await client.query<{ newest: string | null }>(NEWEST_APPLIED);
      refuseNewerSchema(rows[0]?.newest);
      // Outside drizzle's transaction, one statement at a time, while the lock keeps other instances waiting.
      await buildLargeIndexes((statement) => client.query(statement), true);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
