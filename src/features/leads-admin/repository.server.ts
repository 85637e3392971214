import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { Actor } from '@/lib/audit.server';
import { leads, leadActivity, leadNotes, staffUsers, type LeadRow, type LeadStatus } from '@/lib/db/schema';
import { getWorkingTime } from '@/lib/env.server';
import { staffLabelSql } from '@/domain/assignment.server';
import { lagosDayStart, lagosPeriods, overdueSql, workingSecondsSql, type WorkingTime } from '@/domain/working-time';
import { staffDisplayName } from './format';
import { decodeCursor, encodeCursor, type LeadFilters } from './schema';
import { FOLDED_AWAY, parseLeadSearch, type LeadSearch } from './search';

/**
 * Staff-area queries on leads (the inbox, detail, pipeline, notes, counters, exports). Lead capture itself stays in
 * src/features/lead-form/repository.server.ts. "Today" and "this week" are Lagos days (src/domain/working-time.ts).
 */

export const PAGE_SIZE = 25;

/** Who is looking and when: `assignee=me` and the overdue rule depend on them. */
export interface InboxScope {
  staffId: string;
  now: Date;
  time: WorkingTime;
}

/** The scope of a staff member's request now, under the configured working time. */
export const inboxScope = (staff: { id: string }, now = new Date()): InboxScope => ({ staffId: staff.id, now, time: getWorkingTime() });

export type LeadListRow = Pick<
  LeadRow,
  | 'id'
  | 'title'
  | 'fullName'
  | 'email'
  | 'phoneRaw'
  | 'phoneE164'
  | 'district'
  | 'status'
  | 'spam'
  | 'spamReason'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'referrer'
  | 'createdAt'
  | 'assignedTo'
> & { assigneeLabel: string | null; overdue: boolean };

/** The columns of a lead in a list, with its agent's name (left join on staff_users) and whether it is overdue now. */
const listColumns = (scope: Pick<InboxScope, 'now' | 'time'>) => ({
  id: leads.id,
  title: leads.title,
  fullName: leads.fullName,
  email: leads.email,
  phoneRaw: leads.phoneRaw,
  phoneE164: leads.phoneE164,
  district: leads.district,
  status: leads.status,
  spam: leads.spam,
  spamReason: leads.spamReason,
  utmSource: leads.utmSource,
  utmMedium: leads.utmMedium,
  utmCampaign: leads.utmCampaign,
  referrer: leads.referrer,
  createdAt: leads.createdAt,
  assignedTo: leads.assignedTo,
  assigneeLabel: sql<string | null>`${staffLabelSql}`,
  overdue: sql<boolean>`${overdueSql(leads, scope.now, scope.time)}`,
});
const withAssignee = eq(staffUsers.id, leads.assignedTo);

/** Rows after a cursor in the inbox order (newest first, then id): the keyset condition of every paged read. */
function afterCursor(value: string | undefined): SQL[] {
  const cursor = value ? decodeCursor(value) : undefined;
  const t = leads;
  return cursor ? [sql`(${t.createdAt}, ${t.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`] : [];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Conditions of the inbox filters. Spam (flagged by the server or marked by staff) shows only under status=spam, held leads only under status=held. */
export function filterConditions(filters: LeadFilters, scope: InboxScope): SQL[] {
  const t = leads;
  const conditions: SQL[] = [];
  if (filters.status === 'held') conditions.push(eq(t.spamReason, 'flood'));
  else if (filters.status === 'spam')
    conditions.push(or(eq(t.status, 'spam'), eq(t.spam, true))!, sql`${t.spamReason} is distinct from 'flood'`);
  else {
    conditions.push(eq(t.spam, false));
    if (filters.status) conditions.push(eq(t.status, filters.status));
    else conditions.push(sql`${t.status} <> 'spam'`);
  }
  if (filters.district) conditions.push(eq(t.district, filters.district));
  if (filters.from) conditions.push(gte(t.createdAt, lagosDayStart(filters.from)));
  if (filters.to) conditions.push(lt(t.createdAt, lagosDayStart(filters.to, 1)));
  if (filters.assignee === 'none') conditions.push(isNull(t.assignedTo));
  else if (filters.assignee) conditions.push(eq(t.assignedTo, filters.assignee === 'me' ? scope.staffId : filters.assignee));
  if (filters.overdue) conditions.push(overdueSql(t, scope.now, scope.time));
  if (filters.q) conditions.push(searchCondition(parseLeadSearch(filters.q)));
  return conditions;
}

/** `foldText` (./search.ts) in SQL: decomposed, lower-cased, without accents, tone marks and apostrophes. */
const foldSql = (column: SQL | AnyColumn) => sql`regexp_replace(lower(normalize(${column}, NFD)), ${FOLDED_AWAY}, '', 'g')`;
const contains = (column: SQL | AnyColumn, text: string) => sql`${foldSql(column)} like ${`%${escapeLike(text)}%`}`;

/** A lead's number holds these digits: its E.164 digits, or, for a number that never parsed, the digits as typed. */
function phoneHolds(digits: string): SQL {
  const t = leads;
  const pattern = `%${digits}%`;
  return or(sql`replace(${t.phoneE164}, '+', '') like ${pattern}`, sql`regexp_replace(${t.phoneRaw}, '[^0-9]', '', 'g') like ${pattern}`)!;
}

/** The inbox search (docs/decisions/0363-finding-a-lead-in-one-step.md): a number in any spelling, or words in any order. */
function searchCondition(search: LeadSearch): SQL {
  const t = leads;
  if (search.kind === 'phone') return or(phoneHolds(search.digits), contains(t.email, search.text))!;
  // Nothing left to look for (only apostrophes or marks were typed): nothing matches, rather than everything.
  if (search.words.length === 0) return sql`false`;
  return and(
    ...search.words.map((word) =>
      or(contains(t.fullName, word.text), contains(t.email, word.text), ...(word.digits ? [phoneHolds(word.digits)] : []))!,
    ),
  )!;
}

/** How many leads a filtered view holds (the inbox says how many a search found). */
export async function countLeads(db: Db, filters: LeadFilters, scope: InboxScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(...filterConditions(filters, scope)));
  return Number(row.n);
}

