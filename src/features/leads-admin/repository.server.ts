import 'server-only';
import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { Actor } from '@/lib/audit.server';
import { interestSubmissions, leadActivity, leadNotes, type InterestSubmissionRow, type LeadStatus } from '@/lib/db/schema';
import { decodeCursor, encodeCursor, type LeadFilters } from './schema';

/**
 * Staff-area queries on leads (the inbox, detail, pipeline, notes, counters, exports). Lead capture itself stays in
 * src/features/interest/repository.server.ts.
 */

/** Lagos keeps West Africa Time (UTC+1) all year; "today" and "this week" are Lagos days. */
const LAGOS_OFFSET = '+01:00';
export const PAGE_SIZE = 25;

export type LeadListRow = Pick<
  InterestSubmissionRow,
  'id' | 'title' | 'fullName' | 'email' | 'phoneRaw' | 'phoneE164' | 'district' | 'status' | 'spam' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'referrer' | 'createdAt'
>;

const listColumns = {
  id: interestSubmissions.id,
  title: interestSubmissions.title,
  fullName: interestSubmissions.fullName,
  email: interestSubmissions.email,
  phoneRaw: interestSubmissions.phoneRaw,
  phoneE164: interestSubmissions.phoneE164,
  district: interestSubmissions.district,
  status: interestSubmissions.status,
  spam: interestSubmissions.spam,
  utmSource: interestSubmissions.utmSource,
  utmMedium: interestSubmissions.utmMedium,
  utmCampaign: interestSubmissions.utmCampaign,
  referrer: interestSubmissions.referrer,
  createdAt: interestSubmissions.createdAt,
};

/** Rows after a cursor in the inbox order (newest first, then id): the keyset condition of every paged read. */
function afterCursor(value: string | undefined): SQL[] {
  const cursor = value ? decodeCursor(value) : undefined;
  const t = interestSubmissions;
  return cursor ? [sql`(${t.createdAt}, ${t.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`] : [];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start of a Lagos calendar day given as YYYY-MM-DD, plus `addDays`. */
function lagosDay(date: string, addDays = 0): Date {
  const start = new Date(`${date}T00:00:00${LAGOS_OFFSET}`);
  return new Date(start.getTime() + addDays * 86_400_000);
}

/** Conditions of the inbox filters. Spam (flagged by the server or marked by staff) shows only under status=spam. */
export function filterConditions(filters: LeadFilters): SQL[] {
  const t = interestSubmissions;
  const conditions: SQL[] = [];
  if (filters.status === 'spam') conditions.push(or(eq(t.status, 'spam'), eq(t.spam, true))!);
  else {
    conditions.push(eq(t.spam, false));
    if (filters.status) conditions.push(eq(t.status, filters.status));
    else conditions.push(sql`${t.status} <> 'spam'`);
  }
  if (filters.district) conditions.push(eq(t.district, filters.district));
  if (filters.from) conditions.push(gte(t.createdAt, lagosDay(filters.from)));
  if (filters.to) conditions.push(lt(t.createdAt, lagosDay(filters.to, 1)));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const digits = filters.q.replace(/\D/g, '');
    const phone = digits.length >= 3 ? [ilike(t.phoneE164, `%${digits.replace(/^0/, '')}%`)] : [];
    conditions.push(or(ilike(t.fullName, pattern), ilike(t.email, pattern), ilike(t.phoneRaw, pattern), ...phone)!);
  }
  return conditions;
}

