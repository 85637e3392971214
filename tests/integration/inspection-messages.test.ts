import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bookInspection, cancelInspection, callOffSlot, addWalkIn } from '@/modules/inspections/inspections.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { readInspectionLink } from '@/modules/leads/booking-links.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { deliverNotification } from '@/modules/leads/notifications/delivery.server';
import { deliverInspectionMessage, SENDING_LEASE_MS } from '@/modules/inspections/messages/delivery.server';
import { INTERRUPTED_WHILE_SENDING } from '@/modules/messaging/server';
import type { BuyerChannels } from '@/modules/inspections/messages/channels.server';
import { eraseSubject, exportSubject } from '@/modules/privacy/repository.server';
import { metricsResponse } from '@/modules/system/metrics.server';
import type { DatabaseHandle } from '@/lib/db/client';
import { inspectionBookings, leads } from '@/lib/db/schema';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import {
  bookingMessageRows,
  describeEachDriver,
  insertLeadNotification,
  leadNotificationById,
  setBookingMessageState,
  setEnv,
  validLead,
} from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * What bookings tell people (docs/decisions/0391): the buyer's e-mails with their calendar file and signed links, the
 * reminders 24 and 2 hours before on a moved clock (none after a cancel or a move, none twice after a restart
 * mid-send), the agent's and owners' alerts, the receipt's booking link, and bookings in the NDPA export and erasure.
 * No worker runs here: each test delivers the jobs' messages itself, at the time it says.
 */

const SALES = 'sales-desk@example.com';
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => {
  setEnv({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Meridian Districts" <hello@example.com>',
    LEADS_NOTIFY_TO: SALES,
    SITE_URL: 'https://districts.example',
  });
});

