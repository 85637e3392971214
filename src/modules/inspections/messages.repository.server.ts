import 'server-only';
import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { InspectionMessageChannel, InspectionMessageKind, InspectionMessageState, OutboxSubject } from '@/lib/db/enums';
import { inspectionBookings, inspectionSlots, leads, staffUsers, type OutboxMessageRow } from '@/lib/db/schema';
import { staffLabelSql } from '@/modules/leads/server';
import {
  countsByChannel,
  deleteMessagesOfSubjects,
  dueBacklog,
  messagesOf,
  withdrawQueued,
  type DueBacklog,
  type NewOutboxMessage,
} from '@/modules/messaging/server';
import { slotViewColumns, type SlotView } from './inspections.repository.server';

/**
 * What a booking's messages need of the database (docs/decisions/0391): they are rows of the one outbox
 * (docs/decisions/0410), queued with the booking's change (./messages.server.ts) and sent by the outbox's worker
 * through this module's sender (./messages/delivery.server.ts); these are the reads and the withdrawals they ask it.
 */

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

/** A booking's message as queued: what it is about (its booking, or its slot for `slot_filling`), what and how. */
export interface NewMessage {
  bookingId: string | null;
  /** The booking's lead, who the message is for or about (none for `slot_filling`): erasing it erases the message. */
  leadId: string | null;
  slotId: string;
  kind: InspectionMessageKind;
  channel: InspectionMessageChannel;
  /** The start of the slot the message is about (a move makes a message about the new time). */
  aboutStartsAt: Date;
  /** When it is meant to go: at once, or a reminder's time. */
  dueAt: Date;
}

/**
 * A booking's message in the one outbox (docs/decisions/0410): one per booking, kind, channel and slot time (a move
 * gives the new time its own reminders); `slot_filling` is the owners', once per slot and channel, and names no
 * booking. Its slot and time ride in the payload: what the booking says when the message goes may differ.
 */
export const bookingMessageKey = (m: Pick<NewMessage, 'bookingId' | 'slotId' | 'kind' | 'channel' | 'aboutStartsAt'>) =>
  m.kind === 'slot_filling'
    ? `slot:${m.slotId}:slot_filling:${m.channel}`
    : `booking:${m.bookingId}:${m.kind}:${m.channel}:${m.aboutStartsAt.getTime()}`;

/**
 * The outbox's rows for messages to send: a message already there for the same key is queued again only when it was
 * withdrawn (moved away and back), or, for a change's message, when it went already (the same change made twice); a
 * reminder that went is never sent again, and `slot_filling` goes once per slot and channel.
 */
export function outboxMessagesOf(rows: NewMessage[]): NewOutboxMessage[] {
  return rows.map((row) => ({
    subjectType: row.kind === 'slot_filling' ? 'slot' : 'booking',
    subjectId: row.kind === 'slot_filling' ? row.slotId : row.bookingId!,
    leadId: row.kind === 'slot_filling' ? null : row.leadId,
    kind: row.kind,
    channel: row.channel,
    dedupeKey: bookingMessageKey(row),
    dueAt: row.dueAt,
    payload: { slotId: row.slotId, aboutStartsAt: row.aboutStartsAt.getTime() } satisfies BookingPayload,
    again: row.kind === 'slot_filling' ? undefined : isReminder(row.kind) ? 'withdrawn' : 'settled',
  }));
}

interface BookingPayload {
  slotId: string;
  /** Milliseconds since 1970 (the upgrade writes it alike). */
  aboutStartsAt: number;
}

/** A booking's message as its capability reads it: the outbox's row with what it is about. */
export interface BookingMessage {
  id: string;
  bookingId: string | null;
  slotId: string;
  kind: InspectionMessageKind;
  channel: InspectionMessageChannel;
  aboutStartsAt: Date;
  dueAt: Date;
  state: InspectionMessageState;
  attempts: number;
  lastError: string | null;
  sendingSince: Date | null;
  sentAt: Date | null;
  createdAt: Date;
}

export function bookingMessageOf(row: OutboxMessageRow): BookingMessage {
  const payload = row.payload as BookingPayload;
  return {
    id: row.id,
    bookingId: row.subjectType === 'booking' ? row.subjectId : null,
    slotId: payload.slotId,
    kind: row.kind as InspectionMessageKind,
    channel: row.channel as InspectionMessageChannel,
    aboutStartsAt: new Date(Number(payload.aboutStartsAt)),
    dueAt: row.dueAt,
    state: row.state as InspectionMessageState,
    attempts: row.attempts,
    lastError: row.lastError,
    sendingSince: row.sendingSince,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
  };
}

/** The keys of a booking's reminders about `startsAt`, on every channel. */
const reminderKeys = (bookingId: string, slotId: string, startsAt: Date) =>
  REMINDER_KINDS.flatMap((kind) =>
    (['email', 'phone'] as const).map((channel) => bookingMessageKey({ bookingId, slotId, kind, channel, aboutStartsAt: startsAt })),
  );

/**
 * A booking's reminders still waiting that are no longer true: all of them (cancelled, called off, moved to a
 * waiting list), or those about another time than `keep` (moved).
 */
