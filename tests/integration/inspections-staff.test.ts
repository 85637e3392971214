import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { POST as attendanceRoute } from '@/app/api/admin/inspections/bookings/[id]/attendance/route';
import { POST as cutoffRoute } from '@/app/api/admin/inspections/cutoff/route';
import { POST as addScheduleRoute } from '@/app/api/admin/inspections/schedule/route';
import { POST as editScheduleRoute } from '@/app/api/admin/inspections/schedule/[id]/route';
import { POST as scheduleActiveRoute } from '@/app/api/admin/inspections/schedule/[id]/active/route';
import { POST as addSlotRoute } from '@/app/api/admin/inspections/slots/route';
import { POST as callOffRoute } from '@/app/api/admin/inspections/slots/[id]/call-off/route';
import { POST as seatsRoute } from '@/app/api/admin/inspections/slots/[id]/seats/route';
import { POST as walkInRoute } from '@/app/api/admin/inspections/slots/[id]/walk-ins/route';
import { GET as exportRoute } from '@/app/api/admin/exports/leads/route';
import { inspectionChangeCutoffHours } from '@/modules/inspections/cutoff.server';
import { bookInspection } from '@/modules/inspections/inspections.server';
import { insertSlot, slotById } from '@/modules/inspections/inspections.repository.server';
import { BOOKINGS_DRAWN, inspectionsPage } from '@/modules/inspections/staff/slots.server';
import { leadScope } from '@/modules/leads/scope.server';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { inspectionSchedules, inspectionSlots, inspectionBookings, leadActivity, leads } from '@/lib/db/schema';
import type { DatabaseHandle } from '@/lib/db/client';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * The sales team's side of site inspections (issue 44, items 7 and 8; docs/decisions/0391): the schedule and its
 * exceptions are the owners', attendance and walk-ins are marked on the day by whoever runs the slot, a slot's seats
 * never go below those confirmed, a called-off slot cancels its bookings, and the lead CSV carries the inspection.
 */
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
type Route<C> = (request: Request, context: C) => Promise<Response>;

/** The cells of a CSV text whose cells hold no line breaks (quoted cells may hold commas and doubled quotes). */
const csvCells = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2])),
    );

