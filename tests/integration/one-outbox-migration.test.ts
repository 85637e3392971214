import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { deliverNotifications, webhookId } from '@/modules/leads/notifications/delivery.server';
import { bookingSenders } from '@/modules/inspections/messages/delivery.server';
import { deliverMessages, INTERRUPTED_WHILE_SENDING } from '@/modules/messaging/server';
import { deliverReceipt } from '@/modules/payments/receipts/delivery.server';
import { appendEntry } from '@/modules/payments/ledger/ledger.repository.server';
import { buyerWithPlan } from './payments-helpers';
import { startSmtpPeer, startWebhookReceiver, TEST_WEBHOOK_SECRET, type Peer, type ReceivedWebhook, type SmtpPeer } from '../support/peers';
import { createDatabase, dropDatabase, setEnv, TEST_DATABASE_URL } from './helpers';

/**
 * drizzle/0030_one_outbox.sql (docs/decisions/0410-one-outbox.md): an upgrade from the release whose lead messages were
 * in lead_notifications moves them to the one outbox. Every message still waiting (never tried, or tried and waiting
 * for its retry) is sent once by the outbox's sender, however many jobs name it; none already sent goes again; and a
 * message the release before still writes during a rolling upgrade is sent too. drizzle/0034_booking_messages_to_outbox.sql
 * does the same for a booking's messages (inspection_messages): a waiting one and one left `sending` by a dead sender
 * go once, a reminder left so never goes (two are worse than none), a sent one never again.
 * drizzle/0035_receipts_in_the_outbox.sql moves a receipt's messages (payment_receipts' own state) likewise: a waiting
 * one goes once, however often its `payment-receipt` job runs; one left `sending` never goes again; a sent one never.
 */
const work = mkdtempSync(path.join(tmpdir(), 'one-outbox-migration-'));
let smtp: SmtpPeer;
let hooks: Peer<ReceivedWebhook>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  hooks = await startWebhookReceiver();
  setEnv({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Meridian Districts" <leads@example.com>',
    LEADS_NOTIFY_TO: SALES,
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SITE_URL: 'https://districts.example',
  });
});
afterEach(() => {
  smtp.received.length = 0;
  hooks.received.length = 0;
});
afterAll(async () => {
  await smtp.stop();
  await hooks.stop();
  rmSync(work, { recursive: true, force: true });
});

const SALES = 'sales@example.com';

