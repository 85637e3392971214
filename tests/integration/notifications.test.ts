import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { POST as resendRoute } from '@/app/api/admin/leads/[id]/notifications/route';
import { deliverNotification, webhookId } from '@/modules/leads/notifications/delivery.server';
import { MessageInHand, SENDING_LEASE_MS } from '@/modules/messaging/server';
import { listForLead, resendNotification } from '@/modules/leads/notifications.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { startOwnerAlertWorkers } from '@/modules/system/alerts.server';
import { leads, outboxMessages } from '@/lib/db/schema';
import type { DatabaseHandle } from '@/lib/db/client';
import { wakeWorkers } from '@/lib/jobs/queue';
import { NOTIFY, OUTBOX } from '@/lib/jobs/queues';
import {
  startSmtpPeer,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  waitFor,
  type Peer,
  type ReceivedWebhook,
  type SmtpPeer,
} from '../support/peers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';
import {
  describeEachDriver,
  type DriverContext,
  freshClient,
  jsonRequest,
  insertLeadNotification,
  leadNotificationsInState,
  newKey,
  setEnv,
  validLead,
} from './helpers';

/**
 * Speed-to-lead: every stored lead reaches sales (e-mail), the visitor (receipt) and the CRM (signed webhook),
 * through the job queue, against a real SMTP server and a real HTTP receiver on loopback.
 */

const SALES = ['sales@example.com', 'desk@example.com'];
let smtp: SmtpPeer;
let hooks: Peer<ReceivedWebhook>;
let hookStatus = 204;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  hooks = await startWebhookReceiver(() => hookStatus);
});
afterAll(async () => {
  await smtp.stop();
  await hooks.stop();
});

const configured = () =>
  setEnv({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Meridian Districts" <leads@example.com>',
    LEADS_NOTIFY_TO: SALES.join(', '),
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SITE_URL: 'https://districts.example',
    RATE_LIMIT_INTEREST: '1000/600',
    MIN_FILL_MS: '0',
  });

