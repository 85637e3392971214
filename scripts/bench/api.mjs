// Bench, API part: POST /api/interest at 64 connections against its floor, measured in the same run, and the
// server's memory after 10,000 leads, on each database.
//
// Floor (issue 33): (a) the empty Next.js app's JSON POST route handler (scripts/bench/baseline/app/api/echo) and (b) a
// bare node:http server doing a lead's whole database work by hand, with the same driver and job queue
// (./bare-lead-server.mjs: the site-wide place, then in one transaction the lead row, its client's counter, its four
// notification rows and their jobs). A request of ours costs at least both, so the floor is 1 / (1/a + 1/b). The three are interleaved for ROUNDS
// rounds of SECONDS each and the medians compared. Unique valid leads; the limits are lifted by the harness. On PGlite
// two more copies of the site, with and without (PGLITE_FSYNC=off) the WAL fsync before each answer, get a steady 20
// leads a second, taking turns: the p99 that durability costs. PGlite's servers keep the small heap (PGLITE_SMALL_HEAP=on)
// whatever this machine's memory: the budget is a 1 GB server's (docs/decisions/0452).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BASELINE_APP, buildBaselineIfStale, exited, freePort, freshDatabase, pgUrl, startServer, waitHealthy } from '../lib/harness.mjs';
import {
  ONE_GB_SERVER,
  median,
  memoryOf,
  noneShort,
  percentile,
  postLeads,
  printRows,
  quietDown,
  siteEnv,
  startSmtpSink,
  steadyLeads,
} from './server-common.mjs';

const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 6);
const LEADS = 10_000;
export const RSS_BUDGET_MB = { pglite: 256, postgres: 200 };
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = { postgres: 200 };
// What power-loss durability may add to the p99 (docs/decisions/0106-durability-of-an-answered-lead.md).
const DURABILITY_P99_COST_MS = 10;
const DURABILITY_RATE = 20;
// Turns of a few seconds, one copy at a time (side by side, one's writes slowed the other's flushes), every answer
// pooled: one run per copy gave too few answers for a steady p99 (docs/benchmarks/0106-durability-of-an-answered-lead.md).
const DURABILITY_TURNS = Number(process.env.BENCH_DURABILITY_TURNS ?? 10);
const DURABILITY_TURN_SECONDS = 3;

function startBareLead(port, env, logFile) {
  const out = openSync(logFile, 'a');
  return spawn(process.execPath, [path.join(import.meta.dirname, 'bare-lead-server.mjs'), port], {
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
}

async function measure(kind, baseUrl, smtp, log) {
  const site = await freshDatabase(kind, 'bench_api');
  const bare = await freshDatabase(kind, 'bench_bare');
  const [sitePort, barePort] = [freePort(), freePort()];
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const server = startServer(sitePort, { ...site.env, ...siteEnv(smtp), ...ONE_GB_SERVER }, path.join(site.work, 'server.log'));
  const bareServer = startBareLead(barePort, bare.env, path.join(bare.work, 'bare.log'));
  // PGlite: what durability costs, on two more copies of the site that get only a steady DURABILITY_RATE (latency,
  // not queueing, so the fsync's own cost shows): with the WAL fsync before each answer, and without it. They take
  // turns, so whatever else the machine does slows both alike; neither gets the 64-connection runs.
  const durability =
    kind === 'pglite' ? await Promise.all(['bench_synced', 'bench_unsynced'].map((label) => freshDatabase(kind, label))) : [];
  const durabilityServers = durability.map((database, i) => {
    const port = freePort();
    const child = startServer(
      port,
      { ...database.env, ...siteEnv(smtp), ...ONE_GB_SERVER, ...(i ? { PGLITE_FSYNC: 'off' } : {}) },
      path.join(database.work, 'server.log'),
    );
    return { url: `http://127.0.0.1:${port}`, child };
  });
  // Lead numbers (unique e-mail and Idempotency-Key) across the runs against each server.
  const next = { site: { n: 0 }, driver: { n: 0 }, synced: { n: 0 }, unsynced: { n: 0 } };
  const targets = {
    framework: { url: `${baseUrl}/api/echo` },
    driver: { url: bareUrl },
    site: { url: `${siteUrl}/api/interest` },
  };
  const durabilityUrls = Object.fromEntries(durabilityServers.map(({ url }, i) => [i ? 'unsynced' : 'synced', `${url}/api/interest`]));
  try {
    await waitHealthy(siteUrl, server);
    await waitHealthy(bareUrl, bareServer, 90_000, '/');
    for (const { url, child } of durabilityServers) await waitHealthy(url, child);
    await sleep(3_000); // workers and scheduled jobs start
    const afterStart = memoryOf(server.pid);
    const post = (name, seconds) => postLeads(targets[name].url, { runId: site.runId, label: 'Api', seconds, next: next[name] });
    // Warm-up (JIT, Next.js's first renders).
    for (const name of Object.keys(targets)) await post(name, 1);
    const latencies = Object.fromEntries(Object.keys(durabilityUrls).map((name) => [name, []]));
    const steady = (name, seconds, into = latencies[name]) =>
      steadyLeads(durabilityUrls[name], {
        seconds,
        rate: DURABILITY_RATE,
        runId: site.runId,
        label: 'Api',
        next: next[name],
        latencies: into,
      });
    for (const name of Object.keys(durabilityUrls)) await steady(name, 1, []);
    for (let turn = 0; turn < DURABILITY_TURNS; turn++) {
      const order = Object.keys(durabilityUrls);
      for (const name of turn % 2 ? order.reverse() : order) await steady(name, DURABILITY_TURN_SECONDS);
    }
    const durabilityResult = Object.fromEntries(
      Object.entries(latencies).map(([name, values]) => [
        name,
        { answers: values.length, p50Ms: Math.round(percentile(values, 0.5)), p99Ms: Math.round(percentile(values, 0.99)) },
      ]),
    );
    if (durability.length) log(`api ${kind}: durability: ${JSON.stringify(durabilityResult)}`);
    // The durability copies are done: stopped, so that their idle work does not weigh on the rounds below.
    for (const { child } of durabilityServers) {
      child.kill('SIGTERM');
      await exited(child);
    }
    const samples = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(targets)) {
        // Each target alone: the site's messages from its last turn go out before the floors are measured.
        await quietDown([server.pid, bareServer.pid]);
        samples[name].push(await post(name, SECONDS));
      }
      log(
        `api ${kind}: round ${round + 1}/${ROUNDS}: ${JSON.stringify(Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.at(-1)])))}`,
      );
    }
    if (next.site.n < LEADS)
      await postLeads(targets.site.url, { runId: site.runId, label: 'Api', amount: LEADS - next.site.n, next: next.site });
    await sleep(2_000);
    const afterLoad = memoryOf(server.pid);
    const rps = (name) => median(samples[name].map((s) => s.requestsPerSecond));
    const floor = Math.round(1 / (1 / rps('framework') + 1 / rps('driver')));
    return {
      driver: kind,
      framework: rps('framework'),
      driverFloor: rps('driver'),
      floor,
      requestsPerSecond: rps('site'),
      ratio: Math.round((rps('site') / floor) * 100) / 100,
      p50Ms: median(samples.site.map((s) => s.p50Ms)),
      p99Ms: median(samples.site.map((s) => s.p99Ms)),
      failures: samples.site.reduce((sum, s) => sum + s.failures, 0),
      ...(durability.length ? { durability: durabilityResult } : {}),
      leads: next.site.n,
      rssAfterStartMB: afterStart.rssMB,
      rssAfterLoadMB: afterLoad.rssMB,
      peakRssMB: afterLoad.peakMB,
      samples,
    };
  } catch (error) {
    for (const file of [path.join(site.work, 'server.log'), path.join(bare.work, 'bare.log')])
      log(`${file}:\n${readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')}`);
    throw error;
  } finally {
    for (const child of [server, bareServer, ...durabilityServers.map((s) => s.child)]) {
      child.kill('SIGTERM');
      await exited(child);
    }
    for (const database of [site, bare, ...durability]) await database.dispose();
  }
}

