// Bench, load part: BENCH_LOAD_USERS (200) virtual visitors for BENCH_LOAD_SECONDS (60) on loopback against the
// production server with its production limits (RATE_LIMIT_*, MIN_FILL_MS at their defaults). Each visitor has its
// own address (X-Forwarded-For behind TRUST_PROXY=1) and loops: open a page (/, /d1 or /d2), read for 0.2–0.8 s,
// send the form (one in ten twice, as a double click), read for 0.2–0.8 s. Expected answers: pages 200; forms 201,
// 200 (the resend) or 429 (a visitor's own limit; past the site-wide rate leads are held, answered 201). Anything
// else, or no answer, is an error.
// Targets: no errors, the server's memory within the budget of the API part all along (the small heap of a 1 GB
// server: docs/decisions/0452); p50/p99 reported.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exited, freePort, freshDatabase, leadBody, pgUrl, startServer, waitHealthy } from '../lib/harness.mjs';
import { RSS_BUDGET_MB } from './api.mjs';
import { ONE_GB_SERVER, memoryOf, noneShort, percentile, printRows, siteEnv, startSmtpSink, visitorAddress } from './server-common.mjs';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const PAGES = ['/', '/d1', '/d2'];
const EXPECTED = { page: [200], form: [200, 201, 429] };

const think = () => sleep(200 + Math.random() * 600);

async function measure(kind, smtp, log) {
  const database = await freshDatabase(kind, 'bench_load');
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  // The harness lifts the limits for throughput runs; here they are the defaults again (blank = default).
  const limits = { RATE_LIMIT_INTEREST: '', RATE_LIMIT_INTEREST_SITE: '', MIN_FILL_MS: '' };
  const server = startServer(
    port,
    { ...database.env, ...siteEnv(smtp), ...limits, ...ONE_GB_SERVER },
    path.join(database.work, 'server.log'),
  );
  const stats = { page: { latencies: [], statuses: {} }, form: { latencies: [], statuses: {} }, errors: 0, errorSamples: [] };
  const record = (kind, status, ms) => {
    stats[kind].latencies.push(ms);
    stats[kind].statuses[status] = (stats[kind].statuses[status] ?? 0) + 1;
    if (!EXPECTED[kind].includes(status)) {
      stats.errors++;
      if (stats.errorSamples.length < 5) stats.errorSamples.push(`${kind} ${status}`);
    }
  };
  const call = async (kind, url, init) => {
    const started = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      record(kind, res.status, performance.now() - started);
    } catch (error) {
      record(kind, `network (${error?.cause?.code ?? error?.name})`, performance.now() - started);
    }
  };
  try {
    await waitHealthy(base, server);
    await sleep(2_000);
    const afterStart = memoryOf(server.pid);
    let peak = afterStart.rssMB;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rssMB)), 500);
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: USERS }, async (_, user) => {
        const headers = { 'x-forwarded-for': visitorAddress(user) };
        for (let sent = 0; Date.now() < deadline; sent++) {
          await call('page', `${base}${PAGES[Math.floor(Math.random() * PAGES.length)]}`, { headers });
          await think();
          const i = user * 100_000 + sent;
          const post = () =>
            call('form', `${base}/api/interest`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `load-${database.runId}-${i}` },
              body: JSON.stringify(leadBody(database.runId, i, 'Load')),
            });
          await post();
          if (Math.random() < 0.1) await post();
          await think();
        }
      }),
    );
    clearInterval(sampler);
    const afterLoad = memoryOf(server.pid);
    peak = Math.max(peak, afterLoad.rssMB);
    const summary = (kind) => {
      const sorted = [...stats[kind].latencies].sort((a, b) => a - b);
      return {
        requests: sorted.length,
        p50Ms: Math.round(percentile(sorted, 0.5)),
        p99Ms: Math.round(percentile(sorted, 0.99)),
        statuses: stats[kind].statuses,
      };
    };
    const all = [...stats.page.latencies, ...stats.form.latencies].sort((a, b) => a - b);
    const result = {
      driver: kind,
      users: USERS,
      seconds: SECONDS,
      pages: summary('page'),
      forms: summary('form'),
      p50Ms: Math.round(percentile(all, 0.5)),
      p99Ms: Math.round(percentile(all, 0.99)),
      errors: stats.errors,
      errorSamples: stats.errorSamples,
      rssAfterStartMB: afterStart.rssMB,
      peakRssMB: peak,
      rssAfterLoadMB: afterLoad.rssMB,
    };
    log(`load ${kind}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    await database.dispose();
  }
}

export async function benchLoad(log) {
  const smtp = await startSmtpSink();
  const results = [];
  try {
    for (const kind of ['pglite', ...(pgUrl ? ['postgres'] : [])]) results.push(await measure(kind, smtp, log));
  } finally {
    await smtp.stop();
  }
  const rows = [];
  for (const r of results) {
    const row = (figure, value, target, pass) => rows.push({ driver: r.driver, figure, value, target, pass });
    const statuses = (s) =>
      Object.entries(s)
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ');
    row(
      `${r.users} visitors, ${r.seconds} s: pages`,
      `${r.pages.requests} (${statuses(r.pages.statuses)}), p50 ${r.pages.p50Ms} ms, p99 ${r.pages.p99Ms} ms`,
      '(reported)',
    );
    row(
      `${r.users} visitors, ${r.seconds} s: forms`,
      `${r.forms.requests} (${statuses(r.forms.statuses)}), p50 ${r.forms.p50Ms} ms, p99 ${r.forms.p99Ms} ms`,
      '(reported)',
    );
    row('all requests p50 / p99', `${r.p50Ms} / ${r.p99Ms} ms`, '(reported)');
    row(
      'errors (anything but 200/201, and 429 on forms)',
      `${r.errors}${r.errorSamples.length ? ` (${r.errorSamples.join('; ')})` : ''}`,
      '0',
      r.errors === 0,
    );
    row(
      'RSS: after start / highest during the load / after',
      `${r.rssAfterStartMB} / ${r.peakRssMB} / ${r.rssAfterLoadMB} MB`,
      `≤ ${RSS_BUDGET_MB[r.driver]} MB throughout`,
      r.peakRssMB <= RSS_BUDGET_MB[r.driver],
    );
  }
  printRows('Load: virtual visitors browsing and sending the form, production limits', rows);
  return { results, rows, pass: noneShort(rows) };
}
