// Bench, campaign spike (issue 47): a steady SPIKE_RATE leads a second for SPIKE_SECONDS, each from its own visitor and
// sent on time whatever the answers before it, mail to an SMTP relay on this machine. Targets: every answer 201, its
// p99 ≤ 150 ms, and each lead's two e-mails (the sales team's and the buyer's receipt) at the relay within 5 s of the
// answer (p95), on each database. Reported beside: one lead at a time on the idle server, measured first in the same
// run (what a buyer waits when nobody else is there).
// On PGlite two more harnesses send the same steady rate (issue 61, item 7; docs/benchmarks/0429): each lead as a new
// visitor on its own TCP connection, at most OPEN_CONNECTIONS open at once (an open model: a late answer never delays
// the next lead), against the same p99 target; and autocannon with 64 connections and `overallRate`, which sends
// each connection's share at the top of every second (a burst of RATE leads, then nothing), reported beside.
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { exited, freePort, freshDatabase, pgUrl, startServer, waitHealthy } from '../lib/harness.mjs';
import { asNewVisitor, median, noneShort, percentile, postLeads, printRows, quietDown, siteEnv } from './server-common.mjs';

const RATE = Number(process.env.SPIKE_RATE ?? 20);
const SECONDS = Number(process.env.SPIKE_SECONDS ?? 30);
const IDLE_LEADS = 20;
const TARGET_P99_MS = 150;
const TARGET_MAIL_P95_MS = 5_000;
const MAILS_PER_LEAD = 2;
const OPEN_CONNECTIONS = 64;

/** An SMTP relay that notes when each lead's mails arrive, by the run's lead number in their text. */
async function startTimedRelay(runId) {
  const arrivals = new Map();
  const pattern = new RegExp(`${runId} (\\d+)`);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const match = pattern.exec(Buffer.concat(chunks).toString('utf8'));
        if (match) arrivals.set(Number(match[1]), [...(arrivals.get(Number(match[1])) ?? []), performance.now()]);
        callback();
      });
    },
  });
  server.on('error', () => {});
  const port = await new Promise((resolve) => server.server.listen(0, '127.0.0.1', () => resolve(server.server.address().port)));
  return { url: `smtp://127.0.0.1:${port}`, arrivals, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const leadBodyOf = (runId, n) =>
  JSON.stringify({
    title: 'Mrs',
    fullname: `Spike ${runId} ${n}`,
    email: `spike-${runId}-${n}@example.com`,
    phonenumber: `0803${String(2_000_000 + n).slice(-7)}`,
    district: n % 2 ? 'Moniya, Ibadan' : 'Lugbe, Abuja',
    utm_source: 'spike',
    form_started_at: Date.now() - 10_000,
  });

/** One lead, as its own visitor: resolves to [status, ms, answered at]. */
async function postOne(url, runId, n) {
  const begun = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': `spike-${runId}-${n}`,
      'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`,
    },
    body: leadBodyOf(runId, n),
  });
  await res.arrayBuffer();
  const at = performance.now();
  return [res.status, at - begun, at];
}

/**
 * RATE leads a second for SECONDS, each on time and from a new visitor on a TCP connection of its own (nothing kept
 * alive), at most OPEN_CONNECTIONS at once: a lead due while that many wait counts as late (sent when one is free).
 */