export async function benchApi(log) {
  buildBaselineIfStale(log);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const smtp = await startSmtpSink();
  const basePort = freePort();
  const baseUrl = `http://127.0.0.1:${basePort}`;
  const baseline = startServer(basePort, {}, path.join(work, 'baseline.log'), { app: BASELINE_APP });
  const results = [];
  try {
    await waitHealthy(baseUrl, baseline, 90_000, '/');
    for (const kind of ['pglite', ...(pgUrl ? ['postgres'] : [])]) results.push(await measure(kind, baseUrl, smtp, log));
  } finally {
    baseline.kill('SIGTERM');
    await exited(baseline);
    await smtp.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const rows = [];
  for (const r of results) {
    const row = (figure, value, target, pass) => rows.push({ driver: r.driver, figure, value, target, pass });
    row('floor (a) empty Next.js JSON POST', `${r.framework} req/s`, '(baseline, same run)');
    row("floor (b) node:http doing a lead's database work by hand", `${r.driverFloor} req/s`, '(baseline, same run)');
    row(
      'POST /api/interest, 64 connections',
      `${r.requestsPerSecond} req/s = ${r.ratio} of the floor ${r.floor} (1/(1/a+1/b))`,
      `≥ ${TARGET_RATIO} of the floor`,
      r.ratio >= TARGET_RATIO && r.failures === 0,
    );
    row(
      'latency p50 / p99',
      `${r.p50Ms} / ${r.p99Ms} ms`,
      TARGET_P99_MS[r.driver] ? `p99 ≤ ${TARGET_P99_MS[r.driver]} ms` : '(reported)',
      TARGET_P99_MS[r.driver] ? r.p99Ms <= TARGET_P99_MS[r.driver] : undefined,
    );
    if (r.durability) {
      const { synced, unsynced } = r.durability;
      const cost = Math.round(synced.p99Ms - unsynced.p99Ms);
      row(
        `durability, ${DURABILITY_RATE} req/s in ${DURABILITY_TURNS} turns of ${DURABILITY_TURN_SECONDS} s each: p99 with the WAL fsync before each answer − without (PGLITE_FSYNC=off)`,
        `${cost} ms (p50 ${synced.p50Ms} vs ${unsynced.p50Ms} ms, p99 ${synced.p99Ms} vs ${unsynced.p99Ms} ms, ${synced.answers} and ${unsynced.answers} answers)`,
        `≤ ${DURABILITY_P99_COST_MS} ms`,
        cost <= DURABILITY_P99_COST_MS,
      );
    }
    row('failed requests', r.failures, '0', r.failures === 0);
    row('RSS after start', `${r.rssAfterStartMB} MB`, '(reported)');
    row(
      `RSS after ${r.leads.toLocaleString('en')} leads${r.driver === 'pglite' ? ' (small heap, as on a 1 GB server)' : ''}`,
      `${r.rssAfterLoadMB} MB (peak ${r.peakRssMB} MB)`,
      `≤ ${RSS_BUDGET_MB[r.driver]} MB`,
      r.rssAfterLoadMB <= RSS_BUDGET_MB[r.driver],
    );
  }
  printRows('API: POST /api/interest against its floor (medians of interleaved rounds) and server memory', rows);
  return { results, rows, pass: noneShort(rows) };
}
