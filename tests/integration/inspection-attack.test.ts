import { randomBytes } from 'node:crypto';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as bookAsVisitor } from '@/app/api/inspections/book/route';
import { POST as bookByLink } from '@/app/api/inspections/book-by-link/route';
import { POST as cancel } from '@/app/api/inspections/cancel/route';
import { POST as move } from '@/app/api/inspections/move/route';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { deliverInspectionMessage } from '@/modules/inspections/messages/delivery.server';
import { inspectionBookings, inspectionSlots } from '@/lib/db/schema';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import { bookingMessageRows, describeEachDriver, jsonRequest, newKey, setEnv, validLead } from './helpers';

/**
 * Issue 57, items 1 and 2, as an attacker would run them (docs/decisions/0401): six client networks (three IPv4
 * addresses, three IPv6 /48s spreading over their /64s) script the booking form to fill a month of inspections
 * with made-up buyers, and then loop a booking's links to flood a stranger's inbox. The lead form's own rate limits are
 * lifted, as for an attacker patient enough to wait them out: what is measured is what the inspection limits alone let
 * through. The figures are printed.
 */

const DAY = 86_400_000;
const SEATS = 14;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
});

const made = () => randomBytes(5).toString('hex');
const fakeBuyer = () =>
  validLead({
    fullname: 'Script Buyer',
    email: `fake-${made()}@example.net`,
    phonenumber: `0809 ${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`,
    form_started_at: Date.now() - 20_000,
  });