/** The migrations folder as the release before 0030 shipped it. */
function migrationsBefore(tag: string): string {
  const folder = path.join(work, `before-${randomBytes(4).toString('hex')}`);
  cpSync(path.join(process.cwd(), 'drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    // By its name without its number too (numbers change when branches merge).
    journal.entries.findIndex((entry) => entry.tag === tag || entry.tag.replace(/^\d+_/, '') === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
const current = path.join(process.cwd(), 'drizzle');

const WAITING = '11111111-1111-4111-8111-111111111111';
const DONE = '22222222-2222-4222-8222-222222222222';
const LATE = '33333333-3333-4333-8333-333333333333';
const SLOT = '44444444-4444-4444-8444-444444444444';
const BOOKING = '55555555-5555-4555-8555-555555555555';
const id = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
/** The inspection's start, to the millisecond, as every booking message about it names it. */
const STARTS = new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * 86_400_000);

/**
 * What the release before stored: a lead whose messages wait (its sales e-mail never tried; its receipt and webhook
 * tried and waiting for their retry, their attempts and errors kept), and a lead whose messages all went or ended.
 */
const OLD_ROWS = `
  insert into interest_submissions (id, title, full_name, email, phone_raw, phone_e164, district, created_at) values
    ('${WAITING}', 'Mrs', 'Waiting Buyer', 'waiting@example.com', '08031110000', '+2348031110000', 'd1', now() - interval '5 minutes'),
    ('${DONE}', 'Mr', 'Done Buyer', 'done@example.com', '08032220000', '+2348032220000', 'd2', now() - interval '9 minutes');
  insert into lead_notifications (id, lead_id, channel, state, attempts, last_error, sent_at, created_at, updated_at) values
    ('${id(1)}', '${WAITING}', 'sales_email', 'queued', 0, null, null, now() - interval '5 minutes', now() - interval '5 minutes'),
    ('${id(2)}', '${WAITING}', 'receipt', 'queued', 2, 'connect ECONNREFUSED 127.0.0.1:25', null, now() - interval '5 minutes', now() - interval '1 minute'),
    ('${id(3)}', '${WAITING}', 'webhook', 'queued', 1, 'webhook answered 503', null, now() - interval '5 minutes', now() - interval '1 minute'),
    ('${id(4)}', '${WAITING}', 'push', 'not_configured', 1, 'not configured', null, now() - interval '5 minutes', now() - interval '5 minutes'),
    ('${id(5)}', '${DONE}', 'sales_email', 'sent', 1, null, now() - interval '8 minutes', now() - interval '9 minutes', now() - interval '8 minutes'),
    ('${id(6)}', '${DONE}', 'receipt', 'sent', 3, null, now() - interval '8 minutes', now() - interval '9 minutes', now() - interval '8 minutes'),
    ('${id(7)}', '${DONE}', 'webhook', 'sent', 1, null, now() - interval '8 minutes', now() - interval '9 minutes', now() - interval '8 minutes'),
    ('${id(8)}', '${DONE}', 'push', 'skipped', 1, 'no browser', null, now() - interval '9 minutes', now() - interval '8 minutes');
  insert into inspection_slots (id, district, starts_at, kind, seats) values ('${SLOT}', 'd1', '${STARTS.toISOString()}', 'on_site', 20);
  insert into inspection_bookings (id, slot_id, lead_id, party_size) values ('${BOOKING}', '${SLOT}', '${WAITING}', 2);
  insert into inspection_messages (id, booking_id, slot_id, kind, channel, about_starts_at, due_at, state, attempts, sending_since, sent_at) values
    ('${id(10)}', '${BOOKING}', '${SLOT}', 'booked', 'email', '${STARTS.toISOString()}', now() - interval '1 minute', 'queued', 0, null, null),
    ('${id(11)}', '${BOOKING}', '${SLOT}', 'agent_alert', 'email', '${STARTS.toISOString()}', now() - interval '1 minute', 'sending', 1, now() - interval '10 minutes', null),
    ('${id(12)}', '${BOOKING}', '${SLOT}', 'reminder_24h', 'email', '${STARTS.toISOString()}', now() - interval '1 minute', 'sent', 1, null, now() - interval '1 minute'),
    ('${id(13)}', '${BOOKING}', '${SLOT}', 'reminder_2h', 'email', '${STARTS.toISOString()}', now() - interval '1 minute', 'sending', 1, now() - interval '10 minutes', null);
`;

/** During a rolling upgrade the release before, still running, takes a lead and queues its messages in its table. */
const ROLLING_ROWS = `
  insert into interest_submissions (id, title, full_name, email, phone_raw, phone_e164, district) values
    ('${LATE}', 'Dr', 'Late Buyer', 'late@example.com', '08033330000', '+2348033330000', 'd1');
  insert into lead_notifications (id, lead_id, channel) values ('${id(9)}', '${LATE}', 'sales_email');
  insert into inspection_messages (id, booking_id, slot_id, kind, channel, about_starts_at, due_at) values
    ('${id(14)}', '${BOOKING}', '${SLOT}', 'promoted', 'email', '${STARTS.toISOString()}', now());
`;

const EVERY_ID = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(id);
const EVERY_BOOKING_MESSAGE = [10, 11, 12, 13, 14].map(id);

type AnyDb = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzleNodePg<typeof schema>>;

/** The rows of the release before, the upgrade, a row of the release before written after it, then the jobs run. */
async function upgradeAndSendWith(db: AnyDb, run: (sql: string) => Promise<unknown>, migrate: () => Promise<void>) {
  await run(OLD_ROWS);
  await migrate();
  await run(ROLLING_ROWS);
  const outbox = db as unknown as Db;
  // Every job the queues still hold names a message by its old id; a job run twice (a retry after a lost answer, the
  // release before's copy) names it again: each message goes once.
  await deliverNotifications(outbox, EVERY_ID);
  await deliverNotifications(outbox, EVERY_ID);
  const o = schema.outboxMessages;
  const rows = await db
    .select({ id: o.id, kind: o.kind, state: o.state, attempts: o.attempts })
    .from(o)
    .where(eq(o.subjectType, 'lead'))
    .orderBy(asc(o.id));
  const [receipt] = await db
    .select()
    .from(o)
    .where(eq(o.id, id(2)));
  const leadMails = [...smtp.received];
  const leadHooks = [...hooks.received];
  smtp.received.length = 0;
  // A booking's messages: their jobs on `inspection-message` (drained by the outbox's worker) name them by their old
  // ids too, and each may run twice.
  await deliverMessages(outbox, bookingSenders(), EVERY_BOOKING_MESSAGE);
  await deliverMessages(outbox, bookingSenders(), EVERY_BOOKING_MESSAGE);
  const bookingMessages = await db
    .select({ id: o.id, kind: o.kind, state: o.state, attempts: o.attempts, lastError: o.lastError, key: o.dedupeKey })
    .from(o)
    .where(eq(o.subjectId, BOOKING))
    .orderBy(asc(o.id));
  const bookingMails = smtp.received.map(({ mail }) => [mail.to].flat().flatMap((to) => to?.value.map((v) => v.address) ?? []));
  smtp.received.splice(0, smtp.received.length, ...leadMails);
  hooks.received.splice(0, hooks.received.length, ...leadHooks);
  return { rows, receiptDedupeKey: receipt.dedupeKey, bookingMessages, bookingMails };
}

/** What each message came to, and what reached the mail server and the CRM. */
function expectDeliveredOnce(result: Awaited<ReturnType<typeof upgradeAndSendWith>>) {
  expect(result.rows).toEqual([
    { id: id(1), kind: 'sales_email', state: 'sent', attempts: 1 },
    { id: id(2), kind: 'receipt', state: 'sent', attempts: 3 },
    { id: id(3), kind: 'webhook', state: 'sent', attempts: 2 },
    { id: id(4), kind: 'push', state: 'not_configured', attempts: 1 },
    { id: id(5), kind: 'sales_email', state: 'sent', attempts: 1 },
    { id: id(6), kind: 'receipt', state: 'sent', attempts: 3 },
    { id: id(7), kind: 'webhook', state: 'sent', attempts: 1 },
    { id: id(8), kind: 'push', state: 'skipped', attempts: 1 },
    { id: id(9), kind: 'sales_email', state: 'sent', attempts: 1 },
  ]);
  expect(result.receiptDedupeKey).toBe(`lead:${WAITING}:receipt`);
  const key = (kind: string) => `booking:${BOOKING}:${kind}:email:${STARTS.getTime()}`;
  expect(result.bookingMessages).toEqual([
    { id: id(10), kind: 'booked', state: 'sent', attempts: 1, lastError: null, key: key('booked') },
    // Left `sending` by a sender of the release before that died: its lease over, sent again (a staff alert).
    { id: id(11), kind: 'agent_alert', state: 'sent', attempts: 2, lastError: null, key: key('agent_alert') },
    { id: id(12), kind: 'reminder_24h', state: 'sent', attempts: 1, lastError: null, key: key('reminder_24h') },
    // A reminder left so may have gone: never sent again.
    { id: id(13), kind: 'reminder_2h', state: 'failed', attempts: 2, lastError: INTERRUPTED_WHILE_SENDING, key: key('reminder_2h') },
    // Written by the release before after the upgrade (a rolling upgrade), copied by the trigger.
    { id: id(14), kind: 'promoted', state: 'sent', attempts: 1, lastError: null, key: key('promoted') },
  ]);
  // The buyer's two messages and the sales team's alert, once each.
  expect(result.bookingMails.sort()).toEqual([[SALES], ['waiting@example.com'], ['waiting@example.com']]);
  const mails = smtp.received.map(({ mail }) => ({
    to: [mail.to].flat().flatMap((to) => to?.value.map((v) => v.address) ?? []),
    about: /Waiting Buyer|Done Buyer|Late Buyer/.exec(`${mail.subject} ${mail.text}`)?.[0],
  }));
  expect(
    mails
      .filter((m) => m.to.includes(SALES))
      .map((m) => m.about)
      .sort(),
  ).toEqual(['Late Buyer', 'Waiting Buyer']);
  expect(mails.filter((m) => !m.to.includes(SALES)).map((m) => m.to)).toEqual([['waiting@example.com']]);
  expect(hooks.received.map((hook) => hook.headers['webhook-id'])).toEqual([webhookId({ id: id(3) })]);
}

it('the embedded database: waiting lead and booking messages move to the one outbox and go once; sent ones never again', async () => {
  const client = new PGlite();
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsBefore('0030_one_outbox') });
    const result = await upgradeAndSendWith(
      db,
      (sql) => client.exec(sql),
      () => migratePglite(db, { migrationsFolder: current }),
    );
    expectDeliveredOnce(result);
  } finally {
    await client.close();
  }
});