export interface LeadPage {
  leads: LeadListRow[];
  nextCursor: string | undefined;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listLeadPage(db: Db, filters: LeadFilters, scope: InboxScope, pageSize = PAGE_SIZE): Promise<LeadPage> {
  const t = leads;
  const rows = await db
    .select(listColumns(scope))
    .from(t)
    .leftJoin(staffUsers, withAssignee)
    .where(and(...filterConditions(filters, scope), ...afterCursor(filters.cursor)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  return { leads: page, nextCursor: more ? encodeCursor(page[page.length - 1]) : undefined };
}

/** Statuses of a lead somebody is still working on. */
export const OPEN_STATUSES: LeadStatus[] = ['new', 'contacted', 'qualified'];

/** "My leads": the staff member's open leads, overdue ones first, then newest; and how many there are in all. */
export async function myOpenLeads(db: Db, scope: InboxScope, limit = 10): Promise<{ leads: LeadListRow[]; total: number }> {
  const t = leads;
  const mine = and(eq(t.assignedTo, scope.staffId), eq(t.spam, false), inArray(t.status, OPEN_STATUSES));
  const columns = listColumns(scope);
  const [mineRows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .leftJoin(staffUsers, withAssignee)
      .where(mine)
      .orderBy(desc(columns.overdue), desc(t.createdAt), desc(t.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(mine),
  ]);
  return { leads: mineRows, total: Number(count.n) };
}

/**
 * The CSV export's snapshot of a filtered view: how many leads it holds, and the database's time, up to which the
 * export then reads (so the audited row count is the file's, however many leads arrive meanwhile).
 */
export async function exportSnapshot(db: Db, filters: LeadFilters, scope: InboxScope): Promise<{ rows: number; until: Date }> {
  const [row] = await db
    .select({ rows: sql<number>`count(*)::int`, until: sql<Date | string>`now()` })
    .from(leads)
    .where(and(...filterConditions(filters, scope)));
  return { rows: Number(row.rows), until: new Date(row.until) };
}

/** Every lead of a filtered view created up to `until`, newest first, in batches (for the CSV export). */
export async function* allLeads(
  db: Db,
  filters: LeadFilters,
  scope: InboxScope,
  until: Date,
  batch = 500,
): AsyncGenerator<LeadRow> {
  let cursor: string | undefined;
  const t = leads;
  for (;;) {
    const rows = await db
      .select()
      .from(t)
      .where(and(...filterConditions(filters, scope), lte(t.createdAt, until), ...afterCursor(cursor)))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    cursor = encodeCursor(rows[rows.length - 1]);
  }
}

export async function distinctDistricts(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ district: leads.district })
    .from(leads)
    .orderBy(asc(leads.district));
  return rows.map((r) => r.district);
}

// ---- detail, pipeline, notes ----------------------------------------------------------------------------------------

export async function getLeadDetail(db: Db, id: string, scope: Pick<InboxScope, 'now' | 'time'>) {
  const [row] = await db
    .select({
      lead: leads,
      assigneeLabel: sql<string | null>`${staffLabelSql}`,
      overdue: sql<boolean>`${overdueSql(leads, scope.now, scope.time)}`,
    })
    .from(leads)
    .leftJoin(staffUsers, withAssignee)
    .where(eq(leads.id, id))
    .limit(1);
  if (!row) return undefined;
  const lead = { ...row.lead, assigneeLabel: row.assigneeLabel, overdue: row.overdue };
  // Authors and actors by their name today (a removed account keeps the e-mail stored with the row).
  const noteRows = await db
    .select({ note: leadNotes, name: staffUsers.name })
    .from(leadNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, id))
    .orderBy(desc(leadNotes.createdAt));
  const activityRows = await db
    .select({ item: leadActivity, name: staffUsers.name })
    .from(leadActivity)
    .leftJoin(staffUsers, eq(staffUsers.id, leadActivity.actorId))
    .where(eq(leadActivity.leadId, id))
    .orderBy(desc(leadActivity.createdAt));
  const notes = noteRows.map(({ note, name }) => ({
    ...note,
    authorName: staffDisplayName({ name: name ?? '', email: note.authorEmail }),
  }));
  const activity = activityRows.map(({ item, name }) => ({
    ...item,
    actorName: staffDisplayName({ name: name ?? '', email: item.actorEmail }),
  }));
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
      .select({ status: leads.status, firstContactedAt: leads.firstContactedAt })
      .from(leads)
      .where(eq(leads.id, id))
      .for('update');
    if (!lead) return undefined;
    if (lead.status === status) return { changed: false, status };
    const firstContact = !lead.firstContactedAt && CONTACT_STATUSES.includes(status) ? now : undefined;
    await tx
      .update(leads)
      // A status set by hand ends the lead's offer: it never moves on after (docs/decisions/0365).
      .set({ status, offeredAt: null, updatedAt: now, ...(firstContact ? { firstContactedAt: firstContact } : {}) })
      .where(eq(leads.id, id));
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
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
    if (!lead) return undefined;
    const [note] = await tx
      .insert(leadNotes)
      .values({ leadId: id, authorId: actor.id, authorEmail: actor.email, body, createdAt: now })
      .returning();
    await tx.insert(leadActivity).values({
      leadId: id,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'note_added',
      detail: { noteId: note.id },
      createdAt: now,
    });
    await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, id));
    return note;
  });
}

