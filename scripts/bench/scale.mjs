// The scale part (`npm run bench -- scale`; never in CI): the staff pages' server time on the scale data set
// (scripts/seed-scale.ts; docs/benchmarks/0420-a-million-leads.md): 1,000,000 leads on PostgreSQL (its own database,
// bench_scale, kept between runs), 100,000 on PGlite (bench/scale/pglite-100k, kept too), each page warm (one request
// first, then BENCH_SCALE_REQUESTS one after the other), p50 and p95 against 300 ms and the same page on an empty
// database. Pages are the list PAGES below: a figure another part of this bench wants at scale is one more entry.
// Then, with the server stopped, scripts/bench/scale-summaries.ts on the same set: the dashboard's summaries against a
// full recount (must be equal), a streamed backup's memory (≤ 100 MB above the start), a buyer's write under the owners'
// load in process; and last the buyers part (scripts/bench/buyers.mjs): a buyer's POST over HTTP under the owners' load.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { exited, freePort, freshDatabase, pgUrl, root, startServer, waitHealthy } from '../lib/harness.mjs';
import { benchBuyers } from './buyers.mjs';
import { heapOf, noneShort, percentile, printRows } from './server-common.mjs';

const TARGET_MS = 300;
const BACKUP_GROWTH_MB = 100;
const SUMMARY_RUNS = process.env.BENCH_SCALE_SUMMARY_RUNS ?? '5';
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 20);
const SESSION_SECRET = 'scale-bench-session-secret-0123456789-abcdef';
const PG_LEADS = Number(process.env.BENCH_SCALE_PG_LEADS ?? 1_000_000);
const PGLITE_LEADS = Number(process.env.BENCH_SCALE_PGLITE_LEADS ?? 100_000);

/**
 * The staff pages measured: `who` signs in (owner, or the seeded agent whose "my leads" it shows), `path` is asked of
 * what the set holds (`ctx`: a lead, a surname, the first page's next cursor). Each is asked as a browser asks it.
 */
export const PAGES = [
  { name: 'inbox, first page', who: 'owner', path: () => '/admin' },
  { name: 'inbox, next page', who: 'owner', path: (ctx) => ctx.nextPage },
  { name: 'inbox, status new', who: 'owner', path: () => '/admin?status=new' },
  { name: 'inbox, status contacted', who: 'owner', path: () => '/admin?status=contacted' },
  { name: 'inbox, held', who: 'owner', path: () => '/admin?status=held' },
  { name: 'inbox, spam', who: 'owner', path: () => '/admin?status=spam' },
  { name: 'inbox, district', who: 'owner', path: () => `/admin?district=${encodeURIComponent('Lugbe, Abuja')}` },
  { name: 'inbox, a month', who: 'owner', path: (ctx) => `/admin?from=${ctx.monthAgo}&to=${ctx.today}` },
  { name: 'inbox, nobody’s', who: 'owner', path: () => '/admin?assignee=none' },
  { name: 'inbox, overdue', who: 'owner', path: () => '/admin?overdue=1' },
  { name: 'inbox, an agent’s', who: 'owner', path: (ctx) => `/admin?assignee=${ctx.agentId}` },
  { name: 'my leads (agent)', who: 'agent', path: () => '/admin' },
  { name: 'search, a surname ~100 share', who: 'owner', path: (ctx) => `/admin?q=${encodeURIComponent(ctx.surname)}` },
  { name: 'search, a full name', who: 'owner', path: (ctx) => `/admin?q=${encodeURIComponent(ctx.lead.fullName)}` },
  { name: 'search, an e-mail', who: 'owner', path: (ctx) => `/admin?q=${encodeURIComponent(ctx.lead.email)}` },
  { name: 'search, a phone number', who: 'owner', path: (ctx) => `/admin?q=${encodeURIComponent(ctx.lead.phone)}` },
  { name: 'search, a common first name', who: 'owner', path: () => '/admin?q=Adebayo' },
  { name: 'a lead’s page', who: 'owner', path: (ctx) => `/admin/leads/${ctx.lead.id}` },
  { name: 'dashboard, 30 days', who: 'owner', path: () => '/admin/dashboard' },
  { name: 'dashboard, a year', who: 'owner', path: (ctx) => `/admin/dashboard?from=${ctx.yearAgo}&to=${ctx.today}` },
  {
    name: 'dashboard, a year of one district',
    who: 'owner',
    path: (ctx) => `/admin/dashboard?from=${ctx.yearAgo}&to=${ctx.today}&district=${encodeURIComponent('Lugbe, Abuja')}`,
  },
  { name: 'documents', who: 'owner', path: () => '/admin/documents' },
  { name: 'inspections', who: 'owner', path: () => '/admin/inspections' },
  { name: 'inspection schedule', who: 'owner', path: () => '/admin/inspections/schedule' },
  { name: 'staff', who: 'owner', path: () => '/admin/staff' },
  { name: 'system', who: 'owner', path: () => '/admin/system' },
  { name: 'privacy', who: 'owner', path: () => '/admin/privacy' },
  { name: 'payments', who: 'owner', path: () => '/admin/payments' },
  { name: 'plots', who: 'owner', path: () => '/admin/plots' },
  { name: 'account', who: 'owner', path: () => '/admin/account' },
];

