#!/usr/bin/env node
// Crash test (npm run test:crash): no acknowledged lead, and none of its notifications, may be lost or duplicated
// when the server is killed.
//
// For each database (PGlite always; PostgreSQL when TEST_DATABASE_URL or CRASH_DATABASE_URL is set) it starts the
// production server with a real SMTP peer and webhook receiver, fires SUBMISSIONS interest posts with CONCURRENCY in
// flight, kill -9s the server twice in the middle and restarts it. Like the browser's offline-safe submit, a post
// that got no answer is sent again with the same Idempotency-Key until it is answered. At the end every answered
// post (2xx) must be in the database exactly once, under the id it was answered with, and nothing else may be
// there; and every acknowledged lead's sales e-mail, receipt and webhook must have arrived (at least once: a kill
// between sending and recording resends, with the same webhook-id). WhatsApp is on, against a fake of Meta's Cloud API:
// no buyer may get their first reply twice, however the kills fall (docs/decisions/0396: at most once; a reply whose
// send a kill cut off may be missing, and only then).
//
// Then the money part (scripts/lib/crash-money.mjs): a kill -9 between a Paystack event and its receipt credits once
// and sends the receipt once. CRASH_PARTS=leads or CRASH_PARTS=money runs one part only.
//
// The server is built (npm run build into .next) only when that build is missing or older than the sources.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { crashMoney } from './lib/crash-money.mjs';

const SUBMISSIONS = Number(process.env.CRASH_SUBMISSIONS ?? 1200);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 50);
const KILL_AT = [0.3, 0.65]; // fractions of SUBMISSIONS answered before each kill -9
// The run gives up when no post has been answered for this long while the server was up: a stuck server fails, a slow
// one goes on. A fixed deadline (300 s for the whole run) failed CI on a starved machine, where the server answered
// too few of 200 leads in time, though nothing was lost (stop 72).
const STALL_MS = Number(process.env.CRASH_STALL_MS ?? 180_000);
// A message a killed server had claimed goes again once its claim has expired (60 s), pg-boss's supervision has seen
// it and its retry delay has passed; later still on a machine whose cores other work takes (docs/benchmarks/0446).
// What the test checks is that every message arrives, not how fast (npm run bench measures that).
const DELIVERY_DEADLINE_MS = Number(process.env.CRASH_DELIVERY_DEADLINE_MS ?? 300_000);

const log = (...args) => console.log('[crash]', ...args);
const WHATSAPP = { token: 'crash-whatsapp-token', phoneNumberId: '100200300500', appSecret: 'crash-app-secret' };

// ---- one run -------------------------------------------------------------------------------------------------

