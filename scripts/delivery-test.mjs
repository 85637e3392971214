#!/usr/bin/env node
// Delivery test (npm run test:delivery): notifications survive receiver outages.
//
// On PGlite and (with TEST_DATABASE_URL) PostgreSQL, side by side: the production server runs with a real SMTP peer,
// a webhook receiver and the fakes of WhatsApp's Cloud API and Termii (tests/support); all four go down for OUTAGE_MS
// (75 s) while LEADS leads (100) arrive; then they come back. Every lead must be stored, and each of its four messages
// delivered exactly once, all within 60 s after the receivers returned: the sales e-mail, the receipt, the webhook,
// and the first reply (by WhatsApp or, when WhatsApp kept failing for a minute, by SMS: one of the two, once). Two
// instances sharing one PostgreSQL queue are the production rehearsal's (scripts/production-rehearsal.mjs).
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeTermii } from '../tests/support/fake-termii.ts';
import { startFakeWhatsApp } from '../tests/support/fake-whatsapp.ts';
import { startSmtpPeer, startWebhookReceiver } from '../tests/support/peers.ts';
import {
  buildIfStale,
  deliveriesByLead,
  exited,
  freePort,
  freshDatabase,
  leadBody,
  logTail,
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
const AFTER_RETURN_MS = 60_000;

const log = (...args) => console.log('[delivery]', ...args);

const WHATSAPP = { token: 'delivery-whatsapp-token', phoneNumberId: '100200300400', appSecret: 'delivery-app-secret' };
const TERMII = { apiKey: 'delivery-termii-key', secretKey: 'delivery-termii-secret', senderId: 'Meridian' };

async function withServer(kind, body) {
  const database = await freshDatabase(kind, 'outage');
  const smtp = await startSmtpPeer();
  const hooks = await startWebhookReceiver();
  const whatsApp = await startFakeWhatsApp(WHATSAPP);
  const termii = await startFakeTermii(TERMII);
  const logFile = path.join(database.work, 'server.log');
  const port = freePort();
  const channels = {
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'delivery-verify-token',
    WHATSAPP_API_BASE: whatsApp.apiBase,
    TERMII_API_KEY: TERMII.apiKey,
    TERMII_SENDER_ID: TERMII.senderId,
    TERMII_SECRET_KEY: TERMII.secretKey,
    TERMII_API_BASE: termii.url,
  };
  const child = startServer(port, { ...database.env, ...peerEnv(smtp, hooks), ...channels }, logFile);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base, child);
    return await body({ base, receivers: { smtp, hooks, whatsApp, termii }, runId: database.runId, logFile });
  } catch (error) {
    log(`${kind}: server log tail:\n${logTail(logFile)}`);
    throw error;
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await smtp.stop();
    await hooks.stop();
    await whatsApp.stop();
    await termii.stop();
    await database.dispose();
  }
}

/**
 * Sends `n` leads, 10 in flight; returns [{id, email}]. A post that gets no answer is sent again with its
 * Idempotency-Key, as the site's browser queue does (on two busy cores an answer can take longer than the wait).
 */
async function sendLeads(base, runId, n, label) {
  const leads = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < n) {
        const i = next++;
        const body = leadBody(runId, i, label);
        const key = `${label}-${runId}-${i}`;
        let answer;
        for (let attempt = 1; !answer; attempt++) {
          answer = await postLead(base, body, key).catch((error) => {
            if (attempt === 3) throw error;
          });
        }
        // 200: the answer to a post sent again after its first answer was lost (the same lead, not a new one).
        if (answer.status !== 201 && answer.status !== 200) throw new Error(`lead ${i} answered ${answer.status}`);
        // The number as both providers are given it: international, digits only.
        leads.push({ id: answer.id, email: body.email, to: `234${body.phonenumber.replace(/\D/g, '').slice(1)}` });
      }
    }),
  );
  return leads;
}

/** Counts per lead and message; `exactlyOnce` when every lead got each message once. */
function tally(leads, { smtp, hooks, whatsApp, termii }) {
  const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
  const firstReplies = new Map();
  for (const { to, at } of [...whatsApp.sent, ...termii.sent]) firstReplies.set(to, [...(firstReplies.get(to) ?? []), at]);
  let missing = 0;
  let twice = 0;
  let last = 0;
  for (const lead of leads) {
    const got = byLead.get(lead.id) ?? { sales: [], webhooks: [] };
    const receipts = receiptTo.get(lead.email) ?? [];
    for (const times of [got.sales, got.webhooks.map((w) => w.at), receipts, firstReplies.get(lead.to) ?? []]) {
      if (times.length === 0) missing++;
      if (times.length > 1) twice += times.length - 1;
      last = Math.max(last, ...times);
    }
  }
  return { expected: leads.length * 4, missing, twice, last, exactlyOnce: missing === 0 && twice === 0 };
}

async function outage(kind) {
  return withServer(kind, async ({ base, receivers, runId, logFile }) => {
    const all = Object.values(receivers);
    for (const receiver of all) await receiver.down();
    const downAt = Date.now();
    const leads = await sendLeads(base, runId, LEADS, 'Outage');
    log(`${kind}: ${leads.length} leads stored while the receivers are down`);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
    for (const receiver of all) await receiver.up();
    const upAt = Date.now();
    log(`${kind}: receivers back after ${Math.round((upAt - downAt) / 1000)} s`);
    while (!tally(leads, receivers).exactlyOnce && Date.now() - upAt < AFTER_RETURN_MS + 30_000) await sleep(250);
    await sleep(3_000); // anything sent twice would show by now
    const result = tally(leads, receivers);
    const seconds = Math.round((result.last - upAt) / 100) / 10;
    const ok = result.exactlyOnce && result.last - upAt <= AFTER_RETURN_MS;
    log(
      `${kind}: outage ${JSON.stringify({ leads: leads.length, expected: result.expected, missing: result.missing, deliveredTwice: result.twice, lastArrivedSecondsAfterReturn: seconds })} ${ok ? 'PASS' : 'FAIL'}`,
    );
    if (!ok) log(`${kind}: server log tail:\n${logTail(logFile)}`);
    return ok;
  });
}

await buildIfStale(log);
const kinds = withPostgres(log) ? ['pglite', 'postgres'] : ['pglite'];
const results = await Promise.all(kinds.map((kind) => outage(kind).catch((error) => (log(`${kind}:`, error.stack ?? error), false))));
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
