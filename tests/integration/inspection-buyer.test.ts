import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeEach, expect, it } from 'vitest';
import { GET as calendar } from '@/app/api/inspections/calendar/route';
import { POST as bookAsVisitor } from '@/app/api/inspections/book/route';
import { POST as bookByLink } from '@/app/api/inspections/book-by-link/route';
import { POST as cancel } from '@/app/api/inspections/cancel/route';
import { POST as move } from '@/app/api/inspections/move/route';
import { POST as postInterest } from '@/app/api/interest/route';
import { INSPECTION_ERRORS, INTEREST_ERRORS } from '@/content/form-errors';
import { bookInspection } from '@/modules/inspections/inspections.server';
import { setInspectionChangeCutoffHours } from '@/modules/inspections/cutoff.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { signInspectionLink } from '@/modules/leads/booking-links.server';
import { FORM_FLASH_COOKIE } from '@/lib/constants';
import { inspectionBookings, leadActivity, leads } from '@/lib/db/schema';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { describeEachDriver, freshClient, jsonRequest, newKey, notificationsOf, setEnv, validLead } from './helpers';

/**
 * The buyer's side of booking a site inspection (issue 44; docs/decisions/0391): a known buyer books from a signed
 * link, a new visitor with the interest form's fields (their lead taken exactly as from the popup, first), a full slot
 * answers 409 with others, and the booking is moved or cancelled from its own signed link up to the cut-off.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OWNER = { id: '00000000-0000-4000-8000-000000000000', email: 'owner@example.com' };

const json = (handler: (request: Request) => Promise<Response>, path: string, body: unknown, headers: Record<string, string> = {}) =>
  handler(jsonRequest(path, body, { headers: { ...freshClient(), ...headers } }));
const form = (handler: (request: Request) => Promise<Response>, path: string, fields: Record<string, string>) =>
  handler(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...freshClient() },
      body: new URLSearchParams(fields).toString(),
    }),
  );
const tokenOf = (href: string, name: string) => new URL(href, 'http://localhost').searchParams.get(name)!;
const flashOf = (res: Response) => /form_flash=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
/** A buyer of their own: one booking still to come per phone and per e-mail (docs/decisions/0401). */
const someone = () =>
  validLead({
    email: `buyer-${randomBytes(5).toString('hex')}@example.com`,
    phonenumber: `0803 ${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`,
    form_started_at: Date.now() - 20_000,
  });