// ---- counters ------------------------------------------------------------------------------------------------------

export interface InboxCounters {
  newToday: number;
  weekByDistrict: { district: string; count: number }[];
  /** Median working minutes from arrival to first contact, over leads first contacted this week; null when none. */
  medianFirstContactMinutes: number | null;
}

export async function inboxCounters(db: Db, time: WorkingTime, now = new Date()): Promise<InboxCounters> {
  const t = leads;
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
      minutes: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${workingSecondsSql(t.createdAt, t.firstContactedAt, time)} / 60.0)`,
    })
    .from(t)
    .where(gte(t.firstContactedAt, weekStart));
  const minutes = median?.minutes === null || median?.minutes === undefined ? null : Math.round(Number(median.minutes));
  return {
    newToday: Number(today.n),
    weekByDistrict: week.map((w) => ({ district: w.district, count: Number(w.count) })),
    medianFirstContactMinutes: minutes,
  };
}

// ---- leads held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md) ------------------------------------

const isHeld = eq(leads.spamReason, 'flood');

/** How many leads are held and since when (the oldest's arrival), or undefined when none is. */
export async function heldLeadsSummary(db: Db): Promise<{ count: number; since: Date } | undefined> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, since: sql<Date | null>`min(${leads.createdAt})` })
    .from(leads)
    .where(isHeld);
  return row && row.count > 0 && row.since ? { count: Number(row.count), since: new Date(row.since) } : undefined;
}

/** Every held lead becomes an ordinary new lead (in the caller's transaction, which then deals them out and notifies). */
export function releaseHeldLeads(tx: Db): Promise<{ id: string; email: string }[]> {
  return tx
    .update(leads)
    .set({ spam: false, spamReason: null, updatedAt: new Date() })
    .where(isHeld)
    .returning({ id: leads.id, email: leads.email });
}

/** Deletes every held lead (nobody was told of them, so nobody is told now). Returns how many. */
export async function discardHeldLeads(db: Db): Promise<number> {
  const rows = await db.delete(leads).where(isHeld).returning({ id: leads.id });
  return rows.length;
}
