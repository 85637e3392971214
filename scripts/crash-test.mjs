#!/usr/bin/env node
// Crash test (npm run test:crash): no acknowledged lead may be lost or duplicated when the server is killed.
//
// For each database (PGlite always; PostgreSQL when TEST_DATABASE_URL or CRASH_DATABASE_URL is set) it starts the
// production server, fires SUBMISSIONS interest posts with CONCURRENCY in flight, kill -9s the server twice in the
// middle and restarts it. Like the browser's offline-safe submit, a post that got no answer is sent again with the
// same Idempotency-Key until it is answered. At the end every answered post (2xx) must be in the database exactly
// once, under the id it was answered with, and nothing else may be there.
//
// The server is built into its own dist dir (.next-crash), only when that build is missing or older than the sources.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const DIST_DIR = '.next-crash';
const SUBMISSIONS = Number(process.env.CRASH_SUBMISSIONS ?? 1200);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 50);
const KILL_AT = [0.3, 0.65]; // fractions of SUBMISSIONS answered before each kill -9
const DEADLINE_MS = Number(process.env.CRASH_DEADLINE_MS ?? 300_000);
const pgUrl = process.env.CRASH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

const log = (...args) => console.log('[crash]', ...args);

// ---- build ---------------------------------------------------------------------------------------------------

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

async function waitForOtherBuilds() {
  for (let waited = 0; waited < 30 * 60; waited += 10) {
    const found = spawnSync('pgrep', ['-f', 'next build'], { encoding: 'utf8' });
    if (found.error || found.status !== 0) return; // no pgrep, or nothing found
    if (waited === 0) log('another `next build` is running; waiting for it to finish');
    await sleep(10_000);
  }
}

async function buildIfStale() {
  const buildId = path.join(root, DIST_DIR, 'BUILD_ID');
  const sources = ['src', 'public', 'drizzle', 'next.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'postcss.config.mjs'];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSource) {
    log(`${DIST_DIR} is up to date; not rebuilding`);
    return;
  }
  await waitForOtherBuilds();
  log(`building into ${DIST_DIR} ...`);
  // `next build` adds its dist dir's type globs to tsconfig.json; keep the shared file as it was.
  const tsconfig = path.join(root, 'tsconfig.json');
  const before = readFileSync(tsconfig, 'utf8');
  try {
    const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
  } finally {
    if (readFileSync(tsconfig, 'utf8') !== before) writeFileSync(tsconfig, before);
  }
}

// ---- server --------------------------------------------------------------------------------------------------

function freePort() {
  return spawnSync(process.execPath, [path.join(root, 'scripts/free-port.mjs')], { encoding: 'utf8' }).stdout.trim();
}

function startServer(port, dbEnv, logFile) {
  const out = openSync(logFile, 'a');
  const child = spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-H', '127.0.0.1', '-p', port], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      ...dbEnv,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      RATE_LIMIT_INTEREST: '1000000/600',
      MIN_FILL_MS: '0',
      TEST_DATABASE_URL: '',
    },
  });
  return child;
}

async function waitHealthy(base, child, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error('server did not become healthy in time');
}

const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)));

// ---- one run -------------------------------------------------------------------------------------------------

