import { sql } from 'drizzle-orm';
import type { ScheduledJob } from '../jobs/queue';
import { DB_CHECKPOINT, DB_VACUUM } from '../jobs/queues';
import type { DatabaseHandle } from './client';

/**
 * PGlite runs no checkpointer and no autovacuum: without these its WAL and dead rows grow for ever
 * (docs/decisions/0105-embedded-database-footprint.md). Every 5 minutes, PostgreSQL's own checkpoint interval, a
 * CHECKPOINT writes the changed pages and lets the WAL before it be recycled (at most max_wal_size is kept,
 * src/lib/db/pglite.mjs); every night a VACUUM (ANALYZE) makes the space of dead rows reusable and refreshes the
 * planner's statistics. PostgreSQL does both by itself.
 */
export function databaseMaintenance(handle: DatabaseHandle): ScheduledJob[] {
  if (handle.kind !== 'pglite') return [];
  const run = (statement: string) => async () => void (await handle.db.execute(sql.raw(statement)));
  return [
    { queue: DB_CHECKPOINT, cron: '*/5 * * * *', run: run('CHECKPOINT') },
    { queue: DB_VACUUM, cron: '17 3 * * *', run: run('VACUUM (ANALYZE)') },
  ];
}