it.skipIf(!TEST_DATABASE_URL)(
  'PostgreSQL: waiting lead and booking messages move to the one outbox and go once; sent ones never again',
  async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const pool = new pg.Pool({ connectionString: await createDatabase(name) });
    // pool.end() resolves before its connections have closed, and the drop below ends any still closing: an idle
    // connection's error with no listener would be an uncaught exception (the app's pool has one: src/lib/db/client.ts).
    pool.on('error', () => {});
    try {
      const db = drizzleNodePg(pool, { schema });
      await migrateNodePg(db, { migrationsFolder: migrationsBefore('0030_one_outbox') });
      const result = await upgradeAndSendWith(
        db,
        (sql) => pool.query(sql),
        () => migrateNodePg(db, { migrationsFolder: current }),
      );
      expectDeliveredOnce(result);
    } finally {
      await pool.end();
      await dropDatabase(name);
    }
  },
);

/**
 * A receipt's messages as the first build of payments kept them (on payment_receipts): three receipts, one waiting,
 * one whose e-mail a dead sender left `sending` (its WhatsApp message sent), one sent. Returns their ids.
 */
async function receiptsBefore(db: Db, run: (sql: string) => Promise<unknown>) {
  const ids: string[] = [];
  for (const [n, email, whatsapp] of [
    [1, 'queued', 'queued'],
    [2, 'sending', 'sent'],
    [3, 'sent', 'not_configured'],
  ] as const) {
    const { claimId } = await buyerWithPlan(db, { email: `receipt${n}@example.com` });
    const appended = await db.transaction((tx) =>
      appendEntry(tx, {
        claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `T-old-${n}-${claimId}`,
        amountKobo: 300_000_000,
        at: new Date(),
      }),
    );
    if (appended.outcome !== 'written') throw new Error(appended.outcome);
    const receiptId = `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`;
    ids.push(receiptId);
    await run(`insert into payment_receipts (id, number, check_code, entry_id, claim_id, message_state, attempts, sending_since, sent_at, whatsapp_state)
      values ('${receiptId}', 'RCT-2026-00000${n}', 'code${n}', ${appended.entry.id}, '${claimId}', '${email}', ${email === 'queued' ? 0 : 1},
              ${email === 'sending' ? "now() - interval '10 minutes'" : 'null'}, ${email === 'sent' ? 'now()' : 'null'}, '${whatsapp}')`);
  }
  return ids;
}

