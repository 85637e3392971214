// Bench, front-end part: Lighthouse (mobile: its default throttling and device) on the public pages, interleaved
// with the empty Next.js page of the same version (built here as the baseline), medians of RUNS; the LCP again under
// real throttling (reported beside the simulated one, which is the budget); and `GET` at 64
// connections against the same baseline, without and with the Accept-Encoding a browser sends. Every figure is
// printed with its budget and pass/short.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BASELINE_APP, buildBaselineIfStale, exited, freePort, freshDatabase, startServer, waitHealthy } from '../lib/harness.mjs';
import { median, noneShort } from './server-common.mjs';
import { CHROMIUM_FLAGS } from '../lib/chromium.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// The booking page of site inspections is held to the district page's budgets (issue 44); so is the plots page, with a
// 500-plot layout in District 1 (issue 58), and the buyer's own page, signed in, with a plot on that plan (issue 60).
const ALL_PAGES = ['/', '/d1', '/d2', '/d1/inspection', '/d1/plots', '/account'];
// BENCH_PAGES=/d1,/account measures only those pages (against the same empty page): a quicker run for one page's work.
const PAGES = process.env.BENCH_PAGES?.trim() ? process.env.BENCH_PAGES.split(',').map((page) => page.trim()) : ALL_PAGES;
const unknownPages = PAGES.filter((page) => !ALL_PAGES.includes(page));
if (unknownPages.length) throw new Error(`BENCH_PAGES: unknown page ${unknownPages.join(', ')} (pages: ${ALL_PAGES.join(', ')})`);
/** Pages measured as a signed-in buyer: their Cookie header is sent with every request of the page. */
const SIGNED_IN = new Set(['/account']);
const KiB = 1024;

// Real throttling (the network and CPU slowed while the page loads) instead of Lighthouse's default simulation.
const OBSERVED = { throttlingMethod: 'devtools' };

async function lighthouseOnce(url, chrome, flags = {}) {
  let lhr;
  // Lighthouse now and then loses its own trace (NO_NAVSTART), which says nothing of the page: that run is done again.
  for (let attempt = 1; attempt <= 3; attempt++) {
    ({ lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...flags,
    }));
    if (!lhr.runtimeError) break;
    console.warn(`[bench] ${url}: Lighthouse run failed (${lhr.runtimeError.code}), attempt ${attempt} of 3`);
  }
  const audit = (id) => lhr.audits[id];
  const items = audit('resource-summary')?.details?.items ?? [];
  const bytes = (type) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  // A metric Lighthouse could not measure stays NaN (its median then fails); say why.
  const missing = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].filter(
    (id) => typeof audit(id)?.numericValue !== 'number',
  );
  if (missing.length)
    console.warn(
      `[bench] ${url}: Lighthouse measured no ${missing.join(', ')}: ${lhr.runtimeError?.code ?? audit(missing[0])?.errorMessage ?? 'no reason given'}`,
    );
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
    tbtMs: Math.round(audit('total-blocking-time').numericValue),
    cls: Math.round(audit('cumulative-layout-shift').numericValue * 1000) / 1000,
    totalKiB: Math.round(bytes('total') / KiB),
    jsKiB: Math.round(bytes('script') / KiB),
    bfcache: audit('bf-cache')?.score === 1,
    // A private page is kept out of search on purpose (noindex), which Lighthouse's SEO score counts against it: its
    // budget is then every other SEO audit passing, and the noindex present.
    noindex: audit('is-crawlable')?.score === 0,
    seoBesidesIndexing: lhr.categories.seo.auditRefs
      .filter((ref) => ref.weight > 0 && ref.id !== 'is-crawlable')
      .every((ref) => audit(ref.id).score === null || audit(ref.id).score === 1),
  };
}

// What a browser sends: the server then compresses (the empty page's Next.js on every request).
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

