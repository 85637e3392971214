import 'server-only';
import type { PgBoss } from 'pg-boss';
import { SYSTEM_ACTOR_EMAIL, type Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import { transactionRetried } from '@/lib/db/conflicts';
import type { Attendance, DistrictChoice, LeadAction, LeadStatus } from '@/lib/db/enums';
import type { InspectionBookingRow, InspectionScheduleRow, InspectionSlotRow } from '@/lib/db/schema';
import type { ScheduledInspection } from '@/lib/env-schema';
import { recordActivity } from '@/modules/leads/server';
import { lockPipeline, setStatus } from '@/modules/leads/server';
import {
  activeSchedule,
  cancelSlotRow,
  deleteUnbookedSlotsOfSchedule,
  insertBooking,
  insertSchedule,
  insertScheduledSlots,
  insertSlot,
  lockActiveBookingsOfSlot,
  upcomingBookingOfLead,
  bookingById,
  lockBooking,
  lockSlots,
  lockWaitingList,
  setAttendance,
  setBookingState,
  setSlotSeats,
  slotsBetween,
  takeScheduleOffer,
  updateSchedule,
  type ScheduleValues,
  type SlotView,
} from './inspections.repository.server';
import {
  alertOwnersIfFewNetworks,
  contactRefusal,
  lockBuyerKeys,
  networkRefusal,
  type BuyerGuard,
  type LimitRefusal,
} from './booking-limits.server';
import { queueInspectionMessages, type InspectionEvent } from './messages.server';
import { wakeOutbox } from '@/modules/messaging/server';
import { BOOKING_CLOSES_MINUTES_BEFORE, BOOKING_HORIZON_DAYS, stillBookable, stillChangeable, weeklyStarts } from './slot-times';

/**
 * Site inspections, the step from a lead to a sale (docs/decisions/0391-site-inspections-booked-online.md): the slots
 * buyers see, and every change to a booking as one transaction that locks the slots whose seats it changes, so N
 * seats never go to more than N people whatever arrives at once.
 */

/** Who the history names when the buyer booked, moved or cancelled themselves (from the site or the e-mail's link). */
export const BUYER_ACTOR_EMAIL = 'buyer';

/**
 * A district as the default schedule needs it (src/content/districts.ts): its slug (as INSPECTION_SCHEDULE names it), its
 * choice (as slots store it) and where its default inspection meets, until an owner sets the schedule.
 */
export interface ScheduledDistrict {
  slug: string;
  choice: DistrictChoice;
  pickup: { meetingPoint: string; mapUrl: string };
}

// ---- slots ---------------------------------------------------------------------------------------------------------

/**
 * Makes the slots of the weeks ahead from the owners' schedule; on a fresh install first offers INSPECTION_SCHEDULE
 * (once: an owner who removes it is not given it back). Writes only what is missing, so a page view is a read.
 */
export async function makeSlots(
  db: Db,
  { offer, districts }: { offer: ScheduledInspection[]; districts: readonly ScheduledDistrict[] },
  now: Date,
): Promise<void> {
  let schedule = await activeSchedule(db);
  if (schedule.length === 0 && offer.length > 0) {
    await db.transaction(async (tx) => {
      if (!(await takeScheduleOffer(tx, now))) return;
      const rows: ScheduleValues[] = offer.flatMap((entry) =>
        districts
          .filter((district) => !entry.district || district.slug === entry.district)
          .map(({ choice: district, pickup }) => ({
            district,
            weekday: entry.weekday,
            startTime: entry.startTime,
            kind: entry.kind,
            seats: entry.seats,
            meetingPoint: entry.kind === 'on_site' ? pickup.meetingPoint : null,
            mapUrl: entry.kind === 'on_site' ? pickup.mapUrl : null,
            videoUrl: null,
            agentId: null,
            active: true,
          })),
      );
      await insertSchedule(tx, rows);
    });
    schedule = await activeSchedule(db);
  }
  const made = await slotsBetween(db, { from: now, to: horizonOf(now), withCancelled: true });
  const have = new Set(made.map((slot) => `${slot.scheduleId}@${slot.startsAt.getTime()}`));
  const missing = schedule.flatMap((row) =>
    weeklyStarts(row.weekday, row.startTime, now)
      .filter((startsAt) => !have.has(`${row.id}@${startsAt.getTime()}`))
      .map((startsAt) => ({
        scheduleId: row.id,
        district: row.district,
        startsAt,
        kind: row.kind,
        seats: row.seats,
        meetingPoint: row.meetingPoint,
        mapUrl: row.mapUrl,
        videoUrl: row.videoUrl,
        agentId: row.agentId,
      })),
  );
  await insertScheduledSlots(db, missing);
}

const horizonOf = (now: Date) => new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000);

