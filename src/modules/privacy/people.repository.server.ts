import 'server-only';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { storedEmailSql } from '@/lib/db/large-indexes';
import type { Db } from '@/lib/db/client';
import { inspectionBookings, inspectionSlots, leads } from '@/lib/db/schema';
import { normaliseEmail } from '@/lib/validation/email';
import { phoneDigits, toE164 } from '@/lib/validation/phone';
import { historyOfLeads, notesOfLeads } from '@/modules/leads/server';
import { conversationsOfLeads } from '@/modules/leads/server';
import { messagesOfLeads } from '@/modules/inspections/server';

/**
 * A person's leads for a privacy request (docs/decisions/0203-privacy-requests.md, 0312): found by e-mail address,
 * phone number or both. An address matches however it was capitalised or padded; a number matches in any spelling
 * that parses to the same E.164 number, or by its digits when it never parsed. Erasing them is ./erasure.server.ts.
 */

/** Whose data: an e-mail address, a phone number, or both (src/modules/privacy/schema.ts checks them). */
export interface LeadSubject {
  email?: string;
  phone?: string;
}

/** The leads of the subject: by address, by E.164 number, or by the digits as typed. */
export function leadsOfSubject(subject: LeadSubject): SQL {
  const matches: SQL[] = [];
  if (subject.email) matches.push(sql`${storedEmailSql(leads.email)} = ${normaliseEmail(subject.email)}`);
  if (subject.phone) {
    const e164 = toE164(subject.phone);
    if (e164) matches.push(eq(leads.phoneE164, e164));
    matches.push(sql`regexp_replace(${leads.phoneRaw}, '[^0-9]', '', 'g') = ${phoneDigits(subject.phone)}`);
  }
  return or(...matches)!;
}

/** The leads with these ids (none for none). */
export const leadsWithIds = (ids: string[]): SQL => (ids.length ? inArray(leads.id, ids) : sql`false`);

/**
 * Everything held about the subject's leads: the leads as stored, their notes and their history, their site-inspection
 * bookings and the messages those set off, their WhatsApp and SMS conversations; and the walk-ins staff added with the
 * subject's phone number.
 */
export async function leadRecordsOf(db: Db, subject: LeadSubject) {
  const found = await db.select().from(leads).where(leadsOfSubject(subject));
  const ids = found.map((l) => l.id);
  const notes = ids.length ? await notesOfLeads(db, ids) : [];
  const activity = ids.length ? await historyOfLeads(db, ids) : [];
  const inspections = ids.length ? await bookingsOf(db, inArray(inspectionBookings.leadId, ids)) : [];
  const inspectionMessages = await messagesOfLeads(db, ids);
  const conversations = await conversationsOfLeads(db, ids);
  const walkInIds = await walkInsOfSubject(db, subject);
  const walkIns = walkInIds.length ? await bookingsOf(db, inArray(inspectionBookings.id, walkInIds)) : [];
  return { leads: found, notes, activity, inspections, inspectionMessages, conversations, walkIns };
}

/** A booking as a privacy export shows it: what was booked, for when and where, and what became of it. */
const bookingExportColumns = {
  id: inspectionBookings.id,
  leadId: inspectionBookings.leadId,
  district: inspectionSlots.district,
  startsAt: inspectionSlots.startsAt,
  kind: inspectionSlots.kind,
  meetingPoint: inspectionSlots.meetingPoint,
  partySize: inspectionBookings.partySize,
  state: inspectionBookings.state,
  attendance: inspectionBookings.attendance,
  walkInName: inspectionBookings.walkInName,
  walkInPhone: inspectionBookings.walkInPhone,
  bookedAt: inspectionBookings.createdAt,
  changedAt: inspectionBookings.updatedAt,
  cancelledAt: inspectionBookings.cancelledAt,
};

const bookingsOf = (db: Db, where: SQL) =>
  db
    .select(bookingExportColumns)
    .from(inspectionBookings)
    .innerJoin(inspectionSlots, eq(inspectionSlots.id, inspectionBookings.slotId))
    .where(where)
    .orderBy(asc(inspectionBookings.createdAt));

/**
 * The walk-ins (no lead: a name and phone staff took at the gate) with the subject's number, in any spelling that
 * parses to the same E.164 number or has the same digits. Few rows, compared here rather than in SQL.
 */
export async function walkInsOfSubject(db: Db, subject: LeadSubject): Promise<string[]> {
  if (!subject.phone) return [];
  const e164 = toE164(subject.phone);
  const digits = phoneDigits(subject.phone);
  const rows = await db
    .select({ id: inspectionBookings.id, phone: inspectionBookings.walkInPhone })
    .from(inspectionBookings)
    .where(and(isNull(inspectionBookings.leadId), sql`${inspectionBookings.walkInPhone} is not null`));
  return rows
    .filter((row) => row.phone && ((e164 && toE164(row.phone) === e164) || phoneDigits(row.phone) === digits))
    .map((row) => row.id);
}

/** The bookings with these ids (none for none): the walk-ins a privacy request erases. */
export const bookingsWithIds = (ids: string[]): SQL => (ids.length ? inArray(inspectionBookings.id, ids) : sql`false`);

/** How each lead can be reached, to find a person's leads by their keyed fingerprints (a restore erasing again). */
const leadContactColumns = { id: leads.id, email: leads.email, e164: leads.phoneE164, raw: leads.phoneRaw };

/** Every lead's id, address and number (as parsed and as typed). */
export const leadContacts = (db: Db) => db.select(leadContactColumns).from(leads);