const HOUR = 3_600_000;
const mailsTo = (address: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(address));
const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const calendarOf = (mail: SmtpPeer['received'][number]) => {
  const file = mail.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  return file ? eventsOf(file.content.toString('utf8')) : [];
};
const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?[a-z]+=([^\\s&"]+)`).exec(text);
  return match ? decodeURIComponent(match[1]) : undefined;
};

describeEachDriver('site inspection messages', (ctx) => {
  let jobs: Awaited<ReturnType<DatabaseHandle['jobs']>>;
  beforeAll(async () => {
    jobs = await ctx.handle().jobs();
  });
  const db = () => ctx.handle().db;

  async function newLead(overrides: Record<string, unknown> = {}) {
    const email = `buyer-${randomBytes(5).toString('hex')}@example.com`;
    const { id } = await saveLead(db(), { input: validLead({ email, ...overrides }) as never, spam: false });
    return { id, email };
  }
  const slotIn = (hours: number, seats = 10, kind: 'on_site' | 'video' = 'on_site') =>
    insertSlot(db(), {
      district: 'Lugbe, Abuja',
      startsAt: new Date(Math.ceil((Date.now() + hours * HOUR) / 60_000) * 60_000),
      kind,
      seats,
      meetingPoint: 'District 1 estate gate, Airport Road',
      mapUrl: 'https://maps.example/gate',
    });
  const messagesOf = (bookingId: string) => bookingMessageRows(db(), (m) => m.bookingId === bookingId);
  const messageOf = async (bookingId: string, kind: string, startsAt?: Date) =>
    (await messagesOf(bookingId)).find(
      (m) => m.kind === kind && m.channel === 'email' && (!startsAt || m.aboutStartsAt.getTime() === startsAt.getTime()),
    )!;
  const jobStart = async (messageId: string) => {
    const result = (await db().execute(
      sql`select start_after from pgboss.job where name in ('outbox', 'outbox-push') and data ->> 'messageId' = ${messageId}`,
    )) as unknown as { rows: { start_after: Date | string }[] };
    return result.rows.map((row) => new Date(row.start_after).getTime());
  };
  async function book(leadId: string, slotId: string, partySize = 1, now = new Date()) {
    const outcome = await bookInspection(db(), { leadId, slotId, partySize }, jobs, now);
    if (!outcome.ok) throw new Error(`not booked: ${outcome.why}`);
    return outcome.booking;
  }
  const deliverAt = (messageId: string, at: Date, channels?: BuyerChannels) =>
    deliverInspectionMessage(db(), messageId, { now: () => at, channels });

  it('confirms a booking by e-mail at once: date, Lagos time, pickup point and map, what to bring, the guide on WhatsApp, the calendar file and the signed link to move or cancel', async () => {
    const buyer = await newLead();
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id, 2);
    const confirmation = await messageOf(booking.id, 'booked');
    expect(await jobStart(confirmation.id)).toHaveLength(1);
    await deliverAt(confirmation.id, new Date());

    const [mail] = mailsTo(buyer.email);
    expect(mail.mail.subject).toMatch(/^Your site inspection is booked: .+ \(Lagos time\)$/);
    const text = mail.mail.text!;
    expect(text).toContain('Lagos time (WAT, UTC+1)');
    expect(text).toContain('District 1 estate gate, Airport Road');
    expect(text).toContain('https://maps.example/gate');
    expect(text).toContain('A valid photo ID');
    expect(text).toContain('lawyer');
    expect(text).toMatch(/https:\/\/wa\.me\/\d+\?text=/);
    expect(text).toContain('2 people');
    // The link names the booking by a signed token only: nothing personal in the URL.
    const token = tokenIn(text, 'https://districts.example/inspection/change');
    expect(token).toBeDefined();
    expect(text).not.toContain(encodeURIComponent(buyer.email));
    expect(await readInspectionLink(db(), 'manage', token!)).toEqual({ ok: true, id: booking.id });
    const [event] = calendarOf(mail);
    expect(new Date(event.start).getTime()).toBe(slot.startsAt.getTime());
    expect(event.status).toBe('CONFIRMED');
    expect(event.location).toBe('District 1 estate gate, Airport Road');
    expect((await messageOf(booking.id, 'booked')).state).toBe('sent');
  });

  it('sends the reminders 24 hours and 2 hours before, each from a job that starts then', async () => {
    const buyer = await newLead();
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id);
    const day = await messageOf(booking.id, 'reminder_24h');
    const twoHours = await messageOf(booking.id, 'reminder_2h');
    expect(day.dueAt.getTime()).toBe(slot.startsAt.getTime() - 24 * HOUR);
    expect(twoHours.dueAt.getTime()).toBe(slot.startsAt.getTime() - 2 * HOUR);
    expect(await jobStart(day.id)).toEqual([day.dueAt.getTime()]);
    expect(await jobStart(twoHours.id)).toEqual([twoHours.dueAt.getTime()]);

    await deliverAt(day.id, new Date(slot.startsAt.getTime() - 24 * HOUR));
    await deliverAt(twoHours.id, new Date(slot.startsAt.getTime() - 2 * HOUR));
    const subjects = mailsTo(buyer.email).map((m) => m.mail.subject);
    expect(subjects).toEqual([expect.stringMatching(/^Reminder: your site inspection on /), expect.stringMatching(/^Today at \d\d:\d\d/)]);
    expect((await messageOf(booking.id, 'reminder_24h')).state).toBe('sent');
    expect((await messageOf(booking.id, 'reminder_2h')).state).toBe('sent');
  });

  it('skips a reminder whose time has passed when the booking is made (booked 10 hours before: only the 2-hour one)', async () => {
    const buyer = await newLead();
    const slot = await slotIn(10);
    const booking = await book(buyer.id, slot.id);
    const kinds = (await messagesOf(booking.id)).filter((m) => m.channel === 'email').map((m) => m.kind);
    expect(kinds).toContain('reminder_2h');
    expect(kinds).not.toContain('reminder_24h');
  });

  it('sends no reminder after a cancel: the buyer gets the cancellation (with the calendar cancelled and a link to book again) and nothing more', async () => {
    const buyer = await newLead();
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id);
    const day = await messageOf(booking.id, 'reminder_24h');
    const twoHours = await messageOf(booking.id, 'reminder_2h');
    await cancelInspection(db(), booking.id, jobs, {});
    const cancelled = await messageOf(booking.id, 'cancelled');
    await deliverAt(cancelled.id, new Date());
    // The jobs still come at their times (after a restart, from another instance): they send nothing.
    await deliverAt(day.id, new Date(slot.startsAt.getTime() - 24 * HOUR));
    await deliverAt(twoHours.id, new Date(slot.startsAt.getTime() - 2 * HOUR));

    const mails = mailsTo(buyer.email);
    expect(mails.map((m) => m.mail.subject)).toEqual([expect.stringMatching(/^Your site inspection on .+ is cancelled$/)]);
    expect(calendarOf(mails[0])[0].status).toBe('CANCELLED');
    const bookToken = tokenIn(mails[0].mail.text!, 'https://districts.example/d1/inspection');
    expect(await readInspectionLink(db(), 'book', bookToken!)).toEqual({ ok: true, id: buyer.id });
    expect((await messageOf(booking.id, 'reminder_24h')).state).toBe('withdrawn');
    expect((await messageOf(booking.id, 'reminder_2h')).state).toBe('withdrawn');
  });

  it('checks at send time too: a reminder of the old time that is still queued when its job comes after a move sends nothing; the new time has its own', async () => {
    const buyer = await newLead();
    const first = await slotIn(72);
    const second = await slotIn(120);
    const booking = await book(buyer.id, first.id);
    const oldDay = await messageOf(booking.id, 'reminder_24h', first.startsAt);
    await book(buyer.id, second.id);
    expect((await messageOf(booking.id, 'reminder_24h', first.startsAt)).state).toBe('withdrawn');
    // As if the move's withdrawal had raced the job: the row says queued, the booking says otherwise.
    await setBookingMessageState(db(), oldDay.id, 'queued');
    await deliverAt(oldDay.id, new Date(first.startsAt.getTime() - 24 * HOUR));
    expect(mailsTo(buyer.email)).toHaveLength(0);
    expect((await messageOf(booking.id, 'reminder_24h', first.startsAt)).lastError).toBe('the booking moved');

    const moved = await messageOf(booking.id, 'moved', second.startsAt);
    await deliverAt(moved.id, new Date());
    const [mail] = mailsTo(buyer.email);
    expect(mail.mail.subject).toMatch(/^Your site inspection has moved to /);
    expect(new Date(calendarOf(mail)[0].start).getTime()).toBe(second.startsAt.getTime());
    const newDay = await messageOf(booking.id, 'reminder_24h', second.startsAt);
    expect(newDay.dueAt.getTime()).toBe(second.startsAt.getTime() - 24 * HOUR);
    await deliverAt(newDay.id, new Date(newDay.dueAt));
    expect(mailsTo(buyer.email)).toHaveLength(2);
  });

  it('sends a reminder once after a restart mid-send: a sender that died after the mail server took it leaves it "sending", and the job tried again sends nothing', async () => {
    const buyer = await newLead();
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id);
    const day = await messageOf(booking.id, 'reminder_24h');
    const due = new Date(slot.startsAt.getTime() - 24 * HOUR);
    let sends = 0;
    // The mail server takes the message, and the process dies before the row records it (the promise never settles).
    const dying: BuyerChannels = {
      email: {
        send: () => {
          sends++;
          return new Promise(() => {});
        },
      },
    };
    void deliverAt(day.id, due, dying);
    await expect.poll(() => sends).toBe(1);
    expect((await messageOf(booking.id, 'reminder_24h')).state).toBe('sending');

    const counting: BuyerChannels = { email: { send: async () => (sends++, 'sent') } };
    // Tried again while the first sender might still be at it: left alone, to be tried later.
    await expect(deliverAt(day.id, new Date(due.getTime() + 30_000), counting)).rejects.toThrow();
    // After the restart, past the sender's lease: not sent again.
    await deliverAt(day.id, new Date(due.getTime() + SENDING_LEASE_MS + 1000), counting);
    expect(sends).toBe(1);
    const row = await messageOf(booking.id, 'reminder_24h');
    expect(row).toMatchObject({ state: 'failed', lastError: INTERRUPTED_WHILE_SENDING });
    // And a job whose row already says sent (the crash came after the row's update) sends nothing either.
    const twoHours = await messageOf(booking.id, 'reminder_2h');
    const at = new Date(slot.startsAt.getTime() - 2 * HOUR);
    await deliverAt(twoHours.id, at, counting);
    await deliverAt(twoHours.id, at, counting);
    expect(sends).toBe(2);
  });

  it('sends a confirmation again after a restart mid-send (at least once), under one Message-ID', async () => {
    const buyer = await newLead();
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id);
    const confirmation = await messageOf(booking.id, 'booked');
    const ids: string[] = [];
    const dying: BuyerChannels = {
      email: {
        send: (_to, message) => {
          ids.push(message.messageId);
          return new Promise(() => {});
        },
      },
    };
    const now = new Date();
    void deliverAt(confirmation.id, now, dying);
    await expect.poll(() => ids.length).toBe(1);
    const counting: BuyerChannels = { email: { send: async (_to, message) => (ids.push(message.messageId), 'sent') } };
    await deliverAt(confirmation.id, new Date(now.getTime() + SENDING_LEASE_MS + 1000), counting);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect((await messageOf(booking.id, 'booked')).state).toBe('sent');
  });

  it('tells a waiting buyer their place in line, and a promoted one "a seat came free: you are confirmed", with reminders from then', async () => {
    const slot = await slotIn(72, 1);
    const first = await newLead();
    const second = await newLead();
    const held = await book(first.id, slot.id);
    const outcome = await bookInspection(db(), { leadId: second.id, slotId: slot.id, partySize: 1, waitIfFull: true }, jobs);
    if (!outcome.ok) throw new Error('not on the waiting list');
    const waiting = await messageOf(outcome.booking.id, 'waiting');
    await deliverAt(waiting.id, new Date());
    expect(mailsTo(second.email)[0].mail.text).toContain('number 1 in line');
    expect((await messagesOf(outcome.booking.id)).map((m) => m.kind)).not.toContain('reminder_24h');

    await cancelInspection(db(), held.id, jobs, {});
    const promoted = await messageOf(outcome.booking.id, 'promoted');
    await deliverAt(promoted.id, new Date());
    expect(mailsTo(second.email)[1].mail.subject).toMatch(/^A seat came free: you are confirmed for /);
    expect(calendarOf(mailsTo(second.email)[1])[0].status).toBe('CONFIRMED');
    expect((await messagesOf(outcome.booking.id)).map((m) => m.kind)).toContain('reminder_24h');
  });

  it('tells the buyers of a slot an owner calls off, with a link to book another, and withdraws their reminders', async () => {
    const owner = await makeStaff(db(), 'owner', undefined, new Date(), { enrol: false });
    const slot = await slotIn(72);
    const buyer = await newLead();
    const booking = await book(buyer.id, slot.id);
    await callOffSlot(db(), slot.id, { id: owner.id, email: owner.email } as never, jobs);
    await deliverAt((await messageOf(booking.id, 'called_off')).id, new Date());
    const [mail] = mailsTo(buyer.email);
    expect(mail.mail.subject).toMatch(/^We have had to call off the site inspection on /);
    expect(mail.mail.text).toContain('Book another slot: https://districts.example/d1/inspection?book=');
    expect((await messageOf(booking.id, 'reminder_24h')).state).toBe('withdrawn');
  });

  it('alerts the lead’s agent of a new booking by e-mail (with the sales desk) and push, and the owners once when a slot is 80 % full', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, new Date(), { enrol: false });
    const owner = await makeStaff(db(), 'owner', undefined, new Date(), { enrol: false });
    const slot = await slotIn(72, 5);
    const buyers = await Promise.all([0, 1, 2, 3, 4].map(() => newLead()));
    await db().update(leads).set({ assignedTo: agent.id }).where(eq(leads.id, buyers[0].id));
    const first = await book(buyers[0].id, slot.id);
    const alert = await messageOf(first.id, 'agent_alert');
    expect(
      (await messagesOf(first.id))
        .filter((m) => m.kind === 'agent_alert')
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['email', 'push']);
    await deliverAt(alert.id, new Date());
    const [toAgent] = mailsTo(agent.email);
    expect(toAgent.mail.subject).toMatch(/^Inspection booked: Mrs Adaeze Okafor, /);
    expect(JSON.stringify(toAgent.mail.to)).toContain(SALES);
    expect(toAgent.mail.text).toContain(`https://districts.example/admin/leads/${buyers[0].id}`);

    const filling = () => bookingMessageRows(db(), (m) => m.slotId === slot.id && m.kind === 'slot_filling');
    for (const buyer of buyers.slice(1, 3)) await book(buyer.id, slot.id);
    expect(await filling()).toHaveLength(0);
    await book(buyers[3].id, slot.id); // 4 of 5
    await book(buyers[4].id, slot.id); // 5 of 5: still one alert per channel
    const rows = await filling();
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'push']);
    expect(rows.every((r) => r.bookingId === null)).toBe(true);
    await deliverAt(rows.find((r) => r.channel === 'email')!.id, new Date());
    const [toOwner] = mailsTo(owner.email);
    expect(toOwner.mail.subject).toMatch(/^Nearly full: .+ \(5 of 5 seats\)$/);
  });

  it('counts the booking messages on /metrics by channel and state', async () => {
    const buyer = await newLead();
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id);
    await deliverAt((await messageOf(booking.id, 'booked')).id, new Date());
    const token = 'm'.repeat(40);
    setEnv({ METRICS_TOKEN: token });
    const res = await metricsResponse(new Request('http://localhost/metrics', { headers: { Authorization: `Bearer ${token}` } }));
    const text = await res.text();
    const sample = (series: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.slice(series.length + 1),
      );
    expect(sample('districts_inspection_messages{channel="email",state="sent"}')).toBeGreaterThanOrEqual(1);
    expect(sample('districts_inspection_messages{channel="email",state="queued"}')).toBeGreaterThanOrEqual(2);
  });

  it('gives the receipt a "Book a site inspection" link signed for the lead, and keeps its existing texts', async () => {
    const buyer = await newLead();
    const receipt = await insertLeadNotification(db(), { leadId: buyer.id, channel: 'receipt' });
    await deliverNotification(db(), receipt.id);
    const [mail] = mailsTo(buyer.email);
    expect(mail.mail.text).toContain('What happens next');
    expect(mail.mail.text).toContain('Book a site inspection: https://districts.example/d1/inspection?book=');
    expect(mail.mail.html).toContain('Book a site inspection');
    const token = tokenIn(mail.mail.text!, 'https://districts.example/d1/inspection');
    expect(await readInspectionLink(db(), 'book', token!)).toEqual({ ok: true, id: buyer.id });
    expect((await leadNotificationById(db(), receipt.id))[0].state).toBe('sent');
  });

  it('puts a person’s bookings and their messages, and walk-ins with their number, in the NDPA export, and erases them with their waiting jobs', async () => {
    const phone = `0803 ${(randomBytes(2).readUInt16BE() % 900) + 100} ${(randomBytes(2).readUInt16BE() % 9000) + 1000}`;
    const buyer = await newLead({ phonenumber: phone });
    const slot = await slotIn(72);
    const booking = await book(buyer.id, slot.id, 3);
    const walkIn = await addWalkIn(db(), slot.id, { name: 'Chidi Eze', phone: phone.replace(/^0/, '+234'), partySize: 1 });
    const reminder = await messageOf(booking.id, 'reminder_24h');
    expect(await jobStart(reminder.id)).toHaveLength(1);

    const exported = await exportSubject(db(), { email: buyer.email, phone });
    const [lead] = exported.leads;
    expect(lead.inspections).toHaveLength(1);
    expect(lead.inspections[0]).toMatchObject({ id: booking.id, partySize: 3, state: 'confirmed', district: 'Lugbe, Abuja' });
    expect(lead.inspections[0].messages.map((m) => m.kind)).toEqual(expect.arrayContaining(['booked', 'reminder_24h', 'reminder_2h']));
    expect(exported.walkIns).toEqual([expect.objectContaining({ id: walkIn.id, walkInName: 'Chidi Eze' })]);

    const erased = await eraseSubject(db(), jobs, { email: buyer.email, phone });
    expect(erased).toMatchObject({ leads: 1, walkIns: 1 });
    expect(await db().select().from(inspectionBookings).where(eq(inspectionBookings.slotId, slot.id))).toEqual([]);
    expect(await messagesOf(booking.id)).toEqual([]);
    expect(await jobStart(reminder.id)).toEqual([]);
  });
});