async function run(kind) {
  const database = await freshDatabase(kind, 'crash');
  const { runId } = database;
  const logFile = path.join(database.work, 'server.log');
  const smtp = await startSmtpPeer();
  const hooks = await startWebhookReceiver();
  const whatsApp = await startFakeWhatsApp(WHATSAPP);
  const dbEnv = {
    ...database.env,
    ...peerEnv(smtp, hooks),
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'crash-verify-token',
    WHATSAPP_API_BASE: whatsApp.apiBase,
  };
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = startServer(port, dbEnv, logFile);
  const firstStart = await waitHealthy(base, server).catch(async (error) => {
    // Not left running after the test gives up on it.
    server.kill('SIGKILL');
    await exited(server);
    throw error;
  });
  log(`${kind}: server pid ${server.pid} on ${base}; first start healthy after ${firstStart} ms`);

  const stats = { cutOffAnswers: 0, created: 0, replayed: 0, networkErrors: 0, serverErrors: 0, otherStatus: 0, attempts: 0, kills: 0 };
  const acked = new Map(); // key -> { id, email, status }
  const unanswered = new Set();
  let answered = 0;
  let next = 0;
  const startedAt = Date.now();
  // Quiet time counts while a server is up: a restart on a starved CI machine once took minutes, and what the test
  // checks is what survives the kills, not how fast a server starts.
  let lastProgressAt = Date.now();
  let restarting = false;
  const stalled = () => !restarting && Date.now() - lastProgressAt > STALL_MS;

  const submission = (i) => ({ key: `crash-${runId}-${i}`, body: leadBody(runId, i, 'Crash') });

  async function send(i) {
    const { key, body } = submission(i);
    unanswered.add(key);
    for (;;) {
      if (stalled()) return;
      stats.attempts++;
      try {
        const res = await postLead(base, body, key);
        const { data } = res;
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
          lastProgressAt = Date.now();
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
    restarting = true;
    victim.kill('SIGKILL');
    await exited(victim);
    server = startServer(port, dbEnv, logFile);
    let ms;
    try {
      ms = await waitHealthy(base, server);
    } finally {
      // A restart that never became healthy fails the run; the senders then stop at their next try.
      restarting = false;
    }
    lastProgressAt = Date.now();
    log(`${kind}: restarted as pid ${server.pid}, healthy after ${ms} ms`);
  }

  const killPoints = KILL_AT.map((f) => Math.floor(SUBMISSIONS * f));
  const watcher = (async () => {
    for (const point of killPoints) {
      while (answered < point) {
        if (stalled()) return;
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

  // Every acknowledged lead's three messages must arrive (the jobs survive the kills).
  const deliveryStart = Date.now();
  const undelivered = () => {
    const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
    return [...acked.values()].filter((ack) => {
      const got = byLead.get(ack.id);
      return !got || got.sales.length === 0 || got.webhooks.length === 0 || !receiptTo.has(ack.email);
    }).length;
  };
  while (!failure && undelivered() > 0 && Date.now() - deliveryStart < DELIVERY_DEADLINE_MS) await sleep(250);
  const deliverySeconds = Math.round((Date.now() - deliveryStart) / 100) / 10;

  // The first replies go beside those three: until none has arrived for 3 s.
  for (let count = -1; !failure && whatsApp.sent.length !== count;) {
    count = whatsApp.sent.length;
    await sleep(3_000);
  }

  // Clean shutdown: SIGTERM must close the database and release the lock.
  server.kill('SIGTERM');
  const termStart = Date.now();
  await exited(server);
  const termMs = Date.now() - termStart;

  const rows = await database.query('select id, idempotency_key, email from interest_submissions');
  const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
  let undeliveredLeads = 0;
  let resent = 0;
  let webhookIdChanged = 0;
  for (const ack of acked.values()) {
    const got = byLead.get(ack.id) ?? { sales: [], webhooks: [] };
    const receipts = receiptTo.get(ack.email)?.length ?? 0;
    if (got.sales.length === 0 || got.webhooks.length === 0 || receipts === 0) undeliveredLeads++;
    resent += Math.max(0, got.sales.length - 1) + Math.max(0, got.webhooks.length - 1) + Math.max(0, receipts - 1);
    if (new Set(got.webhooks.map((w) => w.webhookId)).size > 1) webhookIdChanged++;
  }
  await smtp.stop();
  await hooks.stop();
  await whatsApp.stop();
  // First replies per number (each lead has a number of its own): never two; one missing only where a kill cut its send
  // off between the row written as `sending` and the request reaching Meta (such a row is left `sending`).
  const repliesTo = new Map();
  for (const message of whatsApp.sent) repliesTo.set(message.to, (repliesTo.get(message.to) ?? 0) + 1);
  const firstRepliesTwice = [...repliesTo.values()].filter((n) => n > 1).length;
  const firstRepliesMissing = Math.max(0, acked.size - repliesTo.size);
  const [{ count: leftSending }] = await database.query(
    `select count(*)::int as count from lead_messages where kind = 'first_reply' and status = 'sending'`,
  );
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
    messagesExpected: acked.size * 3,
    leadsWithAMessageMissing: undeliveredLeads,
    messagesDeliveredTwice: resent,
    webhookIdChangedOnResend: webhookIdChanged,
    firstRepliesSent: whatsApp.sent.length,
    firstRepliesTwice,
    firstRepliesMissing,
    firstRepliesLeftSending: leftSending,
    allDeliveredAfterSeconds: deliverySeconds,
    sigtermExitMs: termMs,
    seconds: Math.round((Date.now() - startedAt) / 100) / 10,
  };
  log(JSON.stringify(result));
  // Each check by name, so that a failure's last line says which (CI shows the end of the output).
  const checks = {
    noFailure: !failure,
    noneMissing: missing === 0,
    noneDuplicated: duplicated === 0,
    storedUnderTheirIds: wrongId === 0,
    noEmailTwice: duplicateEmails === 0,
    allAnswered: unanswered.size === 0,
    nothingUnacknowledgedStored: rows.length === acked.size,
    killedTwice: stats.kills === KILL_AT.length,
    allMessagesDelivered: undeliveredLeads === 0,
    sameWebhookIdOnResend: webhookIdChanged === 0,
    noFirstReplyTwice: firstRepliesTwice === 0,
    firstRepliesMissingOnlyWhereCutOff: firstRepliesMissing <= leftSending,
  };
  const failedChecks = Object.keys(checks).filter((name) => !checks[name]);
  const ok = failedChecks.length === 0;
  if (!ok) {
    if (failure) log(`${kind}: ${failure.stack ?? failure}`);
    log(`${kind}: server log tail:\n${logTail(logFile)}`);
    log(
      `${kind}: failed: ${failedChecks.join(', ')}${failure ? ` (${failure.message ?? failure})` : ''}; ` +
        `${acked.size} of ${SUBMISSIONS} answered, ${stats.kills} kill(s), ${result.seconds} s; the figures are above the log tail`,
    );
  }
  await database.dispose().catch((e) => log(`could not remove the crash database: ${e.message}`));
  return ok;
}

// ---- main ----------------------------------------------------------------------------------------------------

await buildIfStale(log);
const kinds = ['pglite'];
if (process.env.CRASH_ONLY !== 'pglite' && withPostgres(log)) kinds.push('postgres');
// Side by side: each run has its own database, server and peers, and spends most of its time waiting for the jobs
// the killed server had claimed (pg-boss hands them out again when they expire, after 60 s).
// Their first starts (a fresh database each: every migration) are staggered: four at once on a loaded 2-core CI machine
// once took one past waitHealthy's three minutes.
const STAGGER_MS = 15_000;
const parts = { leads: run, money: (kind) => crashMoney(kind, log) };
const only = process.env.CRASH_PARTS?.split(',') ?? Object.keys(parts);
const results = await Promise.all(
  kinds
    .flatMap((kind) => Object.entries(parts).map(([part, runPart]) => ({ kind, part, runPart })))
    .filter(({ part }) => only.includes(part))
    .map(async ({ kind, part, runPart }, i) => {
      await sleep(i * STAGGER_MS);
      const ok = await runPart(kind).catch((error) => {
        log(`${kind} ${part}: ${error.stack ?? error}`);
        return false;
      });
      log(`${kind} ${part}: ${ok ? 'PASS' : 'FAIL'}`);
      return ok;
    }),
);
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
