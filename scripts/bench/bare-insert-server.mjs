// The bench's driver floor: a bare node:http server that reads the same JSON body as POST /api/interest and
// stores it with one INSERT through the same driver (PGlite opened as the site opens it, or a node-postgres pool of
// the site's size), then answers 201 {ok, id}. No framework, no validation, no limits: what one lead costs at least.
//
//   node scripts/bench/bare-insert-server.mjs PORT        (DATA_DIR or DATABASE_URL in the environment)
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPglite } from '../../src/lib/db/pglite.mjs';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const INSERT = `insert into interest_submissions (title, full_name, email, phone_raw, district, utm_source, idempotency_key)
  values ($1, $2, $3, $4, $5, $6, $7) returning id`;

async function openDriver() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
    return { query: async (sql, params) => (await pool.query(sql, params)).rows, close: () => pool.end() };
  }
  const dataDir = path.resolve(process.env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const pglite = await createPglite(path.join(dataDir, 'pglite'));
  await migratePglite(drizzlePglite({ client: pglite.client }), { migrationsFolder });
  // As the site by default: the call returns once the insert's WAL is on disk.
  return { query: async (sql, params) => (await pglite.client.query(sql, params)).rows, close: () => pglite.client.close() };
}

const driver = await openDriver();
const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(200).end('ok'); // the bench's readiness check
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const [row] = await driver.query(INSERT, [
        body.title,
        body.fullname,
        body.email,
        body.phonenumber,
        body.district,
        body.utm_source ?? null,
        req.headers['idempotency-key'] ?? null,
      ]);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, id: row.id }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error?.message ?? error) }));
    }
  });
});
const stop = () => server.close(() => driver.close().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('bare insert server ready'));
