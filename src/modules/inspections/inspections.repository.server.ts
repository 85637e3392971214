import 'server-only';
import { and, asc, eq, getTableName, gt, inArray, isNull, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import { leadsInScope, mayChangeSql, type LeadScope } from '@/modules/leads/server';
import type { Db } from '@/lib/db/client';
import { storedEmailSql } from '@/lib/db/large-indexes';
import { writeSettingOnce } from '@/lib/db/settings.server';
import type { Attendance, DistrictChoice } from '@/lib/db/enums';
import {
  inspectionBookings,
  inspectionSchedules,
  inspectionSlots,
  leads,
  staffUsers,
  type InspectionBookingRow,
  type InspectionScheduleRow,
  type InspectionSlotRow,
} from '@/lib/db/schema';
import { staffLabelSql } from '@/modules/leads/server';

/**
 * The site inspections' tables (docs/decisions/0391-site-inspections-booked-online.md): the owners' weekly schedule,
 * the slots it makes, and the bookings on them. Only ./inspections.server.ts writes through these.
 */

// ---- the schedule ---------------------------------------------------------------------------------------------------

export type ScheduleValues = Omit<InspectionScheduleRow, 'id' | 'createdAt' | 'updatedAt'>;

export const listSchedule = (db: Db): Promise<InspectionScheduleRow[]> =>
  db
    .select()
    .from(inspectionSchedules)
    .orderBy(asc(inspectionSchedules.district), asc(inspectionSchedules.weekday), asc(inspectionSchedules.startTime));

export const activeSchedule = (db: Db): Promise<InspectionScheduleRow[]> =>
  db.select().from(inspectionSchedules).where(eq(inspectionSchedules.active, true));

export async function insertSchedule(db: Db, values: ScheduleValues[]): Promise<InspectionScheduleRow[]> {
  return values.length ? db.insert(inspectionSchedules).values(values).returning() : [];
}

export async function updateSchedule(
  db: Db,
  id: string,
  values: Partial<ScheduleValues>,
  now: Date,
): Promise<InspectionScheduleRow | undefined> {
  const [row] = await db
    .update(inspectionSchedules)
    .set({ ...values, updatedAt: now })
    .where(eq(inspectionSchedules.id, id))
    .returning();
  return row;
}

/**
 * The one-time offer of INSPECTION_SCHEDULE on a fresh install: true for the one caller (of any instance) that may
 * write it, false once it was offered, even if owners have since removed every row.
 */
export async function takeScheduleOffer(db: Db, now: Date): Promise<boolean> {
  return writeSettingOnce(db, 'inspection_schedule_offered', true, now);
}

// ---- slots ------------------------------------------------------------------------------------------------------

/** Makes the slots a schedule gives (a slot already made, or called off, is left as it is). */
export async function insertScheduledSlots(db: Db, slots: (typeof inspectionSlots.$inferInsert)[]): Promise<void> {
  if (slots.length) await db.insert(inspectionSlots).values(slots).onConflictDoNothing();
}

export async function insertSlot(db: Db, slot: typeof inspectionSlots.$inferInsert): Promise<InspectionSlotRow> {
  const [row] = await db.insert(inspectionSlots).values(slot).returning();
  return row;
}

/**
 * A column named with its table. Drizzle leaves the columns of a one-table select unqualified, and in a correlated
 * subquery an unqualified "id" is the inner table's own: the seats of every slot then read 0.
 */
export const qualified = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Seats held by confirmed bookings, and people waiting, per slot. */
const seatsTakenSql = sql<number>`coalesce((select sum(${qualified(inspectionBookings.partySize)}) from ${inspectionBookings}
  where ${qualified(inspectionBookings.slotId)} = ${qualified(inspectionSlots.id)} and ${qualified(inspectionBookings.state)} = 'confirmed'), 0)::int`;
const waitingSql = sql<number>`(select count(*) from ${inspectionBookings}
  where ${qualified(inspectionBookings.slotId)} = ${qualified(inspectionSlots.id)} and ${qualified(inspectionBookings.state)} = 'waiting')::int`;

/** A slot as buyers and staff see it: its facts, its agent's name and WhatsApp number's owner, and its seats. */
export const slotViewColumns = {
  id: inspectionSlots.id,
  scheduleId: inspectionSlots.scheduleId,
  district: inspectionSlots.district,
  startsAt: inspectionSlots.startsAt,
  kind: inspectionSlots.kind,
  seats: inspectionSlots.seats,
  meetingPoint: inspectionSlots.meetingPoint,
  mapUrl: inspectionSlots.mapUrl,
  videoUrl: inspectionSlots.videoUrl,
  agentId: inspectionSlots.agentId,
  agentName: sql<
    string | null
  >`(select ${staffLabelSql} from ${staffUsers} where ${qualified(staffUsers.id)} = ${qualified(inspectionSlots.agentId)})`,
  cancelledAt: inspectionSlots.cancelledAt,
  seatsTaken: seatsTakenSql,
  waiting: waitingSql,
};
export interface SlotView {
  id: string;
  scheduleId: string | null;
  district: DistrictChoice;
  startsAt: Date;
  kind: InspectionSlotRow['kind'];
  seats: number;
  meetingPoint: string | null;
  mapUrl: string | null;
  videoUrl: string | null;
  agentId: string | null;
  agentName: string | null;
  cancelledAt: Date | null;
  seatsTaken: number;
  waiting: number;
}

/** Slots of a district (or all) starting after `from` and up to `to`, earliest first; called-off ones only when asked. */
export async function slotsBetween(
  db: Db,
  { district, from, to, withCancelled = false }: { district?: DistrictChoice; from: Date; to: Date; withCancelled?: boolean },
): Promise<SlotView[]> {
  // Two districts' inspections at the same hour come in the districts' order, not by their random ids.
  return db
    .select(slotViewColumns)
    .from(inspectionSlots)
    .where(
      and(
        gt(inspectionSlots.startsAt, from),
        sql`${inspectionSlots.startsAt} <= ${to}`,
        district ? eq(inspectionSlots.district, district) : undefined,
        withCancelled ? undefined : isNull(inspectionSlots.cancelledAt),
      ),
    )
    .orderBy(asc(inspectionSlots.startsAt), asc(inspectionSlots.district), asc(inspectionSlots.id)) as Promise<SlotView[]>;
}

export async function slotById(db: Db, id: string): Promise<SlotView | undefined> {
  return ((await db.select(slotViewColumns).from(inspectionSlots).where(eq(inspectionSlots.id, id))) as SlotView[])[0];
}

/**
 * Locks slots for a change of their seats (ids in one order, so two moves between the same slots never deadlock) and
 * returns them with their seats taken, by id.
 */
export async function lockSlots(tx: Db, ids: string[]): Promise<Map<string, InspectionSlotRow & { seatsTaken: number }>> {
  const sorted = [...new Set(ids)].sort();
  const locked = new Map<string, InspectionSlotRow & { seatsTaken: number }>();
  for (const id of sorted) {
    const [slot] = await tx.select().from(inspectionSlots).where(eq(inspectionSlots.id, id)).for('update');
    if (!slot) continue;
    const [{ taken }] = await tx
      .select({ taken: sql<number>`coalesce(sum(${inspectionBookings.partySize}), 0)::int` })
      .from(inspectionBookings)
      .where(and(eq(inspectionBookings.slotId, id), eq(inspectionBookings.state, 'confirmed')));
    locked.set(id, { ...slot, seatsTaken: taken });
  }
  return locked;
}

export async function cancelSlotRow(tx: Db, id: string, now: Date): Promise<void> {
  await tx.update(inspectionSlots).set({ cancelledAt: now }).where(eq(inspectionSlots.id, id));
}

// ---- bookings ----------------------------------------------------------------------------------------------------

export async function insertBooking(tx: Db, booking: typeof inspectionBookings.$inferInsert): Promise<InspectionBookingRow> {
  const [row] = await tx.insert(inspectionBookings).values(booking).returning();
  return row;
}

/**
 * The lead's booking still to come (not cancelled, its inspection not started): the one booking again moves. Read
 * without a lock: the caller holds the lead's row, and locks the booking after its slots (one lock order: slots, then
 * bookings).
 */
export async function upcomingBookingOfLead(
  tx: Db,
  leadId: string,
  now: Date,
): Promise<(InspectionBookingRow & { startsAt: Date }) | undefined> {
  const [row] = await tx
    .select({ booking: inspectionBookings, startsAt: inspectionSlots.startsAt })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(and(eq(inspectionBookings.leadId, leadId), ne(inspectionBookings.state, 'cancelled'), gt(inspectionSlots.startsAt, now)))
    .orderBy(asc(inspectionSlots.startsAt))
    .limit(1);
  return row ? { ...row.booking, startsAt: row.startsAt } : undefined;
}

/** A booking, not locked (the caller locks its lead and slot first). */
export async function bookingById(db: Db, id: string): Promise<InspectionBookingRow | undefined> {
  const [row] = await db.select().from(inspectionBookings).where(eq(inspectionBookings.id, id));
  return row;
}

export async function lockBooking(tx: Db, id: string): Promise<InspectionBookingRow | undefined> {
  const [row] = await tx.select().from(inspectionBookings).where(eq(inspectionBookings.id, id)).for('update');
  return row;
}

/** A lead's bookings, newest first (the lead's page). */
export async function bookingsOfLead(db: Db, leadId: string): Promise<(InspectionBookingRow & { slot: SlotView })[]> {
  const rows = await db
    .select({ booking: inspectionBookings, slot: slotViewColumns })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(eq(inspectionBookings.leadId, leadId))
    .orderBy(sql`${inspectionBookings.createdAt} desc`);
  return rows.map(({ booking, slot }) => ({ ...booking, slot: slot as SlotView }));
}

export async function setBookingState(
  tx: Db,
  id: string,
  values: Partial<Pick<InspectionBookingRow, 'state' | 'slotId' | 'partySize' | 'cancelledAt' | 'networkHash'>>,
  now: Date,
): Promise<void> {
  await tx
    .update(inspectionBookings)
    .set({ ...values, updatedAt: now })
    .where(eq(inspectionBookings.id, id));
}

export async function setAttendance(tx: Db, id: string, attendance: Attendance | null, now: Date): Promise<void> {
  await tx.update(inspectionBookings).set({ attendance, updatedAt: now }).where(eq(inspectionBookings.id, id));
}

// ---- what one buyer, one phone, one e-mail and one network hold (docs/decisions/0401) --------------------------------

/** A lead's phone (E.164 when it parsed, else as typed) and e-mail, to find its other bookings by. */
export async function contactOfLead(db: Db, leadId: string): Promise<{ phone: string; email: string | null } | undefined> {
  const [row] = await db
    .select({
      phone: sql<string>`coalesce(${leads.phoneE164}, ${leads.phoneRaw})`,
      email: sql<string | null>`${storedEmailSql(leads.email)}`,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  return row;
}

/** Bookings still to come that hold or wait for seats: not cancelled, on a slot not called off that has not begun. */
const upcomingBookingSql = (now: Date) =>
  and(ne(inspectionBookings.state, 'cancelled'), gt(inspectionSlots.startsAt, now), isNull(inspectionSlots.cancelledAt));

/**
 * Whether another lead with this phone or e-mail has a booking still to come (one per phone and per e-mail). The
 * leads with the contact are found first, each condition by an index of its own (src/lib/db/large-indexes.ts), then
 * their bookings: at a million leads, reading every booking still to come instead took 35-60 ms (docs/benchmarks/0431).
 */
export async function contactHasOtherBooking(
  tx: Db,
  leadId: string,
  contact: { phone: string; email: string | null },
  now: Date,
): Promise<boolean> {
  // coalesce(phone_e164, phone_raw) = phone, written so that each half has its index.
  const sameContact = or(
    eq(leads.phoneE164, contact.phone),
    and(isNull(leads.phoneE164), eq(leads.phoneRaw, contact.phone)),
    contact.email ? sql`${storedEmailSql(leads.email)} = ${contact.email}` : undefined,
  );
  const rows = await tx
    .select({ id: inspectionBookings.id })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .innerJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(and(upcomingBookingSql(now), ne(leads.id, leadId), sameContact))
    .limit(1);
  return rows.length > 0;
}

/**
 * The seats a network's bookings still to come hold or wait for (a booking being changed left out): on one slot, and
 * on every slot together.
 */
export async function seatsOfNetwork(
  tx: Db,
  networkHash: string,
  { slotId, except, now }: { slotId: string; except?: string; now: Date },
): Promise<{ onSlot: number; upcoming: number }> {
  const [row] = await tx
    .select({
      onSlot: sql<number>`coalesce(sum(case when ${inspectionBookings.slotId} = ${slotId} then ${inspectionBookings.partySize} end), 0)::int`,
      upcoming: sql<number>`coalesce(sum(${inspectionBookings.partySize}), 0)::int`,
    })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(
      and(eq(inspectionBookings.networkHash, networkHash), upcomingBookingSql(now), except ? ne(inspectionBookings.id, except) : undefined),
    );
  return { onSlot: row?.onSlot ?? 0, upcoming: row?.upcoming ?? 0 };
}

/** A slot's confirmed seats, how many client networks its buyers' confirmed bookings came from, and their seats. */
export async function networksOfSlot(tx: Db, slotId: string): Promise<{ seatsTaken: number; networks: number; networkedSeats: number }> {
  const [row] = await tx
    .select({
      seatsTaken: sql<number>`coalesce(sum(${inspectionBookings.partySize}), 0)::int`,
      networks: sql<number>`count(distinct ${inspectionBookings.networkHash})::int`,
      networkedSeats: sql<number>`coalesce(sum(${inspectionBookings.partySize}) filter (where ${inspectionBookings.networkHash} is not null), 0)::int`,
    })
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.slotId, slotId), eq(inspectionBookings.state, 'confirmed')));
  return { seatsTaken: row?.seatsTaken ?? 0, networks: row?.networks ?? 0, networkedSeats: row?.networkedSeats ?? 0 };
}

