#!/usr/bin/env node
// Restore drill (npm run test:restore): a backup counts only once it has been restored. On PGlite, then PostgreSQL:
// 1. the production server runs with a real SMTP peer and webhook receiver; leads keep arriving, LOAD_IN_FLIGHT (50)
//    in flight, while `npm run backup` takes a backup (through the server's control socket on PGlite, pg_dump on
//    PostgreSQL);
// 2. after the backup an owner erases one person (signed in through the API, second factor included), and the
//    messages of every lead are delivered;
// 3. the server stops; `npm run restore FILE` puts the backup into a fresh, empty target; the server starts on it
//    and runs past the time a job it had claimed expires (pg-boss: 60 s), so a message it would send again shows;
// 4. checks: every lead answered before the backup began is there exactly once; the erased person is gone again;
//    no message was delivered twice, before or after the restore; a plot held for a buyer before the backup is held
//    for them again, at the price frozen with the hold (docs/decisions/0413); a buyer's uploaded scan written before the
//    backup is in the target's file store again, byte for byte (docs/decisions/0419): on PGlite the source keeps its
//    files on the disk and the target in a fake S3-compatible bucket, on PostgreSQL the other way round (0424).
// With money (docs/decisions/0417): before the backup a buyer pays the deposit on a fake Paystack and its signed event
// is credited (ledger entry, receipt, its e-mail sent through the outbox). After the restore the event comes again (a
// Paystack retry) and the payment-check job is asked for by the callback page, as a buyer's return from Paystack asks
// it: the balance and the receipts must be those of before, with one entry and one receipt e-mail in all; the buyer's
// NDPA export lists the payment with its receipt. A second buyer opens their checkout before the backup and pays after
// it (docs/decisions/0422): after the restore their receipt is there under the number e-mailed to them, and the event
// that comes again sends no second receipt e-mail.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { startFakePaystack } from '../tests/support/fake-paystack.ts';
import { startFakeS3 } from '../tests/support/fake-s3.ts';
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
  root,
  startServer,
  waitHealthy,
  withPostgres,
} from './lib/harness.mjs';
import {
  moneyOf,
  openDepositCheckout,
  PAYSTACK_TEST_SECRET,
  payAndSign,
  paystackEnv,
  postEvent,
  receiptMailsByAddress,
  seedBuyers,
} from './lib/money.mjs';

const LOAD_IN_FLIGHT = Number(process.env.DRILL_IN_FLIGHT ?? 50);
// The drill on a database that already holds this many made-up leads (npm run seed:scale; never in CI): the backup and
// restore of a large install (docs/benchmarks/0420-a-million-leads.md).
const SCALE_LEADS = Number(process.env.DRILL_SCALE_LEADS ?? 0);
// Leads a second at most (0: each of the LOAD_IN_FLIGHT posts again as soon as it is answered). CI sets a rate, so the
// drill's load leaves the cores to the tests beside it; the backup still holds up to LOAD_IN_FLIGHT posts waiting.
const LOAD_RATE = Number(process.env.DRILL_RATE ?? 0);
// Leads answered before the backup begins (the ones that must come back), while the load goes on.
const WARM_UP_LEADS = 100;
// A job claimed just before the backup is restored as active and tried again once it expires (expireInSeconds: 60).
const WATCH_AFTER_RESTORE_MS = Number(process.env.DRILL_WATCH_MS ?? 75_000);
const OWNER = { email: 'drill-owner@example.com', password: 'drill-owner-passphrase-0123' };
const BACKUP_KEY = 'restore-drill-backup-passphrase';

const run = promisify(execFile);
const log = (...args) => console.log('[drill]', ...args);

/** An npm script of the project with the site's environment; resolves to its standard output. */
async function npm(script, args, env) {
  const { stdout } = await run('npm', ['run', '-s', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 20,
  });
  return stdout.trim();
}