async function submit(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await POST(
    jsonRequest('/api/interest', validLead(overrides), { headers: { ...freshClient(), 'Idempotency-Key': newKey() } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.mail.to && JSON.stringify(m.mail.to).includes(address));
const hooksFor = (leadId: string) => hooks.received.filter((h) => JSON.parse(h.body).data.id === leadId);

async function allSettled(ctx: DriverContext, leadId: string, timeoutMs = 20_000) {
  const done = await waitFor(async () => {
    const rows = await listForLead(ctx.handle().db, leadId);
    return rows.length === 4 && rows.every((r) => r.state !== 'queued');
  }, timeoutMs);
  expect(done, 'all four notifications settled').toBe(true);
  return listForLead(ctx.handle().db, leadId);
}

/**
 * The clock moved instead of slept: a message's next try (due 5 s after a failure) falls due now and this process's
 * senders look for it at once. The worker still has to take it, try it and record the result. How many jobs moved.
 */
async function retryDueNow(handle: DatabaseHandle, notificationId: string): Promise<number> {
  const moved = (await handle.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${OUTBOX.name} and state = 'retry' and data ->> 'messageId' = ${notificationId} returning id`,
  )) as unknown as { rows: unknown[] };
  wakeWorkers(await handle.jobs(), [OUTBOX]);
  return moved.rows.length;
}

describeEachDriver('notifications', (ctx) => {
  beforeAll(async () => {
    configured();
    await startNotificationWorkers(ctx.handle());
    await startOwnerAlertWorkers(ctx.handle());
  });
  beforeEach(() => {
    hookStatus = 204;
    configured();
  });

  it('delivers the sales e-mail, the receipt and the signed webhook of a new lead within seconds', async () => {
    const started = Date.now();
    const id = await submit({
      title: 'Mrs',
      fullname: 'Ngozi <b>Eze</b>',
      email: 'ngozi.eze@example.org',
      phonenumber: '0803 555 0101',
      district: 'Moniya, Ibadan',
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'moniya-launch',
      referrer: 'https://l.facebook.com/',
      landing_path: '/d2?utm_source=facebook',
    });
    const rows = await allSettled(ctx, id);
    // Nobody has alerts on a phone in this suite: the push is "not sent" (tests/integration/push.test.ts sends them).
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['push', 'not_configured'],
      ['receipt', 'sent'],
      ['sales_email', 'sent'],
      ['webhook', 'sent'],
    ]);
    expect(Math.max(...rows.filter((r) => r.sentAt).map((r) => r.sentAt!.getTime())) - started).toBeLessThan(10_000);

    // Sales: subject with district and name; every field, attribution, call and WhatsApp links, the inbox link.
    const sales = smtp.received.filter((m) => m.mail.subject?.startsWith('New lead') && m.mail.text?.includes(`/admin/leads/${id}`));
    expect(sales).toHaveLength(1);
    const [salesMail] = sales;
    expect(salesMail.mail.subject).toBe('New lead: Moniya, Ibadan — Mrs Ngozi <b>Eze</b>');
    expect(JSON.stringify(salesMail.mail.to)).toContain('sales@example.com');
    expect(JSON.stringify(salesMail.mail.to)).toContain('desk@example.com');
    const text = salesMail.mail.text!;
    for (const expected of [
      'ngozi.eze@example.org',
      '0803 555 0101',
      '+2348035550101',
      'Moniya, Ibadan',
      'facebook',
      'paid',
      'moniya-launch',
      'https://l.facebook.com/',
      '/d2?utm_source=facebook',
      'tel:+2348035550101',
      'https://wa.me/2348035550101',
      `https://districts.example/admin/leads/${id}`,
    ]) {
      expect(text).toContain(expected);
    }
    const salesHtml = String(salesMail.mail.html);
    expect(salesHtml).toContain('Ngozi &lt;b&gt;Eze&lt;/b&gt;');
    expect(salesHtml).not.toContain('<b>Eze</b>');
    expect(salesHtml).toContain(`href="https://districts.example/admin/leads/${id}"`);

    // Visitor: a warm receipt to their own address, escaped, with the team's contacts and no tracking.
    const [receipt] = mailsTo('ngozi.eze@example.org');
    expect(receipt.mail.subject).toBe('We have received your interest in Moniya, Ibadan');
    expect(receipt.mail.text).toContain('Dear Mrs Ngozi <b>Eze</b>');
    expect(receipt.mail.text).toContain('What happens next');
    expect(receipt.mail.text).toMatch(/Phone: \+234/);
    expect(receipt.mail.text).toMatch(/WhatsApp: \+\d+/);
    const receiptHtml = String(receipt.mail.html);
    expect(receiptHtml).toContain('Ngozi &lt;b&gt;Eze&lt;/b&gt;');
    expect(receiptHtml).not.toMatch(/<img|<script|<b>Eze/i);

    // CRM: Standard Webhooks headers, verified by the reference library and by the spec's own recipe.
    const [hook] = hooksFor(id);
    const notification = rows.find((r) => r.channel === 'webhook')!;
    expect(hook.headers['webhook-id']).toBe(webhookId(notification));
    expect(hook.headers['content-type']).toBe('application/json');
    const verified = new Webhook(TEST_WEBHOOK_SECRET).verify(hook.body, {
      'webhook-id': String(hook.headers['webhook-id']),
      'webhook-timestamp': String(hook.headers['webhook-timestamp']),
      'webhook-signature': String(hook.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('lead.created');
    expect(verified.data).toMatchObject({
      id,
      fullName: 'Ngozi <b>Eze</b>',
      email: 'ngozi.eze@example.org',
      district: 'Moniya, Ibadan',
      phoneE164: '+2348035550101',
    });
    const key = Buffer.from(TEST_WEBHOOK_SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`)
      .digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('retries a receiver that fails, with the same webhook-id, until it answers', async () => {
    let calls = 0;
    hookStatus = 503;
    const id = await submit({ email: 'retry@example.org' });
    await waitFor(async () => (await listForLead(ctx.handle().db, id)).some((r) => r.channel === 'webhook' && r.attempts >= 1), 10_000);
    const [failedOnce] = (await listForLead(ctx.handle().db, id)).filter((r) => r.channel === 'webhook');
    expect(failedOnce).toMatchObject({ state: 'queued', lastError: 'the webhook receiver answered HTTP 503' });
    hookStatus = 204;
    calls = hooks.received.length;
    // Once pg-boss has recorded the failure (the job waits for its retry), the retry is due at once.
    await waitFor(async () => (await retryDueNow(ctx.handle(), failedOnce.id)) > 0, 10_000);
    const rows = await allSettled(ctx, id, 40_000);
    const webhook = rows.find((r) => r.channel === 'webhook')!;
    expect(webhook).toMatchObject({ state: 'sent', lastError: null });
    expect(webhook.attempts).toBeGreaterThanOrEqual(2);
    const delivered = hooksFor(id);
    expect(delivered).toHaveLength(1);
    expect(hooks.received.length).toBe(calls + 1);
    expect(delivered[0].headers['webhook-id']).toBe(webhookId(webhook));
  }, 60_000);

  it('stores a refusal that quotes the recipient without the address, in the job and on the notification', async () => {
    const db = ctx.handle().db;
    smtp.refuse = (address) => SALES.includes(address);
    try {
      const id = await submit({ email: `refused-${newKey()}@example.org` });
      // The row records the attempt, then pg-boss stores the failed job's output: wait for both.
      let sales = (await listForLead(db, id)).find((r) => r.channel === 'sales_email')!;
      let outputs: string[] = [];
      const failed = await waitFor(async () => {
        sales = (await listForLead(db, id)).find((r) => r.channel === 'sales_email')!;
        const result = (await db.execute(
          sql`select output::text as output from pgboss.job where data ->> 'messageId' = ${sales.id} and output is not null`,
        )) as unknown as { rows: { output: string }[] };
        outputs = result.rows.map((row) => row.output);
        return sales.lastError !== null && outputs.length > 0;
      }, 15_000);
      expect(failed).toBe(true);
      for (const text of [sales.lastError!, ...outputs]) {
        expect(text).toContain('550');
        expect(text).toContain('[address]');
        for (const address of SALES) expect(text).not.toContain(address);
      }
    } finally {
      smtp.refuse = () => false;
    }
  });

  it('sends at most three receipts a day to one address', async () => {
    const email = `limit-${newKey()}@example.org`;
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await submit({ email }));
    const states = [];
    for (const id of ids) states.push((await allSettled(ctx, id)).find((r) => r.channel === 'receipt')!.state);
    // Leads that arrive together are fanned out side by side: which one is skipped may vary, never how many.
    expect(states.sort()).toEqual(['sent', 'sent', 'sent', 'skipped']);
    expect(mailsTo(email)).toHaveLength(3);
    // Sales still hear of every one of them.
    for (const id of ids) expect((await listForLead(ctx.handle().db, id)).find((r) => r.channel === 'sales_email')!.state).toBe('sent');
  });

  it('sends nothing for spam', async () => {
    const spam = await submit({ website: 'http://spam.example', email: 'spam@example.org' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await listForLead(ctx.handle().db, spam)).toHaveLength(0);
    expect(mailsTo('spam@example.org')).toHaveLength(0);
  });

  it('lets an owner send a notification again once the mail server is configured; agents may not', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'districts-eml-'));
    setEnv({ SMTP_URL: undefined, DATA_DIR: dataDir });
    const email = `again-${newKey()}@example.org`;
    const id = await submit({ email });
    expect((await allSettled(ctx, id)).find((r) => r.channel === 'receipt')!.state).toBe('not_configured');
    configured();
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop' });
    const owner = await sessionCookieFor(ctx.handle().db, await makeStaff(ctx.handle().db, 'owner'));
    const agent = await sessionCookieFor(ctx.handle().db, await makeStaff(ctx.handle().db, 'agent'));
    const url = `/api/admin/leads/${id}/notifications`;
    const refused = await resendRoute(staffRequest(url, { method: 'POST', cookie: agent, body: { channel: 'receipt' } }), {
      params: Promise.resolve({ id }),
    });
    expect(refused.status).toBe(403);
    const bad = await resendRoute(staffRequest(url, { method: 'POST', cookie: owner, body: { channel: 'fax' } }), {
      params: Promise.resolve({ id }),
    });
    expect(bad.status).toBe(400);
    const res = await resendRoute(staffRequest(url, { method: 'POST', cookie: owner, body: { channel: 'receipt' } }), {
      params: Promise.resolve({ id }),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, state: 'queued' });
    expect(await waitFor(() => mailsTo(email).length === 1, 15_000)).toBe(true);
    // The worker records the send once the SMTP peer has accepted it: wait for that record, not just the mail.
    expect((await allSettled(ctx, id)).find((r) => r.channel === 'receipt')).toMatchObject({ state: 'sent', attempts: 2 });
  });

  // An upgrade (docs/decisions/0410-one-outbox.md): the jobs the release before queued on its `notify` queues name
  // messages the migration moved to the one outbox under the same ids; the outbox's worker sends each once.
  it('sends once a message whose job the release before queued on its notify queue', async () => {
    const db = ctx.handle().db;
    const email = `upgrade-${newKey()}@example.org`;
    const [lead] = await db
      .insert(leads)
      .values({ title: 'Mr', fullName: 'Emeka Upgrade', email, phoneRaw: '0803 555 0199', district: 'Lugbe, Abuja' })
      .returning();
    const receipt = await insertLeadNotification(db, { leadId: lead.id, channel: 'receipt' });
    const boss = await ctx.handle().jobs();
    // Two jobs of the release before name the same message (a retry's copy, say).
    for (let i = 0; i < 2; i++) await boss.send(NOTIFY.name, { notificationId: receipt.id });
    const completed = async () =>
      (
        (await db.execute(
          sql`select count(*)::int as n from pgboss.job where data ->> 'notificationId' = ${receipt.id} and state = 'completed'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    expect(await waitFor(async () => (await completed()) === 2, 30_000)).toBe(true);
    expect((await listForLead(db, lead.id))[0]).toMatchObject({ channel: 'receipt', state: 'sent', attempts: 1 });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("never sends a message another sender has in hand, and takes it again once that sender's claim has ended", async () => {
    const db = ctx.handle().db;
    const email = `in-hand-${newKey()}@example.org`;
    const [lead] = await db
      .insert(leads)
      .values({ title: 'Miss', fullName: 'Ada Inhand', email, phoneRaw: '0803 555 0198', district: 'Lugbe, Abuja' })
      .returning();
    const receipt = await insertLeadNotification(db, { leadId: lead.id, channel: 'receipt' });
    const claimedAt = (at: Date) =>
      db.update(outboxMessages).set({ state: 'sending', sendingSince: at }).where(eq(outboxMessages.id, receipt.id));
    // Another sender took it a moment ago: this job is tried again later, and sends nothing.
    await claimedAt(new Date());
    await expect(deliverNotification(db, receipt.id)).rejects.toBeInstanceOf(MessageInHand);
    expect(mailsTo(email)).toHaveLength(0);
    // An owner's "send again" meanwhile: it is going already, so it stays in that sender's hands, shown as waiting.
    expect(await resendNotification(db, await ctx.handle().jobs(), lead.id, 'receipt')).toMatchObject({ id: receipt.id, state: 'queued' });
    expect((await db.select().from(outboxMessages).where(eq(outboxMessages.id, receipt.id)))[0].state).toBe('sending');
    // That sender died: its claim ends with pg-boss's claim on its job, and the message is taken and sent.
    await claimedAt(new Date(Date.now() - SENDING_LEASE_MS));
    await deliverNotification(db, receipt.id);
    expect((await listForLead(db, lead.id))[0]).toMatchObject({ state: 'sent', attempts: 1 });
    // Another job naming it finds it sent.
    await deliverNotification(db, receipt.id);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('without a mail server or webhook, keeps each e-mail as an .eml file and says why nothing was sent', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'districts-eml-'));
    setEnv({ SMTP_URL: undefined, WEBHOOK_URL: undefined, WEBHOOK_SECRET: undefined, DATA_DIR: dataDir });
    const before = smtp.received.length;
    const id = await submit({ email: 'offline@example.org', fullname: 'Tunde Bakare' });
    const rows = await allSettled(ctx, id);
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['push', 'not_configured'],
      ['receipt', 'not_configured'],
      ['sales_email', 'not_configured'],
      ['webhook', 'not_configured'],
    ]);
    expect(smtp.received.length).toBe(before);
    const files = readdirSync(path.join(dataDir, 'outbox-mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const contents = files.map((f) => readFileSync(path.join(dataDir, 'outbox-mail', f), 'utf8')).join('\n');
    expect(contents).toContain('Tunde Bakare');
    expect(contents).toContain('To: offline@example.org');
  });
});

describeEachDriver('notification workers on two instances', (ctx) => {
  it('delivers every message once when two instances share the queue (PostgreSQL; PGlite is one process)', async () => {
    configured();
    await startNotificationWorkers(ctx.handle());
    await startOwnerAlertWorkers(ctx.handle());
    if (ctx.kind === 'postgres') {
      const second = await ctx.openSecond();
      await startNotificationWorkers(second);
      await startOwnerAlertWorkers(second);
    }
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await submit({ email: `twice-${i}-${newKey()}@example.org` }));
    for (const id of ids) await allSettled(ctx, id, 30_000);
    for (const id of ids) expect(hooksFor(id)).toHaveLength(1);
    const db = ctx.handle().db;
    const sent = await leadNotificationsInState(db, 'sent');
    expect(sent.filter((r) => ids.includes(r.leadId))).toHaveLength(90);
    expect(sent.filter((r) => ids.includes(r.leadId)).every((r) => r.attempts === 1)).toBe(true);
  }, 90_000);
});
