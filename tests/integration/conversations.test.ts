import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { POST as smsEvents } from '@/app/api/webhooks/sms/route';
import { GET as whatsAppHandshake, POST as whatsAppEvents } from '@/app/api/webhooks/whatsapp/route';
import { FIRST_REPLY_GIVE_UP_MS, firstReplyFailedMeanwhile } from '@/modules/leads/conversations/conversations.server';
import { deliverNotification } from '@/modules/leads/notifications/delivery.server';
import { MessageInHand } from '@/modules/messaging/server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { leadConversation } from '@/modules/conversations/conversation.server';
import { LeadConversation } from '@/modules/conversations/components/LeadConversation';
import { leadMessages, leads, outboxMessages } from '@/lib/db/schema';
import { renderToStaticMarkup } from 'react-dom/server';
import { startFakeTermii, deliveryReport, inboundMessage, termiiSignature, type FakeTermii } from '../support/fake-termii';
import { metaJson, startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { waitFor } from '../support/peers';
import {
  CHANNELS_OFF,
  smsOn as channelSmsOn,
  TERMII,
  WHATSAPP,
  WHATSAPP_VERIFY_TOKEN,
  whatsAppOn as channelWhatsAppOn,
} from './channel-fakes';
import {
  describeEachDriver,
  freshClient,
  jsonRequest,
  leadNotificationRows,
  leadNotificationWhere,
  newKey,
  setEnv,
  validLead,
} from './helpers';

/**
 * WhatsApp and SMS as channels of a lead's path (issue 46; docs/decisions/0394-whatsapp-and-sms.md), against fakes of
 * Meta's Cloud API and Termii that speak their documented requests, answers and signed webhooks: the first reply goes
 * within the lead's own delivery (by SMS when the number is not on WhatsApp), statuses move a message forward only,
 * a buyer's message lands on their lead once, and STOP ends everything, acknowledged once.
 */

let whatsApp: WhatsAppFake;
let termii: FakeTermii;
beforeAll(async () => {
  whatsApp = await startFakeWhatsApp(WHATSAPP);
  termii = await startFakeTermii(TERMII);
});
afterAll(async () => {
  await whatsApp.stop();
  await termii.stop();
  setEnv({ ...off, MIN_FILL_MS: undefined });
});

const off = CHANNELS_OFF;
const whatsAppOn = () => channelWhatsAppOn(whatsApp);
const smsOn = () => channelSmsOn(termii);
beforeEach(() => setEnv({ ...off, MIN_FILL_MS: '0', SMTP_URL: undefined, WEBHOOK_URL: undefined, WEBHOOK_SECRET: undefined }));

/** A new lead from its own client, with a phone number of its own; resolves to its id. */
let phoneCounter = 1000;
const nextPhone = () => {
  const local = `0803 555 ${String(phoneCounter++).padStart(4, '0')}`;
  return { local, e164: `+234${local.replace(/\D/g, '').slice(1)}` };
};
async function newLead(overrides: Record<string, unknown> = {}, phone = nextPhone()) {
  const res = await POST(
    jsonRequest('/api/interest', validLead({ phonenumber: phone.local, ...overrides }), {
      headers: { ...freshClient(), 'Idempotency-Key': newKey() },
    }),
  );
  expect(res.status).toBe(201);
  return { id: (await res.json()).id as string, e164: phone.e164 };
}

const signedByMeta = (payload: unknown) => {
  const body = metaJson(payload);
  const signature = `sha256=${createHmac('sha256', WHATSAPP.appSecret).update(body).digest('hex')}`;
  return whatsAppEvents(jsonRequest('/api/webhooks/whatsapp', body, { raw: true, headers: { 'x-hub-signature-256': signature } }));
};
const signedByTermii = (payload: unknown) => {
  const body = JSON.stringify(payload);
  return smsEvents(
    jsonRequest('/api/webhooks/sms', body, { raw: true, headers: { 'x-termii-signature': termiiSignature(body, TERMII.secretKey) } }),
  );
};

describeEachDriver('WhatsApp and SMS', (ctx) => {
  beforeAll(() => startNotificationWorkers(ctx.handle()));

  const messagesOf = (leadId: string) =>
    ctx.handle().db.select().from(leadMessages).where(eq(leadMessages.leadId, leadId)).orderBy(leadMessages.createdAt);
  const firstReplyRow = async (leadId: string) => (await leadNotificationRows(ctx.handle().db, leadId, 'first_reply'))[0];

  it('sets nothing off while neither WhatsApp nor SMS is set up: no first-reply row, and the webhooks answer 404', async () => {
    const lead = await newLead();
    expect(await firstReplyRow(lead.id)).toBeUndefined();
    expect((await signedByMeta(whatsApp.messagePayload({ from: lead.e164, text: 'Hello' }))).status).toBe(404);
    expect((await signedByTermii(inboundMessage({ from: lead.e164, text: 'Hello' }))).status).toBe(404);
  });

  it("sends the first reply by WhatsApp's template within the lead's delivery, naming the district, the agent and the number that will call", async () => {
    setEnv({ ...whatsAppOn(), SITE_PHONE: '+234 700 111 2222' });
    const before = whatsApp.sent.length;
    const lead = await newLead({ fullname: 'Tunde Bakare', title: 'Mr' });
    expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);
    const sent = whatsApp.sent.slice(before).find((m) => m.to === lead.e164.slice(1));
    expect(sent).toMatchObject({ type: 'template' });
    const [message] = await messagesOf(lead.id);
    expect(message).toMatchObject({
      channel: 'whatsapp',
      direction: 'out',
      kind: 'first_reply',
      status: 'sent',
      template: 'lead_first_reply',
    });
    expect(message.body).toBe(
      'Hello Tunde, thank you for your interest in Lugbe, Abuja. Our sales team of Meridian Districts will call you shortly from +234 700 111 2222. Reply here with any question, or STOP to get no more messages.',
    );
    expect(message.providerId).toBe(sent!.wamid);

    // Meta's statuses move it forward only: read stays read when a late "delivered" comes, and a repeat changes nothing.
    const status = (s: 'sent' | 'delivered' | 'read') =>
      whatsApp.statusPayload({ wamid: sent!.wamid, status: s, recipient: lead.e164.slice(1) });
    expect((await signedByMeta(status('delivered'))).status).toBe(200);
    expect((await signedByMeta(status('read'))).status).toBe(200);
    expect((await signedByMeta(status('delivered'))).status).toBe(200);
    expect((await messagesOf(lead.id))[0].status).toBe('read');
    setEnv({ SITE_PHONE: undefined });
  });

  it("carries none of a stranger's words to a number nobody confirmed: a first name of letters only, else no name (issue 57, item 4)", async () => {
    setEnv({ ...whatsAppOn(), ...smsOn(), SITE_PHONE: '+234 700 111 2222' });
    // Anyone may type any number into the form, and a sentence as the name: it must not go out under our sender.
    const scam = 'Ade. Your plot payment failed, call 08031234567 now';
    const byWhatsApp = await newLead({ fullname: scam });
    const smsPhone = nextPhone();
    whatsApp.notOnWhatsApp.add(smsPhone.e164);
    const bySms = await newLead({ fullname: scam }, smsPhone);
    const named = await newLead({ fullname: 'Mrs Adaeze Okafor', title: 'Mrs' });
    for (const lead of [byWhatsApp, bySms, named])
      expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);

    const template = whatsApp.sent.find((m) => m.to === byWhatsApp.e164.slice(1));
    expect(template?.template?.parameters[0]).toBe('there');
    expect(JSON.stringify(template)).not.toMatch(/payment|0803123/);
    const [sent] = await messagesOf(byWhatsApp.id);
    expect(sent.body).toMatch(/^Hello there, thank you for your interest in Lugbe, Abuja\. /);
    const sms = termii.sent.find((m) => m.to === bySms.e164.slice(1));
    expect(sms!.sms).toMatch(/^Hello there, thank you /);
    expect(sms!.sms).not.toMatch(/payment|0803123/);
    // A name that is a name: its first word after the title, and nothing more of it.
    expect(whatsApp.sent.find((m) => m.to === named.e164.slice(1))?.template?.parameters[0]).toBe('Adaeze');
    expect((await messagesOf(named.id))[0].body).toMatch(/^Hello Adaeze, thank you /);
    setEnv({ SITE_PHONE: undefined });
  });

  it('sends it by SMS when the number is not on WhatsApp, and skips a number that cannot get either', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const phone = nextPhone();
    whatsApp.notOnWhatsApp.add(phone.e164);
    const lead = await newLead({}, phone);
    expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);
    const sms = termii.sent.find((m) => m.to === lead.e164.slice(1));
    expect(sms).toMatchObject({ channel: 'dnd', from: TERMII.senderId });
    expect(sms!.sms).toContain('thank you for your interest in Lugbe, Abuja');
    // From a sender name no reply can reach: the SMS does not ask for one.
    expect(sms!.sms).not.toContain('Reply');
    expect((await messagesOf(lead.id)).map((m) => [m.channel, m.kind, m.status])).toEqual([['sms', 'first_reply', 'sent']]);

    // Termii's delivery report, signed, moves it on; one signed with another key is refused.
    expect((await signedByTermii(deliveryReport({ messageId: sms!.messageId, receiver: sms!.to, status: 'Delivered' }))).status).toBe(200);
    expect((await messagesOf(lead.id))[0].status).toBe('delivered');
    const forged = JSON.stringify(deliveryReport({ messageId: sms!.messageId, receiver: sms!.to, status: 'Message Failed' }));
    const refused = await smsEvents(
      jsonRequest('/api/webhooks/sms', forged, {
        raw: true,
        headers: { 'x-termii-signature': termiiSignature(forged, 'another-key-0123456789') },
      }),
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    expect((await messagesOf(lead.id))[0].status).toBe('delivered');
  });

  it('sends it by SMS, once, when Meta took it and reports later that the number is not on WhatsApp', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const lead = await newLead();
    expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);
    const [first] = await messagesOf(lead.id);
    expect(first.channel).toBe('whatsapp');
    const failed = whatsApp.statusPayload({
      wamid: first.providerId!,
      status: 'failed',
      recipient: lead.e164.slice(1),
      errors: [{ code: 131026 }],
    });
    for (let i = 0; i < 2; i++) expect((await signedByMeta(failed)).status).toBe(200);
    // Queued again, it goes by SMS with the queue's retries: once, however often Meta reported the failure.
    expect(await waitFor(async () => (await messagesOf(lead.id)).some((m) => m.channel === 'sms'), 20_000, 100)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await messagesOf(lead.id)).map((m) => [m.channel, m.kind, m.status])).toEqual([
      ['whatsapp', 'first_reply', 'failed'],
      ['sms', 'first_reply', 'sent'],
    ]);
    expect(termii.sent.filter((m) => m.to === lead.e164.slice(1))).toHaveLength(1);
    expect((await firstReplyRow(lead.id))?.state).toBe('sent');
  });

  it('falls back to SMS for any failure Meta reports later, and without SMS marks the first reply failed', async () => {
    const failLater = async (lead: { id: string; e164: string }) => {
      expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);
      const [first] = await messagesOf(lead.id);
      // "Something went wrong" on Meta's side, after it took the message: this message will not be delivered.
      const failed = whatsApp.statusPayload({
        wamid: first.providerId!,
        status: 'failed',
        recipient: lead.e164.slice(1),
        errors: [{ code: 131000 }],
      });
      for (let i = 0; i < 2; i++) expect((await signedByMeta(failed)).status).toBe(200);
    };
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const withSms = await newLead();
    await failLater(withSms);
    expect(
      await waitFor(async () => (await messagesOf(withSms.id)).some((m) => m.channel === 'sms' && m.status === 'sent'), 20_000, 100),
    ).toBe(true);
    // The worker records the attempt just after the send.
    expect(await waitFor(async () => (await firstReplyRow(withSms.id))?.state === 'sent', 20_000, 100)).toBe(true);

    setEnv({ ...off, ...whatsAppOn() });
    const withoutSms = await newLead();
    await failLater(withoutSms);
    expect(await firstReplyRow(withoutSms.id)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/131000/) });
    expect((await messagesOf(withoutSms.id)).map((m) => [m.channel, m.status])).toEqual([['whatsapp', 'failed']]);
  });

  it('settles a failure Meta reported before the send was recorded once it is, and sends no late SMS to a lead already worked', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const jobs = await ctx.handle().jobs();
    const failNow = async (lead: { id: string; e164: string }) => {
      const [first] = await messagesOf(lead.id);
      const failed = whatsApp.statusPayload({
        wamid: first.providerId!,
        status: 'failed',
        recipient: lead.e164.slice(1),
        errors: [{ code: 131000 }],
      });
      expect((await signedByMeta(failed)).status).toBe(200);
    };
    const rowState = (leadId: string, state: 'queued' | 'sent') =>
      ctx.handle().db.update(outboxMessages).set({ state }).where(leadNotificationWhere(leadId, 'first_reply'));

    // The worker has sent it and not yet recorded so (its batch is still going): the webhook leaves the queued row.
    const early = await newLead();
    expect(await waitFor(async () => (await firstReplyRow(early.id))?.state === 'sent', 20_000, 100)).toBe(true);
    await rowState(early.id, 'queued');
    await failNow(early);
    expect((await messagesOf(early.id)).some((m) => m.channel === 'sms')).toBe(false);
    // The worker records it, then looks again: by SMS now.
    await rowState(early.id, 'sent');
    await firstReplyFailedMeanwhile(ctx.handle().db, jobs, early.id);
    expect(
      await waitFor(async () => (await messagesOf(early.id)).some((m) => m.channel === 'sms' && m.status === 'sent'), 20_000, 100),
    ).toBe(true);

    // An agent has already called: "will call you shortly" would come too late. Failed, and no SMS.
    const worked = await newLead();
    expect(await waitFor(async () => (await firstReplyRow(worked.id))?.state === 'sent', 20_000, 100)).toBe(true);
    await ctx.handle().db.update(leads).set({ status: 'contacted' }).where(eq(leads.id, worked.id));
    await failNow(worked);
    expect(await firstReplyRow(worked.id)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/131000/) });
    expect(termii.sent.filter((m) => m.to === worked.e164.slice(1))).toHaveLength(0);
  });

  it('never sends it twice when the sender died mid-send (Meta took it, the answer was lost): its statuses settle it', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const phone = nextPhone();
    const to = phone.e164.slice(1);
    // Meta takes the message, and the connection is cut before its answer, as when the process is killed mid-send.
    whatsApp.failNext(1, { drop: 'taken-then-reset' });
    const lead = await newLead({}, phone);
    expect(await waitFor(async () => (await messagesOf(lead.id))[0]?.status === 'sending', 20_000, 100)).toBe(true);
    // The row is written before the request: the request may reach Meta a moment later.
    expect(await waitFor(async () => whatsApp.sent.some((m) => m.to === to), 20_000, 50)).toBe(true);
    expect(whatsApp.sent.filter((m) => m.to === to)).toHaveLength(1);

    // The next attempt (the queue's retry, or another server after the job expired) finds it begun and sends nothing,
    // by WhatsApp or by SMS.
    // This attempt may find the message in the hands of the queue's own retry, which is then the next attempt.
    const requests = whatsApp.requests;
    const row = (await firstReplyRow(lead.id))!;
    await deliverNotification(ctx.handle().db, row.id).catch((error) => {
      if (!(error instanceof MessageInHand)) throw error;
    });
    expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);
    expect(whatsApp.requests).toBe(requests);
    expect(whatsApp.sent.filter((m) => m.to === to)).toHaveLength(1);
    expect(termii.sent.filter((m) => m.to === to)).toHaveLength(0);
    const [pending] = await messagesOf(lead.id);
    expect([pending.status, pending.providerId]).toEqual(['sending', null]);

    // Meta's statuses carry our id of the message (biz_opaque_callback_data): they find it, and give it Meta's id.
    const { wamid } = whatsApp.sent.find((m) => m.to === to)!;
    const delivered = whatsApp.statusPayload({ wamid, status: 'delivered', recipient: to, callbackData: pending.id });
    expect((await signedByMeta(delivered)).status).toBe(200);
    expect((await messagesOf(lead.id)).map((m) => [m.kind, m.status, m.providerId])).toEqual([['first_reply', 'delivered', wamid]]);
  });

  it('gives a first reply up after two hours rather than tell the buyer a day late that we will call shortly', async () => {
    setEnv(whatsAppOn());
    await whatsApp.down();
    try {
      const lead = await newLead();
      const row = (await firstReplyRow(lead.id))!;
      const twoHoursLater = () => new Date(Date.now() + FIRST_REPLY_GIVE_UP_MS);
      await deliverNotification(ctx.handle().db, row.id, twoHoursLater).catch(() => undefined);
      expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'failed', 20_000, 100)).toBe(true);
    } finally {
      await whatsApp.up();
    }
  });

  it("lands a buyer's message on their lead once, however often Meta sends it; refuses a bad signature; answers Meta's handshake", async () => {
    setEnv(whatsAppOn());
    const lead = await newLead();
    const payload = whatsApp.messagePayload({
      from: lead.e164,
      text: 'Is the Lugbe plot still available?',
      wamid: `wamid.test-${lead.id}`,
    });
    for (let i = 0; i < 2; i++) expect((await signedByMeta(payload)).status).toBe(200);
    const incoming = (await messagesOf(lead.id)).filter((m) => m.direction === 'in');
    expect(incoming.map((m) => [m.channel, m.body, m.status])).toEqual([['whatsapp', 'Is the Lugbe plot still available?', 'received']]);

    const body = metaJson(payload);
    const tampered = await whatsAppEvents(
      jsonRequest('/api/webhooks/whatsapp', body.replace('available', 'sold'), {
        raw: true,
        headers: { 'x-hub-signature-256': `sha256=${createHmac('sha256', WHATSAPP.appSecret).update(body).digest('hex')}` },
      }),
    );
    expect(tampered.status).toBe(401);

    const handshake = (token: string) =>
      whatsAppHandshake(
        new Request(`http://localhost/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`),
      );
    const accepted = await handshake(WHATSAPP_VERIFY_TOKEN);
    expect([accepted.status, await accepted.text()]).toEqual([200, '1158201444']);
    expect((await handshake('wrong-token-0123456789')).status).toBe(403);
  });

  it("keeps a buyer's message without bidirectional and other invisible format characters, and shows it in its own direction", async () => {
    // Issue 57 item 8: U+202E (right-to-left override) would make "I paid 500000" show as another amount to staff.
    setEnv(whatsAppOn());
    const lead = await newLead();
    const text = 'I paid \u202e0000050\u202c naira \u2066ok\u2069\u200b 👨\u200d👩\u200d👧';
    expect((await signedByMeta(whatsApp.messagePayload({ from: lead.e164, text, wamid: `wamid.bidi-${lead.id}` }))).status).toBe(200);
    const incoming = (await messagesOf(lead.id)).filter((m) => m.direction === 'in');
    // The emoji's joiners (U+200D) stay: they join a family into one picture and reorder nothing.
    expect.soft(incoming.map((m) => m.body)).toEqual(['I paid 0000050 naira ok 👨\u200d👩\u200d👧']);
    const conversation = await leadConversation(
      ctx.handle().db,
      { id: lead.id, title: 'Mrs', fullName: 'Adaeze Okafor', phoneE164: lead.e164 },
      { name: 'Agent', email: 'agent@example.org', mayChange: true },
    );
    // Without the reply form (it needs the app's router): the messages are what is checked here.
    const shown = { ...conversation!, reply: { can: 'nothing', why: 'not_set_up' } as const };
    const page = renderToStaticMarkup(LeadConversation({ leadId: lead.id, buyerName: 'Adaeze Okafor', conversation: shown, answer: {} }));
    expect.soft(page).toMatch(/<p class="[^"]*" dir="auto">I paid /);
    expect.soft(page).toMatch(/<span class="[^"]*" dir="auto">Adaeze Okafor<\/span>/);
  });

  it('STOP ends every message to the number, acknowledged once: a later lead with the number gets no first reply', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const lead = await newLead();
    expect(await waitFor(async () => (await firstReplyRow(lead.id))?.state === 'sent', 20_000, 100)).toBe(true);
    const acksBefore = whatsApp.sent.filter((m) => m.to === lead.e164.slice(1) && m.type === 'text').length;
    // The buyer wrote (Meta's fake opens the 24-hour window, in which the acknowledgement may go as text).
    whatsApp.customerWrote(lead.e164);
    for (const [i, text] of ['STOP', 'stop.'].entries()) {
      const answer = await signedByMeta(whatsApp.messagePayload({ from: lead.e164, text, wamid: `wamid.stop-${i}-${lead.id}` }));
      expect(answer.status).toBe(200);
    }
    const acks = whatsApp.sent.filter((m) => m.to === lead.e164.slice(1) && m.type === 'text');
    expect(acks.length - acksBefore).toBe(1);
    expect((await messagesOf(lead.id)).filter((m) => m.kind === 'opt_out_ack')).toHaveLength(1);

    // The same buyer again, by the form: the first reply is skipped, by either channel.
    const sentBefore = whatsApp.sent.length + termii.sent.length;
    const again = await POST(
      jsonRequest('/api/interest', validLead({ phonenumber: lead.e164, fullname: 'Adaeze Okafor-Again' }), {
        headers: { ...freshClient(), 'Idempotency-Key': newKey() },
      }),
    );
    const againId = (await again.json()).id as string;
    expect(await waitFor(async () => (await firstReplyRow(againId))?.state === 'skipped', 20_000, 100)).toBe(true);
    expect((await firstReplyRow(againId))?.lastError).toMatch(/STOP/);
    expect(whatsApp.sent.length + termii.sent.length).toBe(sentBefore);
  });

  it("takes an SMS reply through Termii's signed inbound event", async () => {
    setEnv(smsOn());
    const lead = await newLead();
    expect((await signedByTermii(inboundMessage({ from: lead.e164.slice(1), text: 'Please call me after 5pm' }))).status).toBe(200);
    expect((await messagesOf(lead.id)).filter((m) => m.direction === 'in').map((m) => [m.channel, m.body])).toEqual([
      ['sms', 'Please call me after 5pm'],
    ]);
  });
});
