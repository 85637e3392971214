// Shared by the e2e server, the process-level tests and the bench (crash test, delivery test, notification bench):
// build the production server once, start it on a free port against PGlite or PostgreSQL, wait for health.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_WEBHOOK_SECRET } from '../../tests/support/peers.ts';
import { TEST_SITE_FACTS } from '../../tests/support/site-facts.ts';

export const root = path.resolve(import.meta.dirname, '../..');
export const DIST_DIR = '.next';
export const pgUrl = process.env.CRASH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

/**
 * Whether a process test runs its PostgreSQL part: yes with a database URL; without one it is skipped with a printed
 * reason locally, and fails in CI, where PostgreSQL is required.
 */
export function withPostgres(log) {
  if (pgUrl) return true;
  if (process.env.CI) {
    log('CI is set but TEST_DATABASE_URL is not: the PostgreSQL runs are required in CI (.ci/run sets it).');
    process.exit(1);
  }
  log('PostgreSQL runs skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them too');
  return false;
}

/** The server's environment for a test's SMTP peer and webhook receiver (tests/support/peers.ts). */
export const peerEnv = (smtp, hooks) => ({
  SMTP_URL: smtp.url,
  LEADS_NOTIFY_TO: 'sales@example.com',
  WEBHOOK_URL: hooks.url,
  WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
});

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

async function waitForOtherBuilds(log) {
  for (let waited = 0; waited < 30 * 60; waited += 10) {
    const found = spawnSync('pgrep', ['-f', 'next build'], { encoding: 'utf8' });
    if (found.error || found.status !== 0) return; // no pgrep, or nothing found
    if (waited === 0) log('another `next build` is running; waiting for it to finish');
    await sleep(10_000);
  }
}

/**
 * `npm run build` (next build, then the post-build step), only when DIST_DIR is missing or older than the sources:
 * the e2e server, the crash and delivery tests and the bench all run one build, made with TEST_SITE_FACTS (so the
 * bench weighs the pages with the indicative $ and £ figures on them).
 */
export async function buildIfStale(log) {
  const buildId = path.join(root, DIST_DIR, 'BUILD_ID');
  // The post-build step in serving/ (CSP hashes, scripts after the stylesheet) shapes the pages too.
  const sources = [
    'src',
    'public',
    'drizzle',
    'next.config.ts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'postcss.config.mjs',
    'serving',
  ];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSource) {
    log(`${DIST_DIR} is up to date; not rebuilding`);
    return;
  }
  await waitForOtherBuilds(log);
  log(`building into ${DIST_DIR} ...`);
  // With the test site facts (the e2e checks the pages show them), unless the shell sets its own.
  const env = { ...TEST_SITE_FACTS, ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

/** The bench's empty Next.js app (pages and a JSON POST route), built into .next-baseline when missing or stale. */
export const BASELINE_APP = 'scripts/bench/baseline';
export function buildBaselineIfStale(log) {
  const buildId = path.join(root, '.next-baseline', 'BUILD_ID');
  const newestSource = Math.max(newestMtime(path.join(root, BASELINE_APP)), newestMtime(path.join(root, 'package-lock.json')));
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSource) return log('.next-baseline is up to date; not rebuilding');
  log('building the empty baseline app into .next-baseline ...');
  const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build', BASELINE_APP], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the baseline build failed');
}

export function freePort() {
  return spawnSync(process.execPath, [path.join(root, 'scripts/free-port.mjs')], { encoding: 'utf8' }).stdout.trim();
}

/** The secrets every process test's server runs with (required in production); a seed run before it uses them too. */
export const PROCESS_SECRETS = {
  SESSION_SECRET: 'process-tests-session-secret-0123456789-abcdef',
  SECRETS_KEY: 'process-tests-secrets-key-0123456789-abcdefgh',
  BACKUP_KEY: 'process-tests-backup-key-0123456789',
};

/**
 * The nice value deploy/ gives the staff's instance (B), read from its systemd drop-in, so that the bench and the
 * rehearsal run that instance as deployed (docs/decisions/0453).
 */
export function staffInstanceNice() {
  const file = 'deploy/districts@3002.service.d/staff-instance.conf';
  const nice = readFileSync(path.join(root, file), 'utf8').match(/^Nice=(\d+)$/m);
  if (!nice) throw new Error(`${file} sets no Nice=`);
  return Number(nice[1]);
}

/** A command line run at CPU priority `nice` (nice(1) runs it as itself, so its PID is the program's), or as it is. */
export const atNice = (nice, argv) => (nice === undefined ? argv : ['nice', '-n', String(nice), ...argv]);

/**
 * The production server (server.mjs, as `npm start`) of the DIST_DIR build with the limits lifted for load; `env` adds
 * the database and peers. `app` starts another app directory with `next start` instead (the bench's empty baseline
 * page, which names its own dist dir); `nice` starts it at that CPU priority (nice(1) runs it as itself). The child's
 * PID is the server's own, so a kill -9 hits the server.
 */
export function startServer(port, env, logFile, { app, nice } = {}) {
  const out = openSync(logFile, 'a');
  const [command, ...args] = atNice(
    nice,
    app ? [path.join(root, 'node_modules/.bin/next'), 'start', app] : [process.execPath, path.join(root, 'server.mjs')],
  );
  return spawn(command, [...args, '-H', '127.0.0.1', '-p', port], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Required in production with DATABASE_URL; the same on every instance of a run.
      ...PROCESS_SECRETS,
      NEXT_TELEMETRY_DISABLED: '1',
      RATE_LIMIT_INTEREST: '1000000/600',
      RATE_LIMIT_INTEREST_SITE: '1000000/60',
      MIN_FILL_MS: '0',
      TEST_DATABASE_URL: '',
      ...env,
    },
  });
}

