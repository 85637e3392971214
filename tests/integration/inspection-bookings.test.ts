import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  addWalkIn,
  bookInspection,
  bookableSlots,
  callOffSlot,
  cancelInspection,
  makeSlots,
  markInspectionAttendance,
} from '@/modules/inspections/inspections.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import type { DatabaseHandle } from '@/lib/db/client';
import { inspectionBookings, inspectionSchedules, inspectionSlots, leads } from '@/lib/db/schema';
import { parseInspectionSchedule } from '@/lib/env-schema';
import { describeEachDriver, validLead } from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * Booking site inspections (docs/decisions/0391-site-inspections-booked-online.md): a slot's N seats never go to more
 * than N people, whatever arrives at once on one instance or two; a cancelled seat goes to the first in line.
 */
describeEachDriver('site inspection bookings', (ctx) => {
  const DAY = 86_400_000;
  const now = () => new Date();
  let jobs: Awaited<ReturnType<DatabaseHandle['jobs']>>;
  beforeAll(async () => {
    jobs = await ctx.handle().jobs();
  });

  async function newLead(db: DatabaseHandle['db'], status?: 'contacted'): Promise<string> {
    const { id } = await saveLead(db, {
      input: validLead({ email: `buyer-${randomBytes(5).toString('hex')}@example.com` }) as never,
      spam: false,
    });
    if (status) await db.update(leads).set({ status }).where(eq(leads.id, id));
    return id;
  }

  const slotWith = (db: DatabaseHandle['db'], seats: number, district: 'Lugbe, Abuja' | 'Moniya, Ibadan' = 'Lugbe, Abuja', inDays = 3) =>
    insertSlot(db, { district, startsAt: new Date(Date.now() + inDays * DAY), kind: 'on_site', seats, meetingPoint: 'Gate' });

  const confirmedSeats = async (db: DatabaseHandle['db'], slotId: string) =>
    (
      await db
        .select()
        .from(inspectionBookings)
        .where(and(eq(inspectionBookings.slotId, slotId), eq(inspectionBookings.state, 'confirmed')))
    )
      .map((b) => b.partySize)
      .reduce((a, b) => a + b, 0);

  it('gives 3× a slot’s seats booked at once (different people, two instances) exactly its seats; the rest hear “full” with other slots', async () => {
    const db = ctx.handle().db;
    const second = (await ctx.openSecond()).db;
    const slot = await slotWith(db, 6);
    const later = await slotWith(db, 10, 'Lugbe, Abuja', 10);
    const people = await Promise.all(Array.from({ length: 18 }, () => newLead(db)));
    const outcomes = await Promise.all(
      people.map((leadId, i) => bookInspection(i % 2 ? second : db, { leadId, slotId: slot.id, partySize: 1 }, jobs)),
    );
    const confirmed = outcomes.filter((o) => o.ok);
    const full = outcomes.filter((o) => !o.ok);
    expect(confirmed).toHaveLength(6);
    expect(full).toHaveLength(12);
    for (const answer of full) {
      expect(answer).toMatchObject({ ok: false, why: 'full', seatsLeft: 0 });
      expect(answer.ok === false && answer.why === 'full' && answer.others.map((s) => s.id)).toContain(later.id);
    }
    expect(await confirmedSeats(db, slot.id)).toBe(6);
  });

  it('loses no seat when a booking is cancelled while others arrive: the freed seat goes to exactly one of them', async () => {
    const db = ctx.handle().db;
    const second = (await ctx.openSecond()).db;
    const slot = await slotWith(db, 4);
    const holders = await Promise.all(Array.from({ length: 4 }, () => newLead(db)));
    const held = [];
    for (const leadId of holders) held.push(await bookInspection(db, { leadId, slotId: slot.id, partySize: 1 }, jobs));
    const newcomers = await Promise.all(Array.from({ length: 6 }, () => newLead(db)));
    const first = held[0];
    if (!first.ok) throw new Error('the first booking should be confirmed');
    const [cancelled, ...tries] = await Promise.all([
      cancelInspection(second, first.booking.id, jobs),
      ...newcomers.map((leadId, i) => bookInspection(i % 2 ? second : db, { leadId, slotId: slot.id, partySize: 1 }, jobs)),
    ]);
    expect(cancelled.ok).toBe(true);
    // Before the cancel committed, all were full; after it, one fits: at most one newcomer, and the seats never above 4.
    expect(tries.filter((t) => t.ok).length).toBeLessThanOrEqual(1);
    expect(await confirmedSeats(db, slot.id)).toBe(3 + tries.filter((t) => t.ok).length);
    // Whatever the order, the seat is there for the next buyer.
    const late = await bookInspection(db, { leadId: await newLead(db), slotId: slot.id, partySize: 1 }, jobs);
    expect(late.ok || tries.some((t) => t.ok)).toBe(true);
    expect(await confirmedSeats(db, slot.id)).toBe(4);
  });

  it('keeps a waiting list in order: a cancel promotes the first in line once their party fits, never a later, smaller one', async () => {
    const db = ctx.handle().db;
    const slot = await slotWith(db, 3);
    const [a, b, c, d] = await Promise.all([newLead(db), newLead(db), newLead(db), newLead(db)]);
    const one = await bookInspection(db, { leadId: a, slotId: slot.id, partySize: 1 }, jobs);
    const two = await bookInspection(db, { leadId: b, slotId: slot.id, partySize: 2 }, jobs);
    const waitingPair = await bookInspection(db, { leadId: c, slotId: slot.id, partySize: 2, waitIfFull: true }, jobs);
    const waitingOne = await bookInspection(db, { leadId: d, slotId: slot.id, partySize: 1, waitIfFull: true }, jobs);
    expect([one.ok && one.booking.state, two.ok && two.booking.state]).toEqual(['confirmed', 'confirmed']);
    expect([waitingPair.ok && waitingPair.booking.state, waitingOne.ok && waitingOne.booking.state]).toEqual(['waiting', 'waiting']);

    // One seat freed: the pair first in line does not fit, and the single behind them does not jump the line.
    const firstCancel = await cancelInspection(db, one.ok ? one.booking.id : '', jobs);
    expect(firstCancel.ok && firstCancel.promoted).toEqual([]);
    // Two more freed: the pair is confirmed, then the single fits the last seat.
    const secondCancel = await cancelInspection(db, two.ok ? two.booking.id : '', jobs);
    expect(secondCancel.ok && secondCancel.promoted.map((p) => p.leadId)).toEqual([c, d]);
    expect(await confirmedSeats(db, slot.id)).toBe(3);
    // A second cancel of the same booking changes nothing.
    expect(await cancelInspection(db, one.ok ? one.booking.id : '', jobs)).toMatchObject({ ok: true, unchanged: true, promoted: [] });
  });

  it('moves a booking to another slot, freeing its seats for the first slot’s waiting list, and books the same thing twice once', async () => {
    const db = ctx.handle().db;
    const from = await slotWith(db, 1);
    const to = await slotWith(db, 5, 'Lugbe, Abuja', 8);
    const [mover, waiter] = await Promise.all([newLead(db, 'contacted'), newLead(db)]);
    const booked = await bookInspection(db, { leadId: mover, slotId: from.id, partySize: 1 }, jobs);
    expect(await bookInspection(db, { leadId: mover, slotId: from.id, partySize: 1 }, jobs)).toMatchObject({ ok: true, unchanged: true });
    await bookInspection(db, { leadId: waiter, slotId: from.id, partySize: 1, waitIfFull: true }, jobs);
    const moved = await bookInspection(db, { leadId: mover, slotId: to.id, partySize: 2 }, jobs);
    expect(moved).toMatchObject({ ok: true, movedFrom: from.id });
    expect(moved.ok && moved.booking.id).toBe(booked.ok && booked.booking.id);
    expect(moved.ok && moved.promoted.map((p) => p.leadId)).toEqual([waiter]);
    expect(await confirmedSeats(db, from.id)).toBe(1);
    expect(await confirmedSeats(db, to.id)).toBe(2);
    // A contacted lead with a confirmed seat is at the stage "inspection booked"; a new one stays new for its first call.
    const [moverRow] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, mover));
    const [waiterRow] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, waiter));
    expect([moverRow.status, waiterRow.status]).toEqual(['inspection_booked', 'new']);
  });

  it('refuses a slot that is called off, already closed, or gone; calling a slot off cancels its bookings', async () => {
    const db = ctx.handle().db;
    const leadId = await newLead(db);
    const soon = await insertSlot(db, {
      district: 'Lugbe, Abuja',
      startsAt: new Date(Date.now() + 60 * 60_000),
      kind: 'on_site',
      seats: 5,
    });
    expect(await bookInspection(db, { leadId, slotId: soon.id, partySize: 1 }, jobs)).toEqual({ ok: false, why: 'closed' });
    const slot = await slotWith(db, 5);
    const booked = await bookInspection(db, { leadId, slotId: slot.id, partySize: 2 }, jobs);
    expect(booked.ok).toBe(true);
    const owner = await makeStaff(db, 'owner');
    const calledOff = await callOffSlot(db, slot.id, owner, jobs);
    expect(calledOff?.map((b) => b.leadId)).toEqual([leadId]);
    expect(await bookInspection(db, { leadId, slotId: slot.id, partySize: 1 }, jobs)).toEqual({ ok: false, why: 'closed' });
    expect(await confirmedSeats(db, slot.id)).toBe(0);
  });

  it('marks who came on the day (the lead moves to “inspected”) and counts walk-ins as come', async () => {
    const db = ctx.handle().db;
    const slot = await slotWith(db, 2);
    const leadId = await newLead(db);
    const booked = await bookInspection(db, { leadId, slotId: slot.id, partySize: 1 }, jobs);
    const agent = await makeStaff(db, 'agent');
    expect(await markInspectionAttendance(db, booked.ok ? booked.booking.id : '', 'came', agent)).toEqual({ changed: true });
    const [row] = await db.select({ status: leads.status, first: leads.firstContactedAt }).from(leads).where(eq(leads.id, leadId));
    expect(row.status).toBe('inspected');
    expect(row.first).not.toBeNull();
    const walkIn = await addWalkIn(db, slot.id, { name: 'Chinedu Eze', phone: '+2348031112222', partySize: 3 });
    expect(walkIn).toMatchObject({ state: 'confirmed', attendance: 'came', leadId: null });
  });

  it('offers INSPECTION_SCHEDULE on a fresh install once: every Saturday 10:00 Lagos time in both districts, four weeks ahead', async () => {
    const db = ctx.handle().db;
    const offer = parseInspectionSchedule('sat 10:00 14 on_site')!;
    const districts = [
      { slug: 'd1', choice: 'Lugbe, Abuja', pickup: { meetingPoint: 'Lugbe gate', mapUrl: 'https://maps.example/lugbe' } },
      { slug: 'd2', choice: 'Moniya, Ibadan', pickup: { meetingPoint: 'Moniya gate', mapUrl: 'https://maps.example/moniya' } },
    ] as const;
    // Earlier tests made one-off slots only: the schedule is empty, so this is a fresh install's first view.
    await makeSlots(db, { offer, districts }, now());
    await makeSlots(db, { offer, districts }, now());
    const schedule = await db.select().from(inspectionSchedules);
    expect(schedule.map((r) => [r.district, r.weekday, r.startTime, r.seats, r.kind]).sort()).toEqual([
      ['Lugbe, Abuja', 6, '10:00', 14, 'on_site'],
      ['Moniya, Ibadan', 6, '10:00', 14, 'on_site'],
    ]);
    const made = await db.select().from(inspectionSlots).where(eq(inspectionSlots.scheduleId, schedule[0].id));
    expect(made.length).toBeGreaterThanOrEqual(4);
    expect(made.length).toBeLessThanOrEqual(5);
    for (const slot of made) {
      expect(slot.startsAt.getUTCDay()).toBe(6);
      expect(slot.startsAt.getUTCHours()).toBe(9); // 10:00 in Lagos (UTC+1)
    }
    const visible = await bookableSlots(db, 'Moniya, Ibadan', now());
    expect(visible.filter((s) => s.scheduleId).every((s) => s.meetingPoint === 'Moniya gate' && s.seatsTaken === 0)).toBe(true);

    // Owners who stop every weekly inspection are not given the default back.
    await db.update(inspectionSchedules).set({ active: false });
    await makeSlots(db, { offer, districts }, new Date(Date.now() + 7 * DAY));
    expect(await db.select().from(inspectionSchedules).where(eq(inspectionSchedules.active, true))).toEqual([]);
  });
  it('lets a party grow on its slot only with room, never overbooking for the people waiting, and keeps the seat when it does not fit', async () => {
    const db = ctx.handle().db;
    const slot = await slotWith(db, 4);
    const [a, b, c] = await Promise.all([newLead(db), newLead(db), newLead(db)]);
    await bookInspection(db, { leadId: a, slotId: slot.id, partySize: 1 }, jobs);
    await bookInspection(db, { leadId: b, slotId: slot.id, partySize: 2 }, jobs);
    await bookInspection(db, { leadId: c, slotId: slot.id, partySize: 2, waitIfFull: true }, jobs);
    // One seat left, a pair waiting: the single buyer brings one more, which fits; nobody else is confirmed.
    expect(await bookInspection(db, { leadId: a, slotId: slot.id, partySize: 2, waitIfFull: true }, jobs)).toMatchObject({
      ok: true,
      promoted: [],
    });
    expect(await confirmedSeats(db, slot.id)).toBe(4);
    // A third person does not fit: the answer is full, and the two seats stay theirs (never a place in line instead).
    expect(await bookInspection(db, { leadId: a, slotId: slot.id, partySize: 3, waitIfFull: true }, jobs)).toMatchObject({
      ok: false,
      why: 'full',
    });
    const [row] = await db.select().from(inspectionBookings).where(eq(inspectionBookings.leadId, a));
    expect([row.state, row.partySize]).toEqual(['confirmed', 2]);
    // Coming alone after all frees a seat: not enough for the pair in line, so still 3 of 4 taken.
    expect(await bookInspection(db, { leadId: a, slotId: slot.id, partySize: 1 }, jobs)).toMatchObject({ ok: true, promoted: [] });
    expect(await confirmedSeats(db, slot.id)).toBe(3);
  });

  it('books a lead who came to an inspection before onto a new one, leaving the past booking and its attendance as they were', async () => {
    const db = ctx.handle().db;
    const leadId = await newLead(db);
    const past = await slotWith(db, 5);
    const booked = await bookInspection(db, { leadId, slotId: past.id, partySize: 1 }, jobs);
    await markInspectionAttendance(db, booked.ok ? booked.booking.id : '', 'came', await makeStaff(db, 'agent'));
    // A week later the inspection is over; the buyer books the next one.
    const later = new Date(Date.now() + 7 * DAY);
    const next = await insertSlot(db, { district: 'Lugbe, Abuja', startsAt: new Date(Date.now() + 10 * DAY), kind: 'on_site', seats: 5 });
    const again = await bookInspection(db, { leadId, slotId: next.id, partySize: 2 }, jobs, later);
    expect(again).toMatchObject({ ok: true, unchanged: false });
    expect(again.ok && again.booking.id).not.toBe(booked.ok && booked.booking.id);
    const rows = await db.select().from(inspectionBookings).where(eq(inspectionBookings.leadId, leadId));
    expect(rows.map((r) => [r.slotId, r.state, r.attendance]).sort()).toEqual(
      [
        [past.id, 'confirmed', 'came'],
        [next.id, 'confirmed', null],
      ].sort(),
    );
  });

  it('books nothing for a lead set aside (spam, or held in a flood)', async () => {
    const db = ctx.handle().db;
    const slot = await slotWith(db, 5);
    const leadId = await newLead(db);
    await db.update(leads).set({ spam: true, spamReason: 'flood' }).where(eq(leads.id, leadId));
    expect(await bookInspection(db, { leadId, slotId: slot.id, partySize: 1 }, jobs)).toEqual({ ok: false, why: 'no_lead' });
    expect(await confirmedSeats(db, slot.id)).toBe(0);
  });
});
