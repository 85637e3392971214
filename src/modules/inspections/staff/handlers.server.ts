import 'server-only';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { assignableStaff } from '@/modules/leads/server';
import { setInspectionChangeCutoffHours } from '@/modules/inspections/cutoff.server';
import {
  addOneOffSlot,
  addScheduleRow,
  addWalkIn,
  callOffSlot,
  cancelInspection,
  changeScheduleRow,
  changeSlotSeats,
  markInspectionAttendance,
} from '@/modules/inspections/inspections.server';
import { bookingReach, scheduleRowById, slotById } from '@/modules/inspections/inspections.repository.server';
import { makeScheduledSlots } from '@/modules/inspections/scheduled-slots.server';
import { leadScope } from '@/modules/leads/server';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute, type IdRouteContext, type SessionStaff } from '@/modules/staff/server';
import { getDatabase, type Db } from '@/lib/db/client';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readValidated } from '@/lib/http/request.server';
import { idParamSchema } from '@/lib/validation/id';
import type { z } from 'zod';
import { answeredAsForm, INSPECTIONS_PATH, SCHEDULE_PATH } from './form-answer.server';
import {
  attendanceOpen,
  attendanceSchema,
  cutoffSchema,
  oneOffSlotSchema,
  scheduleActiveSchema,
  scheduleRowSchema,
  slotSeatsSchema,
  walkInSchema,
} from './schema';

/**
 * Handlers of /api/admin/inspections/... (route files only re-export these; docs/decisions/0391). Every one answers JSON,
 * and a plain form post (no scripts) with a 303 back to its page. The day's work (attendance, walk-ins) is for whoever
 * runs the slot: owners, its leading agent, and an agent for their own leads; the schedule and its exceptions are the
 * owners' (agents get 403).
 */

const copy = INSPECTIONS_STAFF_COPY;
const errors = copy.errors;

async function idOf(ctx: IdRouteContext): Promise<string | undefined> {
  const parsed = idParamSchema.safeParse((await ctx.params).id);
  return parsed.success ? parsed.data : undefined;
}

/** The body read and checked against `schema`, or the 4xx that says why not. */
const readInput = <S extends z.ZodType>(request: Request, schema: S) => readValidated(request, schema, errors.unreadable);

/** An agent named to lead a slot must have an active account. */
async function activeAgent(db: Db, agentId: string | null): Promise<boolean> {
  return agentId === null || (await assignableStaff(db)).some((member) => member.id === agentId);
}

/**
 * A booking as whoever runs its slot may change it: owners, the slot's leading agent, an agent for their own lead, and
 * anyone for a walk-in of a slot nobody leads. 404 for a booking the reader cannot see, 403 for one they see but do not
 * run.
 */
async function bookingTheyRun(db: Db, staff: SessionStaff, ctx: IdRouteContext) {
  const id = await idOf(ctx);
  const scope = leadScope(staff);
  const booking = id ? await bookingReach(db, id, scope) : undefined;
  if (!booking) return errorResponse(404, errors.notFound);
  const runs = staff.role === 'owner' || booking.slotAgentId === staff.id;
  const walkInOfTeam = booking.leadId === null && booking.slotAgentId === null;
  if (!runs && !booking.inScope && !walkInOfTeam) return errorResponse(404, errors.notFound);
  if (!runs && !booking.mayChange && !walkInOfTeam) return errorResponse(403, errors.notYours);
  return { booking, scope };
}

/**
 * POST /api/admin/inspections/bookings/:id/attendance {attendance: came | no_show | none} → {ok, changed, slotId}. Came
 * moves the lead to `inspected`. A booking the reader cannot see is 404; one they see but do not run, 403.
 */
export const attendanceHandler = answeredAsForm(
  INSPECTIONS_PATH,
  staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
    const reached = await bookingTheyRun(db, staff, ctx);
    if (reached instanceof Response) return reached;
    const { booking, scope } = reached;
    const input = await readInput(request, attendanceSchema);
    if (!input.ok) return input.response;
    if (booking.slotCancelledAt) return errorResponse(409, errors.calledOff);
    if (!attendanceOpen(booking.slotStartsAt, scope.now)) return errorResponse(409, errors.notYet);
    const marked = await markInspectionAttendance(db, booking.id, input.value.attendance, staff, scope.now);
    if (!marked) return errorResponse(409, errors.notConfirmed);
    const notice =
      input.value.attendance === 'came' ? copy.markedCame : input.value.attendance === 'no_show' ? copy.markedNoShow : copy.markCleared;
    return jsonResponse({ ok: true, changed: marked.changed, slotId: booking.slotId, notice });
  }),
);