/** The slot's waiting list, first in line first, locked. */
export async function lockWaitingList(tx: Db, slotId: string): Promise<InspectionBookingRow[]> {
  return tx
    .select()
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.slotId, slotId), eq(inspectionBookings.state, 'waiting')))
    .orderBy(asc(inspectionBookings.createdAt), asc(inspectionBookings.id))
    .for('update');
}

/** Every booking that is not cancelled on a slot, locked (an owner calls the slot off). */
export async function lockActiveBookingsOfSlot(tx: Db, slotId: string): Promise<InspectionBookingRow[]> {
  return tx
    .select()
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.slotId, slotId), ne(inspectionBookings.state, 'cancelled')))
    .for('update');
}

// ---- the staff area (the Inspections page, the schedule, the lead's CSV) --------------------------------------------

export async function scheduleRowById(db: Db, id: string): Promise<InspectionScheduleRow | undefined> {
  const [row] = await db.select().from(inspectionSchedules).where(eq(inspectionSchedules.id, id));
  return row;
}

/**
 * Removes a schedule row's future slots that nobody ever booked (not called off), so the schedule makes them again
 * from the row as it is now; a slot with a booking keeps what its buyers were told.
 */
export async function deleteUnbookedSlotsOfSchedule(tx: Db, scheduleId: string, from: Date): Promise<void> {
  await tx
    .delete(inspectionSlots)
    .where(
      and(
        eq(inspectionSlots.scheduleId, scheduleId),
        gt(inspectionSlots.startsAt, from),
        isNull(inspectionSlots.cancelledAt),
        sql`not exists (select 1 from ${inspectionBookings} where ${inspectionBookings.slotId} = ${inspectionSlots.id})`,
      ),
    );
}

