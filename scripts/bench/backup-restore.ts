/**
 * The bench's backup part runs this once per database: BENCH_BACKUP_LEADS leads (50,000) with their three delivered
 * messages written straight into a fresh database, then one backup (the code the nightly job and the server's control
 * socket run, in this process as in the server's: its peak resident memory above the start is what a backup costs
 * the server), then a restore into an empty target and a count. Prints the figures as JSON on its last line.
 * BENCH_BACKUP_LEADS=0 backs up the source as it is (a copy of the scale data set, npm run seed:scale).
 *
 *   DATA_DIR=… | DATABASE_URL=… TARGET_DATA_DIR=… | TARGET_DATABASE_URL=… BACKUP_DIR=… tsx --conditions=react-server scripts/bench/backup-restore.ts
 */
import { sql } from 'drizzle-orm';
import { takeBackup } from '@/lib/backup/backup.server';
import { restoreDatabase } from '@/lib/backup/restore.server';
import { openDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';

const LEADS = Number(process.env.BENCH_BACKUP_LEADS ?? 50_000);
const env = getEnv();
const count = async (handle: Awaited<ReturnType<typeof openDatabase>>) =>
  Number(
    ((await handle.db.execute(sql`select count(*)::int as n from interest_submissions`)) as unknown as { rows: { n: number }[] }).rows[0].n,
  );

const source = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
let backup;
let statementWaitMs = 0;
let leads = 0;
let backupGrowthMb = 0;
try {
  // Leads shaped like the form's, with attribution, and their messages recorded as sent.
  if (LEADS > 0) {
    await source.db.execute(sql`
    insert into interest_submissions (title, full_name, email, phone_raw, phone_e164, district, utm_source, utm_medium, utm_campaign,
      landing_path, idempotency_key, fill_ms, created_at, updated_at)
    select (array['Mr','Mrs','Miss','Dr'])[1 + i % 4], 'Bench Buyer ' || i, 'bench-buyer-' || i || '@example.com',
      '0803 ' || lpad((1000000 + i)::text, 7, '0'), '+234803' || lpad((1000000 + i)::text, 7, '0'),
      -- Stored by slug (docs/decisions/0406-districts-are-data.md).
      (array['d1','d2'])[1 + i % 2], 'facebook', 'paid-social', 'diaspora-q4', '/d' || (1 + i % 2),
      'bench-' || i, 9000 + i % 5000, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
    from generate_series(1, ${LEADS}) as i`);
    await source.db.execute(sql`
    insert into outbox_messages (subject_type, subject_id, lead_id, kind, channel, dedupe_key, state, attempts, sent_at)
    select 'lead', s.id, s.id, c.kind, c.channel, 'lead:' || s.id || ':' || c.kind, 'sent', 1, s.created_at + interval '2 seconds'
    from interest_submissions s cross join (values ('sales_email', 'email'), ('receipt', 'email'), ('webhook', 'webhook')) as c(kind, channel)`);
  }
  leads = await count(source);
  // A statement every 20 ms while the backup runs: the longest one waited is what a visitor's lead would wait.
  let longestWaitMs = 0;
  let backingUp = true;
  const probe = (async () => {
    // Counted from when the statement was due, so a blocked event loop counts as waiting too.
    while (backingUp) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await source.ping();
      longestWaitMs = Math.max(longestWaitMs, performance.now() - due);
    }
  })();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  backup = await takeBackup(source, env).finally(() => (backingUp = false));
  clearInterval(sampler);
  backupGrowthMb = Math.round((Math.max(rssPeak, process.memoryUsage().rss) - rssBefore) / 2 ** 20);
  await probe;
  statementWaitMs = Math.round(longestWaitMs);
} finally {
  await source.close();
}
const target = { databaseUrl: process.env.TARGET_DATABASE_URL || undefined, dataDir: process.env.TARGET_DATA_DIR ?? '' };
const restoreStarted = performance.now();
await restoreDatabase(backup.file.path, target, env.BACKUP_KEY);
const restored = await openDatabase(target);
const restoredLeads = await count(restored);
await restored.close();
const restoreSeconds = (performance.now() - restoreStarted) / 1000;
process.stdout.write(
  `${JSON.stringify({ leads, restoredLeads, bytes: backup.file.bytes, backupSeconds: backup.seconds, backupGrowthMb, statementWaitMs, restoreSeconds, encrypted: backup.file.encrypted })}\n`,
);