/**
 * POST /api/admin/inspections/bookings/:id/cancel → {ok, changed, promoted, slotId} (docs/decisions/0401): staff cancel
 * one booking (a fake one, or a buyer who called) before its inspection begins. The buyer is told as when they cancel,
 * and the seats go to the waiting list. For whoever runs the slot, as attendance: owners, its leading agent, and an
 * agent for their own leads; 404 for a booking the reader cannot see, 403 for one they see but do not run.
 */
export const cancelBookingHandler = answeredAsForm(
  INSPECTIONS_PATH,
  staffRoute<IdRouteContext>({}, async (_request, { db, staff }, ctx) => {
    const reached = await bookingTheyRun(db, staff, ctx);
    if (reached instanceof Response) return reached;
    const { booking, scope } = reached;
    if (booking.slotCancelledAt) return errorResponse(409, errors.calledOff);
    if (booking.slotStartsAt <= scope.now) return errorResponse(409, errors.begun);
    const outcome = await cancelInspection(db, booking.id, await (await getDatabase()).jobs(), { actor: staff, now: scope.now });
    if (!outcome.ok) return errorResponse(404, errors.notFound);
    if (!outcome.unchanged) await recordAudit(db, staff, 'inspections.cancel_booking', booking.id, { promoted: outcome.promoted.length });
    return jsonResponse({
      ok: true,
      changed: !outcome.unchanged,
      promoted: outcome.promoted.length,
      slotId: booking.slotId,
      notice: copy.bookingCancelled,
    });
  }),
);

/**
 * POST /api/admin/inspections/slots/:id/walk-ins {name, phone, partySize} → 201 {ok, booking, slotId}: someone who came
 * without booking, counted as come. For whoever runs the slot, or any staff member when nobody leads it.
 */
export const walkInHandler = answeredAsForm(
  INSPECTIONS_PATH,
  staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
    const id = await idOf(ctx);
    const slot = id ? await slotById(db, id) : undefined;
    if (!slot) return errorResponse(404, errors.notFound);
    if (staff.role !== 'owner' && slot.agentId !== null && slot.agentId !== staff.id) return errorResponse(403, errors.notYours);
    const input = await readInput(request, walkInSchema);
    if (!input.ok) return input.response;
    const now = new Date();
    if (slot.cancelledAt) return errorResponse(409, errors.calledOff);
    if (!attendanceOpen(slot.startsAt, now)) return errorResponse(409, errors.notYet);
    const booking = await addWalkIn(db, slot.id, input.value, now);
    return jsonResponse({ ok: true, booking, slotId: slot.id, notice: copy.walkInAdded }, 201);
  }),
);

/** POST /api/admin/inspections/slots/:id/call-off → {ok, cancelled} (owners): its bookings are cancelled and told. */
export const callOffHandler = answeredAsForm(
  INSPECTIONS_PATH,
  staffRoute<IdRouteContext>({ owner: true }, async (_request, { db, staff }, ctx) => {
    const id = await idOf(ctx);
    const jobs = await (await getDatabase()).jobs();
    const cancelled = id ? await callOffSlot(db, id, staff, jobs) : undefined;
    if (!cancelled) return errorResponse(404, errors.notFound);
    await recordAudit(db, staff, 'inspections.call_off', id!, { bookings: cancelled.length });
    return jsonResponse({ ok: true, cancelled: cancelled.length, slotId: id, notice: copy.calledOffDone });
  }),
);

/** POST /api/admin/inspections/slots/:id/seats {seats} → {ok, promoted} (owners); 409 below the seats confirmed. */
export const slotSeatsHandler = answeredAsForm(
  INSPECTIONS_PATH,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const id = await idOf(ctx);
    if (!id) return errorResponse(404, errors.notFound);
    const input = await readInput(request, slotSeatsSchema);
    if (!input.ok) return input.response;
    const outcome = await changeSlotSeats(db, id, input.value.seats, await (await getDatabase()).jobs());
    if (!outcome.ok)
      return outcome.why === 'no_slot' ? errorResponse(404, errors.notFound) : errorResponse(409, errors.belowConfirmed(outcome.confirmed));
    await recordAudit(db, staff, 'inspections.seats', id, { seats: input.value.seats, promoted: outcome.promoted.length });
    return jsonResponse({ ok: true, promoted: outcome.promoted.length, slotId: id, notice: copy.seatsSaved });
  }),
);

