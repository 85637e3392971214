import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { POST as newsletterPost } from '@/app/api/newsletter/route';
import { channelAlerts, leads, outboxMessages, newsletterSubscribers, staffUsers } from '@/lib/db/schema';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { passOnUnclaimedLeads, queueOverdueReminders } from '@/modules/leads/operations.server';
import { STAFF_AND_CRM_SENDERS } from '@/modules/leads/notifications/workers.server';
import { newsletterSenders } from '@/modules/newsletter/server';
import { eraseRecords } from '@/modules/privacy/server';
import { countsBySubject, deliverMessage, deliveryBacklog, queueMessages, type OutboxSenders } from '@/modules/messaging/server';
import { ownerAlertMessage, ownerAlertSenders } from '@/modules/system/alerts.server';
import { startSmtpPeer, startWebhookReceiver, TEST_WEBHOOK_SECRET, type Peer, type ReceivedWebhook, type SmtpPeer } from '../support/peers';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * The staff's messages go through the one outbox (docs/decisions/0410-one-outbox.md): an owner's alert, a hand-over
 * and an overdue reminder are rows that a refusing mail server leaves queued with their error (counted as waiting by
 * the System page and /metrics), and that go exactly once when it takes mail again, however many jobs name them.
 */

let smtp: SmtpPeer;
let hooks: Peer<ReceivedWebhook>;
/** What the CRM's webhook answers (a 503 while it is down). */
let hookStatus = 204;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  hooks = await startWebhookReceiver(() => hookStatus);
  setEnv({
    WEBHOOK_URL: hooks.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Meridian Districts" <leads@example.com>',
    LEADS_NOTIFY_TO: 'sales@example.com',
    SITE_URL: 'https://districts.example',
    RATE_LIMIT_INTEREST: '1000/600',
    MIN_FILL_MS: '0',
  });
});
afterAll(async () => {
  smtp.refuse = () => false;
  await smtp.stop();
  await hooks.stop();
});

const senders = (): OutboxSenders => ({ ...ownerAlertSenders(), ...STAFF_AND_CRM_SENDERS, ...newsletterSenders() });
const mailTo = (address: string, subject: RegExp) =>
  smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(address) && subject.test(m.mail.subject ?? ''));