export interface LeadPage {
  leads: LeadListRow[];
  nextCursor: string | undefined;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listLeadPage(db: Db, filters: LeadFilters, pageSize = PAGE_SIZE): Promise<LeadPage> {
  const t = interestSubmissions;
  const rows = await db
    .select(listColumns)
    .from(t)
    .where(and(...filterConditions(filters), ...afterCursor(filters.cursor)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const leads = more ? rows.slice(0, pageSize) : rows;
  return { leads, nextCursor: more ? encodeCursor(leads[leads.length - 1]) : undefined };
}

/**
 * The CSV export's snapshot of a filtered view: how many leads it holds, and the database's time, up to which the
 * export then reads (so the audited row count is the file's, however many leads arrive meanwhile).
 */
export async function exportSnapshot(db: Db, filters: LeadFilters): Promise<{ rows: number; until: Date }> {
  const [row] = await db
    .select({ rows: sql<number>`count(*)::int`, until: sql<Date | string>`now()` })
    .from(interestSubmissions)
    .where(and(...filterConditions(filters)));
  return { rows: Number(row.rows), until: new Date(row.until) };
}

/** Every lead of a filtered view created up to `until`, newest first, in batches (for the CSV export). */
export async function* allLeads(db: Db, filters: LeadFilters, until: Date, batch = 500): AsyncGenerator<InterestSubmissionRow> {
  let cursor: string | undefined;
  const t = interestSubmissions;
  for (;;) {
    const rows = await db
      .select()
      .from(t)
      .where(and(...filterConditions(filters), lte(t.createdAt, until), ...afterCursor(cursor)))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    cursor = encodeCursor(rows[rows.length - 1]);
  }
}

export async function distinctDistricts(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ district: interestSubmissions.district }).from(interestSubmissions).orderBy(asc(interestSubmissions.district));
  return rows.map((r) => r.district);
}

// ---- detail, pipeline, notes ----------------------------------------------------------------------------------------

export async function getLeadDetail(db: Db, id: string) {
  const [lead] = await db.select().from(interestSubmissions).where(eq(interestSubmissions.id, id)).limit(1);
  if (!lead) return undefined;
  const notes = await db.select().from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(desc(leadNotes.createdAt));
  const activity = await db.select().from(leadActivity).where(eq(leadActivity.leadId, id)).orderBy(desc(leadActivity.createdAt));
  return { lead, notes, activity };
}

/** Statuses that mean somebody reached the person (first contact is recorded on the first of these). */
const CONTACT_STATUSES: LeadStatus[] = ['contacted', 'qualified', 'won', 'lost'];

/**
 * Moves a lead in the pipeline and records who did it. Leaving `new` for a contact status sets
 * first_contacted_at once. Returns undefined when the lead does not exist.
 */
export async function changeLeadStatus(db: Db, id: string, status: LeadStatus, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ status: interestSubmissions.status, firstContactedAt: interestSubmissions.firstContactedAt })
      .from(interestSubmissions)
      .where(eq(interestSubmissions.id, id))
      .for('update');
    if (!lead) return undefined;
    if (lead.status === status) return { changed: false, status };
    const firstContact = !lead.firstContactedAt && CONTACT_STATUSES.includes(status) ? now : undefined;
    await tx
      .update(interestSubmissions)
      .set({ status, updatedAt: now, ...(firstContact ? { firstContactedAt: firstContact } : {}) })
      .where(eq(interestSubmissions.id, id));
    await tx.insert(leadActivity).values({
      leadId: id,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'status_changed',
      detail: { from: lead.status, to: status, ...(firstContact ? { firstContact: true } : {}) },
      createdAt: now,
    });
    return { changed: true, status };
  });
}

export async function addLeadNote(db: Db, id: string, body: string, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: interestSubmissions.id }).from(interestSubmissions).where(eq(interestSubmissions.id, id));
    if (!lead) return undefined;
    const [note] = await tx.insert(leadNotes).values({ leadId: id, authorId: actor.id, authorEmail: actor.email, body, createdAt: now }).returning();
    await tx.insert(leadActivity).values({ leadId: id, actorId: actor.id, actorEmail: actor.email, action: 'note_added', detail: { noteId: note.id }, createdAt: now });
    await tx.update(interestSubmissions).set({ updatedAt: now }).where(eq(interestSubmissions.id, id));
    return note;
  });
}

// ---- counters ------------------------------------------------------------------------------------------------------

export interface InboxCounters {
  newToday: number;
  weekByDistrict: { district: string; count: number }[];
  /** Median minutes from arrival to first contact, over leads first contacted this week; null when none. */
  medianFirstContactMinutes: number | null;
}

/** The Lagos day and Monday-based week that contain `now`. */
export function lagosPeriods(now: Date) {
  const lagos = new Date(now.getTime() + 3_600_000);
  const day = lagos.toISOString().slice(0, 10);
  const dayStart = lagosDay(day);
  const weekday = (lagos.getUTCDay() + 6) % 7; // Monday = 0
  const weekStart = new Date(dayStart.getTime() - weekday * 86_400_000);
  return { dayStart, weekStart };
}

export async function inboxCounters(db: Db, now = new Date()): Promise<InboxCounters> {
  const t = interestSubmissions;
  const { dayStart, weekStart } = lagosPeriods(now);
  const real = and(eq(t.spam, false), sql`${t.status} <> 'spam'`);
  const [today] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(real, gte(t.createdAt, dayStart)));
  const week = await db
    .select({ district: t.district, count: sql<number>`count(*)::int` })
    .from(t)
    .where(and(real, gte(t.createdAt, weekStart)))
    .groupBy(t.district)
    .orderBy(asc(t.district));
  const [median] = await db
    .select({
      minutes: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (${t.firstContactedAt} - ${t.createdAt})) / 60.0)`,
    })
    .from(t)
    .where(gte(t.firstContactedAt, weekStart));
  const minutes = median?.minutes === null || median?.minutes === undefined ? null : Math.round(Number(median.minutes));
  return { newToday: Number(today.n), weekByDistrict: week.map((w) => ({ district: w.district, count: Number(w.count) })), medianFirstContactMinutes: minutes };
}