describeEachDriver('booking a site inspection as a buyer', (ctx) => {
  beforeEach(() =>
    setEnv({
      RATE_LIMIT_INTEREST: '1000/600',
      RATE_LIMIT_INTEREST_SITE: '1000/60',
      MIN_FILL_MS: '1500',
      TRUST_PROXY: undefined,
      INSPECTION_NETWORK_SHARE: undefined,
    }),
  );

  const db = () => ctx.handle().db;
  const slot = (seats: number, inHours = 72, district: 'Lugbe, Abuja' | 'Moniya, Ibadan' = 'Lugbe, Abuja') =>
    insertSlot(db(), {
      district,
      // On the minute, as the schedule makes them.
      startsAt: new Date(Math.floor((Date.now() + inHours * HOUR) / 60_000) * 60_000),
      kind: 'on_site',
      seats,
      meetingPoint: 'District 1 estate gate',
      mapUrl: 'https://maps.example/gate',
    });
  const bookingOf = async (id: string) => (await db().select().from(inspectionBookings).where(eq(inspectionBookings.id, id)))[0];

  /** A buyer who submitted interest in the popup: their `book` token from the 201's link. */
  async function knownBuyer(): Promise<{ leadId: string; book: string }> {
    const res = await json(postInterest, '/api/interest', someone(), { 'Idempotency-Key': newKey() });
    expect(res.status).toBe(201);
    const body = await res.json();
    return { leadId: body.id, book: tokenOf(body.inspection, 'book') };
  }

  it('books a known buyer from the signed link of the interest confirmation: slot and party only, confirmed, once', async () => {
    const { leadId, book } = await knownBuyer();
    const trip = await slot(10);
    const res = await json(bookByLink, '/api/inspections/book-by-link', { book, slot: trip.id, party: 2 });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, state: 'confirmed', href: expect.stringMatching(/^\/inspection\/booking\?t=[\w.-]+$/) });
    expect(await bookingOf(body.booking)).toMatchObject({ leadId, slotId: trip.id, partySize: 2, state: 'confirmed' });
    // The same form again books nothing new.
    const again = await json(bookByLink, '/api/inspections/book-by-link', { book, slot: trip.id, party: 2 });
    expect(again.status).toBe(200);
    expect((await again.json()).booking).toBe(body.booking);
    const history = await db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.action, 'inspection_booked')));
    expect(history).toHaveLength(1);
    expect(history[0].actorEmail).toBe('buyer');
  });

  it('takes a new visitor’s lead exactly as the popup does (stored with its attribution, assigned, notified), then books', async () => {
    const trip = await slot(10);
    const visitor = {
      ...someone(),
      utm_source: 'facebook',
      utm_campaign: 'lugbe-saturday',
      landing_path: '/d1?utm_source=facebook',
      slot: trip.id,
      party: 1,
    };
    const res = await json(bookAsVisitor, '/api/inspections/book', visitor, { 'Idempotency-Key': newKey() });
    expect(res.status).toBe(201);
    const body = await res.json();
    const booking = await bookingOf(body.booking);
    const [lead] = await db().select().from(leads).where(eq(leads.id, booking.leadId!));
    expect(lead).toMatchObject({
      fullName: 'Adaeze Okafor',
      district: 'Lugbe, Abuja',
      utmSource: 'facebook',
      utmCampaign: 'lugbe-saturday',
      landingPath: '/d1?utm_source=facebook',
      spam: false,
    });
    // The same messages as a lead from the popup.
    const popup = await json(postInterest, '/api/interest', someone(), { 'Idempotency-Key': newKey() });
    const channels = async (id: string) => (await notificationsOf(ctx.handle(), id)).map((n) => n.channel).sort();
    expect(await channels(lead.id)).toEqual(await channels((await popup.json()).id));
    expect((await channels(lead.id)).length).toBeGreaterThan(0);
  });

  it('answers a full slot 409 with the next slots that have room, keeps the visitor’s lead, and puts them on the waiting list when asked', async () => {
    const small = await slot(1, 50);
    const later = await slot(8, 120);
    const first = await knownBuyer();
    expect((await json(bookByLink, '/api/inspections/book-by-link', { book: first.book, slot: small.id, party: 1 })).status).toBe(201);

    const visitor = { ...someone(), slot: small.id, party: 1 };
    const full = await json(bookAsVisitor, '/api/inspections/book', visitor, { 'Idempotency-Key': newKey() });
    expect(full.status).toBe(409);
    const answer = await full.json();
    expect(answer.error).toBe(INSPECTION_ERRORS.full);
    expect(answer.others.map((s: { id: string }) => s.id)).toContain(later.id);
    expect(answer.others.map((s: { id: string }) => s.id)).not.toContain(small.id);
    // Nothing typed is lost: the lead is stored, and the answer's page knows them (a `book` link).
    expect(await db().select().from(leads).where(eq(leads.email, visitor.email.toLowerCase()))).toHaveLength(1);
    const book = tokenOf(answer.bookingPage, 'book');
    const waiting = await json(bookByLink, '/api/inspections/book-by-link', { book, slot: small.id, party: 1, wait: true });
    expect(waiting.status).toBe(201);
    expect((await waiting.json()).state).toBe('waiting');
  });

  it('sends a form posted without scripts on to the booking’s page, or back to a page that knows the buyer when the slot is full', async () => {
    const one = await slot(1, 60);
    const ok = await form(bookAsVisitor, '/api/inspections/book', { ...stringsOf(someone()), slot: one.id, party: '1', page: 'd1' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/inspection\/booking\?t=[\w.-]+$/);

    const visitor: Record<string, string> = { ...stringsOf(someone()), slot: one.id, party: '1', page: 'd1' };
    const full = await form(bookAsVisitor, '/api/inspections/book', visitor);
    expect(full.status).toBe(303);
    const location = full.headers.get('location')!;
    expect(location).toMatch(/^\/d1\/inspection\?book=[\w.-]+$/);
    for (const typed of ['Adaeze', 'Okafor', visitor.email.split('@')[0]]) expect(location).not.toContain(typed);
    const flash = await openFormFlash(db(), flashOf(full));
    expect(flash).toMatchObject({ error: INSPECTION_ERRORS.full, values: { slot: one.id, party: '1' } });
    expect(full.headers.get('set-cookie')).toContain(`${FORM_FLASH_COOKIE}=`);
  });

  it('refuses bad input with the field’s sentence (4xx, never 5xx), and books nothing', async () => {
    const trip = await slot(5);
    const { book } = await knownBuyer();
    const cases: [Promise<Response>, number, string][] = [
      [json(bookByLink, '/api/inspections/book-by-link', { book, slot: trip.id, party: 9 }), 400, INSPECTION_ERRORS.party],
      [json(bookByLink, '/api/inspections/book-by-link', { book, slot: 'not-a-slot', party: 1 }), 400, INSPECTION_ERRORS.slot],
      [
        json(bookAsVisitor, '/api/inspections/book', { ...someone(), phonenumber: '12', slot: trip.id, party: 1 }),
        400,
        INTEREST_ERRORS.phone,
      ],
      [
        json(bookAsVisitor, '/api/inspections/book', { ...someone(), fullname: '', slot: trip.id, party: 1 }),
        400,
        INTEREST_ERRORS.fullname,
      ],
      [
        json(bookByLink, '/api/inspections/book-by-link', { book, slot: '6f1c2f3e-5d2a-4c8e-9d6b-3f0d1c2b3a4e', party: 1 }),
        410,
        INSPECTION_ERRORS.closed,
      ],
    ];
    for (const [response, status, error] of cases) {
      const res = await response;
      expect(res.status).toBe(status);
      expect((await res.json()).error).toBe(error);
    }
    const past = await insertSlot(db(), { district: 'Lugbe, Abuja', startsAt: new Date(Date.now() + HOUR), kind: 'video', seats: 5 });
    const closed = await json(bookByLink, '/api/inspections/book-by-link', { book, slot: past.id, party: 1 });
    expect(closed.status).toBe(410);
    expect((await closed.json()).error).toBe(INSPECTION_ERRORS.closed);
  });

  it('refuses a forged, another purpose’s or expired link', async () => {
    const trip = await slot(5);
    const { leadId, book } = await knownBuyer();
    const [head, payload] = book.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    const expired = await signInspectionLink(db(), 'book', leadId, new Date(Date.now() - 31 * DAY));
    const manage = await signInspectionLink(db(), 'manage', leadId);
    for (const [token, status, error] of [
      [forged, 403, INSPECTION_ERRORS.invalidLink],
      [manage, 403, INSPECTION_ERRORS.invalidLink],
      [expired, 410, INSPECTION_ERRORS.expiredLink],
    ] as const) {
      const res = await json(bookByLink, '/api/inspections/book-by-link', { book: token, slot: trip.id, party: 1 });
      expect(res.status).toBe(status);
      expect((await res.json()).error).toBe(error);
    }
    // A `book` token is not a booking's: it moves or cancels nothing.
    const res = await json(cancel, '/api/inspections/cancel', { t: book });
    expect(res.status).toBe(403);
    expect(await db().select().from(inspectionBookings).where(eq(inspectionBookings.leadId, leadId))).toHaveLength(0);
  });

  it('moves and cancels from the booking’s own link; the cancelled seat goes to the first in line', async () => {
    // A party of 2 fills this slot of 2: the owner lets one network hold every seat (docs/decisions/0401).
    setEnv({ INSPECTION_NETWORK_SHARE: '100' });
    const two = await slot(2, 80);
    const other = await slot(6, 150);
    const buyer = await knownBuyer();
    const booked = await (await json(bookByLink, '/api/inspections/book-by-link', { book: buyer.book, slot: two.id, party: 2 })).json();
    const t = tokenOf(booked.href, 't');

    // The calendar file of the booking parses, at its time and place.
    const file = await calendar(new Request(`http://localhost/api/inspections/calendar?t=${t}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(await file.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    expect(new Date(events[0].start).toISOString()).toBe(two.startsAt.toISOString());
    expect(events[0].location).toBe('District 1 estate gate');

    // Someone waits for the full slot.
    const waiter = await knownBuyer();
    expect(
      (await (await json(bookByLink, '/api/inspections/book-by-link', { book: waiter.book, slot: two.id, party: 1, wait: true })).json())
        .state,
    ).toBe('waiting');

    const moved = await json(move, '/api/inspections/move', { t, slot: other.id, party: 2 });
    expect(moved.status).toBe(201);
    expect(await bookingOf(booked.booking)).toMatchObject({ slotId: other.id, state: 'confirmed' });
    // The seats it left went to the one waiting.
    const [waiting] = await db().select().from(inspectionBookings).where(eq(inspectionBookings.leadId, waiter.leadId));
    expect(waiting.state).toBe('confirmed');

    const cancelled = await json(cancel, '/api/inspections/cancel', { t });
    expect(cancelled.status).toBe(200);
    expect(await bookingOf(booked.booking)).toMatchObject({ state: 'cancelled' });
    const again = await json(move, '/api/inspections/move', { t, slot: other.id, party: 1 });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(INSPECTION_ERRORS.cancelledBooking);
    // Cancelled, the calendar file says so.
    const dropped = await calendar(new Request(`http://localhost/api/inspections/calendar?t=${t}`));
    expect(await dropped.text()).toContain('STATUS:CANCELLED');
  });

  it('refuses to move or cancel online after the cut-off (the owners’ setting over INSPECTION_CHANGE_CUTOFF_HOURS)', async () => {
    setEnv({ INSPECTION_CHANGE_CUTOFF_HOURS: '12' });
    const soon = await slot(5, 6);
    const later = await slot(5, 100);
    const { leadId } = await knownBuyer();
    const jobs = await ctx.handle().jobs();
    const booked = await bookInspection(db(), { leadId, slotId: soon.id, partySize: 1 }, jobs);
    if (!booked.ok) throw new Error('should book');
    const t = await signInspectionLink(db(), 'manage', booked.booking.id);
    for (const res of [
      await json(cancel, '/api/inspections/cancel', { t }),
      await json(move, '/api/inspections/move', { t, slot: later.id, party: 1 }),
    ]) {
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe(INSPECTION_ERRORS.tooLate(12));
    }
    expect(await bookingOf(booked.booking.id)).toMatchObject({ state: 'confirmed', slotId: soon.id });
    // An owner allows changes up to 2 hours before: now it may be cancelled.
    await setInspectionChangeCutoffHours(db(), 2, OWNER);
    expect((await json(cancel, '/api/inspections/cancel', { t })).status).toBe(200);
    await setInspectionChangeCutoffHours(db(), 12, OWNER);
  });
});

/** A lead's fields as a browser posts them (text only, no form timer). */
function stringsOf(lead: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(lead).flatMap(([key, value]) => (key === 'form_started_at' ? [] : [[key, String(value)]])));
}