export async function setSlotSeats(tx: Db, id: string, seats: number): Promise<void> {
  await tx.update(inspectionSlots).set({ seats }).where(eq(inspectionSlots.id, id));
}

/** A booking as the Inspections page lists it: who (the lead, or the walk-in's name and phone), and what the reader may do. */
export interface StaffBooking {
  id: string;
  slotId: string;
  leadId: string | null;
  partySize: number;
  state: InspectionBookingRow['state'];
  attendance: InspectionBookingRow['attendance'];
  walkInName: string | null;
  walkInPhone: string | null;
  createdAt: Date;
  title: string | null;
  fullName: string | null;
  phoneRaw: string | null;
  phoneE164: string | null;
  district: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /** The reader may change the lead (mark it came). */
  mayChange: boolean;
}

/** The booking's lead is within the reader's scope (src/modules/leads/scope.server.ts); a walk-in's never is. */
const leadInScopeSql = (scope: LeadScope) => sql<boolean>`coalesce(${leads.id} is not null and ${leadsInScope(scope) ?? sql`true`}, false)`;

/**
 * Which of the slots' bookings the reader sees: every booking of a slot in `runs` (they lead it, or are an owner), on
 * other slots the bookings of leads within their scope, and walk-ins where the slot is in `walkIns` (nobody leads it).
 */