/** POST /api/admin/inspections/slots {district, date, startTime, kind, seats, ...} → 201 {ok, slot} (owners): a one-off. */
export const addSlotHandler = answeredAsForm(
  SCHEDULE_PATH,
  staffRoute({ owner: true }, async (request, { db, staff }) => {
    const input = await readInput(request, oneOffSlotSchema);
    if (!input.ok) return input.response;
    const now = Date.now();
    if (input.value.startsAt.getTime() <= now) return errorResponse(400, errors.past);
    if (input.value.startsAt.getTime() > now + 366 * 86_400_000) return errorResponse(400, errors.date);
    if (!(await activeAgent(db, input.value.agentId))) return errorResponse(400, errors.agent);
    const slot = await addOneOffSlot(db, input.value);
    await recordAudit(db, staff, 'inspections.one_off', slot.id, { district: slot.district, startsAt: slot.startsAt.toISOString() });
    return jsonResponse({ ok: true, slot, notice: copy.oneOffAdded }, 201);
  }),
);

/** POST /api/admin/inspections/schedule {district, weekday, startTime, kind, seats, ...} → 201 {ok, row} (owners). */
export const addScheduleHandler = answeredAsForm(
  SCHEDULE_PATH,
  staffRoute({ owner: true }, async (request, { db, staff }) => {
    const input = await readInput(request, scheduleRowSchema);
    if (!input.ok) return input.response;
    if (!(await activeAgent(db, input.value.agentId))) return errorResponse(400, errors.agent);
    const row = await addScheduleRow(db, input.value);
    // The new row's days are bookable at once, not at the next hourly run.
    await makeScheduledSlots(db);
    await recordAudit(db, staff, 'inspections.schedule', row.id, { added: true });
    return jsonResponse({ ok: true, row, notice: copy.rowAdded }, 201);
  }),
);

/** POST /api/admin/inspections/schedule/:id {the row's fields} → {ok, row} (owners): unbooked days follow the change. */
export const editScheduleHandler = answeredAsForm(
  SCHEDULE_PATH,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const id = await idOf(ctx);
    if (!id || !(await scheduleRowById(db, id))) return errorResponse(404, errors.notFound);
    const input = await readInput(request, scheduleRowSchema);
    if (!input.ok) return input.response;
    if (!(await activeAgent(db, input.value.agentId))) return errorResponse(400, errors.agent);
    const row = await changeScheduleRow(db, id, input.value);
    await makeScheduledSlots(db);
    await recordAudit(db, staff, 'inspections.schedule', id, { changed: true });
    return jsonResponse({ ok: true, row, notice: copy.saved });
  }),
);

/** POST /api/admin/inspections/schedule/:id/active {active} → {ok, row} (owners): stop a weekly row, or start it again. */
export const scheduleActiveHandler = answeredAsForm(
  SCHEDULE_PATH,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const id = await idOf(ctx);
    if (!id || !(await scheduleRowById(db, id))) return errorResponse(404, errors.notFound);
    const input = await readInput(request, scheduleActiveSchema);
    if (!input.ok) return input.response;
    const row = await changeScheduleRow(db, id, { active: input.value.active });
    await makeScheduledSlots(db);
    await recordAudit(db, staff, 'inspections.schedule', id, { active: input.value.active });
    return jsonResponse({ ok: true, row, notice: input.value.active ? copy.restarted : copy.stoppedDone });
  }),
);

/** POST /api/admin/inspections/cutoff {hours} → {ok} (owners): how long before buyers may still move or cancel. */
export const cutoffHandler = answeredAsForm(
  SCHEDULE_PATH,
  staffRoute({ owner: true }, async (request, { db, staff }) => {
    const input = await readInput(request, cutoffSchema);
    if (!input.ok) return input.response;
    await setInspectionChangeCutoffHours(db, input.value.hours, staff);
    await recordAudit(db, staff, 'inspections.cutoff', null, { hours: input.value.hours });
    return jsonResponse({ ok: true, hours: input.value.hours, notice: copy.cutoffSaved });
  }),
);
