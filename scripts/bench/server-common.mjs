// Shared by the server parts of the bench (api, disk, load): the server's memory, a mail server that accepts and
// forgets, load with unique valid leads, and the printed table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { leadBody } from '../lib/harness.mjs';

export const MB = 1024 * 1024;

/** As `npm start` runs on a 1 GB server, whatever this machine's memory: for the parts judged on its budget (0452). */
export const ONE_GB_SERVER = Object.freeze({ PGLITE_SMALL_HEAP: 'on' });

/** The heap an embedded-database server said at start it chose (PGLITE_SMALL_HEAP, docs/decisions/0452), for a table. */
export const heapOf = (logFile) => /^\s+memory:\s+(.+)$/m.exec(readFileSync(logFile, 'utf8'))?.[1] ?? 'not said in the log';

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: Math.round(kB('VmRSS') / 1024), peakMB: Math.round(kB('VmHWM') / 1024) };
}

/** CPU time a process has used (user + system), in ms (Linux /proc). */
export function cpuTimeOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/**
 * Waits until these processes have gone quiet (less than `busyMs` of CPU together in a second, above an idle site's
 * polling; at most `maxMs`), so that what one server still does after its turn (a site's messages going out) is not
 * counted against the next.
 */
export async function quietDown(pids, { busyMs = 150, maxMs = 60_000 } = {}) {
  const total = () => pids.reduce((sum, pid) => sum + cpuTimeOf(pid), 0);
  for (const start = Date.now(); Date.now() - start < maxMs;) {
    const before = total();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (total() - before < busyMs) return;
  }
}

/** Bytes under a directory. */
export function directorySize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(full) : statSync(full).size;
  }
  return total;
}

/**
 * An SMTP server on loopback that accepts every message and keeps nothing: the site then sends its e-mail as in
 * production (instead of writing .eml files into DATA_DIR, which would blur the disk figures).
 */
export async function startSmtpSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  server.on('error', () => {});
  const port = await new Promise((resolve) => server.server.listen(0, '127.0.0.1', () => resolve(server.server.address().port)));
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** The i-th unique lead's headers and body: its own Idempotency-Key and visitor address (see postLeads). */
const leadRequest = (runId, label, i) => ({
  headers: { 'content-type': 'application/json', 'idempotency-key': `${label}-${runId}-${i}`, 'x-forwarded-for': visitorAddress(i) },
  body: JSON.stringify(leadBody(runId, i, label)),
});

/**
 * POSTs unique valid leads (own e-mail, Idempotency-Key and client address each) at `connections` for `seconds` or
 * `amount` requests, as fast as answered or at `rate` a second in all. `next.n` numbers them across calls. The address
 * goes in X-Forwarded-For, which the server believes with TRUST_PROXY=1: many visitors, as in production, rather
 * than one client whose every lead waits for the previous one's lock on its rate-limit counter. Returns requests per
 * second, latency percentiles and failures.
 */
export async function postLeads(url, { connections = 64, seconds, amount, rate, runId, label, next = { n: 0 } }) {
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, ...leadRequest(runId, label, next.n++) }),
      },
    ],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * POSTs unique valid leads at a steady `rate` a second for `seconds`, each on time whatever the answers before it,
 * and appends every answer's latency (ms) to `latencies`. Rejects on any answer but 201.
 */
export async function steadyLeads(url, { seconds, rate, runId, label, next, latencies }) {
  const start = performance.now();
  const sent = [];
  for (let k = 0; k < seconds * rate; k++) {
    const wait = start + (k * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = leadRequest(runId, label, next.n++);
    sent.push(
      (async () => {
        const begun = performance.now();
        const res = await fetch(url, { method: 'POST', ...request });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - begun);
      })(),
    );
  }
  await Promise.all(sent);
}

/**
 * One request as a new visitor's browser sends it: its own TCP connection (no keep-alive shared with earlier
 * requests, so the connection's set-up is paid) and its own client address in X-Forwarded-For. Resolves to
 * [status, ms from the call to the last byte of the answer].
 */
export function asNewVisitor(url, { method = 'POST', headers = {}, body, visitor }) {
  const begun = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent: false, headers: { ...headers, connection: 'close', 'x-forwarded-for': visitorAddress(visitor) } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve([res.statusCode, performance.now() - begun]));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The q-quantile of some numbers (nearest rank: the smallest value with at least q of them at or below it); NaN when
 * one of them is NaN (a figure not measured), so its budget fails rather than being sorted anywhere.
 */
export const percentile = (values, q) => {
  if (values.some(Number.isNaN)) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};

/** A distinct address for the i-th visitor (10.0.0.0/8: never a real client's). */
export const visitorAddress = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The site's environment for the API and disk parts: many visitors (see postLeads), mail to the sink. */
export const siteEnv = (smtp) => ({ TRUST_PROXY: '1', SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'sales@example.com' });

export const median = (values) => percentile(values, 0.5);

/** Whether a part's rows meet their targets: a row without a pass of its own (reported only) never makes it short. */
export const noneShort = (rows) => rows.every((row) => row.pass !== false);

/** Prints figure rows ({driver, figure, value, target, pass}) as the front-end part does. */
export function printRows(title, rows) {
  console.log(`\n${title}`);
  console.log('| driver | figure | value | target | result |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.driver} | ${r.figure} | ${r.value} | ${r.target} | ${r.pass === undefined ? '' : r.pass ? 'pass' : 'short'} |`);
}