/** The slots of a district a buyer may book now, earliest first (full ones too: the page says they are full). */
export function bookableSlots(db: Db, district: DistrictChoice, now: Date): Promise<SlotView[]> {
  return slotsBetween(db, { district, from: new Date(now.getTime() + BOOKING_CLOSES_MINUTES_BEFORE * 60_000), to: horizonOf(now) });
}

export const seatsLeft = (slot: Pick<SlotView, 'seats' | 'seatsTaken'>) => Math.max(0, slot.seats - slot.seatsTaken);

// ---- bookings ------------------------------------------------------------------------------------------------------

export type BookingOutcome =
  | {
      ok: true;
      booking: InspectionBookingRow;
      /** The slot the booking left, when it moved. */
      movedFrom?: string;
      /** Waiting bookings given the seats the change freed (to be told). */
      promoted: InspectionBookingRow[];
      /** Nothing changed: the same booking again (a repeated form). */
      unchanged: boolean;
    }
  | { ok: false; why: 'full'; seatsLeft: number; others: SlotView[] }
  /** The slot is gone, called off, or closes within two hours. */
  | { ok: false; why: 'closed' }
  /** The lead's booking is within the buyers' cut-off: it no longer moves from a link. */
  | { ok: false; why: 'too_late' }
  /** No such lead, or one set aside (spam, or held in a flood): it books nothing. */
  | { ok: false; why: 'no_lead' }
  /** A buyer's limit (./booking-limits.server.ts): their phone or e-mail has a booking, or their network its share. */
  | { ok: false; why: LimitRefusal };

/**
 * A lead books `partySize` seats on a slot, or changes the booking it has still to come (another slot, another party).
 * Confirmed while the seats last; when they do not, the buyer joins the waiting list if `waitIfFull` (a seat already
 * held on that slot is never given up for a place in line), else the answer is `full` with the district's next slots
 * that have room. Seats a change frees go to the waiting list. `cutoffHours`: a buyer's own change (from a link) is
 * refused within it; staff pass none.
 */