describeEachDriver('site inspections in the staff area', (ctx) => {
  const db = () => ctx.handle().db;
  let jobs: Awaited<ReturnType<DatabaseHandle['jobs']>>;
  let owner = '';
  let agent = '';
  let agentId = '';

  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, INSPECTION_CHANGE_CUTOFF_HOURS: undefined });
    jobs = await ctx.handle().jobs();
    owner = await sessionCookieFor(db(), await makeStaff(db(), 'owner'));
    const agentRow = await makeStaff(db(), 'agent');
    agentId = agentRow.id;
    agent = await sessionCookieFor(db(), agentRow);
  });

  async function newLead(fields: Partial<typeof leads.$inferInsert> = { status: 'contacted' }): Promise<string> {
    const tag = randomBytes(5).toString('hex');
    const { id } = await saveLead(db(), {
      input: validLead({ fullname: `Buyer ${tag}`, email: `buyer-${tag}@example.com` }) as never,
      spam: false,
    });
    await db().update(leads).set(fields).where(eq(leads.id, id));
    return id;
  }

  const slotAt = (startsAt: Date, seats = 6, agent: string | null = null) =>
    insertSlot(db(), { district: 'Lugbe, Abuja', startsAt, kind: 'on_site', seats, meetingPoint: 'Estate gate', agentId: agent });

  /** A confirmed booking on a slot, made while it was still days ahead. */
  async function booked(slotId: string, startsAt: Date, leadId: string, partySize = 1) {
    const outcome = await bookInspection(db(), { leadId, slotId, partySize }, jobs, new Date(startsAt.getTime() - 3 * DAY));
    if (!outcome.ok) throw new Error(`not booked: ${outcome.why}`);
    return outcome.booking;
  }

  const post = <C>(route: Route<C>, path: string, cookie: string, body: unknown, context: C) =>
    route(staffRequest(path, { method: 'POST', cookie, body }), context);

  const row = {
    district: 'Moniya, Ibadan',
    weekday: 3,
    startTime: '11:30',
    kind: 'on_site',
    seats: 10,
    meetingPoint: 'Bodija Market gate',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Bodija',
    videoUrl: '',
    agentId: '',
  };

  it('keeps the schedule and its exceptions to owners: an agent gets 403 and nothing changes', async () => {
    const startsAt = new Date(Date.now() + 5 * DAY);
    const slot = await slotAt(startsAt);
    const [scheduleRow] = await db()
      .insert(inspectionSchedules)
      .values({ district: 'Lugbe, Abuja', weekday: 6, startTime: '10:00', kind: 'on_site', seats: 14, meetingPoint: 'Gate' })
      .returning();
    const refusals = await Promise.all([
      post(addScheduleRoute as Route<undefined>, '/api/admin/inspections/schedule', agent, row, undefined),
      post(editScheduleRoute, `/api/admin/inspections/schedule/${scheduleRow.id}`, agent, row, ctxFor(scheduleRow.id)),
      post(
        scheduleActiveRoute,
        `/api/admin/inspections/schedule/${scheduleRow.id}/active`,
        agent,
        { active: false },
        ctxFor(scheduleRow.id),
      ),
      post(addSlotRoute as Route<undefined>, '/api/admin/inspections/slots', agent, { ...row, date: '2099-01-01' }, undefined),
      post(seatsRoute, `/api/admin/inspections/slots/${slot.id}/seats`, agent, { seats: 2 }, ctxFor(slot.id)),
      post(callOffRoute, `/api/admin/inspections/slots/${slot.id}/call-off`, agent, {}, ctxFor(slot.id)),
      post(cutoffRoute as Route<undefined>, '/api/admin/inspections/cutoff', agent, { hours: 1 }, undefined),
    ]);
    expect(refusals.map((res) => res.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    const [after] = await db().select().from(inspectionSlots).where(eq(inspectionSlots.id, slot.id));
    expect(after).toMatchObject({ seats: 6, cancelledAt: null });
    expect((await db().select().from(inspectionSchedules).where(eq(inspectionSchedules.id, scheduleRow.id)))[0].active).toBe(true);
    expect(await inspectionChangeCutoffHours(db())).toBe(12);
  });

  it('lets an owner add a weekly row, say what is missing, and change a row: unbooked days follow, a booked day keeps its time', async () => {
    const refused = await post(
      addScheduleRoute as Route<undefined>,
      '/api/admin/inspections/schedule',
      owner,
      { ...row, kind: 'video' },
      undefined,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'A video tour needs its link.' });

    const added = await post(addScheduleRoute as Route<undefined>, '/api/admin/inspections/schedule', owner, row, undefined);
    expect(added.status).toBe(201);
    const { row: created } = await added.json();
    expect(created).toMatchObject({ district: 'Moniya, Ibadan', weekday: 3, startTime: '11:30', seats: 10, videoUrl: null, active: true });
    // Its days of the next four weeks are made at once, not at the next hourly run (docs/decisions/0405).
    const madeAtOnce = await db().select().from(inspectionSlots).where(eq(inspectionSlots.scheduleId, created.id));
    expect(madeAtOnce.length).toBeGreaterThanOrEqual(4);
    expect(madeAtOnce.every((slot) => slot.seats === 10 && slot.startsAt.getUTCDay() === 3)).toBe(true);

    // Two of its days, one of them booked.
    const [bookedDay, freeDay] = [...madeAtOnce].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const first = bookedDay.startsAt;
    await booked(bookedDay.id, first, await newLead());

    const edited = await post(
      editScheduleRoute,
      `/api/admin/inspections/schedule/${created.id}`,
      owner,
      { ...row, startTime: '09:00', seats: 20 },
      ctxFor(created.id),
    );
    expect(edited.status).toBe(200);
    const left = await db().select().from(inspectionSlots).where(eq(inspectionSlots.scheduleId, created.id));
    // The booked day keeps its time and seats; the free days are made again at the new time, at once.
    expect(left.find((slot) => slot.id === bookedDay.id)).toMatchObject({ seats: 10, startsAt: first });
    expect(left.some((slot) => slot.id === freeDay.id)).toBe(false);
    const remade = left.filter((slot) => slot.id !== bookedDay.id);
    expect(remade.length).toBeGreaterThanOrEqual(3);
    expect(remade.every((slot) => slot.seats === 20 && slot.startsAt.getUTCHours() === 8 && slot.startsAt.getUTCMinutes() === 0)).toBe(
      true,
    );

    const stopped = await post(
      scheduleActiveRoute,
      `/api/admin/inspections/schedule/${created.id}/active`,
      owner,
      { active: false },
      ctxFor(created.id),
    );
    expect(stopped.status).toBe(200);
    expect((await stopped.json()).row.active).toBe(false);
  });

  it('answers a form posted without scripts with a redirect back to the page, its sentence in a cookie, nothing in the URL', async () => {
    const res = await addScheduleRoute(
      formRequest('/api/admin/inspections/schedule', { ...row, weekday: '3', seats: '0' }, { cookie: owner }),
      undefined as never,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/inspections/schedule');
    expect(res.headers.getSetCookie().join(';')).toMatch(/staff_form_flash=.+; Path=\/admin\/inspections\/schedule/);
  });

  it('adds a one-off slot for an owner, never in the past', async () => {
    const past = await post(
      addSlotRoute as Route<undefined>,
      '/api/admin/inspections/slots',
      owner,
      { ...row, date: '2020-01-04' },
      undefined,
    );
    expect(past.status).toBe(400);
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const res = await post(
      addSlotRoute as Route<undefined>,
      '/api/admin/inspections/slots',
      owner,
      { ...row, kind: 'video', videoUrl: 'https://meet.example.com/tour', date: day, startTime: '18:00', agentId },
      undefined,
    );
    expect(res.status).toBe(201);
    const { slot } = await res.json();
    expect(slot).toMatchObject({ scheduleId: null, kind: 'video', meetingPoint: null, videoUrl: 'https://meet.example.com/tour', agentId });
    expect(new Date(slot.startsAt).toISOString()).toBe(`${day}T17:00:00.000Z`);
  });

  it('never sets a slot’s seats below those confirmed; more seats go to the waiting list first', async () => {
    const startsAt = new Date(Date.now() + 4 * DAY);
    const slot = await slotAt(startsAt, 3);
    await booked(slot.id, startsAt, await newLead(), 3);
    const waiting = await newLead();
    const outcome = await bookInspection(db(), { leadId: waiting, slotId: slot.id, partySize: 2, waitIfFull: true }, jobs);
    expect(outcome.ok && outcome.booking.state).toBe('waiting');

    // What the Inspections page and the booking page read of the slot: its seats taken and its waiting list.
    expect(await slotById(db(), slot.id)).toMatchObject({ seats: 3, seatsTaken: 3, waiting: 1 });

    const below = await post(seatsRoute, `/api/admin/inspections/slots/${slot.id}/seats`, owner, { seats: 2 }, ctxFor(slot.id));
    expect(below.status).toBe(409);
    expect(await below.json()).toEqual({ error: '3 seats are already confirmed: the slot cannot have fewer.' });

    const more = await post(seatsRoute, `/api/admin/inspections/slots/${slot.id}/seats`, owner, { seats: 5 }, ctxFor(slot.id));
    expect(more.status).toBe(200);
    expect(await more.json()).toMatchObject({ ok: true, promoted: 1 });
    const [promoted] = await db().select().from(inspectionBookings).where(eq(inspectionBookings.leadId, waiting));
    expect(promoted.state).toBe('confirmed');
    expect(await slotById(db(), slot.id)).toMatchObject({ seats: 5, seatsTaken: 5, waiting: 0 });
  });

  it('calls a slot off: every booking cancelled and written in its lead’s history', async () => {
    const startsAt = new Date(Date.now() + 6 * DAY);
    const slot = await slotAt(startsAt, 10);
    const people = [await newLead(), await newLead()];
    for (const leadId of people) await booked(slot.id, startsAt, leadId, 2);
    const res = await post(callOffRoute, `/api/admin/inspections/slots/${slot.id}/call-off`, owner, {}, ctxFor(slot.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, cancelled: 2 });
    const bookings = await db().select().from(inspectionBookings).where(eq(inspectionBookings.slotId, slot.id));
    expect(bookings.map((b) => b.state)).toEqual(['cancelled', 'cancelled']);
    for (const leadId of people) {
      const lines = await db()
        .select()
        .from(leadActivity)
        .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.action, 'inspection_cancelled')));
      expect(lines).toHaveLength(1);
    }
    expect(
      (await post(callOffRoute, '/api/admin/inspections/slots/x/call-off', owner, {}, ctxFor('00000000-0000-4000-8000-000000000000')))
        .status,
    ).toBe(404);
  });

  it('marks a confirmed buyer as came on the day: the lead moves to inspected; not days ahead, not for another agent’s lead', async () => {
    const startsAt = new Date(Date.now() - HOUR);
    const slot = await slotAt(startsAt, 10);
    const leadId = await newLead({ status: 'contacted', assignedTo: null });
    const booking = await booked(slot.id, startsAt, leadId, 2);
    expect((await db().select().from(leads).where(eq(leads.id, leadId)))[0].status).toBe('inspection_booked');

    // An agent who neither leads the slot nor has the lead does not see the booking.
    const hidden = await post(
      attendanceRoute,
      `/api/admin/inspections/bookings/${booking.id}/attendance`,
      agent,
      { attendance: 'came' },
      ctxFor(booking.id),
    );
    expect(hidden.status).toBe(404);

    const res = await post(
      attendanceRoute,
      `/api/admin/inspections/bookings/${booking.id}/attendance`,
      owner,
      { attendance: 'came' },
      ctxFor(booking.id),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, changed: true, slotId: slot.id });
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead.status).toBe('inspected');
    const [mark] = await db().select().from(inspectionBookings).where(eq(inspectionBookings.id, booking.id));
    expect(mark.attendance).toBe('came');

    const future = new Date(Date.now() + 3 * DAY);
    const later = await slotAt(future, 10);
    const ahead = await booked(later.id, future, await newLead());
    const early = await post(
      attendanceRoute,
      `/api/admin/inspections/bookings/${ahead.id}/attendance`,
      owner,
      { attendance: 'no_show' },
      ctxFor(ahead.id),
    );
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: 'Attendance and walk-ins open 12 hours before the inspection.' });
  });

  it('lets the agent who leads a slot mark any of its buyers and add a walk-in, counted as come', async () => {
    const startsAt = new Date(Date.now() - 2 * HOUR);
    const slot = await slotAt(startsAt, 4, agentId);
    const booking = await booked(slot.id, startsAt, await newLead());
    const marked = await post(
      attendanceRoute,
      `/api/admin/inspections/bookings/${booking.id}/attendance`,
      agent,
      { attendance: 'no_show' },
      ctxFor(booking.id),
    );
    expect(marked.status).toBe(200);

    const badPhone = await post(
      walkInRoute,
      `/api/admin/inspections/slots/${slot.id}/walk-ins`,
      agent,
      { name: 'Tunde Bakare', phone: '12', partySize: 2 },
      ctxFor(slot.id),
    );
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toEqual({ error: 'Please enter a phone number we can call, e.g. +234 803 123 4567.' });

    const form = await walkInRoute(
      formRequest(
        `/api/admin/inspections/slots/${slot.id}/walk-ins`,
        { name: 'Tunde Bakare', phone: '0803 555 0101', partySize: '5' },
        { cookie: agent },
      ),
      ctxFor(slot.id),
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/admin/inspections#slot-${slot.id}`);
    const walkIns = await db()
      .select()
      .from(inspectionBookings)
      .where(and(eq(inspectionBookings.slotId, slot.id), eq(inspectionBookings.walkInName, 'Tunde Bakare')));
    expect(walkIns).toHaveLength(1);
    expect(walkIns[0]).toMatchObject({ leadId: null, partySize: 5, state: 'confirmed', attendance: 'came', walkInPhone: '0803 555 0101' });

    // Another agent's slot: not theirs to add to.
    const other = await slotAt(startsAt, 4, (await makeStaff(db(), 'agent')).id);
    const refused = await post(
      walkInRoute,
      `/api/admin/inspections/slots/${other.id}/walk-ins`,
      agent,
      { name: 'A', phone: '0803 555 0102', partySize: 1 },
      ctxFor(other.id),
    );
    expect(refused.status).toBe(403);
  });

  it('draws at most 20 bookings of a big trip on the board, the rest on the page with that slot whole', async () => {
    const startsAt = new Date(Date.now() + 5 * DAY);
    const slot = await slotAt(startsAt, 60);
    for (let i = 0; i < 23; i++) await booked(slot.id, startsAt, await newLead());
    // And 22 cancelled: 20 drawn, counted all.
    const cancelled = [];
    for (let i = 0; i < 22; i++) cancelled.push((await booked(slot.id, startsAt, await newLead())).id);
    await db().update(inspectionBookings).set({ state: 'cancelled' }).where(inArray(inspectionBookings.id, cancelled));
    const scope = leadScope(await makeStaff(db(), 'owner'));
    const onBoard = (await inspectionsPage(db(), scope)).find((s) => s.id === slot.id)!;
    expect(onBoard.bookings.filter((b) => b.state !== 'cancelled')).toHaveLength(BOOKINGS_DRAWN);
    expect(onBoard.bookings.filter((b) => b.state === 'cancelled')).toHaveLength(BOOKINGS_DRAWN);
    expect(onBoard).toMatchObject({ notDrawn: 5, cancelled: 22 });
    const whole = (await inspectionsPage(db(), scope, slot.id)).find((s) => s.id === slot.id)!;
    expect(whole.bookings).toHaveLength(45);
    expect(whole).toMatchObject({ notDrawn: 0, cancelled: 22 });
  });

  it('shows an agent the bookings they may see, the rest counted, never named; every booking of a slot they lead', async () => {
    const other = (await makeStaff(db(), 'agent')).id;
    const startsAt = new Date(Date.now() + 6 * DAY);
    const walkIn = (slotId: string) =>
      db().insert(inspectionBookings).values({ slotId, partySize: 2, walkInName: 'Walk-in', walkInPhone: '0803 555 0199' });
    // The same three bookings on a slot nobody leads, one another agent leads, and one this agent leads.
    const [open, others, theirs] = [await slotAt(startsAt, 20), await slotAt(startsAt, 20, other), await slotAt(startsAt, 20, agentId)];
    const names = new Map<string, string>();
    for (const slot of [open, others, theirs]) {
      const mine = await newLead({ status: 'contacted', assignedTo: agentId });
      const notMine = await newLead({ status: 'contacted', assignedTo: other });
      names.set(slot.id, mine);
      await booked(slot.id, startsAt, mine);
      await booked(slot.id, startsAt, notMine);
      await walkIn(slot.id);
    }
    // A cancelled booking of the agent's own lead is seen and counted as cancelled.
    const cancelled = await booked(open.id, startsAt, await newLead({ status: 'contacted', assignedTo: agentId }));
    await db().update(inspectionBookings).set({ state: 'cancelled' }).where(eq(inspectionBookings.id, cancelled.id));

    const board = await inspectionsPage(db(), leadScope({ id: agentId, role: 'agent' }));
    const card = (id: string) => board.find((slot) => slot.id === id)!;
    const seen = (id: string) => card(id).bookings.map((booking) => booking.leadId ?? 'walk-in');
    expect(seen(open.id).sort()).toEqual([names.get(open.id), cancelled.leadId, 'walk-in'].sort());
    expect(card(open.id)).toMatchObject({ hidden: 1, cancelled: 1, notDrawn: 0, runs: false, takesWalkIns: true });
    expect(seen(others.id)).toEqual([names.get(others.id)]);
    expect(card(others.id)).toMatchObject({ hidden: 2, cancelled: 0, notDrawn: 0, runs: false, takesWalkIns: false });
    expect(seen(theirs.id)).toHaveLength(3);
    expect(card(theirs.id)).toMatchObject({ hidden: 0, cancelled: 0, notDrawn: 0, runs: true, takesWalkIns: true });
    // What the scope may change: the agent's own leads, not another agent's on the slot they lead.
    expect(
      card(theirs.id)
        .bookings.filter((booking) => booking.mayChange)
        .map((booking) => booking.leadId),
    ).toEqual([names.get(theirs.id)]);
  });

  it('stores the buyers’ cut-off an owner sets (0 to 168 hours)', async () => {
    expect((await post(cutoffRoute as Route<undefined>, '/api/admin/inspections/cutoff', owner, { hours: 200 }, undefined)).status).toBe(
      400,
    );
    expect((await post(cutoffRoute as Route<undefined>, '/api/admin/inspections/cutoff', owner, { hours: 6 }, undefined)).status).toBe(200);
    expect(await inspectionChangeCutoffHours(db())).toBe(6);
  });

  it('gives the lead CSV the inspection’s columns at its end, the earlier columns where they were', async () => {
    const startsAt = new Date(Date.now() + 8 * DAY);
    const slot = await slotAt(startsAt, 10);
    const leadId = await newLead();
    await booked(slot.id, startsAt, leadId, 3);
    const unbooked = await newLead();
    const res = await exportRoute(staffRequest('/api/admin/exports/leads', { cookie: owner }), undefined);
    expect(res.status).toBe(200);
    const [header, ...rows] = csvCells(await res.text());
    expect(header.slice(0, 3)).toEqual(['received_at', 'title', 'full_name']);
    expect(header.indexOf('id')).toBe(17);
    expect(header.slice(18)).toEqual([
      'inspection_at',
      'inspection_district',
      'inspection_kind',
      'inspection_party',
      'inspection_state',
      'inspection_attendance',
      'origin',
    ]);
    const mine = rows.find((cells) => cells[17] === leadId)!;
    expect(mine.slice(18)).toEqual([startsAt.toISOString(), 'Lugbe, Abuja', 'on_site', '3', 'confirmed', '', 'form']);
    expect(rows.find((cells) => cells[17] === unbooked)?.slice(18)).toEqual(['', '', '', '', '', '', 'form']);
  });
});