/** Signs the owner in through the API (password, then enrolment of the second factor); returns the Cookie header. */
async function signInOwner(base) {
  const jar = new Map();
  const call = async (method, url, body) => {
    const res = await fetch(base + url, {
      method,
      redirect: 'manual',
      headers: {
        origin: base,
        'sec-fetch-site': 'same-origin',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body && JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const signIn = await call('POST', '/api/staff/sign-in', OWNER);
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const html = await (await call('GET', '/registration/enrol')).text();
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1].replace(/\s+/g, '');
  if (!secret) throw new Error('the enrolment page showed no key');
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const enrol = await call('POST', '/api/staff/second-factor/enrol', { code });
  if (enrol.status !== 200) throw new Error(`enrolment answered ${enrol.status}`);
  const post = (url, body) => call('POST', url, body);
  post.get = (url) => call('GET', url);
  return post;
}

/**
 * Imports the example layout of District 1 through the Import page (its preview, then apply) and holds its first plot for a
 * lead, as an owner would; returns the plot's id. The plots must come back with the restore like any lead.
 */
async function holdAPlot(base, post, leadId) {
  const form = new FormData();
  form.set('district', 'd1');
  form.set('file', new Blob([readFileSync(path.join(root, 'docs/examples/d1-layout.csv'))]), 'd1-layout.csv');
  const preview = await post('/api/admin/plots/import', form);
  const draft = /draft=([0-9a-f-]{36})/.exec(preview.headers.get('location') ?? '')?.[1];
  if (!draft) throw new Error(`the layout's preview answered ${preview.status}`);
  const applied = await post(`/api/admin/plots/import/${draft}`, {});
  if (applied.status !== 200) throw new Error(`the layout's import answered ${applied.status}`);
  const inventory = await (await post.get('/admin/plots?district=d1')).text();
  const plotId = /href="\/admin\/plots\/([0-9a-f-]{36})"/.exec(inventory)?.[1];
  if (!plotId) throw new Error('the Inventory page listed no plot');
  const held = await post(`/api/admin/plots/${plotId}/hold`, { leadId });
  if (held.status !== 200) throw new Error(`holding a plot answered ${held.status}`);
  return plotId;
}

/**
 * The buyer pays the deposit: the pay form opens the checkout, the fake Paystack takes the money and its signed event
 * reaches the webhook; resolves once the receipt e-mail has arrived (so the backup holds the entry, the receipt and its
 * sent message), with the event, the reference and the receipt's number.
 */
async function payTheDeposit(base, paystack, smtp, payer, opened) {
  const reference = opened ?? (await openDepositCheckout(base, payer));
  const event = payAndSign(paystack, reference);
  const answered = await postEvent(base, event);
  if (answered !== 200) throw new Error(`the Paystack webhook answered ${answered}`);
  for (const until = Date.now() + 90_000; Date.now() < until; await sleep(250)) {
    const [mail] = receiptMailsByAddress(smtp).get(payer.email) ?? [];
    if (mail) return { event, reference, number: mail.number };
  }
  throw new Error('no receipt e-mail within 90 s of the payment');
}

/**
 * Posts leads with `inFlight` at a time (and `rate` a second at most, when set) until `stop()`; a post without an
 * answer is sent again with its key.
 */
function keepLeadsArriving(base, runId, inFlight, rate) {
  const answered = []; // {id, key, email, sentAt, answeredAt}
  const began = Date.now();
  let next = 0;
  let stopping = false;
  const workers = Array.from({ length: inFlight }, async () => {
    while (!stopping) {
      const i = next++;
      if (rate > 0) await sleep(Math.max(0, began + (i * 1000) / rate - Date.now()));
      if (stopping) break;
      const key = `drill-${runId}-${i}`;
      const body = leadBody(runId, i, 'Drill');
      const sentAt = Date.now();
      for (;;) {
        const result = await postLead(base, body, key).catch(() => undefined);
        // 201, or 200 when a resend finds the lead its first try stored (the Idempotency-Key's replay).
        if (result?.id && (result.status === 201 || result.status === 200)) {
          answered.push({ id: result.id, key, email: body.email, sentAt, answeredAt: Date.now() });
          break;
        }
        // A 201 or 200 whose body never arrived (the post's 30 s ran out while reading it) is an answer lost on the
        // way, like a post without one: sent again with its key, it is answered 200 with the id its first try stored.
        const lost = result && (result.status === 201 || result.status === 200);
        if (result && !lost && result.status !== 503 && result.status !== 429) throw new Error(`lead ${i} answered ${result.status}`);
        await sleep(200);
      }
    }
  });
  // A refusal stops the load at once; stop() reports it.
  let failed = false;
  const done = Promise.all(workers).catch((error) => {
    failed = stopping = true;
    throw error;
  });
  done.catch(() => {});
  return {
    answered,
    failed: () => failed,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

async function drill(kind) {
  const database = await freshDatabase(kind, 'drill');
  const target = await freshDatabase(kind, 'drill_target');
  // Each side's uploaded files (a buyer's signed scans) outside the database: copied by the backup, back by the restore,
  // on the disk or in a bucket (a fake one, in this process, checking every signature), one side each.
  database.env.FILES_DIR = path.join(database.work, 'files');
  target.env.FILES_DIR = path.join(target.work, 'files');
  const sourceBucket = kind === 'postgres' ? await startFakeS3({ bucket: 'drill-documents' }) : undefined;
  const targetBucket = kind === 'pglite' ? await startFakeS3({ bucket: 'drill-restored-documents' }) : undefined;
  Object.assign(database.env, sourceBucket?.env());
  Object.assign(target.env, targetBucket?.env());
  const smtp = await startSmtpPeer();
  const hooks = await startWebhookReceiver();
  const paystack = await startFakePaystack({ secretKey: PAYSTACK_TEST_SECRET });
  const [payer, latePayer] = seedBuyers(database.env, 2, `drill${database.runId}`);
  const backupDir = path.join(database.work, 'backups');
  const common = {
    ...peerEnv(smtp, hooks),
    ...paystackEnv(paystack),
    BACKUP_DIR: backupDir,
    BACKUP_KEY,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  };
  const logFile = path.join(database.work, 'server.log');
  let server;
  const startOn = async (env) => {
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(port, { ...common, ...env }, logFile);
    const ms = await waitHealthy(base, server);
    return { base, ms };
  };
  const stop = async () => {
    server.kill('SIGTERM');
    await exited(server);
  };
  try {
    if (SCALE_LEADS > 0) {
      // A first start makes the owner (ADMIN_EMAIL, only while no staff exist: the seeder adds agents).
      await startOn(database.env);
      await stop();
      const began = Date.now();
      await npm('seed:scale', ['--leads', String(SCALE_LEADS)], database.env);
      log(`${kind}: ${SCALE_LEADS} leads seeded in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    }
    const { base } = await startOn(database.env);
    const post = await signInOwner(base);
    const toErase = leadBody(database.runId, 1e6, 'Erased');
    const erasedLead = await postLead(base, toErase, `drill-${database.runId}-erased`);
    if (erasedLead.status !== 201) throw new Error(`the lead to erase answered ${erasedLead.status}`);
    const buyer = await postLead(base, leadBody(database.runId, 2e6, 'Buyer'), `drill-${database.runId}-buyer`);
    if (buyer.status !== 201) throw new Error(`the buyer's lead answered ${buyer.status}`);
    const heldPlotId = await holdAPlot(base, post, buyer.id);
    const paid = await payTheDeposit(base, paystack, smtp, payer);
    const lateReference = await openDepositCheckout(base, latePayer);
    const exported = await (await post('/api/admin/privacy/export', { email: payer.email })).json();
    const exportedPayments = JSON.stringify(exported.leads?.[0]?.payments ?? []);

    const load = keepLeadsArriving(base, database.runId, LOAD_IN_FLIGHT, LOAD_RATE);
    const warmUpUntil = Date.now() + 120_000;
    while (load.answered.length < WARM_UP_LEADS && Date.now() < warmUpUntil && !load.failed()) await sleep(100);
    // A scan as the file store writes one (`<claim>/<uuid>`), before the backup.
    const scanKey = `${randomUUID()}/${randomUUID()}`;
    const scan = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048)]);
    if (sourceBucket) sourceBucket.objects.set(scanKey, scan);
    else {
      mkdirSync(path.dirname(path.join(database.env.FILES_DIR, scanKey)), { recursive: true });
      writeFileSync(path.join(database.env.FILES_DIR, scanKey), scan);
    }
    const backupBegan = Date.now();
    const backupOut = await npm('backup', [], { ...common, ...database.env });
    const backupSeconds = (Date.now() - backupBegan) / 1000;
    const file = /^backup: (\S+)/.exec(backupOut)?.[1];
    if (!file) throw new Error(`npm run backup printed no file: ${backupOut}`);
    await sleep(2_000);
    await load.stop();
    const before = load.answered.filter((lead) => lead.answeredAt < backupBegan);
    // What a visitor waited while the backup ran (PGlite: statements wait while its files are copied).
    const slowestDuringBackupMs = Math.max(
      0,
      ...load.answered
        .filter((lead) => lead.answeredAt >= backupBegan && lead.sentAt <= backupBegan + backupSeconds * 1000)
        .map((lead) => lead.answeredAt - lead.sentAt),
    );
    log(`${kind}: ${load.answered.length} leads answered, ${before.length} before the backup began; ${backupOut.replace(/^backup: /, '')}`);

    const erase = await post('/api/admin/privacy/erase', { email: toErase.email });
    if (erase.status !== 200) throw new Error(`the erasure answered ${erase.status}`);
    const paidLate = await payTheDeposit(base, paystack, smtp, latePayer, lateReference);
    const everyLead = [...load.answered, { id: erasedLead.id, email: toErase.email }];
    // Every message out before the server stops, so that "sent" is a fact the restore must respect.
    const deliveredAll = async (deadline) => {
      while (Date.now() < deadline) {
        const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
        const done = everyLead.every((lead) => {
          const got = byLead.get(lead.id);
          return got?.sales.length && got.webhooks.length && receiptTo.get(lead.email)?.length;
        });
        if (done) return true;
        await sleep(250);
      }
      return false;
    };
    await deliveredAll(Date.now() + 90_000);
    await stop();

    const restoreBegan = Date.now();
    const restoreOut = await npm('restore', [file], { ...common, ...target.env });
    const restoreSeconds = (Date.now() - restoreBegan) / 1000;
    log(`${kind}: ${restoreOut.replace(/^restore: /, '')}`);
    const beforeRestart = { mails: smtp.received.length, hooks: hooks.received.length };
    const restarted = await startOn(target.env);
    // The money's jobs run again on the restored site: Paystack's retry of the event, and the check job the callback
    // page asks for when a buyer comes back from Paystack.
    const replayed = await postEvent(restarted.base, paid.event);
    const replayedLate = await postEvent(restarted.base, paidLate.event);
    const callback = await fetch(`${restarted.base}/payments/callback?reference=${paid.reference}`).then((r) => r.text());
    await sleep(WATCH_AFTER_RESTORE_MS);
    await stop();
    const moneyBefore = (await moneyOf(database, [payer.claimId])).get(payer.claimId);
    const moneyAfter = (await moneyOf(target, [payer.claimId])).get(payer.claimId);
    const receiptMails = receiptMailsByAddress(smtp).get(payer.email) ?? [];
    const lateAfter = (await moneyOf(target, [latePayer.claimId])).get(latePayer.claimId);
    const lateMoneyKept =
      lateAfter?.entries === 1 &&
      lateAfter.receipts === 1 &&
      lateAfter.numbers === paidLate.number &&
      replayedLate === 200 &&
      (receiptMailsByAddress(smtp).get(latePayer.email) ?? []).length === 1;

    // Keyed posts only: the seeded buyers' leads have no key (two of them are not one lead stored twice).
    const rows = await target.query(
      `select id::text, idempotency_key, lower(email) as email from interest_submissions where idempotency_key is not null`,
    );
    const stored = new Map();
    for (const row of rows) stored.set(row.idempotency_key, (stored.get(row.idempotency_key) ?? 0) + 1);
    const missing = before.filter((lead) => !stored.has(lead.key)).length;
    const duplicated = [...stored.values()].filter((n) => n > 1).length;
    const erasedBack = rows.filter((row) => row.email === toErase.email.toLowerCase()).length;
    const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
    let twice = 0;
    for (const lead of everyLead) {
      const got = byLead.get(lead.id) ?? { sales: [], webhooks: [] };
      for (const n of [got.sales.length, got.webhooks.length, receiptTo.get(lead.email)?.length ?? 0]) if (n > 1) twice += n - 1;
    }
    const afterRestore = smtp.received.length + hooks.received.length - beforeRestart.mails - beforeRestart.hooks;
    const heldAgain = await target.query(
      `select c.lead_id::text as lead, c.price_kobo = p.price_kobo as frozen from plot_claims c join plots p on p.id = c.plot_id
       where c.plot_id = '${heldPlotId}' and c.stage = 'held' and c.ended_at is null`,
    );
    const scanFile = path.join(target.env.FILES_DIR, scanKey);
    const scanBack = targetBucket
      ? Boolean(targetBucket.objects.get(scanKey)?.equals(scan))
      : existsSync(scanFile) && readFileSync(scanFile).equals(scan);
    const plotHeldAfterRestore = heldAgain.length === 1 && heldAgain[0].lead === buyer.id && heldAgain[0].frozen === true;
    const moneyAsBefore =
      moneyAfter?.entries === 1 &&
      moneyAfter.balance === moneyBefore?.balance &&
      moneyAfter.numbers === moneyBefore.numbers &&
      moneyAfter.receipts === 1 &&
      moneyAfter.receipt_emails === 1 &&
      replayed === 200 &&
      callback.includes(paid.number);
    const receiptEmailsInAll = receiptMails.length;
    const exportHasReceipt = exportedPayments.includes(paid.number) && exportedPayments.includes('300000000');
    const result = {
      database: kind,
      answeredBeforeBackup: before.length,
      answeredInAll: load.answered.length,
      missingAfterRestore: missing,
      storedTwice: duplicated,
      erasedPersonBack: erasedBack,
      messagesSentTwice: twice,
      messagesAfterRestore: afterRestore,
      plotHeldAfterRestore,
      moneyAsBefore,
      receiptEmailsInAll,
      lateMoneyKept,
      exportHasReceipt,
      scanBack,
      backupSeconds,
      slowestDuringBackupMs,
      restoreSeconds,
      restartedHealthyMs: restarted.ms,
    };
    const ok =
      missing === 0 &&
      duplicated === 0 &&
      erasedBack === 0 &&
      twice === 0 &&
      plotHeldAfterRestore &&
      moneyAsBefore &&
      receiptEmailsInAll === 1 &&
      lateMoneyKept &&
      exportHasReceipt &&
      scanBack;
    if (!ok) log(`${kind}: server log tail:\n${logTail(logFile)}`);
    return { ok, result };
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) await stop();
    await smtp.stop();
    await hooks.stop();
    await paystack.stop();
    await sourceBucket?.stop();
    await targetBucket?.stop();
    await database.dispose();
    await target.dispose();
  }
}

await buildIfStale(log);
const kinds = ['pglite', ...(withPostgres(log) ? ['postgres'] : [])];
// Side by side: each database has its own server, peers and target, and most of a drill is the watch after its restore.
const outcomes = await Promise.all(
  kinds.map((kind) => drill(kind).catch((error) => (log(`${kind}: ${error.stack ?? error}`), { ok: false }))),
);
console.table(outcomes.map((o) => o.result).filter(Boolean));
const passed = outcomes.filter((o) => o.ok).length;
console.log(`restore drill: ${passed} passed, ${outcomes.length - passed} failed`);
process.exit(passed === outcomes.length ? 0 : 1);
