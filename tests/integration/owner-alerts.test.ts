import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { checkChannels, ownerAlertSenders } from '@/modules/system/alerts.server';
import { listForLead } from '@/modules/leads/notifications.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { startOwnerAlertWorkers } from '@/modules/system/alerts.server';
import type { DatabaseHandle } from '@/lib/db/client';
import type { NotificationChannel } from '@/lib/db/enums';
import { channelAlerts, staffUsers } from '@/lib/db/schema';
import type { LeadNotification as LeadNotificationRow } from '@/modules/leads/notifications.server';
import { formatDateTime } from '@/lib/format';
import { wakeWorkers } from '@/lib/jobs/queue';
import { OUTBOX, OWNER_ALERT } from '@/lib/jobs/queues';
import {
  startSmtpPeer,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  waitFor,
  type Peer,
  type ReceivedWebhook,
  type SmtpPeer,
} from '../support/peers';
import { makeStaff } from './staff-helpers';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead, type DriverContext } from './helpers';

/**
 * Owners hear about trouble (issue 29, item 6; docs/decisions/0112-health-metrics-and-owner-alerts.md): a real SMTP
 * peer refuses, the channel check runs on a moved clock (and on two instances at once on PostgreSQL), and what the
 * owners find in their inboxes and the CRM finds at its webhook is counted.
 */

const SALES = 'sales@example.com';
let smtp: SmtpPeer;
let hooks: Peer<ReceivedWebhook>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await smtp.stop();
  await hooks.stop();
});

const configured = () =>
  setEnv({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Meridian Districts" <leads@example.com>',
    LEADS_NOTIFY_TO: SALES,
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SITE_URL: 'https://districts.example',
    SITE_BRAND: 'Meridian Districts',
    RATE_LIMIT_INTEREST: '1000/600',
    MIN_FILL_MS: '0',
    SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
  });

const VISITOR = { fullname: 'Chiamaka Obi', email: 'chiamaka.obi@example.org', phonenumber: '0803 555 0199' };