export async function bookInspection(
  db: Db,
  request: {
    leadId: string;
    slotId: string;
    partySize: number;
    waitIfFull?: boolean;
    actor?: Actor;
    cutoffHours?: number;
    /** A buyer's change from the site: the limits of ./booking-limits.server.ts apply (staff pass none). */
    guard?: BuyerGuard;
  },
  jobs: PgBoss,
  now = new Date(),
): Promise<BookingOutcome> {
  const outcome = await changeSeats(
    db,
    jobs,
    async (tx): Promise<BookingOutcome | { ok: false; why: 'full_in'; seatsLeft: number; district: DistrictChoice }> => {
      // Locks in one order everywhere: the lead, then slots (by id), then bookings.
      const lead = await lockPipeline(tx, request.leadId);
      if (!lead || lead.spam) return { ok: false, why: 'no_lead' };
      const contact = request.guard && (await lockBuyerKeys(tx, request.leadId, request.guard));
      const upcoming = await upcomingBookingOfLead(tx, request.leadId, now);
      const slots = await lockSlots(tx, upcoming ? [request.slotId, upcoming.slotId] : [request.slotId]);
      const slot = slots.get(request.slotId);
      if (!slot || slot.cancelledAt || !stillBookable(slot.startsAt, now)) return { ok: false, why: 'closed' };
      // Read again under the slots' locks: a promotion or a cancel may have changed it meanwhile.
      const existing = upcoming && (await lockBooking(tx, upcoming.id));
      const current = existing && existing.state !== 'cancelled' && existing.slotId === upcoming.slotId ? existing : undefined;
      if (current && current.slotId === slot.id && current.partySize === request.partySize)
        return { ok: true, booking: current, promoted: [], unchanged: true };
      if (current && request.cutoffHours !== undefined && !stillChangeable(upcoming!.startsAt, now, request.cutoffHours))
        return { ok: false, why: 'too_late' };
      if (request.guard) {
        // A new booking only: the lead's own booking moves, whatever its phone and e-mail.
        const refused =
          (!current && (await contactRefusal(tx, request.leadId, contact, now))) ||
          (await networkRefusal(
            tx,
            request.guard,
            { slotId: slot.id, seats: slot.seats, partySize: request.partySize, except: current?.id },
            now,
          ));
        if (refused) return { ok: false, why: refused };
      }

      const sameSlot = current?.slotId === slot.id;
      const heldHere = sameSlot && current.state === 'confirmed' ? current.partySize : 0;
      const left = slot.seats - slot.seatsTaken + heldHere;
      const state = request.partySize <= left ? 'confirmed' : request.waitIfFull && !heldHere ? 'waiting' : undefined;
      if (!state) return { ok: false, why: 'full_in', seatsLeft: Math.max(0, left), district: slot.district };

      let booking: InspectionBookingRow;
      const promoted: InspectionBookingRow[] = [];
      if (current) {
        const networkHash = request.guard ? request.guard.networkHash : current.networkHash;
        await setBookingState(tx, current.id, { slotId: slot.id, partySize: request.partySize, state, networkHash }, now);
        booking = { ...current, slotId: slot.id, partySize: request.partySize, state, networkHash, updatedAt: now };
        // Seats freed: on the slot it left, or on this one when the party shrank.
        const from = slots.get(current.slotId)!;
        const takenAfter = sameSlot
          ? slot.seatsTaken - heldHere + request.partySize
          : from.seatsTaken - (current.state === 'confirmed' ? current.partySize : 0);
        if (takenAfter < from.seatsTaken || !sameSlot) promoted.push(...(await promoteWaiting(tx, from, from.seats, takenAfter, now)));
      } else {
        booking = await insertBooking(tx, {
          slotId: slot.id,
          leadId: request.leadId,
          partySize: request.partySize,
          state,
          networkHash: request.guard?.networkHash ?? null,
          createdAt: now,
          updatedAt: now,
        });
      }
      const moved = current && !sameSlot;
      await record(tx, request.leadId, current ? 'inspection_moved' : 'inspection_booked', request.actor, now, {
        bookingId: booking.id,
        slotId: slot.id,
        startsAt: slot.startsAt.toISOString(),
        partySize: request.partySize,
        state,
        ...(moved ? { fromSlotId: current.slotId } : {}),
      });
      if (state === 'confirmed') await advanceLead(tx, request.leadId, lead, 'inspection_booked', now);
      const events: InspectionEvent[] = [
        { kind: current && current.state !== 'waiting' ? 'moved' : state === 'confirmed' ? 'booked' : 'waiting', bookingId: booking.id },
        ...promoted.map((p) => ({ kind: 'promoted' as const, bookingId: p.id })),
      ];
      await queueInspectionMessages(tx, jobs, events, now);
      if (request.guard && state === 'confirmed') await alertOwnersIfFewNetworks(tx, jobs, slot);
      return { ok: true, booking, promoted, unchanged: false, ...(moved ? { movedFrom: current.slotId } : {}) };
    },
  );
  if (outcome.ok || outcome.why !== 'full_in') return outcome;
  const others = (await bookableSlots(db, outcome.district, now)).filter(
    (other) => other.id !== request.slotId && seatsLeft(other) >= request.partySize,
  );
  return { ok: false, why: 'full', seatsLeft: outcome.seatsLeft, others };
}

export type CancelOutcome =
  { ok: true; booking: InspectionBookingRow; promoted: InspectionBookingRow[]; unchanged: boolean } | { ok: false };

/** Cancels a booking (the buyer, or staff): its seats go to the slot's waiting list, first in line first. */
export async function cancelInspection(
  db: Db,
  bookingId: string,
  jobs: PgBoss,
  { actor, now = new Date() }: { actor?: Actor; now?: Date } = {},
): Promise<CancelOutcome> {
  return changeSeats(db, jobs, async (tx) => {
    // The lead, then the slot, then the booking (the order every change takes): a move holds the lead, so the booking's
    // slot read after it stays put.
    const owner = await bookingById(tx, bookingId);
    if (!owner) return { ok: false };
    if (owner.leadId) await lockPipeline(tx, owner.leadId);
    const found = (await bookingById(tx, bookingId))!;
    if (found.state === 'cancelled') return { ok: true, booking: found, promoted: [], unchanged: true };
    const slot = (await lockSlots(tx, [found.slotId])).get(found.slotId)!;
    // Read again under the slot's lock: a promotion may have changed it meanwhile.
    const booking = (await lockBooking(tx, bookingId))!;
    await setBookingState(tx, booking.id, { state: 'cancelled', cancelledAt: now }, now);
    const freed = booking.state === 'confirmed' ? booking.partySize : 0;
    const promoted = await promoteWaiting(tx, slot, slot.seats, slot.seatsTaken - freed, now);
    if (booking.leadId)
      await record(tx, booking.leadId, 'inspection_cancelled', actor, now, {
        bookingId,
        slotId: slot.id,
        startsAt: slot.startsAt.toISOString(),
      });
    await queueInspectionMessages(
      tx,
      jobs,
      [{ kind: 'cancelled', bookingId }, ...promoted.map((p) => ({ kind: 'promoted' as const, bookingId: p.id }))],
      now,
    );
    return { ok: true, booking: { ...booking, state: 'cancelled', cancelledAt: now }, promoted, unchanged: false };
  });
}

