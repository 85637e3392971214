import 'server-only';
import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leadSearchText } from '@/lib/db/large-indexes';
import { districtChoiceOf } from '@/lib/db/districts';
import type { DistrictChoice } from '@/lib/db/enums';
import { leads, staffUsers, type LeadRow, type LeadStatus } from '@/lib/db/schema';
import { staffDisplayName } from '@/modules/staff';
import { contactMinutesSql, lagosDayStart, lagosPeriods, overdueSql, type WorkingTime } from '@/lib/working-time';
import { historyOf, notesOf } from './activity.repository.server';
import { staffLabelSql } from './assignment.server';
import { decodeCursor, encodeCursor } from './cursor';
import { leadsInScope, mayChangeSql, type LeadScope } from './scope.server';
import { FOLDED_AWAY, parseLeadSearch, SEARCH_COUNT_CAP, type LeadSearch } from './search';

/**
 * The staff area's reads of leads: the inbox (filters, search, pages), "my leads", the lead page, the counters and
 * the CSV export, each within the reader's scope (./scope.server.ts). "Today" and "this week" are Lagos days
 * (src/lib/working-time.ts).
 */

export const PAGE_SIZE = 25;

/**
 * What the inbox filters by, as read from its URL (src/modules/leads/staff/schema.ts checks each value): `status`
 * also `held`; `assignee` is `me`, `none` or a staff id; `cursor` is where the page starts (./cursor.ts).
 */
export interface InboxFilters {
  district?: DistrictChoice;
  status?: LeadStatus | 'held';
  from?: string;
  to?: string;
  q?: string;
  assignee?: string;
  overdue?: '1';
  cursor?: string;
}

