import 'server-only';
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { InspectionMessageChannel, InspectionMessageKind, InspectionMessageState } from '@/lib/db/enums';
import { inspectionBookings, inspectionMessages, inspectionSlots, leads, staffUsers, type InspectionMessageRow } from '@/lib/db/schema';
import { staffLabelSql } from '@/modules/leads/server';
import { qualified, slotViewColumns, type SlotView } from './inspections.repository.server';

/**
 * Every query on inspection_messages, the delivery record of each message a booking sets off (docs/decisions/0391):
 * written with the booking's change and its job (./messages.server.ts), claimed and settled by the sender
 * (src/modules/inspections/messages).
 */

const m = inspectionMessages;

/** The reminders: a move or a cancel withdraws those no longer true. */
export const REMINDER_KINDS = ['reminder_24h', 'reminder_2h'] as const satisfies InspectionMessageKind[];
export const isReminder = (kind: InspectionMessageKind) => (REMINDER_KINDS as readonly string[]).includes(kind);

/** A booking as its change's messages need it, read in the change's transaction (its slot already locked). */
export interface BookingForMessages {
  id: string;
  leadId: string | null;
  state: 'confirmed' | 'waiting' | 'cancelled';
  slotId: string;
  startsAt: Date;
  seats: number;
  seatsTaken: number;
}

export async function bookingsForMessages(tx: Db, bookingIds: string[]): Promise<Map<string, BookingForMessages>> {
  if (!bookingIds.length) return new Map();
  const taken = sql<number>`coalesce((select sum(b2.party_size) from ${inspectionBookings} b2
    where b2.slot_id = ${inspectionSlots.id} and b2.state = 'confirmed'), 0)::int`;
  const rows = await tx
    .select({
      id: inspectionBookings.id,
      leadId: inspectionBookings.leadId,
      state: inspectionBookings.state,
      slotId: inspectionSlots.id,
      startsAt: inspectionSlots.startsAt,
      seats: inspectionSlots.seats,
      seatsTaken: taken,
    })
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(inArray(inspectionBookings.id, bookingIds));
  return new Map(rows.map((row) => [row.id, row]));
}

export type NewMessage = Pick<InspectionMessageRow, 'slotId' | 'kind' | 'channel' | 'aboutStartsAt' | 'dueAt'> & {
  bookingId: string | null;
};

/**
 * Writes messages to send, returning those that need a job. A message already there for the same booking, kind,
 * channel and slot time is queued again only when it was withdrawn (moved away and back), or, for a change's message,
 * when it went already (the same change made twice); a reminder that went is never sent again. `slot_filling` rows
 * are written once per slot and channel.
 */
