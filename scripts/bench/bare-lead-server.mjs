// The bench's driver floor (issue 33): a bare node:http server doing by hand the database work one lead's request
// does, in one transaction, through the same driver opened as the site opens it (PGlite with its WAL fsync, or a
// node-postgres pool of the site's size) and the same job queue (pg-boss's own insert on the transaction):
// its place in the site-wide window (a statement of its own, as the site takes it), then BEGIN, the lead row, its
// client's counter, its four notification rows, the jobs of those queued (the sales e-mail and receipt on `outbox`, the
// push alert on `outbox-push`; the bench's site has no webhook address), COMMIT; then
// 201 {ok, id}. No framework, no validation, no sending: what one lead costs at least.
//
//   node scripts/bench/bare-lead-server.mjs PORT        (DATA_DIR or DATABASE_URL in the environment)
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { createPglite } from '../../src/lib/db/pglite.mjs';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const CHANNELS = ['sales_email', 'receipt', 'webhook', 'push'];
const queueOf = (channel) => (channel === 'push' ? 'outbox-push' : 'outbox');
const WINDOW_MS = 600_000;

const LEAD = `insert into interest_submissions (title, full_name, email, phone_raw, phone_e164, district, utm_source,
  landing_path, idempotency_key, spam, fill_ms, client_hash) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $11)
  on conflict do nothing returning id`;
const COUNT = `insert into rate_limits (bucket, client_hash, window_start, count) values ($1, $2, $3, 1)
  on conflict (bucket, client_hash, window_start) do update set count = rate_limits.count + 1 returning count`;
const SITE_PLACE = `insert into rate_limits (bucket, client_hash, window_start, count) values ('interest:site', 'site', $1, 1)
  on conflict (bucket, client_hash, window_start) do update set count = rate_limits.count + 1
  where rate_limits.count < 1000000 returning count`;
// As the site under the bench (no webhook address): the webhook's row is settled at once, the three others queued.
const NOTIFICATIONS = `insert into outbox_messages (subject_type, subject_id, lead_id, kind, channel, dedupe_key, state, last_error)
  select 'lead', $1::uuid, $1::uuid, kind, case kind when 'webhook' then 'webhook' when 'push' then 'push' else 'email' end,
    'lead:' || $1::uuid::text || ':' || kind, case when kind = 'webhook' then 'not_configured' else 'queued' end,
    case when kind = 'webhook' then 'not configured' end
  from unnest($2::text[]) as kind
  on conflict do nothing returning id, kind as channel, state`;

/** The driver, and a transaction on it: `run(work)` gives `work` a query function bound to one transaction. */
async function openDriver() {
  const common = { useListenNotify: true, application_name: 'districts-jobs', schema: 'pgboss' };
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
    const boss = new PgBoss({ ...common, connectionString: process.env.DATABASE_URL, max: 3 });
    const run = async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work((text, values) => client.query(text, values));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
    return { boss, run, query: (text, values) => pool.query(text, values), close: () => pool.end() };
  }
  const dataDir = path.resolve(process.env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const { client } = await createPglite(path.join(dataDir, 'pglite'));
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  const boss = new PgBoss({ ...common, db: fromPglite(client), backend: 'pglite' });
  const run = (work) => client.transaction((tx) => work((text, values) => tx.query(text, values)));
  return { boss, run, query: (text, values) => client.query(text, values), close: () => client.close() };
}

const driver = await openDriver();
const { boss } = driver;
boss.on('error', () => {});
await boss.start();
for (const name of ['outbox', 'outbox-push']) await boss.createQueue(name);

/** One lead's rows, in one transaction. */
async function storeLead(body, key, client) {
  const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS);
  await driver.query(SITE_PLACE, [windowStart]);
  return driver.run(async (query) => {
    const { rows: lead } = await query(LEAD, [
      body.title,
      body.fullname,
      body.email,
      body.phonenumber,
      body.phonenumber,
      body.district,
      body.utm_source ?? null,
      body.landing_path ?? null,
      key,
      Date.now() - body.form_started_at,
      client,
    ]);
    const id = lead[0].id;
    await query(COUNT, ['interest', client, windowStart]);
    const { rows: notifications } = await query(NOTIFICATIONS, [id, CHANNELS]);
    const db = { executeSql: (text, values) => query(text, values) };
    for (const queue of ['outbox', 'outbox-push']) {
      const jobs = notifications.filter((row) => row.state === 'queued' && queueOf(row.channel) === queue);
      await boss.insert(
        queue,
        jobs.map((row) => ({ id: row.id, data: { messageId: row.id, subject: 'lead' } })),
        { db },
      );
    }
    return id;
  });
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(200).end('ok'); // the bench's readiness check
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const id = await storeLead(body, req.headers['idempotency-key'] ?? null, String(req.headers['x-forwarded-for'] ?? 'local'));
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, id }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error?.message ?? error) }));
    }
  });
});
const stop = () => server.close(() => boss.stop({ graceful: false }).finally(() => driver.close().finally(() => process.exit(0))));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('bare lead server ready'));
