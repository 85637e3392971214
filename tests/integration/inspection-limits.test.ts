import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as cancelBookingRoute } from '@/app/api/admin/inspections/bookings/[id]/cancel/route';
import { POST as bookAsVisitor } from '@/app/api/inspections/book/route';
import { POST as bookByLink } from '@/app/api/inspections/book-by-link/route';
import { POST as cancel } from '@/app/api/inspections/cancel/route';
import { POST as move } from '@/app/api/inspections/move/route';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import type { SlotNetworksAlertJob } from '@/modules/inspections/booking-limits.server';
import { bookInspection, cancelInspection } from '@/modules/inspections/inspections.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { signInspectionLink } from '@/modules/leads/booking-links.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { deliverInspectionMessage } from '@/modules/inspections/messages/delivery.server';
import { deliverOwnerAlert } from '@/modules/system/alerts.server';
import { deliverNotification } from '@/modules/leads/notifications/delivery.server';
import type { DatabaseHandle } from '@/lib/db/client';
import { inspectionBookings, leadActivity } from '@/lib/db/schema';
import { BUYER_CAP_REACHED } from '@/modules/messaging/channels/buyer-cap.server';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import {
  bookingMessageRows,
  describeEachDriver,
  insertLeadNotification,
  jsonRequest,
  leadNotificationById,
  newKey,
  setEnv,
  validLead,
} from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Security round 4, items 1 and 2 (issue 57; docs/decisions/0401): nobody empties the inspection calendar (one booking
 * still to come per phone and per e-mail, a share of each slot and a number of seats per client network, staff cancel
 * one booking, owners hear of a slot filled from few networks), and nobody floods a buyer's inbox from the booking
 * links (changes limited per booking and per client, moves within minutes told once, one daily cap per recipient).
 */

const HOUR = 3_600_000;
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
});

