import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { optOut } from '@/modules/leads/conversations/conversations.server';
import { bookInspection } from '@/modules/inspections/inspections.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { deliverInspectionMessage } from '@/modules/inspections/messages/delivery.server';
import type { DatabaseHandle } from '@/lib/db/client';
import { leadMessages } from '@/lib/db/schema';
import { startFakeTermii, type FakeTermii } from '../support/fake-termii';
import { startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { CHANNELS_OFF, smsOn as channelSmsOn, TERMII, WHATSAPP, whatsAppOn as channelWhatsAppOn } from './channel-fakes';
import { bookingMessageRows, describeEachDriver, setEnv, validLead } from './helpers';

/**
 * A site inspection's reminders on the buyer's phone (issue 46, item 6; docs/decisions/0397), against the fakes of
 * Meta's Cloud API and Termii: beside the e-mail, WhatsApp's reminder template, or an SMS where WhatsApp cannot reach;
 * nothing to a number that said STOP; each at most once. No worker runs here: each test delivers the message itself.
 */

let whatsApp: WhatsAppFake;
let termii: FakeTermii;
beforeAll(async () => {
  whatsApp = await startFakeWhatsApp({ ...WHATSAPP, templates: { inspection_reminder: { parameters: 3, languages: ['en'] } } });
  termii = await startFakeTermii(TERMII);
});
afterAll(async () => {
  await whatsApp.stop();
  await termii.stop();
});

const off = CHANNELS_OFF;
const whatsAppOn = () => channelWhatsAppOn(whatsApp);
const smsOn = () => channelSmsOn(termii);
beforeEach(() => setEnv({ ...off, SMTP_URL: undefined, SITE_URL: 'https://districts.example' }));
afterAll(() => setEnv(off));

const HOUR = 3_600_000;
let phoneCounter = 2000;

describeEachDriver('inspection reminders by WhatsApp and SMS', (ctx) => {
  let jobs: Awaited<ReturnType<DatabaseHandle['jobs']>>;
  beforeAll(async () => {
    jobs = await ctx.handle().jobs();
  });
  const db = () => ctx.handle().db;

  /** A lead with a number of its own, booked on a slot three days ahead. */
  async function booked(fullname = 'Tunde Bakare') {
    const local = `0803 556 ${String(phoneCounter++).padStart(4, '0')}`;
    const e164 = `+234${local.replace(/\D/g, '').slice(1)}`;
    const { id: leadId } = await saveLead(db(), {
      input: validLead({
        email: `buyer-${randomBytes(5).toString('hex')}@example.com`,
        fullname,
        title: 'Mr',
        phonenumber: local,
      }) as never,
      spam: false,
    });
    const startsAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / 60_000) * 60_000);
    const slot = await insertSlot(db(), {
      district: 'Lugbe, Abuja',
      startsAt,
      kind: 'on_site',
      seats: 10,
      meetingPoint: 'Estate gate',
      mapUrl: null,
    });
    const outcome = await bookInspection(db(), { leadId, slotId: slot.id, partySize: 1 }, jobs, new Date());
    if (!outcome.ok) throw new Error(`not booked: ${outcome.why}`);
    const messages = await bookingMessageRows(db(), (m) => m.bookingId === outcome.booking.id);
    const reminder = (kind: string) => messages.find((m) => m.kind === kind && m.channel === 'phone')!;
    return { leadId, e164, startsAt, messages, reminder };
  }
  const deliverAt = (messageId: string, at: Date) => deliverInspectionMessage(db(), messageId, { now: () => at });
  const stateOf = async (messageId: string) => (await bookingMessageRows(db(), (m) => m.id === messageId))[0];
  const conversationOf = (leadId: string) => db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId));
  const sentTo = (e164: string) => whatsApp.sent.filter((m) => m.to === e164.slice(1));
  const smsTo = (e164: string) => termii.sent.filter((m) => m.to === e164.slice(1));

  it('without WhatsApp or SMS the reminders go by e-mail only', async () => {
    const { messages } = await booked();
    expect(messages.filter((m) => m.kind.startsWith('reminder')).map((m) => m.channel)).toEqual(['email', 'email']);
  });

  it('with WhatsApp on, each reminder also goes as its approved template, once, and shows in the conversation', async () => {
    setEnv(whatsAppOn());
    const { leadId, e164, reminder, messages } = await booked();
    expect(
      messages
        .filter((m) => m.kind.startsWith('reminder'))
        .map((m) => `${m.kind} ${m.channel}`)
        .sort(),
    ).toEqual(['reminder_24h email', 'reminder_24h phone', 'reminder_2h email', 'reminder_2h phone']);
    const dayBefore = reminder('reminder_24h');
    await deliverAt(dayBefore.id, dayBefore.dueAt);
    // The job tried again (a lost acknowledgement): nothing more goes.
    await deliverAt(dayBefore.id, new Date(dayBefore.dueAt.getTime() + 60_000));
    const [sent] = sentTo(e164);
    expect(sentTo(e164)).toHaveLength(1);
    expect(sent.template?.name).toBe('inspection_reminder');
    // The first name only: the name was typed into a form, for a number nobody has confirmed (docs/decisions/0403).
    expect(sent.template?.parameters[0]).toBe('Tunde');
    expect(sent.template?.parameters[1]).toBe('site inspection of District 1, Lugbe, Abuja');
    expect(sent.template?.parameters[2]).toMatch(/^\w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Lagos time\)$/);
    expect((await stateOf(dayBefore.id)).state).toBe('sent');
    const [line] = await conversationOf(leadId);
    expect(line).toMatchObject({
      channel: 'whatsapp',
      kind: 'reminder',
      direction: 'out',
      status: 'sent',
      template: 'inspection_reminder',
    });
    expect(line.body).toMatch(/^Hello Tunde, a reminder: your site inspection of District 1, Lugbe, Abuja is on .+ STOP/);
    expect(smsTo(e164)).toEqual([]);
  });

  it("carries none of a stranger's words in the name: a sentence typed as the name greets without one (issue 57, item 4)", async () => {
    setEnv(whatsAppOn());
    const { e164, reminder } = await booked('Tunde. Your plot payment failed, call 08031234567');
    const dayBefore = reminder('reminder_24h');
    await deliverAt(dayBefore.id, dayBefore.dueAt);
    const [sent] = sentTo(e164);
    expect(sent.template?.parameters[0]).toBe('there');
    expect(JSON.stringify(sent)).not.toMatch(/payment|0803123/);
  });

  it('a number not on WhatsApp gets the reminder by SMS; a number that said STOP on WhatsApp gets nothing, by either channel', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const notOnWhatsApp = await booked();
    whatsApp.notOnWhatsApp.add(notOnWhatsApp.e164);
    const twoHours = notOnWhatsApp.reminder('reminder_2h');
    await deliverAt(twoHours.id, twoHours.dueAt);
    expect(smsTo(notOnWhatsApp.e164).map((m) => m.sms)).toEqual([
      expect.stringMatching(
        /^Meridian Districts: a reminder, your site inspection of District 1, Lugbe, Abuja is on .+ Reply STOP to opt out\.$/,
      ),
    ]);
    expect(smsTo(notOnWhatsApp.e164)[0].sms.length).toBeLessThanOrEqual(160);
    expect((await conversationOf(notOnWhatsApp.leadId)).map((m) => `${m.channel} ${m.kind}`)).toEqual(['sms reminder']);

    const stopped = await booked();
    await optOut(db(), stopped.e164, 'whatsapp');
    const dayBefore = stopped.reminder('reminder_24h');
    await deliverAt(dayBefore.id, dayBefore.dueAt);
    expect(await stateOf(dayBefore.id)).toMatchObject({ state: 'withdrawn', lastError: 'the number said STOP' });
    expect([...sentTo(stopped.e164), ...smsTo(stopped.e164)]).toEqual([]);
  });

  it('a reminder WhatsApp took, whose answer was cut off, counts as sent: no SMS as well, and nothing more on a retry', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const { leadId, e164, reminder } = await booked();
    const dayBefore = reminder('reminder_24h');
    whatsApp.failNext(1, { drop: 'taken-then-reset' });
    await deliverAt(dayBefore.id, dayBefore.dueAt);
    await deliverAt(dayBefore.id, new Date(dayBefore.dueAt.getTime() + 60_000));
    expect(sentTo(e164)).toHaveLength(1);
    expect(smsTo(e164)).toEqual([]);
    expect((await stateOf(dayBefore.id)).state).toBe('sent');
    // Kept as asked of WhatsApp, its answer not come: the lead page says "Sent, not yet confirmed".
    expect((await conversationOf(leadId)).map((m) => m.status)).toEqual(['sending']);
  });

  it('a STOP by SMS stops SMS only: the reminder still goes by WhatsApp (issue 57, item 8)', async () => {
    setEnv({ ...whatsAppOn(), ...smsOn() });
    const { e164, reminder } = await booked();
    await optOut(db(), e164, 'sms');
    const dayBefore = reminder('reminder_24h');
    await deliverAt(dayBefore.id, dayBefore.dueAt);
    expect((await stateOf(dayBefore.id)).state).toBe('sent');
    expect(sentTo(e164)).toHaveLength(1);
    expect(smsTo(e164)).toEqual([]);
  });

  it("a reminder by SMS is within the day's SMS budget: past it, withheld and marked on the lead, not retried (issue 57, item 3)", async () => {
    setEnv({ ...whatsAppOn(), ...smsOn(), SMS_DAILY_LIMIT: '0' });
    const { leadId, e164, reminder } = await booked();
    whatsApp.notOnWhatsApp.add(e164);
    const twoHours = reminder('reminder_2h');
    await deliverAt(twoHours.id, twoHours.dueAt);
    await deliverAt(twoHours.id, new Date(twoHours.dueAt.getTime() + 60_000));
    expect(smsTo(e164)).toEqual([]);
    expect(await stateOf(twoHours.id)).toMatchObject({ state: 'not_configured', lastError: expect.stringMatching(/SMS_DAILY_LIMIT/) });
    expect((await conversationOf(leadId)).map((m) => [m.channel, m.status, m.error])).toEqual([
      ['sms', 'failed', expect.stringMatching(/SMS is paused until midnight in Lagos/)],
    ]);
    setEnv({ SMS_DAILY_LIMIT: undefined });
  });
});
