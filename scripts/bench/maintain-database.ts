/**
 * The bench's disk part runs this after its load, with the server stopped: the embedded database's scheduled
 * maintenance (src/lib/db/maintenance.ts) as the schedule would run it, then the sizes the bench compares, as JSON:
 * DATA_DIR afterwards, the tables (with indexes and TOAST) as they are, and as VACUUM FULL compacts them: the live data.
 *
 *   DATA_DIR=… tsx scripts/bench/maintain-database.ts
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { databaseMaintenance } from '@/lib/db/maintenance';

const TABLE_BYTES = sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;

function directoryBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? directoryBytes(full) : statSync(full).size);
  }, 0);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const handle = await openDatabase({ dataDir });
const tableBytes = async () => Number(((await handle.db.execute(TABLE_BYTES)) as unknown as { rows: { bytes: string }[] }).rows[0].bytes);
try {
  const jobs = databaseMaintenance(handle);
  const started = Date.now();
  // In the order a night brings them: the VACUUM (ANALYZE), then the next CHECKPOINT.
  for (const job of [...jobs].reverse()) await job.run();
  const maintenanceMs = Date.now() - started;
  const dataDirBytes = directoryBytes(dataDir);
  const tables = await tableBytes();
  await handle.db.execute(sql`VACUUM FULL`);
  const liveTables = await tableBytes();
  process.stdout.write(
    `${JSON.stringify({ jobs: jobs.map((job) => job.queue.name), maintenanceMs, dataDirBytes, tableBytes: tables, liveTableBytes: liveTables })}\n`,
  );
} finally {
  await handle.close();
}