async function submit(): Promise<string> {
  const res = await POST(jsonRequest('/api/interest', validLead(VISITOR), { headers: { ...freshClient(), 'Idempotency-Key': newKey() } }));
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const to = (address: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(address));
const alertsTo = (address: string) => to(address).filter((m) => m.mail.subject?.startsWith('Alert:'));
const recoveriesTo = (address: string) => to(address).filter((m) => m.mail.subject?.startsWith('Recovered:'));
/** Webhook events of this test (the receiver serves both databases' suites). */
let firstEvent = 0;
const events = (type: string) => hooks.received.slice(firstEvent).filter((h) => JSON.parse(h.body).type === type);

/**
 * The clock moved instead of slept: messages and alerts waiting for their next try (5 s growing to 30 s) fall due at
 * once, and this process's workers look for them now rather than at their next poll (up to 5 s later). The worker
 * still has to pick them up, try them and record the result.
 */
async function retriesDueNow(handle: DatabaseHandle) {
  await handle.db.execute(
    sql`update pgboss.job set start_after = now() where state = 'retry' and name in (${OUTBOX.name}, ${OWNER_ALERT.name})`,
  );
  wakeWorkers(await handle.jobs(), [OUTBOX, OWNER_ALERT]);
}

async function rowOf(ctx: DriverContext, leadId: string, channel: NotificationChannel, until: (row: LeadNotificationRow) => boolean) {
  let found: LeadNotificationRow | undefined;
  const ok = await waitFor(
    async () => {
      await retriesDueNow(ctx.handle());
      found = (await listForLead(ctx.handle().db, leadId)).find((row) => row.channel === channel);
      return Boolean(found && until(found));
    },
    60_000,
    250,
  );
  expect(ok, `${channel} reached the expected state`).toBe(true);
  return found!;
}

/** Alerts and recoveries still to be sent or retried (outbox messages queued in the check's own transaction). */
async function alertJobsPending(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as n from outbox_messages where subject_type = 'owner' and state in ('queued', 'sending')`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

async function allSent(ctx: DriverContext) {
  const done = async () => {
    await retriesDueNow(ctx.handle());
    return (await alertJobsPending(ctx.handle())) === 0;
  };
  expect(await waitFor(done, 60_000, 250), 'every alert job done').toBe(true);
}

describeEachDriver('owner alerts', (ctx) => {
  let owners: { id: string; email: string }[] = [];
  let others: { email: string }[] = [];
  let second: DatabaseHandle;
  /** The check as two instances run it at the same minute (PGlite is one process: the same handle twice). */
  const checkEverywhere = async (at: Date) => {
    const results = await Promise.all([ctx.handle(), second].map(async (handle) => checkChannels(handle.db, await handle.jobs(), at)));
    return {
      opened: results.flatMap((r) => r.opened).sort(),
      alerted: results.flatMap((r) => r.alerted).sort(),
      recovered: results.flatMap((r) => r.recovered).sort(),
    };
  };

  beforeAll(async () => {
    configured();
    const { db } = ctx.handle();
    owners = [await makeStaff(db, 'owner'), await makeStaff(db, 'owner')];
    const former = await makeStaff(db, 'owner');
    await db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, former.id));
    others = [await makeStaff(db, 'agent'), former];
    second = await ctx.openSecond();
    await startNotificationWorkers(ctx.handle(), ownerAlertSenders());
    await startOwnerAlertWorkers(ctx.handle());
    if (second !== ctx.handle()) {
      await startNotificationWorkers(second, ownerAlertSenders());
      await startOwnerAlertWorkers(second);
    }
  });
  beforeEach(() => {
    configured();
    smtp.refuse = () => false;
    firstEvent = hooks.received.length;
  });

  it('the sales address refused for 11 minutes: one alert to each owner and the CRM, none at 9 minutes, then one recovery', async () => {
    smtp.refuse = (address) => address === SALES;
    const id = await submit();
    const failing = await rowOf(ctx, id, 'sales_email', (row) => row.attempts >= 1 && row.lastError !== null);
    const at = (minutes: number) => new Date(failing.createdAt.getTime() + minutes * 60_000);

    // 9 minutes: failing, not yet for long enough. Nothing is sent or even queued for anyone.
    expect(await checkEverywhere(at(9))).toEqual({ opened: ['sales_email'], alerted: [], recovered: [] });
    expect(await alertJobsPending(ctx.handle())).toBe(0);
    for (const owner of owners) expect(alertsTo(owner.email)).toHaveLength(0);
    expect(events('channel.failing')).toHaveLength(0);

    // 11 minutes, on both instances at once, and again a minute later: one alert.
    expect((await checkEverywhere(at(11))).alerted).toEqual(['sales_email']);
    expect((await checkEverywhere(at(12))).alerted).toEqual([]);
    await allSent(ctx);
    for (const owner of owners) expect(alertsTo(owner.email)).toHaveLength(1);
    for (const other of others) expect(to(other.email)).toHaveLength(0);
    const [alert] = alertsTo(owners[0].email);
    expect(alert.mail.subject).toBe('Alert: E-mail to sales is failing (Meridian Districts)');
    const text = alert.mail.text!;
    expect(text).toContain(`E-mail to sales has been failing since ${formatDateTime(failing.createdAt)} (Lagos time).`);
    expect(text).toContain('1 message is waiting to be delivered.');
    expect(text).toMatch(/Last error: .*550 5\.1\.1 \[address\]: Recipient address rejected/);
    expect(text).toContain('https://districts.example/admin/system');
    // No personal data: neither the refused address nor anything of the visitor's.
    // The phone whole: a fragment such as "0803" can turn up in a random MIME boundary.
    for (const personal of [SALES, VISITOR.email, VISITOR.fullname, VISITOR.phonenumber, '08035550199'])
      expect(alert.raw).not.toContain(personal);

    // The CRM gets the same news, signed, as an event it tells apart from a lead.
    const [event] = events('channel.failing');
    expect(events('channel.failing')).toHaveLength(1);
    const verified = new Webhook(TEST_WEBHOOK_SECRET).verify(event.body, {
      'webhook-id': String(event.headers['webhook-id']),
      'webhook-timestamp': String(event.headers['webhook-timestamp']),
      'webhook-signature': String(event.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({
      type: 'channel.failing',
      data: {
        channel: 'sales_email',
        failingSince: failing.createdAt.toISOString(),
        waiting: 1,
        systemUrl: 'https://districts.example/admin/system',
      },
    });
    for (const personal of [SALES, VISITOR.email, VISITOR.fullname]) expect(event.body).not.toContain(personal);

    // The mail server takes the address again: the waiting e-mail goes out, and the next check sends one recovery.
    smtp.refuse = () => false;
    await rowOf(ctx, id, 'sales_email', (row) => row.state === 'sent');
    expect((await checkEverywhere(at(13))).recovered).toEqual(['sales_email']);
    expect(await checkEverywhere(at(14))).toEqual({ opened: [], alerted: [], recovered: [] });
    await allSent(ctx);
    for (const owner of owners) {
      expect(alertsTo(owner.email)).toHaveLength(1);
      expect(recoveriesTo(owner.email)).toHaveLength(1);
    }
    const [recovery] = recoveriesTo(owners[1].email);
    expect(recovery.mail.subject).toBe('Recovered: E-mail to sales works again (Meridian Districts)');
    expect(recovery.mail.text).toContain(`It had been failing since ${formatDateTime(failing.createdAt)}, for 13 minutes.`);
    expect(events('channel.recovered')).toHaveLength(1);
    for (const other of others) expect(to(other.email)).toHaveLength(0);
  }, 150_000);

  it('the mail server itself down: the CRM hears at once, owners as soon as mail works again, alert before recovery', async () => {
    const before = { mails: smtp.received.length };
    await smtp.down();
    const id = await submit();
    const sales = await rowOf(ctx, id, 'sales_email', (row) => row.attempts >= 1 && row.lastError !== null);
    await rowOf(ctx, id, 'receipt', (row) => row.attempts >= 1 && row.lastError !== null);
    const at = (minutes: number) => new Date(sales.createdAt.getTime() + minutes * 60_000);

    expect((await checkEverywhere(at(11))).alerted).toEqual(['receipt', 'sales_email']);
    // The webhook is the faster channel: both alerts are there while no mail can be sent.
    expect(await waitFor(() => events('channel.failing').length === 2, 30_000)).toBe(true);
    expect(smtp.received.length).toBe(before.mails);
    expect(events('channel.failing').map((h) => JSON.parse(h.body).data.channel)).toEqual(
      expect.arrayContaining(['receipt', 'sales_email']),
    );

    // Mail comes back: the alerts that were being retried arrive, the lead's messages go out, then the recoveries.
    await smtp.up();
    await rowOf(ctx, id, 'sales_email', (row) => row.state === 'sent');
    await rowOf(ctx, id, 'receipt', (row) => row.state === 'sent');
    expect((await checkEverywhere(at(13))).recovered).toEqual(['receipt', 'sales_email']);
    await allSent(ctx);
    for (const owner of owners) {
      const mine = to(owner.email).filter((m) => smtp.received.indexOf(m) >= before.mails);
      for (const channel of ['E-mail to sales', 'Receipt to the visitor']) {
        const alerts = mine.filter((m) => m.mail.subject === `Alert: ${channel} is failing (Meridian Districts)`);
        const recoveries = mine.filter((m) => m.mail.subject === `Recovered: ${channel} works again (Meridian Districts)`);
        expect(alerts, `${channel} alert`).toHaveLength(1);
        expect(recoveries, `${channel} recovery`).toHaveLength(1);
        expect(mine.indexOf(alerts[0])).toBeLessThan(mine.indexOf(recoveries[0]));
      }
      expect(mine).toHaveLength(4);
    }
    expect(
      events('channel.recovered')
        .map((h) => JSON.parse(h.body).data.channel)
        .sort(),
    ).toEqual(['receipt', 'sales_email']);
    expect(events('channel.failing')).toHaveLength(2);
  }, 150_000);

  it('a recovery never reaches an owner before the alert: it waits while the alert is still being retried', async () => {
    const owner = owners[0].email;
    const before = { alerts: alertsTo(owner).length, recoveries: recoveriesTo(owner).length };
    // The sales address and this owner's mailbox refuse; the other owner's does not.
    smtp.refuse = (address) => address === SALES || address === owner;
    const id = await submit();
    const failing = await rowOf(ctx, id, 'sales_email', (row) => row.attempts >= 1 && row.lastError !== null);
    const at = (minutes: number) => new Date(failing.createdAt.getTime() + minutes * 60_000);
    expect((await checkEverywhere(at(11))).alerted).toEqual(['sales_email']);
    expect(await waitFor(() => alertsTo(owners[1].email).length === before.alerts + 1, 30_000)).toBe(true);

    // Sales works again while this owner's mailbox still refuses: the recovery is queued, and held back.
    smtp.refuse = (address) => address === owner;
    await rowOf(ctx, id, 'sales_email', (row) => row.state === 'sent');
    expect((await checkEverywhere(at(13))).recovered).toEqual(['sales_email']);
    expect(await waitFor(() => recoveriesTo(owners[1].email).length === before.recoveries + 1, 30_000)).toBe(true);
    expect(alertsTo(owner)).toHaveLength(before.alerts);
    expect(recoveriesTo(owner)).toHaveLength(before.recoveries);

    // The mailbox takes mail again: the alert first, then the recovery, once each.
    smtp.refuse = () => false;
    await allSent(ctx);
    const mine = to(owner);
    expect(alertsTo(owner)).toHaveLength(before.alerts + 1);
    expect(recoveriesTo(owner)).toHaveLength(before.recoveries + 1);
    expect(mine.indexOf(alertsTo(owner).at(-1)!)).toBeLessThan(mine.indexOf(recoveriesTo(owner).at(-1)!));
  }, 150_000);

  it('a channel the owner switches off ends its episode without a "works again" message', async () => {
    const { db } = ctx.handle();
    const since = new Date(Date.now() - 30 * 60_000);
    const [alert] = await db
      .insert(channelAlerts)
      .values({
        channel: 'webhook',
        failingSince: since,
        openedAt: since,
        alertedAt: new Date(since.getTime() + 10 * 60_000),
        recipients: owners.map((o) => o.id),
      })
      .returning();
    setEnv({ WEBHOOK_URL: undefined, WEBHOOK_SECRET: undefined });
    expect(await checkEverywhere(new Date())).toEqual({ opened: [], alerted: [], recovered: [] });
    expect(await alertJobsPending(ctx.handle())).toBe(0);
    const [ended] = await db.select().from(channelAlerts).where(eq(channelAlerts.id, alert.id));
    expect(ended.resolvedAt).not.toBeNull();
  });
});
