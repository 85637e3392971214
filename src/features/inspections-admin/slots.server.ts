import 'server-only';
import { DISTRICTS } from '@/content/districts';
import { makeSlots } from '@/domain/leads/inspections/inspections.server';
import {
  slotsBetween,
  staffBookingsOfSlots,
  type SlotView,
  type StaffBooking,
} from '@/domain/leads/inspections/inspections.repository.server';
import { BOOKING_HORIZON_DAYS } from '@/domain/leads/inspections/slot-times';
import type { LeadScope } from '@/domain/leads/scope.server';
import { lagosDayStart, lagosDayOf } from '@/domain/working-time';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';

/**
 * What the Inspections page shows: the slots from the start of the Lagos day seven days ago to four weeks ahead (the
 * schedule's slots made first, so a fresh install shows INSPECTION_SCHEDULE's at once), with the bookings the reader
 * may see.
 */

/** The days back the page keeps a slot, to mark who came. */
export const PAST_DAYS = 7;

export const ensureSlots = (db: Db, now: Date) => makeSlots(db, { offer: getEnv().INSPECTION_SCHEDULE, districts: DISTRICTS }, now);

export interface StaffSlot extends SlotView {
  bookings: StaffBooking[];
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
 * 0391).
 */
export async function inspectionsPage(db: Db, scope: LeadScope): Promise<StaffSlot[]> {
  const { now } = scope;
  await ensureSlots(db, now);
  const slots = await slotsBetween(db, {
    from: lagosDayStart(lagosDayOf(now), -PAST_DAYS),
    to: new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000),
    withCancelled: true,
  });
  const bookings = await staffBookingsOfSlots(
    db,
    slots.map((slot) => slot.id),
    scope,
  );
  const owner = scope.role === 'owner';
  return slots.map((slot) => {
    const runs = owner || slot.agentId === scope.staffId;
    const takesWalkIns = runs || slot.agentId === null;
    const all = bookings.filter((booking) => booking.slotId === slot.id);
    const shown = runs ? all : all.filter((booking) => booking.inScope || (booking.leadId === null && takesWalkIns));
    const active = (list: StaffBooking[]) => list.filter((booking) => booking.state !== 'cancelled').length;
    return { ...slot, bookings: shown, hidden: active(all) - active(shown), runs, takesWalkIns };
  });
}