export type LeadListRow = Pick<
  LeadRow,
  | 'id'
  | 'title'
  | 'fullName'
  | 'email'
  | 'phoneRaw'
  | 'phoneE164'
  | 'district'
  | 'origin'
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
const inboxRowColumns = (scope: Pick<LeadScope, 'now' | 'time'>) => ({
  id: leads.id,
  title: leads.title,
  fullName: leads.fullName,
  email: leads.email,
  phoneRaw: leads.phoneRaw,
  phoneE164: leads.phoneE164,
  district: leads.district,
  origin: leads.origin,
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
export function filterConditions(filters: InboxFilters, scope: LeadScope, { trigrams = true }: { trigrams?: boolean } = {}): SQL[] {
  const t = leads;
  const inScope = leadsInScope(scope);
  const conditions: SQL[] = inScope ? [inScope] : [];
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
  if (filters.q) conditions.push(searchCondition(parseLeadSearch(filters.q), trigrams));
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

/**
 * The one text of a lead the trigram index holds (src/lib/db/large-indexes.ts): a lead matches a search only if this
 * holds what it looks for, so these conditions let the index find the few candidates; the exact ones below decide.
 */
const searchText = sql.raw(leadSearchText('interest_submissions'));
const indexHolds = (text: string) => sql`${searchText} like ${`%${escapeLike(text)}%`}`;

/** The inbox search (docs/decisions/0363-finding-a-lead-in-one-step.md): a number in any spelling, or words in any order. */
function searchCondition(search: LeadSearch, trigrams: boolean): SQL {
  const t = leads;
  const candidates = (...texts: string[]) => (trigrams ? or(...texts.map(indexHolds))! : undefined);
  if (search.kind === 'phone') {
    return and(candidates(search.digits, search.text), or(phoneHolds(search.digits), contains(t.email, search.text)))!;
  }
  // Nothing left to look for (only apostrophes or marks were typed): nothing matches, rather than everything.
  if (search.words.length === 0) return sql`false`;
  return and(
    ...search.words.map((word) =>
      and(
        candidates(word.text, ...(word.digits ? [word.digits] : [])),
        or(contains(t.fullName, word.text), contains(t.email, word.text), ...(word.digits ? [phoneHolds(word.digits)] : [])),
      )!,
    ),
  )!;
}

function readPage(
  db: Db,
  filters: InboxFilters,
  scope: LeadScope,
  pageSize: number,
  { trigrams = true, since }: { trigrams?: boolean; since?: SQL } = {},
) {
  const t = leads;
  return db
    .select(inboxRowColumns(scope))
    .from(t)
    .leftJoin(staffUsers, withAssignee)
    .where(and(...filterConditions(filters, scope, { trigrams }), ...afterCursor(filters.cursor), since))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(pageSize + 1);
}

/**
 * A search's page from the `newest` leads below the cursor, read along the arrival order: the answer
 * when they hold a whole page (every older match comes after it) or are all the leads there are. Undefined otherwise:
 * a rarer word, which the trigram index finds among few candidates.
 */
async function searchNewest(db: Db, filters: InboxFilters, scope: LeadScope, pageSize: number, newest: number) {
  const t = leads;
  const [edge] = await db
    .select({ createdAt: sql<string>`${t.createdAt}::text`, id: t.id })
    .from(t)
    .where(and(...afterCursor(filters.cursor)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .offset(newest - 1)
    .limit(1);
  const since = edge
    ? sql`${t.createdAt} >= ${edge.createdAt}::timestamptz and (${t.createdAt}, ${t.id}) >= (${edge.createdAt}::timestamptz, ${edge.id}::uuid)`
    : undefined;
  const rows = await readPage(db, filters, scope, pageSize, { trigrams: false, since });
  return rows.length > pageSize || !edge ? rows : undefined;
}

/** How many leads a search found (the inbox says so), up to SEARCH_COUNT_CAP + 1: past the cap it says "more than". */
export async function countInboxLeads(db: Db, filters: InboxFilters, scope: LeadScope): Promise<number> {
  const found = db
    .select({ one: sql`1` })
    .from(leads)
    .where(and(...filterConditions(filters, scope)))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('found');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(found);
  return Number(row.n);
}

export interface LeadPage {
  leads: LeadListRow[];
  nextCursor: string | undefined;
  /** A search's: how many leads it found, up to SEARCH_COUNT_CAP + 1 (countInboxLeads). */
  found?: number;
}

/**
 * How many of the newest leads a search that finds more than `SEARCH_COUNT_CAP` looks through first (below the page's
 * cursor), in arrival order, before it asks the trigram index: a word thousands of leads share (a common first name)
 * fills its page from them at once, where the index would hand every match over to be sorted (docs/decisions/0432).
 * The database reads every lead of such a window, however soon the page is full, so a smaller window goes first.
 */
const SEARCH_NEWEST_LEADS = [1_000, 5_000];

/**
 * Newest first, keyset-paginated on (created_at, id). A search is counted first (the inbox says how many it found):
 * the trigram index answers one that finds up to `few` leads, which it hands over at once; only a word more share is
 * looked for among the newest leads first, whose exact conditions cost every lead read (docs/decisions/0450).
 */
export async function listLeadPage(
  db: Db,
  filters: InboxFilters,
  scope: LeadScope,
  pageSize = PAGE_SIZE,
  { newest = SEARCH_NEWEST_LEADS, few = SEARCH_COUNT_CAP }: { newest?: number[]; few?: number } = {},
): Promise<LeadPage> {
  const found = filters.q ? await countInboxLeads(db, filters, scope) : undefined;
  let rows: LeadListRow[] | undefined;
  if (found !== undefined && found > few)
    for (const window of newest) {
      rows = await searchNewest(db, filters, scope, pageSize, window);
      if (rows) break;
    }
  rows ??= await readPage(db, filters, scope, pageSize);
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  return { leads: page, nextCursor: more ? encodeCursor(page[page.length - 1]) : undefined, found };
}

/** Statuses of a lead somebody is still working on (a booked or inspected buyer still has to be won: 0391). */
export const OPEN_STATUSES: LeadStatus[] = ['new', 'contacted', 'qualified', 'inspection_booked', 'inspected', 'plot_held', 'reserved'];

/**
 * "My leads": the staff member's open leads, overdue ones first, then newest; and how many there are in all. Two reads
 * along the arrival order (only a new lead can be overdue, so the overdue rule runs on new leads alone) rather than the
 * rule on every open lead and a sort of them all. Their own leads are always in a staff member's scope.
 */
export async function myOpenLeads(db: Db, scope: LeadScope, limit = 10): Promise<{ leads: LeadListRow[]; total: number }> {
  const t = leads;
  const mine = and(eq(t.assignedTo, scope.staffId), eq(t.spam, false), inArray(t.status, OPEN_STATUSES))!;
  const overdue = overdueSql(t, scope.now, scope.time);
  const newest = (where: SQL, n: number) =>
    db
      .select(inboxRowColumns(scope))
      .from(t)
      .leftJoin(staffUsers, withAssignee)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(n);
  const [overdueRows, [count]] = await Promise.all([
    newest(and(mine, eq(t.status, 'new'), overdue)!, limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(mine),
  ]);
  const rest = overdueRows.length < limit ? await newest(and(mine, not(overdue))!, limit - overdueRows.length) : [];
  return { leads: [...overdueRows, ...rest], total: Number(count.n) };
}

/** Days of arrivals one statement of the export's count covers: on PGlite a buyer waits for a month's count, not years'. */
const EXPORT_COUNT_DAYS = 31;

/**
 * The CSV export's snapshot of a filtered view: how many leads it holds, and the database's time, up to which the
 * export then reads (so the audited row count is the file's, however many leads arrive meanwhile). Counted a month of
 * arrivals at a time, newest first, down to the view's first day or the oldest lead.
 */
export async function exportSnapshot(db: Db, filters: InboxFilters, scope: LeadScope): Promise<{ rows: number; until: Date }> {
  const t = leads;
  const [row] = await db.select({ until: sql<Date | string>`now()`, oldest: sql<Date | string | null>`min(${t.createdAt})` }).from(t);
  const until = new Date(row.until);
  if (row.oldest === null) return { rows: 0, until };
  const first = Math.max(new Date(row.oldest).getTime(), filters.from ? lagosDayStart(filters.from).getTime() : 0);
  let end = filters.to ? new Date(Math.min(until.getTime(), lagosDayStart(filters.to, 1).getTime())) : until;
  let rows = 0;
  for (;;) {
    const start = new Date(end.getTime() - EXPORT_COUNT_DAYS * 86_400_000);
    const [window] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(and(...filterConditions(filters, scope), gt(t.createdAt, start), lte(t.createdAt, end)));
    rows += Number(window.n);
    if (start.getTime() < first) return { rows, until };
    end = start;
  }
}

/** Every lead of a filtered view created up to `until`, newest first, in batches (for the CSV export). */
export async function* allLeads(db: Db, filters: InboxFilters, scope: LeadScope, until: Date, batch = 500): AsyncGenerator<LeadRow> {
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

/**
 * The districts leads name, in order (a district no longer listed still filters its leads). A skip scan of the
 * district index (src/lib/db/large-indexes.ts): one index probe per district, however many leads there are.
 */
export async function distinctDistricts(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`with recursive d(slug) as (
      select min(district) from interest_submissions
      union all
      select (select min(district) from interest_submissions where district > d.slug) from d where d.slug is not null
    ) select slug from d where slug is not null order by slug`)) as unknown as { rows: { slug: string }[] };
  // Raw SQL reads the stored slug: each reads as its district's choice, as the column does (src/lib/db/schema.ts).
  return rows.map((row) => districtChoiceOf(row.slug) ?? row.slug);
}

// ---- the lead page ------------------------------------------------------------------------------------------------

/** A lead with its agent's name, whether it is overdue now and whether the reader may change it. */
const leadPageColumns = (scope: LeadScope) => ({
  lead: leads,
  assigneeLabel: sql<string | null>`${staffLabelSql}`,
  overdue: sql<boolean>`${overdueSql(leads, scope.now, scope.time)}`,
  mayChange: mayChangeSql(scope),
});

/**
 * The lead page: the lead, its notes and its history, newest first; undefined when there is no such lead or it is
 * outside the reader's scope. `mayChange`: whether the reader may set its status and add notes (else only claim it).
 */
export async function getLeadDetail(db: Db, id: string, scope: LeadScope) {
  const [row] = await db
    .select(leadPageColumns(scope))
    .from(leads)
    .leftJoin(staffUsers, withAssignee)
    .where(and(eq(leads.id, id), leadsInScope(scope)))
    .limit(1);
  if (!row) return undefined;
  const lead = { ...row.lead, assigneeLabel: row.assigneeLabel, overdue: row.overdue };
  // Authors and actors by their name today (a removed account keeps the e-mail stored with the row).
  const noteRows = await notesOf(db, id);
  const activityRows = await historyOf(db, id);
  const notes = noteRows.map(({ note, name }) => ({
    ...note,
    authorName: staffDisplayName({ name: name ?? '', email: note.authorEmail }),
  }));
  const activity = activityRows.map(({ item, name }) => ({
    ...item,
    actorName: staffDisplayName({ name: name ?? '', email: item.actorEmail }),
  }));
  return { lead, notes, activity, mayChange: row.mayChange };
}

// ---- counters ------------------------------------------------------------------------------------------------------

export interface InboxCounters {
  newToday: number;
  /** `district` null: chats' leads that have not said theirs (docs/decisions/0399). */
  weekByDistrict: { district: string | null; count: number }[];
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
    .orderBy(sql`${t.district} asc nulls last`);
  const [median] = await db
    .select({
      minutes: sql<number | null>`percentile_cont(0.5) within group (order by ${contactMinutesSql(t, time)})`,
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