export interface BookingsSeen {
  slotIds: string[];
  runs: string[];
  walkIns: string[];
  scope: LeadScope;
}

/** A slot's bookings counted: those seen (not cancelled, and cancelled) and all not cancelled, seen or not. */
export interface SlotBookingCounts {
  seenActive: number;
  seenCancelled: number;
  active: number;
}

/** The rule of BookingsSeen in SQL: `true` when the reader runs every slot, so the count needs no lead. */
function seenSql({ slotIds, runs, walkIns, scope }: BookingsSeen): SQL {
  if (runs.length === slotIds.length) return sql`true`;
  return sql`(${or(
    runs.length ? inArray(inspectionBookings.slotId, runs) : undefined,
    leadInScopeSql(scope),
    walkIns.length ? and(isNull(inspectionBookings.leadId), inArray(inspectionBookings.slotId, walkIns)) : undefined,
  )})`;
}

/** Per slot with a booking, its bookings counted (SlotBookingCounts): by the database, not row by row in the server. */
export async function countBookingsSeen(db: Db, seen: BookingsSeen): Promise<Map<string, SlotBookingCounts>> {
  if (!seen.slotIds.length) return new Map();
  const seenHere = seenSql(seen);
  const rows = await db
    .select({
      slotId: inspectionBookings.slotId,
      seenActive: sql<number>`(count(*) filter (where ${seenHere} and ${inspectionBookings.state} <> 'cancelled'))::int`,
      seenCancelled: sql<number>`(count(*) filter (where ${seenHere} and ${inspectionBookings.state} = 'cancelled'))::int`,
      active: sql<number>`(count(*) filter (where ${inspectionBookings.state} <> 'cancelled'))::int`,
    })
    .from(inspectionBookings)
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(inArray(inspectionBookings.slotId, seen.slotIds))
    .groupBy(inspectionBookings.slotId);
  return new Map(rows.map(({ slotId, ...counts }) => [slotId, counts]));
}