// How long one health request may take: from this machine it is the operator's answer, a ping (3 s at most) and then
// its facts (2 s each, side by side). Cut at 2 s, it was never taken for healthy under a flood: a restarted PGlite
// server in the crash test, with 50 leads in flight, answered them for a minute before it counted as up.
const HEALTH_ANSWER_MS = 6_000;

// 5 minutes: on a busy 2-core machine a start can take over a minute (docs/benchmarks/serving.md), and a first start
// (every migration on a fresh database) beside the crash test's three other servers took 134 s in a passing CI run and
// over 180 s in a failing one. The process tests measure what survives a crash, not how fast a starved server starts.
export async function waitHealthy(base, child, timeoutMs = 300_000, healthPath = '/api/health') {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(`${base}${healthPath}`, { signal: AbortSignal.timeout(HEALTH_ANSWER_MS) });
      if (res.status === 200) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error('server did not become healthy in time');
}

/** The last `lines` lines of a server's log, printed when a process test fails: a 5xx answer's cause is only there. */
export const logTail = (logFile, lines = 40) =>
  existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)';

export const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

// The test's own statements wait out a PostgreSQL server that is restarting or not yet up (a CI run once met the
// machine's server going down and up as the process tests began) instead of failing the run on a broken connection.
const PG_UNREACHABLE = /ECONNREFUSED|ECONNRESET|Connection terminated|starting up|shutting down|terminating connection/i;
async function pgQuery(connectionString, sql, label) {
  const pg = (await import('pg')).default;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString });
    try {
      await client.connect();
      return (await client.query(sql)).rows;
    } catch (error) {
      if (attempt >= 30 || !PG_UNREACHABLE.test(String(error.message ?? error))) throw error;
      console.log(`[${label}] PostgreSQL did not answer (${error.message}); trying again in 2 s`);
      await sleep(2_000);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * A fresh database for one run: a PGlite directory, or a new database on the PostgreSQL server. `query` reads it
 * after the server has stopped (PGlite belongs to one process at a time); `dispose` removes it.
 */
export async function freshDatabase(kind, label) {
  const runId = randomBytes(4).toString('hex');
  const work = mkdtempSync(path.join(tmpdir(), `districts-${label}-${kind}-`));
  if (kind === 'pglite') {
    const dataDir = path.join(work, 'data');
    return {
      runId,
      work,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      query: async (sql) => {
        const { PGlite } = await import('@electric-sql/pglite');
        if (existsSync(path.join(dataDir, 'pglite.lock'))) throw new Error('the server left its lock file behind after SIGTERM');
        const db = await PGlite.create(path.join(dataDir, 'pglite'));
        try {
          return (await db.query(sql)).rows;
        } finally {
          await db.close();
        }
      },
      dispose: async () => rmSync(work, { recursive: true, force: true }),
    };
  }
  const dbName = `${label.replace(/\W/g, '_')}_${runId}`;
  const admin = (statement) => pgQuery(pgUrl, statement, label);
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  return {
    runId,
    work,
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(work, 'unused') },
    query: (sql) => pgQuery(url.toString(), sql, label),
    dispose: async () => {
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A lead as the form sends it, unique per run and index (distinct e-mails: the receipt limit is per address). */
export function leadBody(runId, i, label) {
  return {
    title: ['Mr', 'Mrs', 'Miss'][i % 3],
    fullname: `${label} ${runId} ${i}`,
    email: `${label.toLowerCase().replace(/\W/g, '-')}-${runId}-${i}@example.com`,
    phonenumber: `0803${String(1_000_000 + i).slice(-7)}`,
    district: i % 2 ? 'Moniya, Ibadan' : 'Lugbe, Abuja',
    utm_source: label.toLowerCase(),
    form_started_at: Date.now() - 10_000,
  };
}

/** Posts one lead; resolves to {status, id} or throws on a network error. */
export async function postLead(base, body, key) {
  const res = await fetch(`${base}/api/interest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const data = await res.json().catch(() => undefined);
  return { status: res.status, id: data?.id, data };
}

/**
 * What the peers received per lead: sales e-mails (by the inbox link), receipts (by address), webhooks (by lead id
 * in the body, with their webhook-ids).
 */
export function deliveriesByLead(smtp, hooks) {
  const byLead = new Map();
  const entry = (id) => {
    if (!byLead.has(id)) byLead.set(id, { sales: [], receipts: [], webhooks: [] });
    return byLead.get(id);
  };
  const receiptTo = new Map();
  for (const { mail, at } of smtp.received) {
    const link = /\/admin\/leads\/([0-9a-f-]{36})/.exec(mail.text ?? '');
    if (link) entry(link[1]).sales.push(at);
    else for (const to of mail.to?.value ?? []) receiptTo.set(to.address, [...(receiptTo.get(to.address) ?? []), at]);
  }
  for (const hook of hooks.received) {
    const body = JSON.parse(hook.body);
    entry(body.data.id).webhooks.push({ at: hook.at, webhookId: hook.headers['webhook-id'] });
    entry(body.data.id).email = body.data.email;
  }
  return { byLead, receiptTo };
}