const tsx = path.join(root, 'node_modules/.bin/tsx');
const runTsx = (args, env) => {
  const result = spawnSync(tsx, ['--conditions=react-server', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', SESSION_SECRET, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${args[0]} failed (${result.status})`);
  return result.stdout;
};

/** The scale databases, made once and kept: PostgreSQL's bench_scale next to TEST_DATABASE_URL, PGlite's under bench/. */
async function scaleDatabase(kind, log) {
  if (kind === 'pglite') {
    const dataDir = path.join(root, 'bench/scale/pglite-100k');
    mkdirSync(dataDir, { recursive: true });
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, leads: PGLITE_LEADS };
  }
  const url = new URL(pgUrl);
  url.pathname = '/bench_scale';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select 1 from pg_database where datname = 'bench_scale'`);
    if (!rows.length) {
      log('creating the database bench_scale (kept for later runs; drop it to free its ~2 GB)');
      await admin.query('create database bench_scale');
    }
  } finally {
    await admin.end();
  }
  return { env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(root, 'bench/scale/unused') }, leads: PG_LEADS };
}

async function measure(base, tokens, ctx, log) {
  const ask = async (page) => {
    const started = performance.now();
    const res = await fetch(`${base}${page.path(ctx)}`, {
      headers: { cookie: `staff_session=${tokens[page.who]}` },
      redirect: 'manual',
    });
    const body = await res.text();
    const ms = performance.now() - started;
    return { ms, body, status: res.status };
  };
  // The second page is the first page's own "next" link.
  const first = await ask(PAGES[0]);
  const next = /href="(\/admin\?[^"]*cursor=[^"]+)"/.exec(first.body);
  ctx.nextPage = next ? next[1].replace(/&amp;/g, '&') : '/admin';
  const results = [];
  for (const page of PAGES) {
    // A page that redirects (sign-in lost, a password asked again) is reported, not timed.
    const { status } = await ask(page);
    if (status !== 200) {
      log(`  ${page.name}: answered ${status} for ${page.path(ctx)}`);
      results.push({ page: page.name, p50: NaN, p95: NaN });
      continue;
    }
    const times = [];
    for (let i = 0; i < REQUESTS; i++) times.push((await ask(page)).ms);
    const row = { page: page.name, p50: Math.round(percentile(times, 0.5)), p95: Math.round(percentile(times, 0.95)) };
    log(`  ${row.page}: p50 ${row.p50} ms, p95 ${row.p95} ms`);
    results.push(row);
  }
  return results;
}

/** Seeds (or reuses) one database, signs the owner and an agent in, starts the server and measures every page. */
async function pagesOn(kind, database, leads, log) {
  if (leads > 0) {
    const seeded = spawnSync('npm', ['run', '--silent', 'seed:scale', '--', '--leads', String(leads)], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', ...database.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error(`seed:scale failed on ${kind}`);
  }
  const { owner, agent, agentId, lead, surname } = JSON.parse(
    runTsx([path.join(import.meta.dirname, 'scale-sessions.ts')], database.env)
      .trim()
      .split('\n')
      .at(-1),
  );
  const day = (offset) => new Date(Date.now() + 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const ctx = { agentId, lead, surname };
  ctx.today = day(0);
  ctx.monthAgo = day(-30);
  ctx.yearAgo = day(-364);
  const port = freePort();
  const logFile = serverLog(kind, leads);
  mkdirSync(path.dirname(logFile), { recursive: true });
  rmSync(logFile, { force: true });
  const server = startServer(port, { ...database.env, SESSION_SECRET }, logFile);
  try {
    const started = await waitHealthy(`http://127.0.0.1:${port}`, server, 600_000);
    log(`${kind}, ${leads} leads: server up in ${(started / 1000).toFixed(1)} s`);
    return await measure(`http://127.0.0.1:${port}`, { owner, agent }, ctx, log);
  } finally {
    server.kill('SIGTERM');
    await exited(server);
  }
}