/**
 * The bookings the reader sees (BookingsSeen), at most `most` of each kind (not cancelled, cancelled) per slot, the
 * first booked first, and every one of `wholeSlotId`; with their leads, and for each whether the reader may change it.
 * A big trip's slot holds hundreds: only those drawn leave the database.
 */
export async function staffBookingsDrawn(db: Db, seen: BookingsSeen, most: number, wholeSlotId?: string): Promise<StaffBooking[]> {
  if (!seen.slotIds.length) return [];
  const ranked = db
    .select({
      id: inspectionBookings.id,
      place: sql<number>`row_number() over (partition by ${inspectionBookings.slotId}, ${inspectionBookings.state} = 'cancelled'
        order by ${inspectionBookings.createdAt}, ${inspectionBookings.id})`.as('place'),
    })
    .from(inspectionBookings)
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(and(inArray(inspectionBookings.slotId, seen.slotIds), seenSql(seen)))
    .as('ranked');
  return db
    .select({
      id: inspectionBookings.id,
      slotId: inspectionBookings.slotId,
      leadId: inspectionBookings.leadId,
      partySize: inspectionBookings.partySize,
      state: inspectionBookings.state,
      attendance: inspectionBookings.attendance,
      walkInName: inspectionBookings.walkInName,
      walkInPhone: inspectionBookings.walkInPhone,
      createdAt: inspectionBookings.createdAt,
      title: leads.title,
      fullName: leads.fullName,
      phoneRaw: leads.phoneRaw,
      phoneE164: leads.phoneE164,
      district: leads.district,
      utmSource: leads.utmSource,
      utmCampaign: leads.utmCampaign,
      mayChange: sql<boolean>`coalesce(${leads.id} is not null and ${mayChangeSql(seen.scope)}, false)`,
    })
    .from(ranked)
    .innerJoin(inspectionBookings, eq(inspectionBookings.id, ranked.id))
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(or(sql`${ranked.place} <= ${most}`, wholeSlotId ? eq(inspectionBookings.slotId, wholeSlotId) : undefined))
    .orderBy(asc(inspectionBookings.slotId), asc(inspectionBookings.createdAt), asc(inspectionBookings.id)) as Promise<StaffBooking[]>;
}