/**
 * Seats freed on a slot go to its waiting list in order: the first in line is confirmed while their party fits (a
 * later, smaller party never jumps the line). Returns the bookings confirmed, to be told.
 */
async function promoteWaiting(
  tx: Db,
  slot: { id: string; startsAt: Date },
  seats: number,
  taken: number,
  now: Date,
): Promise<InspectionBookingRow[]> {
  let free = seats - taken;
  const promoted: InspectionBookingRow[] = [];
  for (const waiting of await lockWaitingList(tx, slot.id)) {
    if (waiting.partySize > free) break;
    free -= waiting.partySize;
    await setBookingState(tx, waiting.id, { state: 'confirmed' }, now);
    if (waiting.leadId) {
      const lead = await lockPipeline(tx, waiting.leadId);
      await record(tx, waiting.leadId, 'inspection_booked', SYSTEM, now, {
        bookingId: waiting.id,
        slotId: slot.id,
        startsAt: slot.startsAt.toISOString(),
        promoted: true,
        state: 'confirmed',
      });
      if (lead) await advanceLead(tx, waiting.leadId, lead, 'inspection_booked', now);
    }
    promoted.push({ ...waiting, state: 'confirmed', updatedAt: now });
  }
  return promoted;
}

/** Staff mark on the day who came: coming moves the lead to `inspected` (and counts as its first contact). */
export async function markInspectionAttendance(db: Db, bookingId: string, attendance: Attendance | null, actor: Actor, now = new Date()) {
  return changeSeats(db, undefined, async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.state !== 'confirmed') return undefined;
    if (booking.attendance === attendance) return { changed: false };
    await setAttendance(tx, bookingId, attendance, now);
    if (booking.leadId) {
      await record(tx, booking.leadId, 'inspection_attended', actor, now, { bookingId, attendance });
      const lead = await lockPipeline(tx, booking.leadId);
      if (lead && attendance === 'came') await advanceLead(tx, booking.leadId, lead, 'inspected', now, { firstContact: true });
    }
    return { changed: true };
  });
}

/** A walk-in staff add on the day: there, so confirmed and marked as come, whatever the seats. */
export async function addWalkIn(db: Db, slotId: string, person: { name: string; phone: string; partySize: number }, now = new Date()) {
  return insertBooking(db, {
    slotId,
    partySize: person.partySize,
    state: 'confirmed',
    attendance: 'came',
    walkInName: person.name,
    walkInPhone: person.phone,
    createdAt: now,
    updatedAt: now,
  });
}

/** An owner calls a slot off (a holiday): its bookings are cancelled, to be told and offered another slot. */
export async function callOffSlot(
  db: Db,
  slotId: string,
  actor: Actor,
  jobs: PgBoss,
  now = new Date(),
): Promise<InspectionBookingRow[] | undefined> {
  return changeSeats(db, jobs, async (tx) => {
    const slot = (await lockSlots(tx, [slotId])).get(slotId);
    if (!slot) return undefined;
    if (slot.cancelledAt) return [];
    await cancelSlotRow(tx, slotId, now);
    const bookings = await lockActiveBookingsOfSlot(tx, slotId);
    for (const booking of bookings) {
      await setBookingState(tx, booking.id, { state: 'cancelled', cancelledAt: now }, now);
      if (booking.leadId)
        await record(tx, booking.leadId, 'inspection_cancelled', actor, now, {
          bookingId: booking.id,
          slotId,
          startsAt: slot.startsAt.toISOString(),
          calledOff: true,
        });
    }
    await queueInspectionMessages(
      tx,
      jobs,
      bookings.map((b) => ({ kind: 'called_off' as const, bookingId: b.id })),
      now,
    );
    return bookings;
  });
}

// ---- the owners' schedule and exceptions (the staff area) ---------------------------------------------------------