/** Upgrades, then runs every receipt's `payment-receipt` job twice; what each message came to, and the mails sent. */
async function upgradeReceipts(db: Db, run: (sql: string) => Promise<unknown>, migrate: () => Promise<void>) {
  const ids = await receiptsBefore(db, run);
  await migrate();
  for (const receiptId of [...ids, ...ids]) await deliverReceipt(db, receiptId);
  const o = schema.outboxMessages;
  const rows = await db
    .select({ key: o.dedupeKey, state: o.state, lastError: o.lastError })
    .from(o)
    .where(eq(o.subjectType, 'receipt'))
    .orderBy(asc(o.dedupeKey));
  const mails = smtp.received.map(({ mail }) => [mail.to].flat().flatMap((to) => to?.value.map((v) => v.address) ?? []));
  return { ids, rows, mails };
}

function expectReceiptsOnce({ ids, rows, mails }: Awaited<ReturnType<typeof upgradeReceipts>>) {
  expect(rows).toEqual([
    { key: `receipt:${ids[0]}:email`, state: 'sent', lastError: null },
    // WhatsApp is off here: settled as not configured.
    { key: `receipt:${ids[0]}:whatsapp`, state: 'not_configured', lastError: 'not configured' },
    // Left `sending` by a dead sender: an e-mail goes again, under its one Message-ID (docs/decisions/0441).
    { key: `receipt:${ids[1]}:email`, state: 'sent', lastError: null },
    { key: `receipt:${ids[1]}:whatsapp`, state: 'sent', lastError: null },
    { key: `receipt:${ids[2]}:email`, state: 'sent', lastError: null },
    { key: `receipt:${ids[2]}:whatsapp`, state: 'not_configured', lastError: null },
  ]);
  expect(mails).toEqual([['receipt1@example.com'], ['receipt2@example.com']]);
}

it('the embedded database: receipts waiting on payment_receipts move to the one outbox and go once; sent ones never again', async () => {
  const client = new PGlite();
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsBefore('receipts_in_the_outbox') });
    const result = await upgradeReceipts(
      db as unknown as Db,
      (sql) => client.exec(sql),
      () => migratePglite(db, { migrationsFolder: current }),
    );
    expectReceiptsOnce(result);
  } finally {
    await client.close();
  }
});

it.skipIf(!TEST_DATABASE_URL)(
  'PostgreSQL: receipts waiting on payment_receipts move to the one outbox and go once; sent ones never again',
  async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const pool = new pg.Pool({ connectionString: await createDatabase(name) });
    try {
      const db = drizzleNodePg(pool, { schema });
      await migrateNodePg(db, { migrationsFolder: migrationsBefore('receipts_in_the_outbox') });
      const result = await upgradeReceipts(
        db as unknown as Db,
        (sql) => pool.query(sql),
        () => migrateNodePg(db, { migrationsFolder: current }),
      );
      expectReceiptsOnce(result);
    } finally {
      await pool.end();
      await dropDatabase(name);
    }
  },
);
