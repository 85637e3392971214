import 'server-only';
import { DISTRICTS, type District } from '@/content/districts';
import {
  activeBookingIdOfLead,
  bookerOfLead,
  buyerBooking,
  type Booker,
  type BuyerBooking,
} from '@/domain/leads/inspections/buyer.repository.server';
import { inspectionChangeCutoffHours } from '@/domain/leads/inspections/cutoff.server';
import { bookableSlots, makeSlots } from '@/domain/leads/inspections/inspections.server';
import type { SlotView } from '@/domain/leads/inspections/inspections.repository.server';
import { readInspectionLink, signInspectionLink } from '@/domain/leads/inspections/links.server';
import { bookPathOf, INSPECTION_PATHS } from '@/domain/leads/inspections/paths';
import { stillChangeable } from '@/domain/leads/inspections/slot-times';
import { getDatabase, type Db } from '@/lib/db/client';
import type { DistrictChoice } from '@/lib/db/enums';
import { getEnv } from '@/lib/env.server';

/** What the buyer's inspection pages read (docs/decisions/0391): the slots to book, and a booking from its link. */

export type LinkProblem = 'invalid' | 'expired' | 'gone';

/** The district's slots of the next four weeks, made from the schedule first (a fresh install's default once). */
export async function slotsToBook(db: Db, district: DistrictChoice, now = new Date()): Promise<SlotView[]> {
  await makeSlots(db, { offer: getEnv().INSPECTION_SCHEDULE, districts: DISTRICTS }, now);
  return bookableSlots(db, district, now);
}

export interface BookingPageData {
  slots: SlotView[];
  /** The buyer a `book` link names (they only pick a slot), with the page of the booking they already have. */
  booker?: Booker & { bookingHref?: string };
  linkProblem?: LinkProblem;
}

/** The booking page of a district: its slots, and who is booking when the visitor came with a `book` link. */
export async function bookingPageData(district: District, bookToken: string | undefined, now = new Date()): Promise<BookingPageData> {
  const { db } = await getDatabase();
  const slots = await slotsToBook(db, district.choice, now);
  if (!bookToken) return { slots };
  const link = await readInspectionLink(db, 'book', bookToken, now);
  if (!link.ok) return { slots, linkProblem: link.reason };
  const booker = await bookerOfLead(db, link.id);
  if (!booker || booker.spam) return { slots, linkProblem: 'gone' };
  const bookingId = await activeBookingIdOfLead(db, booker.id);
  return { slots, booker: { ...booker, bookingHref: bookingId ? await bookingHrefOf(db, bookingId) : undefined } };
}

const bookingHrefOf = async (db: Db, bookingId: string) => INSPECTION_PATHS.booking(await signInspectionLink(db, 'manage', bookingId));

/** The booking page a `book` link opens (its lead's district), or undefined when the link does not work. */
export async function bookPageOfLink(token: string | undefined, now = new Date()): Promise<string | undefined> {
  if (!token) return undefined;
  const { db } = await getDatabase();
  const link = await readInspectionLink(db, 'book', token, now);
  const booker = link.ok ? await bookerOfLead(db, link.id) : undefined;
  return booker && !booker.spam ? bookPathOf(booker.district, token) : undefined;
}

export type BookingOfLink =
  { ok: true; booking: BuyerBooking; cutoffHours: number; changeable: boolean } | { ok: false; problem: LinkProblem };

/** The booking a `manage` link names, and whether the buyer may still move or cancel it themselves. */
export async function bookingOfLink(db: Db, token: string | undefined, now = new Date()): Promise<BookingOfLink> {
  if (!token) return { ok: false, problem: 'invalid' };
  const link = await readInspectionLink(db, 'manage', token, now);
  if (!link.ok) return { ok: false, problem: link.reason };
  const booking = await buyerBooking(db, link.id);
  if (!booking || !booking.leadId) return { ok: false, problem: 'gone' };
  const cutoffHours = await inspectionChangeCutoffHours(db);
  return {
    ok: true,
    booking,
    cutoffHours,
    changeable: booking.state !== 'cancelled' && !booking.slot.cancelledAt && stillChangeable(booking.slot.startsAt, now, cutoffHours),
  };
}