export async function addScheduleRow(db: Db, values: Omit<ScheduleValues, 'active'>): Promise<InspectionScheduleRow> {
  const [row] = await insertSchedule(db, [{ ...values, active: true }]);
  return row;
}

/**
 * Changes a schedule row (or stops it: `active: false`). Its future slots nobody booked are made again from the row as
 * it is now (by the next makeSlots, which the schedule's handlers run at once); a slot with bookings keeps what its
 * buyers were told, to be called off by hand.
 */
export async function changeScheduleRow(
  db: Db,
  id: string,
  values: Partial<ScheduleValues>,
  now = new Date(),
): Promise<InspectionScheduleRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await updateSchedule(tx, id, values, now);
    if (row) await deleteUnbookedSlotsOfSchedule(tx, id, now);
    return row;
  });
}

/** A one-off slot (an extra trip), outside the weekly schedule. */
export const addOneOffSlot = (db: Db, slot: Omit<InspectionSlotRow, 'id' | 'scheduleId' | 'cancelledAt' | 'createdAt'>) =>
  insertSlot(db, { ...slot, scheduleId: null });

export type SeatsOutcome =
  { ok: true; promoted: InspectionBookingRow[] } | { ok: false; why: 'no_slot' } | { ok: false; why: 'below_confirmed'; confirmed: number };

/**
 * Changes one slot's seats, never below the seats its confirmed bookings hold; more seats go to its waiting list first
 * (they are told).
 */
export async function changeSlotSeats(db: Db, slotId: string, seats: number, jobs: PgBoss, now = new Date()): Promise<SeatsOutcome> {
  return changeSeats(db, jobs, async (tx): Promise<SeatsOutcome> => {
    const slot = (await lockSlots(tx, [slotId])).get(slotId);
    if (!slot || slot.cancelledAt) return { ok: false, why: 'no_slot' };
    if (seats < slot.seatsTaken) return { ok: false, why: 'below_confirmed', confirmed: slot.seatsTaken };
    await setSlotSeats(tx, slotId, seats);
    const promoted = slot.startsAt > now ? await promoteWaiting(tx, slot, seats, slot.seatsTaken, now) : [];
    await queueInspectionMessages(
      tx,
      jobs,
      promoted.map((p) => ({ kind: 'promoted' as const, bookingId: p.id })),
      now,
    );
    return { ok: true, promoted };
  });
}

// ---- the lead's stage ---------------------------------------------------------------------------------------------

/** The stages a booking or a visit moves a lead on from. */
const MOVES_ON: Record<'inspection_booked' | 'inspected', LeadStatus[]> = {
  // A new lead stays new: its agent still owes the first call, and the claim and overdue rules keep running (0391).
  inspection_booked: ['contacted', 'qualified'],
  inspected: ['new', 'contacted', 'qualified', 'inspection_booked'],
};

async function advanceLead(
  tx: Db,
  leadId: string,
  lead: { status: LeadStatus; firstContactedAt: Date | null },
  to: 'inspection_booked' | 'inspected',
  now: Date,
  { firstContact = false }: { firstContact?: boolean } = {},
): Promise<void> {
  if (!MOVES_ON[to].includes(lead.status)) return;
  await setStatus(tx, leadId, to, now, firstContact && !lead.firstContactedAt ? now : undefined);
  await record(tx, leadId, 'status_changed', SYSTEM, now, { from: lead.status, to });
}

/** The history's line; without an actor it was the buyer. */
const record = (
  tx: Db,
  leadId: string,
  action: LeadAction,
  actor: Actor | typeof SYSTEM | undefined,
  now: Date,
  detail: Record<string, unknown>,
) =>
  recordActivity(tx, {
    leadId,
    actorId: actor && actor !== SYSTEM ? actor.id : undefined,
    actorEmail: actor === SYSTEM ? SYSTEM_ACTOR_EMAIL : (actor?.email ?? BUYER_ACTOR_EMAIL),
    action,
    detail,
    createdAt: now,
  });
const SYSTEM = 'system' as const;

/**
 * A change to seats in its own transaction. Every change locks the lead, then slots, then bookings, but promoting a
 * waiting list locks the promoted leads after their slot: when PostgreSQL breaks such a deadlock by failing one
 * transaction (40P01), the change simply runs again.
 */
async function changeSeats<T>(db: Db, jobs: PgBoss | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
  const outcome = await transactionRetried(db, work);
  // Its messages, committed with it, are taken by this process's outbox worker now (docs/decisions/0410).
  if (jobs) wakeOutbox(jobs);
  return outcome;
}