export async function queueMessages(tx: Db, rows: NewMessage[], now: Date): Promise<{ id: string; dueAt: Date }[]> {
  // One row per key in a statement (one change may name a slot filling up twice).
  const unique = [
    ...new Map(
      rows.map((row) => [
        row.kind === 'slot_filling'
          ? `${row.slotId}|${row.channel}`
          : `${row.bookingId}|${row.kind}|${row.channel}|${row.aboutStartsAt.getTime()}`,
        row,
      ]),
    ).values(),
  ];
  if (!unique.length) return [];
  const perBooking = unique.filter((row) => row.kind !== 'slot_filling');
  const slotAlerts = unique.filter((row) => row.kind === 'slot_filling');
  const values = (list: NewMessage[]) => list.map((row) => ({ ...row, state: 'queued' as const, createdAt: now, updatedAt: now }));
  const queued: { id: string; dueAt: Date }[] = [];
  if (perBooking.length) {
    const again = or(eq(m.state, 'withdrawn'), and(notInArray(m.kind, [...REMINDER_KINDS]), notInArray(m.state, ['queued', 'sending'])));
    queued.push(
      ...(await tx
        .insert(m)
        .values(values(perBooking))
        .onConflictDoUpdate({
          target: [m.bookingId, m.kind, m.channel, m.aboutStartsAt],
          set: {
            state: 'queued',
            attempts: 0,
            lastError: null,
            sendingSince: null,
            sentAt: null,
            dueAt: sql`excluded.due_at`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: again,
        })
        .returning({ id: m.id, dueAt: m.dueAt })),
    );
  }
  if (slotAlerts.length) {
    queued.push(...(await tx.insert(m).values(values(slotAlerts)).onConflictDoNothing().returning({ id: m.id, dueAt: m.dueAt })));
  }
  return queued;
}

/**
 * A booking's reminders still waiting that are no longer true: all of them (cancelled, called off, moved to a
 * waiting list), or those about another time than `keep` (moved).
 */
export async function withdrawReminders(tx: Db, bookingId: string, keep: Date | null, now: Date): Promise<void> {
  await tx
    .update(m)
    .set({ state: 'withdrawn', updatedAt: now })
    .where(
      and(
        eq(m.bookingId, bookingId),
        inArray(m.kind, [...REMINDER_KINDS]),
        eq(m.state, 'queued'),
        keep ? ne(m.aboutStartsAt, keep) : undefined,
      ),
    );
}

/**
 * Withdraws a booking's `kind` messages still waiting to go (a change told in one message with the next: docs/decisions/
 * 0401), returning when the earliest of them was due, or null when none waited.
 */
export async function withdrawWaitingNews(tx: Db, bookingId: string, kind: InspectionMessageKind, now: Date): Promise<Date | null> {
  const rows = await tx
    .update(m)
    .set({ state: 'withdrawn', lastError: 'told with a later change', updatedAt: now })
    .where(and(eq(m.bookingId, bookingId), eq(m.kind, kind), eq(m.state, 'queued')))
    .returning({ dueAt: m.dueAt });
  return rows.reduce<Date | null>((earliest, row) => (!earliest || row.dueAt < earliest ? row.dueAt : earliest), null);
}

// ---- sending -------------------------------------------------------------------------------------------------------

/** A message to send, with what it is about: its booking and slot (with the slot's agent), and the lead. */
export interface MessageForDelivery {
  message: InspectionMessageRow;
  booking: { id: string; state: 'confirmed' | 'waiting' | 'cancelled'; partySize: number; updatedAt: Date; slotId: string } | null;
  slot: SlotView;
  lead: {
    id: string;
    /** Null, with the e-mail, for a chat's lead (docs/decisions/0399). */
    title: string | null;
    fullName: string;
    email: string | null;
    phone: string;
    phoneE164: string | null;
    district: SlotView['district'];
    assignedTo: string | null;
  } | null;
  /** The lead's agent, when active. */
  leadAgent: { id: string; email: string; label: string } | null;
}

/** The message `id` with its booking, slot and lead; undefined when it is gone (erased). */
export async function messageForDelivery(db: Db, id: string): Promise<MessageForDelivery | undefined> {
  const [row] = await db
    .select({
      message: m,
      booking: {
        id: inspectionBookings.id,
        state: inspectionBookings.state,
        partySize: inspectionBookings.partySize,
        updatedAt: inspectionBookings.updatedAt,
        slotId: inspectionBookings.slotId,
      },
      slot: slotViewColumns,
      lead: {
        id: leads.id,
        title: leads.title,
        fullName: leads.fullName,
        email: leads.email,
        phone: sql<string>`coalesce(${leads.phoneE164}, ${leads.phoneRaw})`,
        phoneE164: leads.phoneE164,
        district: leads.district,
        assignedTo: leads.assignedTo,
      },
    })
    .from(m)
    .leftJoin(inspectionBookings, eq(inspectionBookings.id, m.bookingId))
    // A moved booking's message is about the slot it was for then (the `moved` message: the new one).
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, sql`coalesce(${inspectionBookings.slotId}, ${m.slotId})`))
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    .where(eq(m.id, id));
  if (!row) return undefined;
  const assignedTo = row.lead?.assignedTo;
  const [agent] = assignedTo
    ? await db
        .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, assignedTo), eq(staffUsers.active, true)))
    : [];
  return { ...row, slot: row.slot as SlotView, leadAgent: agent ?? null } as MessageForDelivery;
}

/**
 * Takes a message for sending, in one conditional write: from `queued`, or from a `sending` left by a crash (`from`
 * names the sending_since it was found with, so two senders cannot both take it). Returns false when another sender
 * took it first.
 */
export async function claimMessage(
  db: Db,
  id: string,
  from: Pick<InspectionMessageRow, 'state' | 'sendingSince'>,
  now: Date,
): Promise<boolean> {
  const found: SQL =
    from.state === 'sending' && from.sendingSince
      ? and(eq(m.state, 'sending'), eq(m.sendingSince, from.sendingSince))!
      : eq(m.state, 'queued');
  // A reminder is claimed only while its booking still holds a seat at the time it names, in the same statement: a
  // cancel or a move that commits after the sender read the booking still stops it (they withdraw queued rows only).
  const stillTrue = sql`(${qualified(m.kind)} not in ('reminder_24h', 'reminder_2h') or exists (select 1
    from ${inspectionBookings} join ${inspectionSlots} on ${qualified(inspectionSlots.id)} = ${qualified(inspectionBookings.slotId)}
    where ${qualified(inspectionBookings.id)} = ${qualified(m.bookingId)} and ${qualified(inspectionBookings.state)} = 'confirmed'
      and ${qualified(inspectionSlots.startsAt)} = ${qualified(m.aboutStartsAt)} and ${qualified(inspectionSlots.cancelledAt)} is null))`;
  const rows = await db
    .update(m)
    .set({ state: 'sending', sendingSince: now, attempts: sql`${m.attempts} + 1`, updatedAt: now })
    .where(and(eq(m.id, id), found, stillTrue))
    .returning({ id: m.id });
  return rows.length === 1;
}