/** One booking with its slot's leading agent and what the reader's scope may do with its lead (attendance). */
export async function bookingReach(db: Db, bookingId: string, scope: LeadScope) {
  const [row] = await db
    .select({
      id: inspectionBookings.id,
      slotId: inspectionBookings.slotId,
      leadId: inspectionBookings.leadId,
      slotAgentId: inspectionSlots.agentId,
      slotStartsAt: inspectionSlots.startsAt,
      slotCancelledAt: inspectionSlots.cancelledAt,
      inScope: leadInScopeSql(scope),
      mayChange: sql<boolean>`coalesce(${leadInScopeSql(scope)} and ${mayChangeSql(scope)}, false)`,
    })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(eq(inspectionBookings.id, bookingId));
  return row;
}

/** The booking the lead CSV shows per lead: the one not cancelled, else the latest. */
export interface LeadInspection {
  startsAt: Date;
  district: DistrictChoice;
  kind: InspectionSlotRow['kind'];
  partySize: number;
  state: InspectionBookingRow['state'];
  attendance: InspectionBookingRow['attendance'];
}

export async function latestInspectionOfLeads(db: Db, leadIds: string[]): Promise<Map<string, LeadInspection>> {
  const found = new Map<string, LeadInspection>();
  if (!leadIds.length) return found;
  const rows = await db
    .select({
      leadId: inspectionBookings.leadId,
      startsAt: inspectionSlots.startsAt,
      district: inspectionSlots.district,
      kind: inspectionSlots.kind,
      partySize: inspectionBookings.partySize,
      state: inspectionBookings.state,
      attendance: inspectionBookings.attendance,
    })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(inArray(inspectionBookings.leadId, leadIds))
    .orderBy(sql`(${inspectionBookings.state} = 'cancelled')`, sql`${inspectionBookings.updatedAt} desc`);
  for (const { leadId, ...booking } of rows) if (leadId && !found.has(leadId)) found.set(leadId, booking);
  return found;
}

/** Leads streamed with their inspection (the lead CSV), looked up a batch at a time. */
export async function* withLatestInspections<T extends { id: string }>(
  db: Db,
  rows: AsyncIterable<T>,
  batch = 500,
): AsyncGenerator<T & { inspection?: LeadInspection }> {
  let pending: T[] = [];
  const flush = async () => {
    const found = await latestInspectionOfLeads(
      db,
      pending.map((row) => row.id),
    );
    const out = pending.map((row) => ({ ...row, inspection: found.get(row.id) }));
    pending = [];
    return out;
  };
  for await (const row of rows) {
    pending.push(row);
    if (pending.length >= batch) yield* await flush();
  }
  if (pending.length) yield* await flush();
}
