import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice, Title } from '@/lib/db/enums';
import { inspectionBookings, inspectionSlots, leads, type InspectionBookingRow } from '@/lib/db/schema';
import { slotViewColumns, type SlotView } from './inspections.repository.server';

/**
 * What the buyer's own pages read (docs/decisions/0391): who a `book` link is for, and a booking with its slot for its
 * `manage` link. Only what those pages show: a title and name to say who is booking, never the contact details.
 */

export interface Booker {
  id: string;
  /** Null for a chat's lead (docs/decisions/0399), which may not have said its district yet either. */
  title: Title | null;
  fullName: string;
  district: DistrictChoice | null;
  /** A bot's submission (kept for review): its link books nothing. */
  spam: boolean;
}

export async function bookerOfLead(db: Db, leadId: string): Promise<Booker | undefined> {
  const [row] = await db
    .select({ id: leads.id, title: leads.title, fullName: leads.fullName, district: leads.district, spam: leads.spam })
    .from(leads)
    .where(eq(leads.id, leadId));
  return row;
}

export interface BuyerBooking {
  id: string;
  leadId: string | null;
  partySize: number;
  state: InspectionBookingRow['state'];
  updatedAt: Date;
  slot: SlotView;
  /** The lead's title and name ("Booking for Mrs A. Okafor"); null for a walk-in. */
  title: Title | null;
  fullName: string | null;
}

/** A booking as its buyer's page shows it: its slot (with the agent's name and seats) and who it is for. */
export async function buyerBooking(db: Db, bookingId: string): Promise<BuyerBooking | undefined> {
  const [row] = await db
    .select({
      id: inspectionBookings.id,
      leadId: inspectionBookings.leadId,
      partySize: inspectionBookings.partySize,
      state: inspectionBookings.state,
      updatedAt: inspectionBookings.updatedAt,
      slot: slotViewColumns,
      title: leads.title,
      fullName: leads.fullName,
    })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(eq(inspectionBookings.id, bookingId));
  return row as BuyerBooking | undefined;
}

/** The lead's booking that is not cancelled, if any (booking again moves it). */
export async function activeBookingIdOfLead(db: Db, leadId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: inspectionBookings.id })
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.leadId, leadId), ne(inspectionBookings.state, 'cancelled')));
  return row?.id;
}
