import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as messagesRoute } from '@/app/api/admin/leads/[id]/messages/route';
import { FOLLOW_UP_COPY } from '@/content/conversations';
import { optOut } from '@/modules/leads/conversations/conversations.server';
import { recordReceived, recordSent, recordStatus } from '@/modules/leads/conversations/messages.repository.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { leadConversation } from '@/modules/conversations/conversation.server';
import { STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import { leadActivity, leadMessages, leads, staffUsers, type LeadRow } from '@/lib/db/schema';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { startFakeTermii, type FakeTermii } from '../support/fake-termii';
import { startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { CHANNELS_OFF, smsOn as channelSmsOn, TERMII, WHATSAPP, whatsAppOn as channelWhatsAppOn } from './channel-fakes';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * An agent answers a buyer from the lead page (issue 46; docs/decisions/0394-whatsapp-and-sms.md), against fakes of
 * Meta's Cloud API and Termii: free text by WhatsApp inside its 24-hour window, the approved follow-up template outside
 * it, SMS when only SMS is set up; never to a number that said STOP, never on another agent's lead; the first reply is
 * the lead's first contact. What the page lists is read as the page reads it.
 */

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const WINDOW_CLOSED =
  'WhatsApp lets a business write freely only within 24 hours of the buyer’s last message; outside it only an approved template can go. Send the approved follow-up template instead.';
const HOUR = 3_600_000;

let whatsApp: WhatsAppFake;
let termii: FakeTermii;
beforeAll(async () => {
  whatsApp = await startFakeWhatsApp(WHATSAPP);
  termii = await startFakeTermii(TERMII);
});
afterAll(async () => {
  await whatsApp.stop();
  await termii.stop();
  setEnv({ ...off });
});

const off = { ...CHANNELS_OFF, WHATSAPP_FOLLOW_UP_TEMPLATE: undefined };
const whatsAppOn = () => channelWhatsAppOn(whatsApp);
const smsOn = () => channelSmsOn(termii);

let phoneCounter = 1000;

describeEachDriver('answering a buyer from the lead page', (ctx) => {
  const db = () => ctx.handle().db;
  let ada = { id: '', email: '', cookie: '' };
  let ben = { id: '', cookie: '' };
  let owner = '';

  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, SITE_BRAND: undefined });
    const adaRow = await makeStaff(db(), 'agent');
    await db().update(staffUsers).set({ name: 'Ada Eze' }).where(eq(staffUsers.id, adaRow.id));
    ada = { id: adaRow.id, email: adaRow.email, cookie: await sessionCookieFor(db(), adaRow) };
    const benRow = await makeStaff(db(), 'agent');
    ben = { id: benRow.id, cookie: await sessionCookieFor(db(), benRow) };
    owner = await sessionCookieFor(db(), await makeStaff(db(), 'owner'));
  });
  beforeEach(() => {
    setEnv({ ...off, ...whatsAppOn(), ...smsOn() });
    whatsApp.failuresBy = 'response';
  });

  /** A lead with a number of its own (the fakes serve both databases' suites), given to Ada unless told. */
  async function newLead(row: Partial<LeadRow> = {}, fullname = 'Chiamaka Obi') {
    const phone = `0803 777 ${String(phoneCounter++).padStart(4, '0')}`;
    const saved = await saveLead(db(), { input: validLead({ phonenumber: phone, fullname, title: 'Ms' }) as never, spam: false });
    await db()
      .update(leads)
      .set({ assignedTo: ada.id, ...row })
      .where(eq(leads.id, saved.id));
    const e164 = `+234${phone.replace(/\D/g, '').slice(1)}`;
    return { id: saved.id, e164, digits: e164.slice(1) };
  }
  /** The buyer wrote by `channel` this long ago (as the webhook records it), and Meta's window opened then. */
  async function buyerWrote(lead: { id: string; e164: string }, text: string, hoursAgo: number, channel: 'whatsapp' | 'sms' = 'whatsapp') {
    const at = new Date(Date.now() - hoursAgo * HOUR);
    await recordReceived(db(), { leadId: lead.id, channel, providerId: `in-${lead.id}-${at.getTime()}`, body: text }, at);
    if (channel === 'whatsapp') whatsApp.customerWrote(lead.e164, at.getTime());
  }
  const send = (cookie: string, leadId: string, body: unknown) =>
    messagesRoute(staffRequest(`/api/admin/leads/${leadId}/messages`, { method: 'POST', cookie, body }), {
      params: Promise.resolve({ id: leadId }),
    });
  const pageOf = (
    leadId: string,
    viewer: { name: string; email: string; mayChange: boolean } = { name: 'Ada Eze', email: ada.email, mayChange: true },
  ) =>
    db()
      .select()
      .from(leads)
      .where(eq(leads.id, leadId))
      .then(([lead]) => leadConversation(db(), lead, viewer));
  const rowsOf = (leadId: string) =>
    db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId)).orderBy(leadMessages.createdAt);
  const leadRow = async (leadId: string) => (await db().select().from(leads).where(eq(leads.id, leadId)))[0];
  const sentTo = (digits: string) => whatsApp.sent.filter((message) => message.to === digits);
  const smsTo = (digits: string) => termii.sent.filter((message) => message.to === digits);

  it('lists the conversation for the page oldest first: who sent each message, its channel and how far it got', async () => {
    const lead = await newLead();
    const t0 = Date.now() - 3 * HOUR;
    await recordSent(
      db(),
      { leadId: lead.id, channel: 'whatsapp', kind: 'first_reply', body: 'Hello Ms Obi…', providerId: 'wamid.first' },
      new Date(t0),
    );
    await recordStatus(db(), { channel: 'whatsapp', providerId: 'wamid.first', status: 'read', at: new Date(t0 + 60_000) });
    await buyerWrote(lead, 'Is the Lugbe plot still available?', 1);
    const res = await send(ada.cookie, lead.id, { kind: 'text', text: 'Yes Ma, it is. May I call you at 4?' });
    expect(res.status).toBe(201);
    await recordSent(
      db(),
      { leadId: lead.id, channel: 'sms', kind: 'text', body: 'Lost one', providerId: 'sms-lost', staffId: ada.id },
      new Date(Date.now() + 1000),
    );
    await recordStatus(db(), {
      channel: 'sms',
      providerId: 'sms-lost',
      status: 'failed',
      at: new Date(),
      error: 'DND active on the number',
    });

    const page = await pageOf(lead.id);
    expect(
      page?.messages.map(({ direction, channel, kind, sentBy, status, error }) => ({ direction, channel, kind, sentBy, status, error })),
    ).toEqual([
      { direction: 'out', channel: 'whatsapp', kind: 'first_reply', sentBy: null, status: 'read', error: null },
      { direction: 'in', channel: 'whatsapp', kind: 'text', sentBy: null, status: 'received', error: null },
      { direction: 'out', channel: 'whatsapp', kind: 'text', sentBy: 'Ada Eze', status: 'sent', error: null },
      { direction: 'out', channel: 'sms', kind: 'text', sentBy: 'Ada Eze', status: 'failed', error: 'DND active on the number' },
    ]);
    expect(page?.messages[2].body).toBe('Yes Ma, it is. May I call you at 4?');
    expect(page?.optedOut).toBeUndefined();
  });

  it('shows no Messages while neither WhatsApp nor SMS is set up and the lead has none; with messages, no reply box and why', async () => {
    setEnv(off);
    const quiet = await newLead();
    expect(await pageOf(quiet.id)).toBeUndefined();
    const talked = await newLead();
    await buyerWrote(talked, 'Hello?', 2);
    expect(await pageOf(talked.id)).toMatchObject({ messages: [{ body: 'Hello?' }], reply: { can: 'nothing', why: 'not_set_up' } });
    // Set up, with nothing said yet: the section shows, ready for the template.
    setEnv(whatsAppOn());
    expect(await pageOf(quiet.id)).toMatchObject({ messages: [], reply: { can: 'follow_up' } });
  });

  it('sends free text by WhatsApp inside the 24-hour window, records it as the agent’s and answers 201 with it', async () => {
    const lead = await newLead();
    await buyerWrote(lead, 'Please send the price list', 23);
    expect(await pageOf(lead.id)).toMatchObject({ reply: { can: 'text', channel: 'whatsapp' } });
    const res = await send(ada.cookie, lead.id, { kind: 'text', text: 'Good evening Ma,\nthe list is attached to our site.' });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toMatchObject({
      ok: true,
      notice: 'Sent by WhatsApp.',
      message: { channel: 'whatsapp', direction: 'out', kind: 'text', status: 'sent', sentBy: 'Ada Eze' },
    });
    expect(sentTo(lead.digits)).toEqual([
      expect.objectContaining({ type: 'text', text: 'Good evening Ma,\nthe list is attached to our site.' }),
    ]);
    const out = (await rowsOf(lead.id)).filter((row) => row.direction === 'out');
    expect(out).toEqual([
      expect.objectContaining({
        staffId: ada.id,
        providerId: sentTo(lead.digits)[0].wamid,
        body: 'Good evening Ma,\nthe list is attached to our site.',
      }),
    ]);
    expect(smsTo(lead.digits)).toEqual([]);
  });

  it('refuses free text outside the window with 409 and why, sending nothing; the approved follow-up template goes instead', async () => {
    const lead = await newLead({}, 'Emeka Nwosu');
    await buyerWrote(lead, 'I will think about it', 25);
    const page = await pageOf(lead.id);
    expect(page?.reply).toEqual({
      can: 'follow_up',
      lastWrote: expect.any(Date),
      preview:
        'Hello Emeka, Ada Eze of Meridian Districts tried to reach you about your plot enquiry. Reply here whenever it suits you, or STOP to get no more messages.',
    });

    const refused = await send(ada.cookie, lead.id, { kind: 'text', text: 'Any news?' });
    expect([refused.status, await refused.json()]).toEqual([409, { error: WINDOW_CLOSED }]);
    expect(sentTo(lead.digits)).toEqual([]);

    const res = await send(ada.cookie, lead.id, { kind: 'follow_up' });
    expect(res.status).toBe(201);
    expect((await res.json()).notice).toBe('Follow-up template sent by WhatsApp.');
    const parameters = FOLLOW_UP_COPY.parameters(
      { title: 'Ms', fullName: 'Emeka Nwosu' },
      { agentName: 'Ada Eze', brand: 'Meridian Districts' },
    );
    expect(sentTo(lead.digits)).toEqual([
      expect.objectContaining({ type: 'template', template: { name: 'lead_follow_up', language: 'en', parameters } }),
    ]);
    // Offered again, saying it already went (the window stays closed until the buyer answers).
    expect((await pageOf(lead.id))?.reply).toMatchObject({ can: 'follow_up', alreadySent: expect.any(Date) });
    const [, template] = await rowsOf(lead.id);
    expect(template).toMatchObject({
      kind: 'template',
      template: 'lead_follow_up',
      body: page?.reply.can === 'follow_up' && page.reply.preview,
      staffId: ada.id,
    });
  });

  it('takes Meta’s word when its clock closed the window first: 409, nothing recorded', async () => {
    const lead = await newLead();
    // Recorded as written within the day, but Meta never saw it: Meta refuses the free text (131047).
    await recordReceived(
      db(),
      { leadId: lead.id, channel: 'whatsapp', providerId: `unseen-${lead.id}`, body: 'Hi' },
      new Date(Date.now() - HOUR),
    );
    const res = await send(ada.cookie, lead.id, { kind: 'text', text: 'Hello again' });
    expect([res.status, await res.json()]).toEqual([409, { error: WINDOW_CLOSED }]);
    expect((await rowsOf(lead.id)).filter((row) => row.direction === 'out')).toEqual([]);
  });

  it('goes by SMS, free text at any time, when only SMS is set up; the follow-up template is WhatsApp’s', async () => {
    setEnv({ ...off, ...smsOn() });
    const lead = await newLead();
    await buyerWrote(lead, 'Call me next week', 72);
    expect(await pageOf(lead.id)).toMatchObject({ reply: { can: 'text', channel: 'sms', whereTheyAre: false } });
    const res = await send(ada.cookie, lead.id, { kind: 'text', text: 'Noted, Ma. Speak on Monday.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ notice: 'Sent by SMS.', message: { channel: 'sms', kind: 'text', sentBy: 'Ada Eze' } });
    expect(smsTo(lead.digits)).toEqual([expect.objectContaining({ sms: 'Noted, Ma. Speak on Monday.', channel: 'dnd' })]);
    expect(sentTo(lead.digits)).toEqual([]);
    const refused = await send(ada.cookie, lead.id, { kind: 'follow_up' });
    expect([refused.status, await refused.json()]).toEqual([
      409,
      { error: 'The follow-up template goes by WhatsApp only. Write your reply: it goes by SMS.' },
    ]);
  });

  it('refuses a number that said STOP on WhatsApp, 409 with a sentence, and the page says so with no reply box', async () => {
    const lead = await newLead();
    await buyerWrote(lead, 'Hello', 1);
    await optOut(db(), lead.e164, 'whatsapp', new Date('2026-11-20T09:30:00Z'));
    for (const body of [{ kind: 'text', text: 'Are you there?' }, { kind: 'follow_up' }]) {
      const res = await send(ada.cookie, lead.id, body);
      expect([res.status, await res.json()]).toEqual([
        409,
        { error: 'This number said STOP: nothing more can be sent to it, by WhatsApp or SMS.' },
      ]);
    }
    expect([sentTo(lead.digits), smsTo(lead.digits)]).toEqual([[], []]);
    expect(await pageOf(lead.id)).toMatchObject({
      optedOut: { at: new Date('2026-11-20T09:30:00Z'), channel: 'whatsapp', stops: ['sms', 'whatsapp'] },
      reply: { can: 'nothing', why: 'opted_out' },
    });
  });

  it('a STOP by SMS stops SMS replies only: WhatsApp may still answer (issue 57, item 8)', async () => {
    const lead = await newLead();
    await buyerWrote(lead, 'Hello', 1);
    await optOut(db(), lead.e164, 'sms', new Date('2026-11-20T09:30:00Z'));
    expect(await pageOf(lead.id)).toMatchObject({
      optedOut: { channel: 'sms', stops: ['sms'] },
      reply: { can: 'text', channel: 'whatsapp' },
    });
    const res = await send(ada.cookie, lead.id, { kind: 'text', text: 'Are you there?' });
    expect(res.status).toBe(201);
    expect(sentTo(lead.digits)).toHaveLength(1);

    // A lead whose buyer writes by SMS only: the reply would go by SMS, and the number said STOP there.
    setEnv({ ...off, ...smsOn() });
    const bySms = await newLead();
    await buyerWrote(bySms, 'Hello', 1, 'sms');
    await optOut(db(), bySms.e164, 'sms');
    const refused = await send(ada.cookie, bySms.id, { kind: 'text', text: 'Are you there?' });
    expect([refused.status, await refused.json()]).toEqual([
      409,
      { error: 'This number said STOP by SMS: no more SMS can be sent to it. It may still be sent WhatsApp messages.' },
    ]);
    expect(await pageOf(bySms.id)).toMatchObject({ reply: { can: 'nothing', why: 'opted_out' } });
    expect(smsTo(bySms.digits)).toEqual([]);
  });

  it("an agent's SMS is within the day's SMS budget: past it, 409 saying SMS is paused and how an owner changes it (issue 57, item 3)", async () => {
    setEnv({ ...off, ...smsOn(), SMS_DAILY_LIMIT: '0' });
    const lead = await newLead();
    await buyerWrote(lead, 'Hello', 1, 'sms');
    const res = await send(ada.cookie, lead.id, { kind: 'text', text: 'Are you there?' });
    expect([res.status, await res.json()]).toEqual([
      409,
      { error: expect.stringMatching(/SMS is paused until midnight.+SMS_DAILY_LIMIT/) },
    ]);
    expect(smsTo(lead.digits)).toEqual([]);
    setEnv({ SMS_DAILY_LIMIT: undefined });
  });

  it('lets an agent answer only their own leads: another agent’s is 404 as if there were none, one to claim is 409 until claimed', async () => {
    const bens = await newLead({ assignedTo: ben.id, status: 'contacted' });
    const free = await newLead({ assignedTo: null });
    for (const lead of [bens, free]) await buyerWrote(lead, 'Hello', 1);
    const notFound = await send(ada.cookie, bens.id, { kind: 'text', text: 'Hello from Ada' });
    expect([notFound.status, await notFound.json()]).toEqual([404, { error: 'That record no longer exists.' }]);
    const claimFirst = await send(ada.cookie, free.id, { kind: 'text', text: 'Hello from Ada' });
    expect([claimFirst.status, await claimFirst.json()]).toEqual([
      409,
      { error: "This lead is not yours yet: press “I'm on it” to claim it first." },
    ]);
    expect([sentTo(bens.digits), sentTo(free.digits)]).toEqual([[], []]);
    expect(await pageOf(free.id, { name: 'Ada Eze', email: ada.email, mayChange: false })).toMatchObject({
      reply: { can: 'nothing', why: 'claim_first' },
    });
    // Ben answers his own; an owner answers any.
    expect((await send(ben.cookie, bens.id, { kind: 'text', text: 'Hello from Ben' })).status).toBe(201);
    expect((await send(owner, free.id, { kind: 'text', text: 'Hello from the owner' })).status).toBe(201);
  });

  it('counts the first reply as the lead’s first contact: a new lead becomes contacted, in its history, once', async () => {
    const lead = await newLead();
    await buyerWrote(lead, 'Hello', 1);
    expect((await leadRow(lead.id)).firstContactedAt).toBeNull();
    expect((await send(ada.cookie, lead.id, { kind: 'text', text: 'Hello Ma' })).status).toBe(201);
    const contacted = await leadRow(lead.id);
    expect(contacted.status).toBe('contacted');
    expect(contacted.firstContactedAt).toBeInstanceOf(Date);
    expect((await send(ada.cookie, lead.id, { kind: 'text', text: 'Are you free at 4?' })).status).toBe(201);
    expect((await leadRow(lead.id)).firstContactedAt).toEqual(contacted.firstContactedAt);
    const history = await db().select().from(leadActivity).where(eq(leadActivity.leadId, lead.id)).orderBy(leadActivity.createdAt);
    expect(history.map(({ action, detail, actorId }) => ({ action, detail, actorId }))).toEqual([
      { action: 'message_sent', detail: { channel: 'whatsapp', kind: 'text' }, actorId: ada.id },
      { action: 'status_changed', detail: { from: 'new', to: 'contacted', firstContact: true }, actorId: ada.id },
      { action: 'message_sent', detail: { channel: 'whatsapp', kind: 'text' }, actorId: ada.id },
    ]);
    // A lead further along stays where it is.
    const qualified = await newLead({ status: 'qualified', firstContactedAt: new Date(Date.now() - 48 * HOUR) });
    await buyerWrote(qualified, 'Hello', 1);
    expect((await send(ada.cookie, qualified.id, { kind: 'text', text: 'Hello Ma' })).status).toBe(201);
    expect((await leadRow(qualified.id)).status).toBe('qualified');
  });

  it('answers a provider’s refusal with 502 and a plain sentence (nothing of the buyer’s), recording nothing', async () => {
    const lead = await newLead();
    await buyerWrote(lead, 'Hello', 1);
    whatsApp.failNext(1, { status: 503, code: 131016 });
    const busy = await send(ada.cookie, lead.id, { kind: 'text', text: 'Hello Ma' });
    expect([busy.status, await busy.json()]).toEqual([
      502,
      { error: 'WhatsApp did not take the message just now, so nothing was sent. Try again in a minute.' },
    ]);
    whatsApp.notOnWhatsApp.add(lead.e164);
    const unreachable = await send(ada.cookie, lead.id, { kind: 'text', text: 'Hello Ma' });
    expect(unreachable.status).toBe(502);
    const sentence = (await unreachable.json()).error as string;
    expect(sentence).toBe(
      'This number cannot get WhatsApp messages (it may not be on WhatsApp), so nothing was sent. Call the buyer instead.',
    );
    expect((await rowsOf(lead.id)).filter((row) => row.direction === 'out')).toEqual([]);
    expect((await leadRow(lead.id)).status).toBe('new');
  });

  it('works as a plain form without scripts: 303 back to the lead’s Messages, its sentence (and a refused text) in the flash', async () => {
    const lead = await newLead();
    await buyerWrote(lead, 'Hello', 1);
    const post = (body: Record<string, string>) =>
      messagesRoute(formRequest(`/api/admin/leads/${lead.id}/messages`, body, { cookie: ada.cookie }), {
        params: Promise.resolve({ id: lead.id }),
      });
    const flashOf = async (res: Response) => {
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_FORM_FLASH_COOKIE}=`));
      expect(cookie).toContain(`Path=/admin/leads/${lead.id}`);
      return openFormFlash(db(), cookie!.split(';')[0].split('=')[1]);
    };

    const sent = await post({ kind: 'text', text: 'Hello from the phone' });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, `/admin/leads/${lead.id}#reply`]);
    expect(await flashOf(sent)).toEqual({ values: { notice: 'Sent by WhatsApp.' }, error: '' });
    expect(sentTo(lead.digits).map((message) => message.text)).toEqual(['Hello from the phone']);

    await optOut(db(), lead.e164, 'whatsapp');
    const refused = await post({ kind: 'text', text: 'One more thing' });
    expect(refused.status).toBe(303);
    expect(await flashOf(refused)).toEqual({
      values: { notice: '', text: 'One more thing' },
      error: 'This number said STOP: nothing more can be sent to it, by WhatsApp or SMS.',
    });
  });
});