describeEachDriver('a scripted attack on the inspection calendar and the booking links', (ctx) => {
  const db = () => ctx.handle().db;

  it('six networks fill at most their seats of a month of inspections, and a looped link sends a stranger a handful of e-mails', async () => {
    setEnv({
      RATE_LIMIT_INTEREST: '100000/600',
      RATE_LIMIT_INTEREST_56: '100000/600',
      RATE_LIMIT_INTEREST_48: '100000/600',
      RATE_LIMIT_INTEREST_SITE: '100000/60',
      MIN_FILL_MS: '1500',
      TRUST_PROXY: undefined,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Meridian Districts" <hello@example.com>',
      SITE_URL: 'https://districts.example',
    });
    // A month of the default schedule: every Saturday at 10:00 in both districts, 14 seats each.
    const firstSaturday = Date.now() + 3 * DAY;
    const slots = [];
    for (let week = 0; week < 4; week++)
      for (const district of ['Lugbe, Abuja', 'Moniya, Ibadan'] as const)
        slots.push(
          await insertSlot(db(), {
            district,
            startsAt: new Date(Math.floor((firstSaturday + week * 7 * DAY) / 60_000) * 60_000),
            kind: 'on_site',
            seats: SEATS,
            meetingPoint: 'Estate gate',
          }),
        );
    const totalSeats = slots.length * SEATS;

    // ---- item 1: fill every seat --------------------------------------------------------------------------------
    const ipv4 = [1, 2, 3].map((i) => `198.18.${Math.floor(Math.random() * 250)}.${i}`);
    const ipv6 = [1, 2, 3].map(() => `2001:db8:${randomBytes(2).toString('hex')}`);
    let sixtyFour = 0;
    const networks: { name: string; address: () => string }[] = [
      ...ipv4.map((address, i) => ({ name: `ipv4-${i + 1}`, address: () => address })),
      ...ipv6.map((block, i) => ({ name: `ipv6-${i + 1}`, address: () => `${block}:${(++sixtyFour).toString(16)}::1` })),
    ];
    const tried: Record<string, Record<number, number>> = {};
    let requests = 0;
    // Each network walks the month, trying a party of 4, then smaller, on every slot, twice over.
    for (let round = 0; round < 2; round++)
      for (const network of networks)
        for (const slot of slots)
          for (const party of [4, 3, 2, 1]) {
            requests++;
            const res = await bookAsVisitor(
              jsonRequest(
                '/api/inspections/book',
                { ...fakeBuyer(), slot: slot.id, party },
                { headers: { 'x-forwarded-for': network.address(), 'Idempotency-Key': newKey() } },
              ),
            );
            expect(res.status, `no 5xx from ${network.name}`).toBeLessThan(500);
            const statuses = (tried[network.name] ??= {});
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 201 && (await res.clone().json()).booking) break;
          }
    const held = await db()
      .select({ slotId: inspectionBookings.slotId, networkHash: inspectionBookings.networkHash, partySize: inspectionBookings.partySize })
      .from(inspectionBookings)
      .where(inArray(inspectionBookings.state, ['confirmed', 'waiting']));
    const seatsTaken = held.reduce((sum, b) => sum + b.partySize, 0);
    const perNetwork = new Map<string, number>();
    const perSlotNetwork = new Map<string, number>();
    for (const b of held) {
      perNetwork.set(b.networkHash!, (perNetwork.get(b.networkHash!) ?? 0) + b.partySize);
      perSlotNetwork.set(`${b.slotId}|${b.networkHash}`, (perSlotNetwork.get(`${b.slotId}|${b.networkHash}`) ?? 0) + b.partySize);
    }
    const fullSlots = slots.filter((slot) => held.filter((b) => b.slotId === slot.id).reduce((s, b) => s + b.partySize, 0) >= SEATS);
    console.log(
      `[attack, item 1] ${requests} booking posts from ${networks.length} networks; seats taken ${seatsTaken} of ${totalSeats} ` +
        `(${Math.round((seatsTaken / totalSeats) * 100)} %); slots full ${fullSlots.length} of ${slots.length}; ` +
        `most seats of one network ${Math.max(...perNetwork.values())} (limit 8); most of one slot from one network ` +
        `${Math.max(...perSlotNetwork.values())} (limit ${SEATS / 2}); answers ${JSON.stringify(tried)}`,
    );
    expect(Math.max(...perNetwork.values())).toBeLessThanOrEqual(8);
    expect(Math.max(...perSlotNetwork.values())).toBeLessThanOrEqual(SEATS / 2);
    expect(seatsTaken).toBeLessThanOrEqual(networks.length * 8);
    expect(fullSlots).toEqual([]);

    // A real buyer on another network still books.
    const real = await bookAsVisitor(
      jsonRequest(
        '/api/inspections/book',
        { ...fakeBuyer(), fullname: 'Real Buyer', slot: slots[0].id, party: 2 },
        { headers: { 'x-forwarded-for': '192.0.2.77', 'Idempotency-Key': newKey() } },
      ),
    );
    expect(real.status).toBe(201);

    // ---- item 2: loop a stranger's booking links --------------------------------------------------------------------
    // The form filled with a stranger's e-mail: one booking, and its links in the answer.
    const victim = `victim-${made()}@example.org`;
    const booked = await bookAsVisitor(
      jsonRequest(
        '/api/inspections/book',
        { ...fakeBuyer(), email: victim, slot: slots[6].id, party: 1 },
        { headers: { 'x-forwarded-for': '192.0.2.200', 'Idempotency-Key': newKey() } },
      ),
    );
    expect(booked.status).toBe(201);
    const { href, bookingPage, booking } = await booked.json();
    const t = new URL(href, 'http://localhost').searchParams.get('t')!;
    // 60 moves, cancels and re-bookings, from the six networks in turn.
    const answers: Record<number, number> = {};
    let linkPosts = 0;
    for (let i = 0; i < 60; i++) {
      const address = networks[i % networks.length].address();
      const to = slots[4 + (i % 2)].id;
      const res =
        i % 10 === 9
          ? await cancel(jsonRequest('/api/inspections/cancel', { t }, { headers: { 'x-forwarded-for': address } }))
          : i % 10 === 0 && bookingPage
            ? await bookByLink(
                jsonRequest(
                  '/api/inspections/book-by-link',
                  { book: new URL(bookingPage, 'http://localhost').searchParams.get('book'), slot: to, party: 1 },
                  { headers: { 'x-forwarded-for': address } },
                ),
              )
            : await move(jsonRequest('/api/inspections/move', { t, slot: to, party: 1 }, { headers: { 'x-forwarded-for': address } }));
      linkPosts++;
      expect(res.status).toBeLessThan(500);
      answers[res.status] = (answers[res.status] ?? 0) + 1;
    }
    // Everything queued for the stranger goes, each at its time.
    const [{ leadId }] = await db()
      .select({ leadId: inspectionBookings.leadId })
      .from(inspectionBookings)
      .where(eq(inspectionBookings.id, booking));
    const bookingsOfVictim = (
      await db().select({ id: inspectionBookings.id }).from(inspectionBookings).where(eq(inspectionBookings.leadId, leadId!))
    ).map((b) => b.id);
    const queued = await bookingMessageRows(db(), (m) => m.bookingId !== null && bookingsOfVictim.includes(m.bookingId));
    const buyerNews = queued.filter((m) => m.channel === 'email' && !['agent_alert', 'reminder_24h', 'reminder_2h'].includes(m.kind));
    for (const message of buyerNews)
      await deliverInspectionMessage(db(), message.id, { now: () => new Date(Math.max(Date.now(), message.dueAt.getTime())) });
    const inbox = smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(victim));
    console.log(
      `[attack, item 2] ${linkPosts} posts to the stranger's booking links: answers ${JSON.stringify(answers)}; ` +
        `e-mails the stranger got ${inbox.length} (${inbox.map((m) => m.mail.subject?.replace(/:.*/, '')).join(' / ')})`,
    );
    expect((answers[201] ?? 0) + (answers[200] ?? 0)).toBeLessThanOrEqual(6);
    expect(answers[429]).toBeGreaterThanOrEqual(50);
    expect(inbox.length).toBeLessThanOrEqual(8);
    // The owners' table says which slots were written to at all (for the figures), and none of the calendar was lost.
    expect(await db().select().from(inspectionSlots).where(isNotNull(inspectionSlots.cancelledAt))).toEqual([]);
  });
});
