import { sql } from 'drizzle-orm';
import type { ScheduledJob } from '../jobs/queue';
import { DB_CHECKPOINT, DB_VACUUM } from '../jobs/queues';
import type { DatabaseHandle } from './client';

/**
 * PGlite runs no checkpointer and no autovacuum: without these its WAL and dead rows grow for ever. Hourly, a
 * CHECKPOINT lets it recycle WAL; every night a VACUUM (ANALYZE) reclaims dead rows and refreshes statistics.
 * PostgreSQL does both by itself.
 */
export function databaseMaintenance(handle: DatabaseHandle): ScheduledJob[] {
  if (handle.kind !== 'pglite') return [];
  const run = (statement: string) => async () => void (await handle.db.execute(sql.raw(statement)));
  return [
    { queue: DB_CHECKPOINT, cron: '7 * * * *', run: run('CHECKPOINT') },
    { queue: DB_VACUUM, cron: '17 3 * * *', run: run('VACUUM (ANALYZE)') },
  ];
}