async function openModel(url, runId, next) {
  const sent = [];
  let open = 0;
  let late = 0;
  const start = performance.now();
  for (let k = 0; k < RATE * SECONDS; k++) {
    const wait = start + (k * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (open >= OPEN_CONNECTIONS) late++;
    while (open >= OPEN_CONNECTIONS) await new Promise((resolve) => setTimeout(resolve, 1));
    const lead = next.n++;
    open++;
    sent.push(
      asNewVisitor(url, {
        headers: { 'content-type': 'application/json', 'idempotency-key': `spike-${runId}-${lead}` },
        body: leadBodyOf(runId, lead),
        visitor: lead,
      }).finally(() => open--),
    );
  }
  const answers = await Promise.all(sent);
  return { latencies: answers.map(([, ms]) => ms), failed: answers.filter(([status]) => status !== 201).length, late };
}

async function spikeOn(kind, log) {
  const database = await freshDatabase(kind, 'bench_spike');
  const relay = await startTimedRelay(database.runId);
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, { ...database.env, ...siteEnv(relay) }, path.join(database.work, 'site.log'));
  try {
    await waitHealthy(base, server);
    await quietDown([server.pid]);
    let n = 0;
    const idle = [];
    for (let i = 0; i < IDLE_LEADS; i++) idle.push((await postOne(`${base}/api/interest`, database.runId, n++))[1]);
    await quietDown([server.pid]);
    const first = n;
    const answers = [];
    const start = performance.now();
    for (let k = 0; k < RATE * SECONDS; k++) {
      const wait = start + (k * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const lead = n++;
      answers.push(postOne(`${base}/api/interest`, database.runId, lead).then(([status, ms, at]) => ({ lead, status, ms, at })));
    }
    const answered = await Promise.all(answers);
    // Every lead's e-mails, or a minute after the last answer.
    const done = () => answered.every((a) => (relay.arrivals.get(a.lead)?.length ?? 0) >= MAILS_PER_LEAD);
    for (const until = performance.now() + 60_000; !done() && performance.now() < until;) await new Promise((r) => setTimeout(r, 250));
    const mailMs = answered.map((a) => {
      const at = relay.arrivals.get(a.lead) ?? [];
      return at.length >= MAILS_PER_LEAD ? Math.max(...at) - a.at : NaN;
    });
    const latencies = answered.map((a) => a.ms);
    const failed = answered.filter((a) => a.status !== 201).length;
    const missing = mailMs.filter(Number.isNaN).length;
    const p99 = Math.round(percentile(latencies, 0.99));
    const mailP95 = missing ? NaN : Math.round(percentile(mailMs, 0.95));
    log(
      `spike ${kind}: ${answered.length} leads from ${first}, p50 ${Math.round(median(latencies))} ms, p99 ${p99} ms; mail p95 ${mailP95} ms`,
    );
    const rows = [];
    if (kind === 'pglite') {
      await quietDown([server.pid]);
      const next = { n };
      const open = await openModel(`${base}/api/interest`, database.runId, next);
      const openP99 = Math.round(percentile(open.latencies, 0.99));
      await quietDown([server.pid]);
      const bursts = await postLeads(`${base}/api/interest`, {
        connections: OPEN_CONNECTIONS,
        rate: RATE,
        seconds: SECONDS,
        runId: database.runId,
        label: 'spike-autocannon',
      });
      log(`spike ${kind}: open model p99 ${openP99} ms; autocannon ${OPEN_CONNECTIONS} connections p99 ${bursts.p99Ms} ms`);
      rows.push(
        {
          driver: kind,
          figure: `the same, each lead a new visitor on its own connection, ≤ ${OPEN_CONNECTIONS} open (open model)`,
          value: `p50 ${Math.round(median(open.latencies))} ms, p99 ${openP99} ms, max ${Math.round(Math.max(...open.latencies))} ms, ${open.failed} not 201, ${open.late} sent late`,
          target: `p99 ≤ ${TARGET_P99_MS} ms, every answer 201`,
          pass: openP99 <= TARGET_P99_MS && open.failed === 0,
        },
        {
          driver: kind,
          figure: `autocannon, ${OPEN_CONNECTIONS} connections, overallRate ${RATE} (a burst of ${RATE} each second)`,
          value: `p50 ${bursts.p50Ms} ms, p99 ${bursts.p99Ms} ms, ${bursts.requests} leads, ${bursts.failures} failed`,
          target: 'reported: not a steady rate',
        },
      );
    }
    return [
      {
        driver: kind,
        figure: `POST /api/interest at ${RATE} leads/s for ${SECONDS} s`,
        value: `p50 ${Math.round(median(latencies))} ms, p99 ${p99} ms, max ${Math.round(Math.max(...latencies))} ms, ${failed} not 201 (one at a time on the idle server: p50 ${Math.round(median(idle))} ms)`,
        target: `p99 ≤ ${TARGET_P99_MS} ms, every answer 201`,
        pass: p99 <= TARGET_P99_MS && failed === 0,
      },
      {
        driver: kind,
        figure: 'both e-mails of each lead at the relay, from its answer',
        value: `p95 ${mailP95} ms, max ${Math.round(Math.max(...mailMs))} ms, ${missing} leads missing one`,
        target: `p95 ≤ ${TARGET_MAIL_P95_MS} ms, none missing`,
        pass: mailP95 <= TARGET_MAIL_P95_MS && missing === 0,
      },
      ...rows,
    ];
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    await relay.stop();
    await database.dispose();
  }
}

export async function benchSpike(log) {
  const rows = [];
  for (const kind of ['pglite', ...(pgUrl ? ['postgres'] : [])]) rows.push(...(await spikeOn(kind, log)));
  printRows('Campaign spike (issue 47)', rows);
  return { rows, pass: noneShort(rows) };
}