const tag = () => randomBytes(5).toString('hex');
const phoneOf = () => `0803 ${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
/** A new visitor of their own (phone, e-mail), on a form filled in at a person's pace. */
const visitor = (overrides: Record<string, unknown> = {}) =>
  validLead({ email: `buyer-${tag()}@example.com`, phonenumber: phoneOf(), form_started_at: Date.now() - 20_000, ...overrides });
/** An IPv4 address of its own for each test run; an IPv6 /48 with as many /64s as asked. */
let n = 0;
const ipv4 = () => `203.0.${Math.floor(Math.random() * 250)}.${++n % 250}`;
const ipv6Block = () => `2001:db8:${randomBytes(2).toString('hex')}`;
const tokenOf = (href: string, name: string) => new URL(href, 'http://localhost').searchParams.get(name)!;
const mailsTo = (address: string) =>
  smtp.received.filter((m) =>
    JSON.stringify(m.mail.to ?? '')
      .toLowerCase()
      .includes(address.toLowerCase()),
  );

describeEachDriver('inspection limits against fake bookings and inbox floods', (ctx) => {
  const db = () => ctx.handle().db;
  let jobs: Awaited<ReturnType<DatabaseHandle['jobs']>>;
  beforeAll(async () => {
    jobs = await ctx.handle().jobs();
  });
  beforeEach(() =>
    setEnv({
      RATE_LIMIT_INTEREST: '1000/600',
      RATE_LIMIT_INTEREST_56: '1000/600',
      RATE_LIMIT_INTEREST_48: '1000/600',
      RATE_LIMIT_INTEREST_SITE: '1000/60',
      MIN_FILL_MS: '1500',
      TRUST_PROXY: undefined,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Meridian Districts" <hello@example.com>',
      SITE_URL: 'https://districts.example',
      SESSION_SECRET: SECRET,
      INSPECTION_NETWORK_SHARE: undefined,
      INSPECTION_NETWORK_SEATS: undefined,
      INSPECTION_FEW_NETWORKS: undefined,
      RATE_LIMIT_INSPECTION_CHANGE: undefined,
      RATE_LIMIT_INSPECTION_CHANGE_BOOKING: undefined,
      INSPECTION_MESSAGE_MERGE_MINUTES: undefined,
      BUYER_MESSAGES_PER_DAY: undefined,
    }),
  );

  const slot = (seats: number, inHours = 72) =>
    insertSlot(db(), {
      district: 'Lugbe, Abuja',
      startsAt: new Date(Math.floor((Date.now() + inHours * HOUR) / 60_000) * 60_000),
      kind: 'on_site',
      seats,
      meetingPoint: 'District 1 estate gate',
      mapUrl: 'https://maps.example/gate',
    });
  const book = (address: string, slotId: string, party: number, person = visitor()) =>
    bookAsVisitor(
      jsonRequest(
        '/api/inspections/book',
        { ...person, slot: slotId, party },
        { headers: { 'x-forwarded-for': address, 'Idempotency-Key': newKey() } },
      ),
    );
  const post = (handler: (request: Request) => Promise<Response>, path: string, body: unknown, address: string) =>
    handler(jsonRequest(path, body, { headers: { 'x-forwarded-for': address } }));
  /** A known buyer (their lead stored) and their signed `book` token. */
  async function knownBuyer(fields: Record<string, unknown> = {}) {
    const email = `buyer-${tag()}@example.com`;
    const { id } = await saveLead(db(), { input: validLead({ email, phonenumber: phoneOf(), ...fields }) as never, spam: false });
    return { id, email, book: await signInspectionLink(db(), 'book', id) };
  }
  const bookingOf = async (id: string) => (await db().select().from(inspectionBookings).where(eq(inspectionBookings.id, id)))[0];

  // ---- item 1: fake bookings fill every seat --------------------------------------------------------------------

  it('gives one client network at most half a slot’s seats, its /64s counted together in their /48; other networks book the rest', async () => {
    const trip = await slot(12);
    // A new visitor's form from one IPv4 address (a carrier's NAT: never more than half of the 12).
    const address = ipv4();
    expect((await book(address, trip.id, 4)).status).toBe(201);
    const refused = await book(address, trip.id, 3);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(INSPECTION_ERRORS.networkSlot);
    // Its waiting list is no way round it either.
    const waiting = await bookAsVisitor(
      jsonRequest(
        '/api/inspections/book',
        { ...visitor(), slot: trip.id, party: 3, wait: true },
        { headers: { 'x-forwarded-for': address, 'Idempotency-Key': newKey() } },
      ),
    );
    expect(waiting.status).toBe(409);
    expect((await book(address, trip.id, 2)).status).toBe(201);
    // Known buyers' links from two /64s of one IPv6 /48: one network.
    const block = ipv6Block();
    const [x, y, z] = [await knownBuyer(), await knownBuyer(), await knownBuyer()];
    const byLink = (buyer: { book: string }, party: number, from: string) =>
      post(bookByLink, '/api/inspections/book-by-link', { book: buyer.book, slot: trip.id, party }, from);
    expect((await byLink(x, 4, `${block}:1::1`)).status).toBe(201);
    const sameBlock = await byLink(y, 3, `${block}:2::1`);
    expect(sameBlock.status).toBe(409);
    expect((await sameBlock.json()).error).toBe(INSPECTION_ERRORS.networkSlot);
    expect((await byLink(z, 2, `${block}:3::1`)).status).toBe(201);
    const held = await db().select().from(inspectionBookings).where(eq(inspectionBookings.slotId, trip.id));
    expect(held.map((b) => b.partySize).sort()).toEqual([2, 2, 4, 4]);
  });

  it('books a phone number or an e-mail address once while its booking is still to come, whichever lead it came with', async () => {
    const trip = await slot(20);
    const first = visitor();
    const booked = await book(ipv4(), trip.id, 1, first);
    expect(booked.status).toBe(201);
    // The same phone with another address, from another network.
    const samePhone = await book(ipv4(), trip.id, 1, visitor({ phonenumber: first.phonenumber }));
    expect(samePhone.status).toBe(409);
    expect((await samePhone.json()).error).toBe(INSPECTION_ERRORS.alreadyBooked);
    // The same e-mail, written otherwise, with another phone.
    const sameEmail = await book(ipv4(), trip.id, 1, visitor({ email: String(first.email).toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    // Once it is cancelled, the number books again.
    const t = tokenOf((await booked.json()).href, 't');
    expect((await post(cancel, '/api/inspections/cancel', { t }, ipv4())).status).toBe(200);
    expect((await book(ipv4(), trip.id, 1, visitor({ phonenumber: first.phonenumber }))).status).toBe(201);
  });

  it('gives one network at most INSPECTION_NETWORK_SEATS seats over every inspection still to come', async () => {
    setEnv({ INSPECTION_NETWORK_SEATS: '5' });
    const [a, b, c] = [await slot(14, 72), await slot(14, 96), await slot(14, 120)];
    const address = ipv4();
    expect((await book(address, a.id, 4)).status).toBe(201);
    expect((await book(address, b.id, 1)).status).toBe(201);
    const refused = await book(address, c.id, 1);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(INSPECTION_ERRORS.networkSeats);
  });

  it('lets staff cancel one booking: the buyer is told, the first in line is confirmed; an agent who does not run it is refused', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const trip = await slot(2);
    const fake = await knownBuyer();
    const waiter = await knownBuyer();
    const held = await bookInspection(db(), { leadId: fake.id, slotId: trip.id, partySize: 2 }, jobs);
    const waiting = await bookInspection(db(), { leadId: waiter.id, slotId: trip.id, partySize: 1, waitIfFull: true }, jobs);
    if (!held.ok || !waiting.ok) throw new Error('not booked');
    expect(waiting.booking.state).toBe('waiting');
    const cancelAs = async (cookie: string) =>
      cancelBookingRoute(staffRequest(`/api/admin/inspections/bookings/${held.booking.id}/cancel`, { method: 'POST', cookie, body: {} }), {
        params: Promise.resolve({ id: held.booking.id }),
      });

    expect([403, 404]).toContain((await cancelAs(await sessionCookieFor(db(), agent))).status);
    expect((await bookingOf(held.booking.id)).state).toBe('confirmed');

    const res = await cancelAs(await sessionCookieFor(db(), owner));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, changed: true, promoted: 1, slotId: trip.id });
    expect((await bookingOf(held.booking.id)).state).toBe('cancelled');
    expect((await bookingOf(waiting.booking.id)).state).toBe('confirmed');
    // The buyer is told (the cancellation e-mail), and the one promoted too.
    const told = await bookingMessageRows(db(), (m) => m.channel === 'email');
    const cancelled = told.find((m) => m.bookingId === held.booking.id && m.kind === 'cancelled')!;
    expect(told.some((m) => m.bookingId === waiting.booking.id && m.kind === 'promoted')).toBe(true);
    await deliverInspectionMessage(db(), cancelled.id);
    expect(mailsTo(fake.email).map((m) => m.mail.subject)).toEqual([expect.stringMatching(/cancelled/i)]);
    // The lead's history names the owner who cancelled it.
    const [line] = await db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, fake.id), eq(leadActivity.action, 'inspection_cancelled')));
    expect(line.actorEmail).toBe(owner.email);
    // Again: nothing more changes.
    expect(await (await cancelAs(await sessionCookieFor(db(), owner))).json()).toMatchObject({ ok: true, changed: false });
  });

  it('tells the owners once when a slot fills from few networks, and not when many real buyers filled it', async () => {
    const owner = await makeStaff(db(), 'owner');
    const alertsOf = async (slotId: string) =>
      (
        (await db().execute(
          sql`select payload as data from outbox_messages where subject_type = 'owner' and payload->>'kind' = 'slot_networks' and payload->>'slotId' = ${slotId}`,
        )) as unknown as { rows: { data: SlotNetworksAlertJob }[] }
      ).rows.map((row) => row.data);

    const scripted = await slot(4);
    const [one, two] = [ipv4(), ipv4()];
    expect((await book(one, scripted.id, 2)).status).toBe(201);
    expect((await book(two, scripted.id, 2)).status).toBe(201);
    const alerts = await alertsOf(scripted.id);
    expect(alerts.filter((job) => job.to === owner.id)).toEqual([
      { kind: 'slot_networks', slotId: scripted.id, networks: 2, to: owner.id },
    ]);
    await deliverOwnerAlert(
      db(),
      jobs,
      alerts.find((job) => job.to === owner.id)!,
    );
    const [mail] = mailsTo(owner.email);
    expect(mail.mail.subject).toMatch(/^Alert: an inspection filled from few connections/);
    expect(mail.mail.text).toContain('only 2 internet connections');
    expect(mail.mail.text).toContain('https://districts.example/admin/inspections');

    const real = await slot(4);
    for (let i = 0; i < 4; i++) expect((await book(ipv4(), real.id, 1)).status).toBe(201);
    expect(await alertsOf(real.id)).toEqual([]);
  });

  // ---- item 2: booking links flood an inbox -----------------------------------------------------------------------

  it('limits changes from the booking links per booking and per client: past either, 429 and nothing changes', async () => {
    const [a, b] = [await slot(14, 72), await slot(14, 96)];
    const buyer = await knownBuyer();
    const statuses: number[] = [];
    // The same link, from a new address each time, moving between two slots.
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await post(bookByLink, '/api/inspections/book-by-link', { book: buyer.book, slot: i % 2 ? b.id : a.id, party: 1 }, ipv4())).status,
      );
    expect(
      statuses.slice(0, 6).every((status) => status < 300),
      statuses.join(),
    ).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);

    // One client, many buyers' links: RATE_LIMIT_INSPECTION_CHANGE (10 an hour) and no more (the seats' limits lifted:
    // this is about the link).
    setEnv({ INSPECTION_NETWORK_SHARE: '100', INSPECTION_NETWORK_SEATS: '500' });
    const address = ipv4();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const other = await knownBuyer();
      answers.push((await post(bookByLink, '/api/inspections/book-by-link', { book: other.book, slot: a.id, party: 1 }, address)).status);
    }
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('tells moves made within minutes in one message, about where the booking ended up', async () => {
    const slots = [await slot(14, 72), await slot(14, 96), await slot(14, 120), await slot(14, 144)];
    const buyer = await knownBuyer();
    const first = await post(bookByLink, '/api/inspections/book-by-link', { book: buyer.book, slot: slots[0].id, party: 1 }, ipv4());
    const { booking, href } = await first.json();
    const t = tokenOf(href, 't');
    const startedAt = Date.now();
    for (const to of slots.slice(1))
      expect((await post(move, '/api/inspections/move', { t, slot: to.id, party: 1 }, ipv4())).status).toBe(201);

    const moved = await bookingMessageRows(db(), (m) => m.bookingId === booking && m.kind === 'moved' && m.state === 'queued');
    expect(moved).toHaveLength(1);
    expect(moved[0].aboutStartsAt.getTime()).toBe(slots[3].startsAt.getTime());
    // It waits the merge period (5 minutes) from the first move, and no later moves push it further.
    expect(moved[0].dueAt.getTime()).toBeGreaterThanOrEqual(startedAt + 5 * 60_000 - 1_000);
    expect(moved[0].dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    await deliverInspectionMessage(db(), moved[0].id, { now: () => moved[0].dueAt });
    const movedMails = mailsTo(buyer.email).filter((m) => /moved/i.test(m.mail.subject ?? ''));
    expect(movedMails).toHaveLength(1);
  });

  it('sends one buyer at most BUYER_MESSAGES_PER_DAY messages a day, booking news and the lead’s receipt alike', async () => {
    setEnv({ BUYER_MESSAGES_PER_DAY: '3' });
    const trip = await slot(14);
    const buyer = await knownBuyer();
    // Booked and cancelled twice (as staff would: no link limit in the way), each change's e-mail sent as it comes.
    const buyerNews = async (bookingId: string, kind: string) =>
      (await bookingMessageRows(db(), (m) => m.bookingId === bookingId)).find((m) => m.kind === kind && m.channel === 'email')!;
    const told: string[] = [];
    for (let i = 0; i < 2; i++) {
      const outcome = await bookInspection(db(), { leadId: buyer.id, slotId: trip.id, partySize: 1 }, jobs);
      if (!outcome.ok) throw new Error('not booked');
      const booked = await buyerNews(outcome.booking.id, 'booked');
      await deliverInspectionMessage(db(), booked.id);
      await cancelInspection(db(), outcome.booking.id, jobs);
      const cancelled = await buyerNews(outcome.booking.id, 'cancelled');
      await deliverInspectionMessage(db(), cancelled.id);
      told.push(booked.id, cancelled.id);
    }
    expect(mailsTo(buyer.email)).toHaveLength(3);
    const rows = await bookingMessageRows(db(), (m) => told.includes(m.id));
    expect(rows.filter((m) => m.state === 'sent')).toHaveLength(3);
    expect(rows.filter((m) => m.state === 'withdrawn' && m.lastError === BUYER_CAP_REACHED)).toHaveLength(1);

    // Another lead typed with the same address: its receipt falls under the same cap, by the lead notifications' sender.
    const again = await knownBuyer({ email: buyer.email.toUpperCase() });
    const receipt = await insertLeadNotification(db(), { leadId: again.id, channel: 'receipt' });
    await deliverNotification(db(), receipt.id);
    const [row] = await leadNotificationById(db(), receipt.id);
    expect(row).toMatchObject({ state: 'skipped', lastError: BUYER_CAP_REACHED });
    expect(mailsTo(buyer.email)).toHaveLength(3);
  });
});
