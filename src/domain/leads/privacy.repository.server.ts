import 'server-only';
import { eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { normaliseEmail } from '@/lib/validation/email';
import { phoneDigits, toE164 } from '@/lib/validation/phone';
import { historyOfLeads, notesOfLeads } from './activity.repository.server';

/**
 * A person's leads for a privacy request (docs/decisions/0203-privacy-requests.md, 0312): found by e-mail address,
 * phone number or both. An address matches however it was capitalised or padded; a number matches in any spelling
 * that parses to the same E.164 number, or by its digits when it never parsed. Erasing them is ./erasure.server.ts.
 */

/** Whose data: an e-mail address, a phone number, or both (src/features/privacy/schema.ts checks them). */
export interface LeadSubject {
  email?: string;
  phone?: string;
}

/** An address compared as stored data may hold it: trimmed of whitespace, lower-cased. */
export const storedEmailSql = (column: AnyColumn) => sql`lower(btrim(${column}, E' \\t\\r\\n'))`;

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

/** Everything held about the subject's leads: the leads as stored, their notes and their history. */
export async function leadRecordsOf(db: Db, subject: LeadSubject) {
  const found = await db.select().from(leads).where(leadsOfSubject(subject));
  const ids = found.map((l) => l.id);
  const notes = ids.length ? await notesOfLeads(db, ids) : [];
  const activity = ids.length ? await historyOfLeads(db, ids) : [];
  return { leads: found, notes, activity };
}

/** How each lead can be reached, to find a person's leads by their keyed fingerprints (a restore erasing again). */
const leadContactColumns = { id: leads.id, email: leads.email, e164: leads.phoneE164, raw: leads.phoneRaw };

/** Every lead's id, address and number (as parsed and as typed). */
export const leadContacts = (db: Db) => db.select(leadContactColumns).from(leads);
