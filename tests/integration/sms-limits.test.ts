import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { POST as smsEvents } from '@/app/api/webhooks/sms/route';
import { POST as whatsAppEvents } from '@/app/api/webhooks/whatsapp/route';
import { optOutOf, sendToPhone } from '@/modules/leads/conversations/conversations.server';
import { sendSmsWithinLimits, SmsWithheld, smsToday } from '@/modules/messaging/channels/sms-gate.server';
import { alertOwnersOfSmsPause } from '@/modules/system/alerts.server';
import { systemStatus } from '@/modules/system/status.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { ownerAlertSenders, startOwnerAlertWorkers } from '@/modules/system/alerts.server';
import { leadMessages, smsDays } from '@/lib/db/schema';
import { wakeWorkers } from '@/lib/jobs/queue';
import { OUTBOX } from '@/lib/jobs/queues';
import { inboundMessage, startFakeTermii, termiiSignature, type FakeTermii } from '../support/fake-termii';
import { metaJson, startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { startSmtpPeer, waitFor, type SmtpPeer } from '../support/peers';
import { CHANNELS_OFF, smsOn as channelSmsOn, TERMII, WHATSAPP, whatsAppOn as channelWhatsAppOn } from './channel-fakes';
import { describeEachDriver, freshClient, jsonRequest, leadNotificationRows, newKey, setEnv, validLead } from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * What SMS may cost (issue 57, item 3; docs/decisions/0402), against the fakes of Meta's Cloud API and Termii: a
 * scripted toll-fraud attack through the public form (leads with foreign numbers that are not on WhatsApp, then a
 * burst past the day's budget) gets no SMS abroad and no more than SMS_DAILY_LIMIT at home; what was withheld is
 * recorded on its lead with the reason; the owners are told once; the budget holds for concurrent sends. And a STOP
 * by SMS stops SMS only, START undoing it (issue 57, item 8).
 */

let whatsApp: WhatsAppFake;
let termii: FakeTermii;
let smtp: SmtpPeer;
beforeAll(async () => {
  whatsApp = await startFakeWhatsApp(WHATSAPP);
  termii = await startFakeTermii(TERMII);
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await whatsApp.stop();
  await termii.stop();
  await smtp.stop();
  setEnv({ ...CHANNELS_OFF, MIN_FILL_MS: undefined, SMS_DAILY_LIMIT: undefined, SMS_COUNTRIES: undefined });
});

const channelsOn = () => ({ ...channelWhatsAppOn(whatsApp), ...channelSmsOn(termii) });
beforeEach(() =>
  setEnv({
    ...CHANNELS_OFF,
    MIN_FILL_MS: '0',
    SMTP_URL: undefined,
    WEBHOOK_URL: undefined,
    WEBHOOK_SECRET: undefined,
    SMS_DAILY_LIMIT: undefined,
    SMS_COUNTRIES: undefined,
  }),
);

let counter = 3000;
/** A Nigerian number of its own, in the form's spelling and E.164. */
const nigerian = () => {
  const local = `0803 557 ${String(counter++).padStart(4, '0')}`;
  return { typed: local, e164: `+234${local.replace(/\D/g, '').slice(1)}` };
};
const FOREIGN = [
  { typed: '+1 415 555 2671', e164: '+14155552671' },
  { typed: '+7 912 345 6789', e164: '+79123456789' },
  { typed: '+1 415 555 2672', e164: '+14155552672' },
];

async function newLead(phone: { typed: string; e164: string }) {
  const res = await POST(
    jsonRequest('/api/interest', validLead({ phonenumber: phone.typed, fullname: 'Ada Obi' }), {
      headers: { ...freshClient(), 'Idempotency-Key': newKey() },
    }),
  );
  expect(res.status).toBe(201);
  return { id: (await res.json()).id as string, e164: phone.e164 };
}

const smsTo = (e164: string) => termii.sent.filter((m) => m.to === e164.slice(1));
const signedByTermii = (payload: unknown) => {
  const body = JSON.stringify(payload);
  return smsEvents(
    jsonRequest('/api/webhooks/sms', body, { raw: true, headers: { 'x-termii-signature': termiiSignature(body, TERMII.secretKey) } }),
  );
};
const signedByMeta = (payload: unknown) => {
  const body = metaJson(payload);
  const signature = `sha256=${createHmac('sha256', WHATSAPP.appSecret).update(body).digest('hex')}`;
  return whatsAppEvents(jsonRequest('/api/webhooks/whatsapp', body, { raw: true, headers: { 'x-hub-signature-256': signature } }));
};

describeEachDriver('SMS limits', (ctx) => {
  beforeAll(async () => {
    await startNotificationWorkers(ctx.handle(), ownerAlertSenders());
    await startOwnerAlertWorkers(ctx.handle());
  });
  beforeEach(async () => {
    await ctx.handle().db.delete(smsDays);
  });

  const db = () => ctx.handle().db;
  const firstReplyOf = async (leadId: string) => (await leadNotificationRows(db(), leadId, 'first_reply'))[0];
  const settled = (leadId: string) =>
    waitFor(async () => ['sent', 'skipped', 'failed'].includes((await firstReplyOf(leadId))?.state ?? ''), 20_000, 100);
  const messagesOf = (leadId: string) => db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId));
  const ownerAlertJobs = async () => {
    const result = (await db().execute(
      sql`select count(*)::int as n from outbox_messages where subject_type = 'owner' and payload->>'kind' = 'sms_paused'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  };

  it('a scripted attack: foreign numbers not on WhatsApp get no SMS, and a burst past SMS_DAILY_LIMIT is withheld and told once', async () => {
    const limit = 5;
    setEnv({ ...channelsOn(), SMS_DAILY_LIMIT: String(limit), SMTP_URL: smtp.url });
    const owners = [await makeStaff(db(), 'owner'), await makeStaff(db(), 'owner')];

    // 1. Leads with foreign numbers that are not on WhatsApp: today each would cost an international SMS.
    const abroad = [];
    for (const phone of FOREIGN) {
      whatsApp.notOnWhatsApp.add(phone.e164);
      abroad.push(await newLead(phone));
    }
    for (const lead of abroad) expect(await settled(lead.id)).toBe(true);
    const smsAbroad = abroad.flatMap((lead) => smsTo(lead.e164));
    expect(smsAbroad).toEqual([]);
    for (const lead of abroad) {
      expect(await firstReplyOf(lead.id)).toMatchObject({ state: 'skipped', lastError: expect.stringMatching(/SMS was withheld/) });
      // Staff see on the lead what was kept back, and why.
      expect((await messagesOf(lead.id)).map((m) => [m.channel, m.kind, m.status, m.error])).toEqual([
        ['sms', 'first_reply', 'failed', expect.stringMatching(/SMS goes only to numbers in NG \(SMS_COUNTRIES\).+in (US|RU)/)],
      ]);
    }

    // 2. A burst of Nigerian numbers not on WhatsApp, twice the day's budget.
    const burst = [];
    for (let i = 0; i < 2 * limit; i++) {
      const phone = nigerian();
      whatsApp.notOnWhatsApp.add(phone.e164);
      burst.push(await newLead(phone));
    }
    for (const lead of burst) expect(await settled(lead.id)).toBe(true);
    const smsAtHome = burst.flatMap((lead) => smsTo(lead.e164));
    const withheld = [];
    for (const lead of burst) {
      const [message] = await messagesOf(lead.id);
      if (message.status === 'failed') withheld.push(message.error);
    }
    console.info(
      `[sms attack] ${FOREIGN.length} foreign leads: ${smsAbroad.length} SMS; ${burst.length} Nigerian leads, budget ${limit}: ${smsAtHome.length} SMS sent, ${withheld.length} withheld`,
    );
    expect(smsAtHome).toHaveLength(limit);
    expect(withheld).toEqual(Array(limit).fill(expect.stringMatching(/SMS is paused until midnight in Lagos.+SMS_DAILY_LIMIT/)));
    expect(await smsToday(db())).toMatchObject({ sent: limit, limit, pausedAt: expect.any(Date) });
    // The System page says so.
    expect((await systemStatus(ctx.handle())).sms).toMatchObject({ sent: limit, limit, pausedAt: expect.any(Date), countries: ['NG'] });

    // 3. The owners hear of it once (the minute's check on any instance), not once per withheld SMS.
    const before = await ownerAlertJobs();
    expect(await alertOwnersOfSmsPause(db(), await ctx.handle().jobs())).toBe(true);
    expect(await alertOwnersOfSmsPause(db(), await ctx.handle().jobs())).toBe(false);
    expect((await ownerAlertJobs()) - before).toBeGreaterThanOrEqual(owners.length);
    const queued = (await db().execute(
      sql`select payload->>'to' as "to" from outbox_messages where subject_type = 'owner' and payload->>'kind' = 'sms_paused'`,
    )) as unknown as { rows: { to: string }[] };
    for (const owner of owners) expect(queued.rows.filter((row) => row.to === owner.id)).toHaveLength(1);
    wakeWorkers(await ctx.handle().jobs(), [OUTBOX]);
    const alertsTo = (email: string) =>
      smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(email) && /SMS is paused/.test(m.mail.subject ?? ''));
    expect(await waitFor(async () => owners.every((owner) => alertsTo(owner.email).length === 1), 20_000, 100)).toBe(true);
    expect(alertsTo(owners[0].email)[0].mail.text).toMatch(/Today's 5 SMS \(SMS_DAILY_LIMIT\).+raise SMS_DAILY_LIMIT/s);
    setEnv({ SMTP_URL: undefined });
  });

  it('counts the budget in the database: concurrent sends from two instances never pass it, and a send Termii refused is given back', async () => {
    const limit = 4;
    setEnv({ ...channelSmsOn(termii), SMS_DAILY_LIMIT: String(limit) });
    // Two instances on one database (PostgreSQL: a second pool; PGlite: the same handle), sending at once.
    const second = (await ctx.openSecond()).db;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => sendSmsWithinLimits(i % 2 ? second : db(), { to: nigerian().e164, text: 'Hello' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(limit);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason);
    expect(refused.every((reason) => reason instanceof SmsWithheld && reason.reason === 'paused')).toBe(true);

    // A new limit (an owner raised it) lets SMS go again; a send Termii refused costs nothing.
    setEnv({ SMS_DAILY_LIMIT: String(limit + 1) });
    termii.failNext(1, { status: 400, body: { message: 'Insufficient balance' } });
    await expect(sendSmsWithinLimits(db(), { to: nigerian().e164, text: 'Hello' })).rejects.toThrow(/balance/);
    expect((await smsToday(db())).sent).toBe(limit);
    await sendSmsWithinLimits(db(), { to: nigerian().e164, text: 'Hello' });
    expect(await smsToday(db())).toMatchObject({ sent: limit + 1 });
  });

  it('SMS_COUNTRIES lets an owner allow more countries', async () => {
    setEnv({ ...channelSmsOn(termii), SMS_COUNTRIES: 'NG, us' });
    const sent = await sendSmsWithinLimits(db(), { to: '+14155552699', text: 'Hello' });
    expect(sent.providerId).toBeTruthy();
    await expect(sendSmsWithinLimits(db(), { to: '+79123456700', text: 'Hello' })).rejects.toThrow(/NG, US \(SMS_COUNTRIES\).+in RU/);
  });

  it('a STOP by SMS stops SMS only, START by SMS undoes it; a STOP on WhatsApp still stops SMS too', async () => {
    setEnv(channelsOn());
    const phone = nigerian();
    const lead = await newLead(phone);
    expect(await settled(lead.id)).toBe(true);
    const acksBefore = smsTo(phone.e164).length;

    expect((await signedByTermii(inboundMessage({ from: phone.e164.slice(1), text: 'STOP' }))).status).toBe(200);
    expect(
      smsTo(phone.e164)
        .slice(acksBefore)
        .map((m) => m.sms),
    ).toEqual([expect.stringMatching(/no more SMS from .+ Reply START/)]);
    expect(await optOutOf(db(), phone.e164)).toMatchObject({ channel: 'sms', stops: ['sms'] });

    // The same buyer again, on WhatsApp: the first reply goes by WhatsApp as before the STOP.
    const again = await newLead(phone);
    expect(await settled(again.id)).toBe(true);
    expect(await firstReplyOf(again.id)).toMatchObject({ state: 'sent' });
    expect((await messagesOf(again.id)).map((m) => m.channel)).toEqual(['whatsapp']);

    // Not on WhatsApp any more: SMS would be needed, and the number said STOP there.
    whatsApp.notOnWhatsApp.add(phone.e164);
    const smsBefore = smsTo(phone.e164).length;
    const reminder = {
      leadId: again.id,
      to: phone.e164,
      kind: 'reminder' as const,
      template: 'inspection_reminder',
      parameters: ['a', 'b', 'c'],
    };
    const send = () => sendToPhone(db(), { ...reminder, body: 'A reminder', sms: 'A reminder' });
    expect(await send()).toBe('opted_out');
    expect(smsTo(phone.e164)).toHaveLength(smsBefore);

    // START on SMS undoes it, acknowledged by SMS; then SMS goes again.
    expect((await signedByTermii(inboundMessage({ from: phone.e164.slice(1), text: 'Start' }))).status).toBe(200);
    expect(
      smsTo(phone.e164)
        .slice(smsBefore)
        .map((m) => m.sms),
    ).toEqual([expect.stringMatching(/SMS from .+ again/)]);
    expect(await optOutOf(db(), phone.e164)).toBeUndefined();
    expect(await send()).toBe('sent');
    expect(smsTo(phone.e164).at(-1)?.sms).toBe('A reminder');

    // A STOP on WhatsApp stops both; a START by SMS does not undo it (only one on WhatsApp would).
    const other = nigerian();
    whatsApp.customerWrote(other.e164);
    expect(
      (await signedByMeta(whatsApp.messagePayload({ from: other.e164, text: 'STOP', wamid: `wamid.stop-${other.e164}` }))).status,
    ).toBe(200);
    expect((await signedByTermii(inboundMessage({ from: other.e164.slice(1), text: 'START' }))).status).toBe(200);
    expect(await optOutOf(db(), other.e164)).toMatchObject({ channel: 'whatsapp', stops: ['sms', 'whatsapp'] });
  });
});