async function run(kind) {
  const runId = randomBytes(4).toString('hex');
  const work = mkdtempSync(path.join(tmpdir(), `districts-crash-${kind}-`));
  const logFile = path.join(work, 'server.log');
  let dbEnv;
  let dropDatabase = async () => {};
  let readRows;
  if (kind === 'pglite') {
    const dataDir = path.join(work, 'data');
    dbEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    readRows = async () => {
      const { PGlite } = await import('@electric-sql/pglite');
      if (existsSync(path.join(dataDir, 'pglite.lock'))) throw new Error('the server left its lock file behind after SIGTERM');
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        const { rows } = await db.query('select id, idempotency_key, email from interest_submissions');
        return rows;
      } finally {
        await db.close();
      }
    };
  } else {
    const pg = (await import('pg')).default;
    const dbName = `crash_${runId}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    dbEnv = { DATABASE_URL: url.toString(), DATA_DIR: path.join(work, 'unused') };
    readRows = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query('select id, idempotency_key, email from interest_submissions')).rows;
      } finally {
        await client.end();
      }
    };
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    };
  }

  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = startServer(port, dbEnv, logFile);
  log(`${kind}: server pid ${server.pid} on ${base}; first start healthy after ${await waitHealthy(base, server)} ms`);

  const stats = { cutOffAnswers: 0, created: 0, replayed: 0, networkErrors: 0, serverErrors: 0, otherStatus: 0, attempts: 0, kills: 0 };
  const acked = new Map(); // key -> { id, email, status }
  const unanswered = new Set();
  let answered = 0;
  let next = 0;
  const startedAt = Date.now();

  const submission = (i) => ({
    key: `crash-${runId}-${i}`,
    body: {
      title: ['Mr', 'Mrs', 'Miss'][i % 3],
      fullname: `Crash Test ${i}`,
      email: `crash-${runId}-${i}@example.com`,
      phonenumber: `0803${String(1_000_000 + i).slice(-7)}`,
      district: i % 2 ? 'Moniya, Ibadan' : 'Lugbe, Abuja',
      utm_source: 'crash-test',
      form_started_at: Date.now() - 10_000,
    },
  });

  async function send(i) {
    const { key, body } = submission(i);
    unanswered.add(key);
    for (;;) {
      if (Date.now() - startedAt > DEADLINE_MS) return;
      stats.attempts++;
      try {
        const res = await fetch(`${base}/api/interest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const data = await res.json().catch(() => undefined);
        if (data === undefined) {
          // The status arrived but the body was cut off by the kill: the visitor saw no answer, so the form resends.
          stats.cutOffAnswers++;
          throw new Error('answer cut off');
        }
        if (res.status === 201 || res.status === 200) {
          if (res.status === 201) stats.created++;
          else stats.replayed++;
          const earlier = acked.get(key);
          if (earlier && earlier.id !== data.id) throw new Error(`key ${key} answered with two ids: ${earlier.id} and ${data.id}`);
          acked.set(key, { id: data.id, email: body.email, status: res.status });
          unanswered.delete(key);
          answered++;
          return;
        }
        if (res.status >= 500) stats.serverErrors++;
        else {
          stats.otherStatus++;
          throw new Error(`unexpected ${res.status} ${JSON.stringify(data)} for ${key}`);
        }
      } catch (error) {
        if (String(error?.message).startsWith('unexpected') || String(error?.message).includes('two ids')) throw error;
        stats.networkErrors++;
      }
      await sleep(150 + Math.random() * 250);
    }
  }

  async function killAndRestart() {
    stats.kills++;
    const victim = server;
    log(`${kind}: kill -9 ${victim.pid} after ${answered} answered, ${unanswered.size} in flight`);
    victim.kill('SIGKILL');
    await exited(victim);
    server = startServer(port, dbEnv, logFile);
    const ms = await waitHealthy(base, server);
    log(`${kind}: restarted as pid ${server.pid}, healthy after ${ms} ms`);
  }

  const killPoints = KILL_AT.map((f) => Math.floor(SUBMISSIONS * f));
  const watcher = (async () => {
    for (const point of killPoints) {
      while (answered < point) {
        if (Date.now() - startedAt > DEADLINE_MS) return;
        await sleep(5);
      }
      await killAndRestart();
    }
  })();

  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (next < SUBMISSIONS) await send(next++);
  });
  let failure;
  try {
    await Promise.all([...workers, watcher]);
  } catch (error) {
    failure = error;
  }

  // Clean shutdown: SIGTERM must close the database and release the lock.
  server.kill('SIGTERM');
  const termStart = Date.now();
  await exited(server);
  const termMs = Date.now() - termStart;

  const rows = await readRows();
  const byKey = new Map();
  for (const row of rows) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row]);
  let missing = 0;
  let duplicated = 0;
  let wrongId = 0;
  for (const [key, ack] of acked) {
    const found = byKey.get(key) ?? [];
    if (found.length === 0) missing++;
    if (found.length > 1) duplicated++;
    if (found.length >= 1 && found[0].id !== ack.id) {
      if (wrongId < 5) log(`${kind}: ${key} was answered ${ack.status} with id ${ack.id} but is stored as ${found[0].id}`);
      wrongId++;
    }
  }
  const emails = new Map();
  for (const row of rows) emails.set(row.email, (emails.get(row.email) ?? 0) + 1);
  const duplicateEmails = [...emails.values()].filter((n) => n > 1).length;
  const unacknowledgedRows = rows.filter((r) => !acked.has(r.idempotency_key)).length;

  const result = {
    kind,
    submissions: SUBMISSIONS,
    concurrency: CONCURRENCY,
    kills: stats.kills,
    acknowledged: acked.size,
    neverAnswered: unanswered.size,
    answered201: stats.created,
    answered200Replay: stats.replayed,
    answersCutOffByKill: stats.cutOffAnswers,
    attempts: stats.attempts,
    networkErrors: stats.networkErrors,
    serverErrors5xx: stats.serverErrors,
    rowsInDatabase: rows.length,
    missing,
    duplicated,
    duplicateEmails,
    wrongId,
    rowsNeverAcknowledged: unacknowledgedRows,
    sigtermExitMs: termMs,
    seconds: Math.round((Date.now() - startedAt) / 100) / 10,
  };
  log(JSON.stringify(result));
  const ok =
    !failure && missing === 0 && duplicated === 0 && wrongId === 0 && duplicateEmails === 0 && unanswered.size === 0 && rows.length === acked.size && stats.kills === KILL_AT.length;
  if (!ok) {
    if (failure) log(`${kind}: ${failure.stack ?? failure}`);
    log(`${kind}: server log tail:\n${readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`);
  }
  await dropDatabase().catch((e) => log(`could not drop the crash database: ${e.message}`));
  rmSync(work, { recursive: true, force: true });
  return ok;
}

// ---- main ----------------------------------------------------------------------------------------------------

await buildIfStale();
const kinds = ['pglite'];
if (pgUrl && process.env.CRASH_ONLY !== 'pglite') kinds.push('postgres');
else log('PostgreSQL run skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it too');
let passed = 0;
let failed = 0;
for (const kind of kinds) {
  const ok = await run(kind).catch((error) => {
    log(`${kind}: ${error.stack ?? error}`);
    return false;
  });
  if (ok) passed++;
  else failed++;
  log(`${kind}: ${ok ? 'PASS' : 'FAIL'}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