describeEachDriver('staff messages through the one outbox', (ctx) => {
  const db = () => ctx.handle().db;
  const rowOf = async (id: string) => (await db().select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

  async function submit(fullname: string): Promise<string> {
    const res = await POST(
      jsonRequest('/api/interest', validLead({ fullname, email: `${fullname.toLowerCase().replace(/\W/g, '')}@example.org` }), {
        headers: { ...freshClient(), 'Idempotency-Key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    return (await res.json()).id;
  }

  /**
   * The mail server refuses `address`: the message is tried, stays queued with its error and counts as waiting; then
   * it takes mail again: the message goes, once, though two more jobs name it.
   */
  async function retriedThenSentOnce(messageId: string, address: string, subject: RegExp) {
    const before = mailTo(address, subject).length;
    smtp.refuse = (to) => to === address;
    await expect(deliverMessage(db(), senders(), messageId)).rejects.toThrow();
    const failed = await rowOf(messageId);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1, lastErrorKind: expect.any(String) });
    expect(failed.lastError).toBeTruthy();
    expect(failed.lastError).not.toContain(address);
    expect((await deliveryBacklog(db())).waiting).toBeGreaterThanOrEqual(1);
    const waiting = await countsBySubject(db(), [failed.subjectType], new Date());
    expect(waiting).toContainEqual({ subject: failed.subjectType, channel: 'email', state: 'queued', n: expect.any(Number) });

    smtp.refuse = () => false;
    await deliverMessage(db(), senders(), messageId);
    await deliverMessage(db(), senders(), messageId);
    expect(mailTo(address, subject)).toHaveLength(before + 1);
    expect(await rowOf(messageId)).toMatchObject({ state: 'sent', attempts: 2, lastError: null, sentAt: expect.any(Date) });
    const counts = await countsBySubject(db(), [failed.subjectType], new Date());
    expect(counts.find((row) => row.state === 'sent')?.n).toBeGreaterThanOrEqual(1);
  }

  it("an owner's channel alert is retried while the owner's mailbox refuses, then sent once", async () => {
    const owner = await makeStaff(db(), 'owner', `outbox-owner-${ctx.kind}@example.com`);
    const since = new Date(Date.now() - 30 * 60_000);
    const [alert] = await db()
      .insert(channelAlerts)
      .values({ channel: 'receipt', failingSince: since, openedAt: since, alertedAt: new Date(), recipients: [owner.id] })
      .returning();
    const boss = await ctx.handle().jobs();
    const [message] = await db().transaction((tx) =>
      queueMessages(tx, boss, [ownerAlertMessage({ alertId: alert.id, kind: 'failing', to: owner.id })]),
    );
    expect(message).toMatchObject({ subjectType: 'owner', subjectId: owner.id, kind: 'failing', channel: 'email', state: 'queued' });
    // Queued again (a second instance's check): the same message, not a second one.
    expect(
      await db().transaction((tx) => queueMessages(tx, boss, [ownerAlertMessage({ alertId: alert.id, kind: 'failing', to: owner.id })])),
    ).toEqual([]);
    await retriedThenSentOnce(message.id, owner.email, /^Alert:/);
    await db().delete(channelAlerts).where(eq(channelAlerts.id, alert.id));
  });

  it('a hand-over to the next agent is retried while their mailbox refuses, then sent once', async () => {
    const agent = await makeStaff(db(), 'agent', `outbox-agent-${ctx.kind}@example.com`);
    const leadId = await submit(`Handed Over ${ctx.kind}`);
    // The lead is the agent's, offered on a Monday at 10:00 Lagos time and not claimed 6 working minutes later.
    await db()
      .update(leads)
      .set({ assignedTo: agent.id, offeredAt: new Date('2026-11-23T10:00:00+01:00') })
      .where(eq(leads.id, leadId));
    const moved = await passOnUnclaimedLeads(
      db(),
      await ctx.handle().jobs(),
      new Date('2026-11-23T10:06:00+01:00'),
      DEFAULT_WORKING_TIME,
      5,
    );
    const job = moved.find((m) => m.leadId === leadId);
    expect(job).toBeDefined();
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.subjectType, 'agent'), eq(outboxMessages.leadId, leadId), eq(outboxMessages.kind, 'hand_over')));
    expect(message).toMatchObject({ channel: 'email', state: 'queued', payload: job });
    // To whoever has it now: the next agent, or (after the last) every owner.
    const [to] = job!.to
      ? await db().select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, job!.to))
      : await db()
          .select({ email: staffUsers.email })
          .from(staffUsers)
          .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
    await retriedThenSentOnce(message.id, to.email, /Handed Over|Lead passed to you|Nobody claimed/);
  });

  it("an overdue reminder to the lead's agent is retried while their mailbox refuses, then sent once", async () => {
    const agent = await makeStaff(db(), 'agent', `outbox-late-${ctx.kind}@example.com`);
    const leadId = await submit(`Overdue Outbox ${ctx.kind}`);
    await db()
      .update(leads)
      .set({ createdAt: new Date('2026-03-11T12:00:00+01:00'), assignedTo: agent.id, status: 'new' })
      .where(eq(leads.id, leadId));
    expect(
      await queueOverdueReminders(db(), await ctx.handle().jobs(), new Date('2026-03-11T15:00:00+01:00'), DEFAULT_WORKING_TIME),
    ).toContain(leadId);
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.subjectType, 'agent'), eq(outboxMessages.leadId, leadId), eq(outboxMessages.kind, 'overdue_reminder')));
    expect(message).toMatchObject({ channel: 'email', state: 'queued', dedupeKey: `agent:${leadId}:overdue_reminder` });
    await retriedThenSentOnce(message.id, agent.email, /^Still waiting for a call/);
  });

  it('a newsletter confirmation is retried while the mailbox refuses, then sent once', async () => {
    const address = `outbox-news-${ctx.kind}@example.com`;
    const res = await newsletterPost(jsonRequest('/api/newsletter', { email: address }, { headers: freshClient() }));
    expect(res.status).toBe(200);
    const [subscriber] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address));
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.subjectType, 'subscriber'), eq(outboxMessages.subjectId, subscriber.id)));
    expect(message).toMatchObject({ kind: 'confirmation', channel: 'email', state: 'queued', payload: null });
    await retriedThenSentOnce(message.id, address, /./);
  });

  it("the CRM's lead.erased is retried while its webhook answers 503, then sent once under one webhook-id", async () => {
    const leadId = await submit(`Erased Outbox ${ctx.kind}`);
    await eraseRecords(
      db(),
      { leads: eq(leads.id, leadId), newsletter: sql`false` },
      { boss: await ctx.handle().jobs(), reason: 'privacy_request' },
    );
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.subjectType, 'erased_lead'), sql`${outboxMessages.payload}->'leadIds' ? ${leadId}`));
    expect(message).toMatchObject({ kind: 'lead_erased', channel: 'webhook', state: 'queued', leadId: null });
    const events = () => hooks.received.filter((hook) => JSON.parse(hook.body).type === 'lead.erased' && hook.body.includes(leadId));

    hookStatus = 503;
    await expect(deliverMessage(db(), senders(), message.id)).rejects.toThrow();
    expect(await rowOf(message.id)).toMatchObject({ state: 'queued', attempts: 1, lastErrorKind: 'retry' });
    expect((await deliveryBacklog(db())).waiting).toBeGreaterThanOrEqual(1);
    expect(await countsBySubject(db(), ['erased_lead'], new Date())).toContainEqual({
      subject: 'erased_lead',
      channel: 'webhook',
      state: 'queued',
      n: 1,
    });

    hookStatus = 204;
    await deliverMessage(db(), senders(), message.id);
    await deliverMessage(db(), senders(), message.id);
    expect(events()).toHaveLength(1);
    expect(events()[0].headers['webhook-id']).toBe(`msg_${message.id.replace(/-/g, '')}`);
    expect(JSON.parse(events()[0].body).data).toMatchObject({ leadIds: [leadId], reason: 'privacy_request' });
    expect(await rowOf(message.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await countsBySubject(db(), ['erased_lead'], new Date())).toContainEqual({
      subject: 'erased_lead',
      channel: 'webhook',
      state: 'sent',
      n: 1,
    });
  });
});
