import 'server-only';
import {
  countBookingsSeen,
  slotsBetween,
  staffBookingsDrawn,
  type BookingsSeen,
  type SlotView,
  type StaffBooking,
} from '@/modules/inspections/inspections.repository.server';
import { BOOKING_HORIZON_DAYS } from '@/modules/inspections/slot-times';
import type { LeadScope } from '@/modules/leads/server';
import { lagosDayStart, lagosDayOf } from '@/lib/working-time';
import type { Db } from '@/lib/db/client';

/**
 * What the Inspections page shows: the slots from the start of the Lagos day seven days ago to four weeks ahead (the
 * schedule's slots are made ahead, at start-up and hourly: the page only reads), with the bookings the reader may see.
 */

/** The days back the page keeps a slot, to mark who came. */
export const PAST_DAYS = 7;

/**
 * Bookings of each kind (active, cancelled) a slot's card draws on the board: a big trip's slot holds hundreds, and a
 * phone would get them all for every slot of five weeks. The rest are one link away: the page with that slot whole.
 */
export const BOOKINGS_DRAWN = 20;

export interface StaffSlot extends SlotView {
  /** The bookings the card draws: at most BOOKINGS_DRAWN active and as many cancelled, unless the slot is shown whole. */
  bookings: StaffBooking[];
  /** Bookings the reader may see that the card does not draw (the slot shown whole draws them all). */
  notDrawn: number;
  /** Cancelled bookings the reader may see, drawn or not. */
  cancelled: number;
  /** Bookings on the slot the reader may not see (other agents' leads), counted only. */
  hidden: number;
  /** The reader leads this slot, or is an owner: every booking shows and may be marked. */
  runs: boolean;
  /** The reader may add walk-ins: who runs it, or anyone when nobody leads it (the sales line's trip). */
  takesWalkIns: boolean;
}

/**
 * An owner sees every booking. An agent sees every slot's facts and seats, every booking of a slot they lead, and on
 * other slots the bookings of leads within their scope and, where nobody leads the slot, its walk-ins (docs/decisions/0388,
 * 0391). Only the bookings drawn leave the database, and the rest are counted there.
 */
export async function inspectionsPage(db: Db, scope: LeadScope, wholeSlotId?: string): Promise<StaffSlot[]> {
  const { now } = scope;
  const slots = await slotsBetween(db, {
    from: lagosDayStart(lagosDayOf(now), -PAST_DAYS),
    to: new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000),
    withCancelled: true,
  });
  const owner = scope.role === 'owner';
  const runs = (slot: SlotView) => owner || slot.agentId === scope.staffId;
  const takesWalkIns = (slot: SlotView) => runs(slot) || slot.agentId === null;
  const seen: BookingsSeen = {
    slotIds: slots.map((slot) => slot.id),
    runs: slots.filter(runs).map((slot) => slot.id),
    walkIns: slots.filter(takesWalkIns).map((slot) => slot.id),
    scope,
  };
  const [drawn, counts] = await Promise.all([staffBookingsDrawn(db, seen, BOOKINGS_DRAWN, wholeSlotId), countBookingsSeen(db, seen)]);
  const drawnBySlot = Map.groupBy(drawn, (booking) => booking.slotId);
  return slots.map((slot) => {
    const bookings = drawnBySlot.get(slot.id) ?? [];
    const { seenActive, seenCancelled, active } = counts.get(slot.id) ?? { seenActive: 0, seenCancelled: 0, active: 0 };
    return {
      ...slot,
      bookings,
      notDrawn: seenActive + seenCancelled - bookings.length,
      cancelled: seenCancelled,
      hidden: active - seenActive,
      runs: runs(slot),
      takesWalkIns: takesWalkIns(slot),
    };
  });
}
