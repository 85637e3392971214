import { createHmac } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as releaseHeld } from '@/app/api/admin/leads/held/route';
import { POST as postInterest } from '@/app/api/interest/route';
import { POST as smsEvents } from '@/app/api/webhooks/sms/route';
import { POST as whatsAppEvents } from '@/app/api/webhooks/whatsapp/route';
import { GET as exportLeads } from '@/app/api/admin/exports/leads/route';
import { PATCH as patchLead } from '@/app/api/admin/leads/[id]/route';
import { setTakesNewLeads } from '@/modules/staff/repository.server';
import { heldLeadsSummary } from '@/modules/leads/held.repository.server';
import { bookInspection } from '@/modules/inspections/inspections.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { deliverInspectionMessage } from '@/modules/inspections/messages/delivery.server';
import { dashboardFigures } from '@/modules/insights/dashboard.repository.server';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { conversionFigures } from '@/modules/insights/conversion.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { lagosDayOf } from '@/lib/working-time';
import { leadActivity, leadMessages, leads, rateLimits, staffUsers, visitCounts } from '@/lib/db/schema';
import { startFakeTermii, inboundMessage, termiiSignature, type FakeTermii } from '../support/fake-termii';
import { metaJson, startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { CHANNELS_OFF, smsOn, TERMII, WHATSAPP, whatsAppOn } from './channel-fakes';
import {
  bookingMessageRows,
  describeEachDriver,
  freshClient,
  jsonRequest,
  leadNotificationRows,
  newKey,
  setEnv,
  validLead,
} from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Chats that start on WhatsApp become leads (issue 46, item 4; docs/decisions/0399), against the fake of Meta's Cloud
 * API: the first message from a number no lead has makes a lead with the district and campaign its link named, taken
 * as a form's lead is (its agent, the sales e-mail, the first reply; no receipt, having no address), and counted in the
 * conversion view beside the form's leads. Its later messages, and the same message again, make no second lead.
 */

const SALES = 'sales@example.com';
let whatsApp: WhatsAppFake;
let termii: FakeTermii;
let smtp: Peer<ReceivedMail>;
beforeAll(async () => {
  whatsApp = await startFakeWhatsApp(WHATSAPP);
  termii = await startFakeTermii(TERMII);
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await Promise.all([whatsApp.stop(), termii.stop(), smtp.stop()]);
  setEnv({ ...CHANNELS_OFF, SMTP_URL: undefined, LEADS_NOTIFY_TO: undefined, RATE_LIMIT_INTEREST_SITE: undefined, MIN_FILL_MS: undefined });
});
beforeEach(() =>
  setEnv({
    ...whatsAppOn(whatsApp),
    ...smsOn(termii),
    SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
    SMTP_URL: smtp.url,
    LEADS_NOTIFY_TO: SALES,
    SITE_PHONE: '+234 700 111 2222',
    WEBHOOK_URL: undefined,
    WEBHOOK_SECRET: undefined,
    RATE_LIMIT_INTEREST_SITE: undefined,
    MIN_FILL_MS: '0',
  }),
);

let numbers = 0;
const newNumber = () => `+23480977${String(numbers++).padStart(5, '0')}`;

const fromMeta = (payload: unknown) => {
  const body = metaJson(payload);
  const signature = `sha256=${createHmac('sha256', WHATSAPP.appSecret).update(body).digest('hex')}`;
  return whatsAppEvents(jsonRequest('/api/webhooks/whatsapp', body, { raw: true, headers: { 'x-hub-signature-256': signature } }));
};

describeEachDriver('chats that start on WhatsApp become leads', (ctx) => {
  let agentId = '';
  beforeAll(async () => {
    agentId = (await makeStaff(ctx.handle().db, 'agent', `chat-agent-${ctx.kind}@example.com`)).id;
    // On duty: the round-robin deals new leads to agents who take them.
    await setTakesNewLeads(ctx.handle().db, agentId, true);
    startNotificationWorkers(ctx.handle());
  });

  const db = () => ctx.handle().db;
  const leadsWith = (phone: string) => db().select().from(leads).where(eq(leads.phoneE164, phone));
  const messagesOf = (leadId: string) =>
    db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId)).orderBy(asc(leadMessages.createdAt));
  const notification = async (leadId: string, channel: 'receipt' | 'sales_email' | 'first_reply') =>
    (await leadNotificationRows(db(), leadId, channel))[0];

  it("makes a lead of a chat from District 1's link: its district and campaign, its agent, the sales e-mail and first reply, no receipt", async () => {
    const phone = newNumber();
    // The campaign's visits to /d1, counted as a visitor tapped through from a Facebook ad.
    await db()
      .insert(visitCounts)
      .values({
        day: lagosDayOf(new Date()),
        path: '/d1',
        kind: 'campaign',
        source: 'facebook',
        medium: 'cpc',
        campaign: 'lugbe-nov',
        visits: 40,
        visitors: 35,
      });
    const text = 'Hello, I am interested in a plot in Lugbe, Abuja. (ref D1 lugbe-nov)';
    const answer = await fromMeta(whatsApp.messagePayload({ from: phone, text, profileName: 'Ngozi Eze', wamid: `wamid.first-${phone}` }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ leads: 1, received: 0, unknown: 0 });

    const [lead] = await leadsWith(phone);
    expect(lead).toMatchObject({
      origin: 'whatsapp',
      title: null,
      fullName: 'Ngozi Eze',
      email: null,
      phoneRaw: phone,
      district: 'Lugbe, Abuja',
      landingPath: '/d1',
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'lugbe-nov',
      status: 'new',
      spam: false,
      assignedTo: agentId,
    });
    // The buyer's message is the conversation's first line.
    expect((await messagesOf(lead.id)).find((m) => m.direction === 'in')).toMatchObject({
      channel: 'whatsapp',
      body: text,
      status: 'received',
    });

    // No address, no receipt; the sales e-mail says where the lead began and has no reply-to; the first reply goes.
    expect(await notification(lead.id, 'receipt')).toMatchObject({ state: 'skipped', lastError: expect.stringMatching(/WhatsApp/) });
    expect(await waitFor(async () => (await notification(lead.id, 'first_reply'))?.state === 'sent', 20_000, 100)).toBe(true);
    expect(await waitFor(async () => (await notification(lead.id, 'sales_email'))?.state === 'sent', 20_000, 100)).toBe(true);
    const mail = smtp.received.find((m) => m.mail.text?.includes(phone));
    expect(mail?.mail.subject).toBe('New lead: Lugbe, Abuja — Ngozi Eze');
    expect(mail?.mail.text).toMatch(/started a chat with us on WhatsApp/);
    expect(mail?.mail.text).toMatch(/Came by: A WhatsApp chat the buyer started/);
    expect(mail?.mail.replyTo).toBeUndefined();
    const firstReply = (await messagesOf(lead.id)).find((m) => m.kind === 'first_reply');
    expect(firstReply?.body).toMatch(
      /^Hello Ngozi, thank you for your interest in Lugbe, Abuja\. .+ of Meridian Districts will call you shortly from \+234 700 111 2222\./,
    );

    // The conversion view counts it on the row of the visits that brought it, beside the form's leads.
    const today = lagosDayOf(new Date());
    const figures = await conversionFigures(db(), { from: today, to: today });
    const row = figures.bySource.find((r) => r.group.view === 'source' && r.group.campaign === 'lugbe-nov');
    expect(row).toMatchObject({ visitors: 35, leads: 1, byWhatsApp: 1 });
    expect(figures.byPage.find((r) => r.group.view === 'page' && r.group.path === '/d1')).toMatchObject({ byWhatsApp: 1 });

    // A campaign whose name the reference had to rewrite ("Moniya Launch"), whose visitors landed on the home page and
    // tapped WhatsApp on District 2's: on the row of those visits all the same.
    await db().insert(visitCounts).values({
      day: today,
      path: '/',
      kind: 'campaign',
      source: 'instagram',
      medium: 'story',
      campaign: 'moniya launch',
      visits: 9,
      visitors: 9,
    });
    const other = newNumber();
    await fromMeta(
      whatsApp.messagePayload({ from: other, text: 'Hello, I am interested in a plot in Moniya, Ibadan. (ref D2 Moniya-Launch)' }),
    );
    expect((await leadsWith(other))[0]).toMatchObject({
      landingPath: '/d2',
      utmSource: 'instagram',
      utmMedium: 'story',
      utmCampaign: 'moniya launch',
    });

    // The owners' CSV says where it began, with the title and e-mail empty.
    const owner = await makeStaff(db(), 'owner', `chat-owner-${ctx.kind}@example.com`);
    const csv = await (
      await exportLeads(staffRequest('/api/admin/exports/leads', { cookie: await sessionCookieFor(db(), owner) }), undefined)
    ).text();
    const line = csv.split('\r\n').find((l) => l.includes(lead.id))!;
    expect(line).toContain('"","Ngozi Eze",""');
    expect(line.endsWith('"whatsapp"')).toBe(true);
  });

  it('makes one lead of a chat however often Meta delivers its message, and threads its later messages on it', async () => {
    const phone = newNumber();
    const first = whatsApp.messagePayload({
      from: phone,
      text: 'Hi, do you have plots? (ref HOME)',
      profileName: 'Tobi',
      wamid: `wamid.a-${phone}`,
    });
    // Delivered twice at once, then a second message while the first reply is still on its way.
    const answers = await Promise.all([fromMeta(first), fromMeta(first)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await fromMeta(whatsApp.messagePayload({ from: phone, text: 'In Moniya please', wamid: `wamid.b-${phone}` }))).status).toBe(
      200,
    );
    const found = await leadsWith(phone);
    expect(found).toHaveLength(1);
    // The home page's link names no district, and the first message neither: not said yet.
    expect(found[0]).toMatchObject({ district: null, landingPath: '/', utmSource: null, utmCampaign: null });
    const incoming = (await messagesOf(found[0].id)).filter((m) => m.direction === 'in').map((m) => m.body);
    expect(incoming).toEqual(['Hi, do you have plots? (ref HOME)', 'In Moniya please']);
    expect(await waitFor(async () => (await notification(found[0].id, 'first_reply'))?.state === 'sent', 20_000, 100)).toBe(true);
    const reply = (await messagesOf(found[0].id)).find((m) => m.kind === 'first_reply');
    expect(reply?.body).toMatch(/^Hello Tobi, thank you for your interest in our plots in Abuja and Ibadan\./);
    // The dashboard's leads per day show it as a series of its own until its district is set.
    const today = lagosDayOf(new Date());
    const { perDay } = await dashboardFigures(db(), { from: today, to: today }, DEFAULT_WORKING_TIME);
    expect(perDay.filter((row) => row.district === null)).toEqual([{ day: today, district: null, count: 1 }]);
  });

  it("takes a click-to-WhatsApp ad's chat as Meta's campaign, and a district from the buyer's own words", async () => {
    const phone = newNumber();
    const payload = whatsApp.messagePayload({
      from: phone,
      text: 'I saw your advert. Is there still land in Moniya?',
      profileName: 'Kemi Adebayo',
      referral: { sourceUrl: 'https://fb.me/3xAmPlE', sourceId: '120210000000001', sourceType: 'ad', headline: 'Moniya Launch' },
    });
    expect((await fromMeta(payload)).status).toBe(200);
    expect((await leadsWith(phone))[0]).toMatchObject({
      origin: 'whatsapp',
      district: 'Moniya, Ibadan',
      landingPath: null,
      utmSource: 'meta',
      utmMedium: 'ad',
      utmCampaign: 'moniya launch',
      utmContent: '120210000000001',
      referrer: 'https://fb.me/3xAmPlE',
    });
  });

  it('lets its agent set the district the call learnt, in the lead history; any other value is a 400', async () => {
    const phone = newNumber();
    await fromMeta(whatsApp.messagePayload({ from: phone, text: 'Good evening, do you have land? (ref HOME)', profileName: 'Ifeoma' }));
    const [lead] = await leadsWith(phone);
    expect(lead.district).toBeNull();
    const agent = (await db().select().from(staffUsers).where(eq(staffUsers.id, lead.assignedTo!)))[0];
    const cookie = await sessionCookieFor(db(), agent);
    const patch = (body: unknown) =>
      patchLead(staffRequest(`/api/admin/leads/${lead.id}`, { method: 'PATCH', cookie, body }), {
        params: Promise.resolve({ id: lead.id }),
      });

    const set = await patch({ district: 'Moniya, Ibadan' });
    expect([set.status, await set.json()]).toEqual([200, { ok: true, changed: true, district: 'Moniya, Ibadan' }]);
    expect((await leadsWith(phone))[0].district).toBe('Moniya, Ibadan');
    expect(await (await patch({ district: 'Moniya, Ibadan' })).json()).toMatchObject({ changed: false });
    const history = await db().select().from(leadActivity).where(eq(leadActivity.leadId, lead.id));
    expect(history.filter((h) => h.action === 'district_changed').map((h) => h.detail)).toEqual([{ from: null, to: 'Moniya, Ibadan' }]);

    const wrong = await patch({ district: 'Lekki, Lagos' });
    expect([wrong.status, await wrong.json()]).toEqual([400, { error: 'Choose Lugbe, Abuja or Moniya, Ibadan.' }]);
    // Another agent may only claim it while it is offered (409, as for its status), and changes nothing.
    const other = await makeStaff(db(), 'agent');
    const outside = await patchLead(
      staffRequest(`/api/admin/leads/${lead.id}`, {
        method: 'PATCH',
        cookie: await sessionCookieFor(db(), other),
        body: { district: 'Lugbe, Abuja' },
      }),
      { params: Promise.resolve({ id: lead.id }) },
    );
    expect(outside.status).toBe(409);
    expect((await leadsWith(phone))[0].district).toBe('Moniya, Ibadan');
  });

  it("books a chat's lead on a site inspection: its reminders reach the phone, and the e-mail has nowhere to go", async () => {
    const phone = newNumber();
    await fromMeta(whatsApp.messagePayload({ from: phone, text: 'Can I see the land in Lugbe? (ref D1)', profileName: 'Musa Bello' }));
    const [lead] = await leadsWith(phone);
    const slot = await insertSlot(db(), {
      district: 'Lugbe, Abuja',
      startsAt: new Date(Math.ceil((Date.now() + 72 * 3_600_000) / 60_000) * 60_000),
      kind: 'on_site',
      seats: 10,
      meetingPoint: 'Estate gate',
      mapUrl: null,
    });
    const booked = await bookInspection(db(), { leadId: lead.id, slotId: slot.id, partySize: 2 }, await ctx.handle().jobs(), new Date());
    if (!booked.ok) throw new Error(`not booked: ${booked.why}`);
    const reminders = await bookingMessageRows(db(), (m) => m.bookingId === booked.booking.id && m.kind === 'reminder_24h');
    for (const reminder of reminders) await deliverInspectionMessage(db(), reminder.id, { now: () => reminder.dueAt });
    const states = await bookingMessageRows(db(), (m) => m.bookingId === booked.booking.id);
    expect(
      states
        .filter((m) => m.kind === 'reminder_24h')
        .map((m) => `${m.channel} ${m.state}`)
        .sort(),
    ).toEqual(['email not_configured', 'phone sent']);
    const sent = whatsApp.sent.find((m) => m.to === phone.slice(1) && m.template?.name === 'inspection_reminder');
    // A phone message greets by the first name only (docs/decisions/0403).
    expect(sent?.template?.parameters[0]).toBe('Musa');
  });

  it('makes no lead of a STOP, nor of an SMS from a number no lead has', async () => {
    const stopper = newNumber();
    whatsApp.customerWrote(stopper);
    const stop = await fromMeta(whatsApp.messagePayload({ from: stopper, text: 'STOP' }));
    expect(await stop.json()).toMatchObject({ leads: 0, optedOut: 1, unknown: 1 });
    expect(await leadsWith(stopper)).toEqual([]);

    const texter = newNumber();
    const body = JSON.stringify(inboundMessage({ from: texter.slice(1), text: 'Hello, I want land' }));
    const sms = await smsEvents(
      jsonRequest('/api/webhooks/sms', body, { raw: true, headers: { 'x-termii-signature': termiiSignature(body, TERMII.secretKey) } }),
    );
    expect(await sms.json()).toMatchObject({ leads: 0, unknown: 1 });
    expect(await leadsWith(texter)).toEqual([]);
  });
  // ---- issue 57, item 5: chats under the form's flood rules; a stranger's number is not the buyer's (0403) ----------

  /** A form's lead with this number from a client of its own; its id. */
  const formLead = async (phone: string, overrides: Record<string, unknown> = {}) => {
    const res = await postInterest(
      jsonRequest('/api/interest', validLead({ phonenumber: `0${phone.slice(4)}`, ...overrides }), {
        headers: { ...freshClient(), 'Idempotency-Key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    return (await res.json()).id as string;
  };
  const leadById = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0];
  /** A site-wide window of `count` leads a day, emptied (the tests before counted their leads in it). */
  const freshSiteWindow = async (count: number) => {
    setEnv({ RATE_LIMIT_INTEREST_SITE: `${count}/86400` });
    const intoDay = Date.now() % 86_400_000;
    if (intoDay > 86_400_000 - 20_000) await new Promise((resolve) => setTimeout(resolve, 86_400_000 - intoDay + 500));
    await db().delete(rateLimits).where(eq(rateLimits.bucket, 'interest:site'));
  };
  const floodAlertsFor = async (leadId: string) =>
    (
      (await db().execute(
        sql`select payload->>'to' as "to" from outbox_messages where subject_type = 'owner' and payload->>'firstHeldId' = ${leadId}`,
      )) as unknown as { rows: { to: string }[] }
    ).rows;

  it('holds a new chat past the site-wide window as a form lead is held: only the owners hear, and its later messages stay on it', async () => {
    const owner = await makeStaff(db(), 'owner', `chat-flood-owner-${ctx.kind}@example.com`);
    await freshSiteWindow(1);
    // A form's lead takes the window's one place: the window is the form's and the chats' alike.
    const buyer = await formLead(newNumber());
    expect(await leadById(buyer)).toMatchObject({ spam: false, spamReason: null });

    const phone = newNumber();
    const answer = await fromMeta(
      whatsApp.messagePayload({ from: phone, text: 'Hello (ref D1)', profileName: 'Chat Flood', wamid: `wamid.flood-${phone}` }),
    );
    expect(await answer.json()).toMatchObject({ leads: 1, received: 0 });
    const [lead] = await leadsWith(phone);
    expect(lead).toMatchObject({ origin: 'whatsapp', spam: true, spamReason: 'flood', assignedTo: null });
    // Nobody is dealt it or told of it, and no first reply goes: an owner releases it, or discards it.
    expect(await leadNotificationRows(db(), lead.id)).toEqual([]);
    expect((await floodAlertsFor(lead.id)).map((row) => row.to)).toContain(owner.id);

    // Its next message is the same chat: on its own held lead, no second lead, no push to anyone.
    const next = await fromMeta(whatsApp.messagePayload({ from: phone, text: 'Hello?', wamid: `wamid.flood2-${phone}` }));
    expect(await next.json()).toMatchObject({ leads: 0, received: 1, unknown: 0 });
    expect(await leadsWith(phone)).toHaveLength(1);
    expect((await messagesOf(lead.id)).filter((m) => m.direction === 'in').map((m) => m.body)).toEqual(['Hello (ref D1)', 'Hello?']);

    // Released by an owner, it is a chat's lead as any other: dealt out, and its first reply goes.
    const shown = (await heldLeadsSummary(db()))!.count;
    const cookie = await sessionCookieFor(db(), owner);
    const released = await releaseHeld(
      staffRequest('/api/admin/leads/held', { method: 'POST', cookie, body: { count: shown } }),
      undefined,
    );
    expect(await released.json()).toEqual({ ok: true, released: shown });
    expect((await leadsWith(phone))[0]).toMatchObject({ spam: false, spamReason: null, assignedTo: agentId });
    expect(await waitFor(async () => (await notification(lead.id, 'first_reply'))?.state === 'sent', 20_000, 100)).toBe(true);

    // With room in the window, a chat is taken as usual and takes its place.
    await freshSiteWindow(5);
    const other = newNumber();
    await fromMeta(whatsApp.messagePayload({ from: other, text: 'Hello (ref D2)', profileName: 'Real Buyer' }));
    expect((await leadsWith(other))[0]).toMatchObject({ spam: false, spamReason: null, assignedTo: agentId });
    const [site] = await db().select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.bucket, 'interest:site'));
    expect(site.count).toBe(1);
  });

  it("never lands a chat on a spam or held lead that a stranger's form made with the buyer's number: the buyer's chat is a lead of its own", async () => {
    const buyer = newNumber();
    // A bot's form with the buyer's number (spam), then a stranger's held in a flood (the window full).
    const spam = await formLead(buyer, { website: 'http://bot.example' });
    await freshSiteWindow(1);
    await formLead(newNumber());
    const held = await formLead(buyer, { fullname: 'Ade Your payment failed call 08031234567' });
    expect(await leadById(spam)).toMatchObject({ spam: true, spamReason: 'honeypot' });
    expect(await leadById(held)).toMatchObject({ spam: true, spamReason: 'flood' });

    await freshSiteWindow(30);
    const answer = await fromMeta(
      whatsApp.messagePayload({ from: buyer, text: 'Who is this? (ref D1)', profileName: 'Bisi Ade', wamid: `wamid.who-${buyer}` }),
    );
    expect(await answer.json()).toMatchObject({ leads: 1, received: 0 });
    const chat = (await leadsWith(buyer)).find((lead) => lead.origin === 'whatsapp');
    expect(chat).toMatchObject({ fullName: 'Bisi Ade', spam: false, assignedTo: agentId });
    expect(chat?.phoneVerifiedAt).toBeInstanceOf(Date);
    expect((await messagesOf(chat!.id)).find((m) => m.direction === 'in')?.body).toBe('Who is this? (ref D1)');
    // The stranger's leads got nothing, and their number stays unconfirmed.
    for (const id of [spam, held]) {
      expect(await messagesOf(id)).toEqual([]);
      expect((await leadById(id)).phoneVerifiedAt).toBeNull();
    }

    // An SMS from a number whose only lead is a stranger's held one lands nowhere.
    const texter = newNumber();
    await freshSiteWindow(1);
    await formLead(newNumber());
    const heldToo = await formLead(texter);
    const body = JSON.stringify(inboundMessage({ from: texter.slice(1), text: 'Who gave you my number?' }));
    const sms = await smsEvents(
      jsonRequest('/api/webhooks/sms', body, { raw: true, headers: { 'x-termii-signature': termiiSignature(body, TERMII.secretKey) } }),
    );
    expect(await sms.json()).toMatchObject({ leads: 0, received: 0, unknown: 1 });
    expect(await messagesOf(heldToo)).toEqual([]);
  });

  it('keeps a number typed into a form unconfirmed until its buyer writes from it; a chat’s number is confirmed from the start', async () => {
    const phone = newNumber();
    const lead = await formLead(phone);
    expect(await leadById(lead)).toMatchObject({ spam: false, phoneVerifiedAt: null });
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const answer = await fromMeta(whatsApp.messagePayload({ from: phone, text: 'Yes, I filled the form', timestamp: at.getTime() }));
    expect(await answer.json()).toMatchObject({ leads: 0, received: 1 });
    expect((await leadById(lead)).phoneVerifiedAt?.getTime()).toBe(at.getTime());

    // By SMS as well.
    const texter = newNumber();
    const other = await formLead(texter);
    const body = JSON.stringify(inboundMessage({ from: texter.slice(1), text: 'Call me after 5' }));
    await smsEvents(
      jsonRequest('/api/webhooks/sms', body, { raw: true, headers: { 'x-termii-signature': termiiSignature(body, TERMII.secretKey) } }),
    );
    expect((await leadById(other)).phoneVerifiedAt).toBeInstanceOf(Date);

    const chatter = newNumber();
    await fromMeta(whatsApp.messagePayload({ from: chatter, text: 'Hello (ref HOME)' }));
    expect((await leadsWith(chatter))[0].phoneVerifiedAt).toBeInstanceOf(Date);
  });
});