export async function withdrawReminders(
  tx: Db,
  bookingId: string,
  keep: { slotId: string; startsAt: Date } | null,
  now: Date,
): Promise<void> {
  await withdrawQueued(tx, { type: 'booking', id: bookingId }, [...REMINDER_KINDS], {
    except: keep ? reminderKeys(bookingId, keep.slotId, keep.startsAt) : [],
    now,
  });
}

/**
 * Withdraws a booking's `kind` messages still waiting to go (a change told in one message with the next: docs/decisions/
 * 0401), returning when the earliest of them was due, or null when none waited.
 */
export async function withdrawWaitingNews(tx: Db, bookingId: string, kind: InspectionMessageKind, now: Date): Promise<Date | null> {
  const rows = await withdrawQueued(tx, { type: 'booking', id: bookingId }, [kind], { reason: 'told with a later change', now });
  return rows.reduce<Date | null>((earliest, row) => (!earliest || row.dueAt < earliest ? row.dueAt : earliest), null);
}

// ---- sending -------------------------------------------------------------------------------------------------------

/** A message to send, with what it is about: its booking and slot (with the slot's agent), and the lead. */
export interface MessageForDelivery {
  message: BookingMessage;
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

/** The message with its booking, slot and lead; undefined when its slot is gone. */
export async function messageForDelivery(db: Db, message: BookingMessage): Promise<MessageForDelivery | undefined> {
  const bookingId = message.bookingId ?? null;
  const [row] = await db
    .select({
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
    .from(inspectionSlots)
    .leftJoin(inspectionBookings, bookingId ? eq(inspectionBookings.id, bookingId) : sql`false`)
    .leftJoin(leads, eq(leads.id, inspectionBookings.leadId))
    // A moved booking's message is about the slot it is in now (the `moved` message: the new one).
    .where(
      eq(
        inspectionSlots.id,
        sql`coalesce((select b.slot_id from ${inspectionBookings} b where b.id = ${bookingId}::uuid), ${message.slotId}::uuid)`,
      ),
    );
  if (!row) return undefined;
  const assignedTo = row.lead?.assignedTo;
  const [agent] = assignedTo
    ? await db
        .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, assignedTo), eq(staffUsers.active, true)))
    : [];
  return { ...row, message, slot: row.slot as SlotView, leadAgent: agent ?? null } as MessageForDelivery;
}

/** The active owners' ids and addresses (a slot filling up). */
export function activeOwners(db: Db) {
  return db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
}

// ---- a lead's messages, for its page, the privacy export and erasure -------------------------------------------------

/** The bookings of these leads. */
const bookingsOfLeads = (db: Db, leadIds: SQLWrapper | string[]) =>
  db.select({ id: inspectionBookings.id }).from(inspectionBookings).where(inArray(inspectionBookings.leadId, leadIds));

/** The messages the bookings of these leads set off, oldest first. */
export async function messagesOfLeads(db: Db, leadIds: string[]) {
  if (!leadIds.length) return [];
  const bookings = await db
    .select({ id: inspectionBookings.id, leadId: inspectionBookings.leadId })
    .from(inspectionBookings)
    .where(inArray(inspectionBookings.leadId, leadIds));
  const leadOf = new Map(bookings.map((booking) => [booking.id, booking.leadId]));
  const rows = await messagesOf(
    db,
    'booking',
    bookings.map((booking) => booking.id),
  );
  return rows.map(bookingMessageOf).map((message) => ({
    leadId: leadOf.get(message.bookingId!) ?? null,
    bookingId: message.bookingId,
    kind: message.kind,
    channel: message.channel,
    aboutStartsAt: message.aboutStartsAt,
    state: message.state,
    attempts: message.attempts,
    lastError: message.lastError,
    sentAt: message.sentAt,
    createdAt: message.createdAt,
  }));
}

// ---- how delivery goes, for /metrics and the System page -------------------------------------------------------------

/** The outbox's subjects of a booking's messages. */
export const BOOKING_SUBJECTS = ['booking', 'slot'] as const satisfies OutboxSubject[];

/** How many booking messages each channel has in each state, waiting or of the last day (for /metrics), read from the one outbox. */
export function inspectionMessageCounts(db: Db, now: Date) {
  return countsByChannel(db, [...BOOKING_SUBJECTS], now) as unknown as Promise<
    { channel: InspectionMessageChannel; state: InspectionMessageState; n: number }[]
  >;
}

export type InspectionMessageBacklog = DueBacklog;

/** The booking messages due and undelivered, and the last one delivered. */
export const inspectionMessageBacklog = (db: Db, now: Date): Promise<InspectionMessageBacklog> =>
  dueBacklog(db, [...BOOKING_SUBJECTS], now);

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

/**
 * Deletes the messages of the bookings of the leads `leadsWhere` names, in the erasure's transaction; returns their
 * ids, which their jobs carry. (The release before's inspection_messages rows go with the bookings, by cascade.)
 */
export const eraseMessagesOfLeadBookings = (tx: Db, leadsWhere: SQL): Promise<string[]> =>
  deleteMessagesOfSubjects(tx, ['booking'], bookingsOfLeads(tx, tx.select({ id: leads.id }).from(leads).where(leadsWhere)));

/** Deletes the walk-in bookings `where` names (a lead's bookings go with the lead); returns how many. */
export async function eraseWalkIns(tx: Db, where: SQL): Promise<number> {
  const rows = await tx.delete(inspectionBookings).where(where).returning({ id: inspectionBookings.id });
  return rows.length;
}