/** Records how a message came out: sent, given up, withdrawn, or back to `queued` for a retry. */
export async function settleMessage(
  db: Db,
  id: string,
  outcome: { state: Exclude<InspectionMessageState, 'sending'>; lastError: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(m)
    .set({
      state: outcome.state,
      lastError: outcome.lastError,
      sendingSince: null,
      updatedAt: now,
      ...(outcome.state === 'sent' ? { sentAt: now } : {}),
    })
    .where(eq(m.id, id));
}

/** The active owners' ids and addresses (a slot filling up). */
export function activeOwners(db: Db) {
  return db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
}

// ---- a lead's messages, for its page, the privacy export and erasure -------------------------------------------------

const messageOfLeadColumns = {
  leadId: inspectionBookings.leadId,
  bookingId: m.bookingId,
  kind: m.kind,
  channel: m.channel,
  aboutStartsAt: m.aboutStartsAt,
  state: m.state,
  attempts: m.attempts,
  lastError: m.lastError,
  sentAt: m.sentAt,
  createdAt: m.createdAt,
};

/** The messages the bookings of these leads set off, oldest first. */
export async function messagesOfLeads(db: Db, leadIds: string[]) {
  if (!leadIds.length) return [];
  return db
    .select(messageOfLeadColumns)
    .from(m)
    .innerJoin(inspectionBookings, eq(inspectionBookings.id, m.bookingId))
    .where(inArray(inspectionBookings.leadId, leadIds))
    .orderBy(asc(m.createdAt), asc(m.id));
}

/** Deletes the messages of the bookings `bookings` selects (an erasure), returning their ids for their jobs. */
export async function deleteMessagesOfBookings(tx: Db, bookings: SQL): Promise<string[]> {
  const rows = await tx
    .delete(m)
    .where(inArray(m.bookingId, tx.select({ id: inspectionBookings.id }).from(inspectionBookings).where(bookings)))
    .returning({ id: m.id });
  return rows.map((row) => row.id);
}

// ---- how delivery goes, for /metrics and the System page -------------------------------------------------------------

const countColumns = { channel: m.channel, state: m.state, n: sql<number>`count(*)::int` };

/** How many booking messages each channel has in each state (for /metrics). */
export function inspectionMessageCounts(db: Db) {
  return db.select(countColumns).from(m).groupBy(m.channel, m.state);
}

export interface InspectionMessageBacklog {
  /** Messages due and not yet sent (a reminder waiting for its time is not late). */
  waiting: number;
  oldestWaitingAt: Date | null;
  lastSentAt: Date | null;
}

/** The booking messages due and undelivered, and the last one delivered (the state index). */
export async function inspectionMessageBacklog(db: Db, now: Date): Promise<InspectionMessageBacklog> {
  const [due] = await db
    .select({ waiting: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${m.dueAt})::text` })
    .from(m)
    .where(and(inArray(m.state, ['queued', 'sending']), sql`${m.dueAt} <= ${now}`));
  const [last] = await db
    .select({ at: sql<string | null>`max(${m.sentAt})::text` })
    .from(m)
    .where(eq(m.state, 'sent'));
  const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);
  return { waiting: due?.waiting ?? 0, oldestWaitingAt: toDate(due?.oldest), lastSentAt: toDate(last?.at) };
}

/** The walk-in bookings (no lead) of slots that began before `before`: the retention period ends for them then. */
export const walkInsBefore = (before: Date): SQL =>
  and(
    isNull(inspectionBookings.leadId),
    inArray(
      inspectionBookings.slotId,
      sql`(select ${inspectionSlots.id} from ${inspectionSlots} where ${inspectionSlots.startsAt} < ${before})`,
    ),
  )!;

export type { InspectionMessageChannel };

/** A waiting booking's place in its slot's line (1 = next to be confirmed); null when it is not waiting. */
export async function waitingPlaceOf(db: Db, bookingId: string): Promise<number | null> {
  const [row] = await db
    .select({
      place: sql<number>`(select count(*) from ${inspectionBookings} w where w.slot_id = ${inspectionBookings.slotId} and w.state = 'waiting'
        and (w.created_at, w.id) <= (${inspectionBookings.createdAt}, ${inspectionBookings.id}))::int`,
    })
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.id, bookingId), eq(inspectionBookings.state, 'waiting')));
  return row?.place ?? null;
}

/** Deletes the messages of the bookings of the leads `leadsWhere` names, in the erasure's transaction; returns their ids. */
export const eraseMessagesOfLeadBookings = (tx: Db, leadsWhere: SQL): Promise<string[]> =>
  deleteMessagesOfBookings(tx, inArray(inspectionBookings.leadId, tx.select({ id: leads.id }).from(leads).where(leadsWhere)));

/** Deletes the walk-in bookings `where` names (a lead's bookings go with the lead); returns how many. */
export async function eraseWalkIns(tx: Db, where: SQL): Promise<number> {
  const rows = await tx.delete(inspectionBookings).where(where).returning({ id: inspectionBookings.id });
  return rows.length;
}