async function load(url, headers = {}, seconds = 10) {
  const result = await autocannon({ url, connections: 64, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function benchFrontend(log) {
  buildBaselineIfStale(log);
  const database = await freshDatabase('pglite', 'bench_front');
  // District 1's 500 plots, through the plots module's repository, before the server owns the data directory.
  execFileSync('npx', ['tsx', '--conditions=react-server', 'tests/e2e/seed-plots.ts'], {
    env: { ...process.env, ...database.env, SEED_PLOT_LAYOUT: '20x25' },
    stdio: 'inherit',
  });
  // A buyer with a plot, a plan, a payment and its receipt, and a session: the Cookie header /account is measured with.
  const buyerCookie = execFileSync('npx', ['tsx', '--conditions=react-server', 'tests/e2e/seed-buyer.ts'], {
    env: { ...process.env, ...database.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  const pageFlags = (page) => (SIGNED_IN.has(page) ? { extraHeaders: { Cookie: buyerCookie } } : {});
  const sitePort = freePort();
  const basePort = freePort();
  const site = startServer(sitePort, database.env, path.join(database.work, 'site.log'));
  const baseline = startServer(basePort, {}, path.join(database.work, 'baseline.log'), { app: BASELINE_APP });
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const baseUrl = `http://127.0.0.1:${basePort}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: mkdtempSync(path.join(tmpdir(), 'lh-')),
  });
  try {
    await waitHealthy(siteUrl, site);
    await waitHealthy(baseUrl, baseline, 90_000, '/');
    await sleep(2_000);
    const samples = { baseline: [], ...Object.fromEntries(PAGES.map((p) => [p, []])) };
    for (let run = 0; run < RUNS; run++) {
      // Interleaved, so a noisy moment on the machine touches every page alike.
      samples.baseline.push(await lighthouseOnce(`${baseUrl}/`, chrome));
      for (const page of PAGES) samples[page].push(await lighthouseOnce(`${siteUrl}${page}`, chrome, pageFlags(page)));
      // Each run's LCP, so the spread behind a median can be read (Lighthouse's estimate varies between runs).
      log(
        `lighthouse run ${run + 1}/${RUNS} done; LCP ${Object.entries(samples)
          .map(([page, runs]) => `${page} ${runs.at(-1).lcpMs} ms`)
          .join(', ')}`,
      );
    }
    // The LCP budget is Lighthouse's simulated estimate, which counts every request that ended before the paint it
    // observed (docs/decisions/0020, 0021). The same pages loaded under real throttling give the LCP a phone on slow
    // 4G would see; reported beside it.
    const observedLcp = Object.fromEntries(Object.keys(samples).map((page) => [page, []]));
    for (let run = 0; run < RUNS; run++) {
      observedLcp.baseline.push((await lighthouseOnce(`${baseUrl}/`, chrome, OBSERVED)).lcpMs);
      for (const page of PAGES)
        observedLcp[page].push((await lighthouseOnce(`${siteUrl}${page}`, chrome, { ...OBSERVED, ...pageFlags(page) })).lcpMs);
      log(
        `lighthouse run ${run + 1}/${RUNS} under real throttling done; LCP ${Object.entries(observedLcp)
          .map(([page, runs]) => `${page} ${runs.at(-1)} ms`)
          .join(', ')}`,
      );
    }
    const medians = Object.fromEntries(
      Object.entries(samples).map(([page, runs]) => [
        page,
        Object.fromEntries(
          Object.keys(runs[0]).map((key) => [
            key,
            typeof runs[0][key] === 'boolean' ? runs.every((r) => r[key]) : median(runs.map((r) => r[key])),
          ]),
        ),
      ]),
    );
    const loads = {};
    for (const [name, headers] of Object.entries({ plain: {}, browser: BROWSER_ENCODINGS })) {
      loads[name] = { baseline: await load(`${baseUrl}/`, headers), site: await load(`${siteUrl}/`, headers) };
    }
    return report(medians, loads, Object.fromEntries(Object.entries(observedLcp).map(([page, runs]) => [page, median(runs)])));
  } finally {
    await chrome.kill();
    for (const child of [site, baseline]) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await database.dispose();
  }
}

function report(medians, loads, observedLcp) {
  const base = medians.baseline;
  const rows = [];
  const check = (page, figure, value, budget, pass) => rows.push({ page, figure, value, budget, pass });
  for (const page of PAGES) {
    const m = medians[page];
    // A cheap phone's main thread (issue 47): within 2 points and 50 ms of blocking of the empty page, measured in the
    // same run, since a buyer's first tap waits behind whatever blocks it.
    check(
      page,
      'performance',
      m.performance,
      `≥ 95 and ≥ ${base.performance - 2} (empty page − 2)`,
      m.performance >= 95 && m.performance >= base.performance - 2,
    );
    check(page, 'accessibility', m.accessibility, '100', m.accessibility === 100);
    if (SIGNED_IN.has(page))
      check(
        page,
        'SEO',
        `${m.seo}${m.noindex ? ' (noindex)' : ''}`,
        '100 but for noindex, which a private page carries',
        m.seoBesidesIndexing && m.noindex,
      );
    else check(page, 'SEO', m.seo, '100', m.seo === 100);
    check(page, 'best practices', m.bestPractices, `≥ ${base.bestPractices} (empty page)`, m.bestPractices >= base.bestPractices);
    check(page, 'LCP', `${m.lcpMs} ms`, '≤ 1800 ms', m.lcpMs <= 1800);
    check(
      page,
      'LCP under real throttling (DevTools: slow 4G, 4× CPU)',
      `${observedLcp[page]} ms`,
      `(reported; empty page ${observedLcp.baseline} ms)`,
      true,
    );
    check(page, 'CLS', m.cls, '0', m.cls === 0);
    check(page, 'TBT', `${m.tbtMs} ms`, `≤ ${base.tbtMs + 50} ms (empty page + 50)`, m.tbtMs <= base.tbtMs + 50);
    check(page, 'total transfer', `${m.totalKiB} KiB`, '≤ 300 KiB', m.totalKiB <= 300);
    check(
      page,
      'JS transfer',
      `${m.jsKiB} KiB`,
      page === '/' ? '≤ 150 KiB' : `(empty page ${base.jsKiB} KiB)`,
      page === '/' ? m.jsKiB <= 150 : true,
    );
    check(page, 'back/forward cache', m.bfcache ? 'eligible' : 'not eligible', 'eligible', m.bfcache);
  }
  for (const [name, load] of Object.entries(loads)) {
    const ratio = Math.round((load.site.requestsPerSecond / load.baseline.requestsPerSecond) * 100) / 100;
    const value = `${load.site.requestsPerSecond} req/s (p50 ${load.site.p50Ms} ms, p99 ${load.site.p99Ms} ms), ${ratio} of the empty page's ${load.baseline.requestsPerSecond}`;
    if (name === 'plain') check('/', 'GET / at 64 connections', value, '≥ 0.5 of the empty page', ratio >= 0.5 && load.site.errors === 0);
    else
      check('/', 'GET / at 64 connections, as a browser asks (gzip, deflate, br)', value, '(reported; no errors)', load.site.errors === 0);
  }
  console.log('\nLighthouse mobile, medians of', RUNS, '(empty Next.js page, same run:', JSON.stringify(base), ')');
  console.log('| page | figure | value | budget | result |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.page} | ${r.figure} | ${r.value} | ${r.budget} | ${r.pass ? 'pass' : 'short'} |`);
  return { medians, observedLcp, load: loads, rows, pass: noneShort(rows) };
}