/** The server's log of one run of pages, kept beside the data sets. */
const serverLog = (kind, leads) => path.join(root, 'bench/scale', `${kind}-${leads}.log`);

export async function benchScale(log) {
  if (!pgUrl) throw new Error('the scale part needs TEST_DATABASE_URL (its PostgreSQL server holds bench_scale)');
  const out = {};
  for (const kind of ['postgres', 'pglite']) {
    const empty = await freshDatabase(kind, 'scale_empty');
    let baseline;
    try {
      baseline = await pagesOn(kind, empty, 0, log);
    } finally {
      await empty.dispose();
    }
    const database = await scaleDatabase(kind, log);
    const scaled = await pagesOn(kind, database, database.leads, log);
    const rows = scaled.map((row, i) => ({
      driver: `${kind} ${database.leads.toLocaleString('en')}`,
      figure: `${row.page} p50 / p95 (empty: p95)`,
      value: `${row.p50} / ${row.p95} ms (${baseline[i].p95})`,
      target: `p95 ≤ ${TARGET_MS} ms`,
      pass: row.p95 <= TARGET_MS,
    }));
    rows.push(...summaryRows(kind, database));
    if (kind === 'pglite')
      rows.push({ driver: rows[0].driver, figure: "the server's heap", value: heapOf(serverLog(kind, database.leads)), target: '' });
    printRows(`Staff pages at scale, ${kind}`, rows);
    out[kind] = rows;
  }
  out.buyers = await benchBuyers(log);
  return {
    ...out,
    pass: out.buyers.pass && ['postgres', 'pglite'].every((kind) => noneShort(out[kind])),
  };
}

/**
 * scripts/bench/scale-summaries.ts on the scale set, the server stopped: its JSON lines as rows. Judged: the summaries
 * equal a full recount, and a streamed backup grows the process by at most BACKUP_GROWTH_MB; the rest is reported.
 */
function summaryRows(kind, database) {
  const lines = runTsx([path.join(import.meta.dirname, 'scale-summaries.ts'), '--runs', SUMMARY_RUNS], database.env)
    .trim()
    .split('\n')
    .flatMap((line) => (line.startsWith('{') ? [JSON.parse(line)] : []));
  const driver = `${kind} ${database.leads.toLocaleString('en')}`;
  return lines.flatMap((line) => {
    if (!line.figure) return [];
    if ('equal' in line) return [{ driver, figure: line.figure, value: String(line.equal), target: 'true', pass: line.equal }];
    if ('growthMb' in line) {
      const judged = line.figure === 'backup, streamed';
      const value = `+${line.growthMb} MB resident, ${line.seconds} s`;
      return [
        {
          driver,
          figure: line.figure,
          value,
          target: judged ? `≤ +${BACKUP_GROWTH_MB} MB` : '(reported)',
          pass: judged ? line.growthMb <= BACKUP_GROWTH_MB : undefined,
        },
      ];
    }
    if ('p95' in line)
      return [{ driver, figure: `${line.figure} (in process) p50 / p95`, value: `${line.p50} / ${line.p95} ms`, target: '(reported)' }];
    return [{ driver, figure: line.figure, value: JSON.stringify(line), target: '(reported)' }];
  });
}
