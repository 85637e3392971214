#!/usr/bin/env node
// Delivery test (npm run test:delivery): notifications survive receiver outages and several instances.
//
// 1. Outage, on PGlite and (with TEST_DATABASE_URL) PostgreSQL, side by side: the production server runs with a
//    real SMTP peer and webhook receiver; both go down for OUTAGE_MS (75 s) while LEADS leads (100) arrive;
//    then they come back. Every lead must be stored, and each of its three messages delivered exactly once, all
//    within 60 s after the receivers returned.
// 2. Two server processes on one PostgreSQL: TWO_SERVER_LEADS leads (200) sent to both in turn; every message is
//    delivered exactly once (pg-boss claims each job with SKIP LOCKED).
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSmtpPeer, startWebhookReceiver } from '../tests/support/peers.ts';
import {
  buildIfStale,
  deliveriesByLead,
  exited,
  freePort,
  freshDatabase,
  leadBody,
  peerEnv,
  postLead,
  startServer,
  waitHealthy,
  withPostgres,
} from './lib/harness.mjs';

// Long enough for every retry step of the notify queue (5-10 s, 10-20 s, 20-30 s, then the 30 s cap: about 65 s
// at the most; src/lib/jobs/queues.ts), so a receiver that comes back is reached within the cap.
const OUTAGE_MS = Number(process.env.DELIVERY_OUTAGE_MS ?? 75_000);
const LEADS = Number(process.env.DELIVERY_LEADS ?? 100);
const TWO_SERVER_LEADS = Number(process.env.DELIVERY_TWO_SERVER_LEADS ?? 200);
const AFTER_RETURN_MS = 60_000;

const log = (...args) => console.log('[delivery]', ...args);

async function withServers(kind, label, count, body) {
  const database = await freshDatabase(kind, label);
  const smtp = await startSmtpPeer();
  const hooks = await startWebhookReceiver();
  const env = { ...database.env, ...peerEnv(smtp, hooks) };
  const logFile = path.join(database.work, 'server.log');
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = freePort();
      const child = startServer(port, env, logFile);
      const base = `http://127.0.0.1:${port}`;
      servers.push({ child, base });
      await waitHealthy(base, child);
    }
    return await body({ servers, smtp, hooks, runId: database.runId, logFile });
  } finally {
    for (const { child } of servers) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await smtp.stop();
    await hooks.stop();
    await database.dispose();
  }
}

/** Sends `n` leads (10 in flight) round-robin over the servers; returns [{id, email}]. */
async function sendLeads(servers, runId, n, label) {
  const leads = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < n) {
        const i = next++;
        const body = leadBody(runId, i, label);
        const { status, id } = await postLead(servers[i % servers.length].base, body, `${label}-${runId}-${i}`);
        if (status !== 201) throw new Error(`lead ${i} answered ${status}`);
        leads.push({ id, email: body.email });
      }
    }),
  );
  return leads;
}

/** Counts per lead and message; `exactlyOnce` when every lead got each message once. */
function tally(leads, smtp, hooks) {
  const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
  let missing = 0;
  let twice = 0;
  let last = 0;
  for (const lead of leads) {
    const got = byLead.get(lead.id) ?? { sales: [], webhooks: [] };
    const receipts = receiptTo.get(lead.email) ?? [];
    for (const times of [got.sales, got.webhooks.map((w) => w.at), receipts]) {
      if (times.length === 0) missing++;
      if (times.length > 1) twice += times.length - 1;
      last = Math.max(last, ...times);
    }
  }
  return { expected: leads.length * 3, missing, twice, last, exactlyOnce: missing === 0 && twice === 0 };
}

async function outage(kind) {
  return withServers(kind, 'outage', 1, async ({ servers, smtp, hooks, runId, logFile }) => {
    await smtp.down();
    await hooks.down();
    const downAt = Date.now();
    const leads = await sendLeads(servers, runId, LEADS, 'Outage');
    log(`${kind}: ${leads.length} leads stored while the receivers are down`);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
    await smtp.up();
    await hooks.up();
    const upAt = Date.now();
    log(`${kind}: receivers back after ${Math.round((upAt - downAt) / 1000)} s`);
    while (!tally(leads, smtp, hooks).exactlyOnce && Date.now() - upAt < AFTER_RETURN_MS + 30_000) await sleep(250);
    await sleep(3_000); // anything sent twice would show by now
    const result = tally(leads, smtp, hooks);
    const seconds = Math.round((result.last - upAt) / 100) / 10;
    const ok = result.exactlyOnce && result.last - upAt <= AFTER_RETURN_MS;
    log(
      `${kind}: outage ${JSON.stringify({ leads: leads.length, expected: result.expected, missing: result.missing, deliveredTwice: result.twice, lastArrivedSecondsAfterReturn: seconds })} ${ok ? 'PASS' : 'FAIL'}`,
    );
    if (!ok) log(`server log tail:\n${(await import('node:fs')).readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
    return ok;
  });
}

async function twoServers() {
  return withServers('postgres', 'two_servers', 2, async ({ servers, smtp, hooks, runId }) => {
    const leads = await sendLeads(servers, runId, TWO_SERVER_LEADS, 'Twin');
    const start = Date.now();
    while (!tally(leads, smtp, hooks).exactlyOnce && Date.now() - start < 60_000) await sleep(250);
    await sleep(3_000);
    const result = tally(leads, smtp, hooks);
    log(
      `two servers: ${JSON.stringify({ leads: leads.length, expected: result.expected, missing: result.missing, deliveredTwice: result.twice })} ${result.exactlyOnce ? 'PASS' : 'FAIL'}`,
    );
    return result.exactlyOnce;
  });
}

await buildIfStale(log);
// All side by side: the two servers send their leads while the outages wait.
const runs = [outage('pglite')];
if (withPostgres(log)) runs.push(outage('postgres'), twoServers());
const results = await Promise.all(runs.map((run) => run.catch((error) => (log(error.stack ?? error), false))));
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
