import '@/lib/validation/zod-config';
import { z } from 'zod';
import { ASSIGNMENT_COPY, DASHBOARD_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { LEAD_STATUSES, type LeadStatus } from '@/lib/db/enums';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { decodeCursor, isCalendarDay } from '@/modules/leads/cursor';
import { addCalendarDays, lagosDayOf } from '@/lib/working-time';
import { idParamSchema } from '@/lib/validation/id';
import { withoutControlCharacters, withoutStrayControlCharacters } from '@/lib/validation/text';

/** The rules of the lead inbox, shared by its forms, its pages and its route handlers. */

export { LEAD_STATUSES, type LeadStatus } from '@/lib/db/enums';
// The inbox's cursor and days are the lead repository's (src/modules/leads/cursor.ts); its forms and tests read them here.
export { decodeCursor, encodeCursor, isCalendarDay, type Cursor } from '@/modules/leads/cursor';

export const leadStatusSchema = z.object({ status: z.enum(LEAD_STATUSES, { error: STAFF_COPY.errors.status }) }).strict();
export const leadDistrictSchema = z.object({ district: z.enum(DISTRICT_CHOICES, { error: STAFF_COPY.errors.leadDistrict }) }).strict();

export const leadNoteSchema = z.object({
  body: z
    .string({ error: STAFF_COPY.errors.noteEmpty })
    .transform((value) => withoutStrayControlCharacters(value).trim())
    .pipe(z.string().min(1, STAFF_COPY.errors.noteEmpty).max(4000, STAFF_COPY.errors.noteLong)),
});

/** An owner gives a lead to a staff member, or to nobody (null). */
export const leadAssigneeSchema = z.object({ assignedTo: idParamSchema.nullable() }, { error: ASSIGNMENT_COPY.errors.assignee }).strict();

/** The round-robin's switches: all of it (owners), or one agent taking new leads (owners, or the agent themself). */
export const assignmentChangeSchema = z.union(
  [
    z.object({ autoAssign: z.boolean() }).strict(),
    z.object({ alertEveryone: z.boolean() }).strict(),
    z.object({ staffId: idParamSchema, takesNewLeads: z.boolean() }).strict(),
  ],
  { error: ASSIGNMENT_COPY.errors.change },
);

/** Owners: whether agents see and change every lead, or only theirs and those they may claim (docs/decisions/0388). */
export const leadAccessSchema = z.object({ agentsSeeEveryLead: z.boolean() }, { error: ASSIGNMENT_COPY.errors.access }).strict();

const filterErrors = STAFF_COPY.inbox.filters.errors;

/**
 * What the inbox shows and filters by: a lead's status, or `held` (set aside in a flood, not yet released or
 * discarded: docs/decisions/0343-a-flood-is-held-not-refused.md), which no one can set by hand.
 */
export const INBOX_STATUSES = [...LEAD_STATUSES, 'held'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** The status a lead shows in lists: held, spam (flagged by the server or marked by staff), or its own. */
export const inboxStatusOf = (lead: { status: LeadStatus; spam: boolean; spamReason: string | null }): InboxStatus =>
  lead.spamReason === 'flood' ? 'held' : lead.spam ? 'spam' : lead.status;

/**
 * Inbox filters, read from the URL (shareable views; the dashboard reads the same district and dates). A value that
 * cannot be read is refused with its sentence. `assignee`: `me`, `none` (nobody's yet) or a staff id; `overdue=1`:
 * leads still new after their first working hour.
 */
export const leadFiltersSchema = z
  .object({
    district: z.enum(DISTRICT_CHOICES, { error: filterErrors.district }).optional(),
    status: z.enum(INBOX_STATUSES, { error: STAFF_COPY.errors.status }).optional(),
    from: z.string().refine(isCalendarDay, filterErrors.date).optional(),
    to: z.string().refine(isCalendarDay, filterErrors.date).optional(),
    // A search pasted with a tab or line break (or a NUL, which PostgreSQL refuses) looks for the words around it.
    q: z
      .string()
      .trim()
      .max(120, filterErrors.q)
      .transform((value) => withoutControlCharacters(value).trim() || undefined)
      .optional(),
    assignee: z.union([z.enum(['me', 'none']), idParamSchema], { error: filterErrors.assignee }).optional(),
    overdue: z.literal('1', { error: filterErrors.overdue }).optional(),
    cursor: z
      .string()
      .refine((value) => decodeCursor(value) !== undefined, filterErrors.cursor)
      .optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: filterErrors.range, path: ['to'] });
export type LeadFilters = z.infer<typeof leadFiltersSchema>;
export type LeadFiltersResult = { ok: true; filters: LeadFilters } | { ok: false; error: string };

const FILTER_KEYS = ['district', 'status', 'from', 'to', 'q', 'assignee', 'overdue'] as const;

/** Reads filters from URLSearchParams or a Next.js searchParams object; empty values count as absent. */
export function parseLeadFilters(source: URLSearchParams | Record<string, string | string[] | undefined>): LeadFiltersResult {
  const get = (name: string) => {
    const value = source instanceof URLSearchParams ? source.get(name) : source[name];
    const one = Array.isArray(value) ? value[0] : value;
    return one === null || one === undefined || one.trim() === '' ? undefined : one;
  };
  const parsed = leadFiltersSchema.safeParse(Object.fromEntries([...FILTER_KEYS, 'cursor'].map((key) => [key, get(key)])));
  return parsed.success ? { ok: true, filters: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? filterErrors.date };
}

/** The same filters as a query string (without the cursor unless asked), for links and exports. */
export function filtersToQuery(filters: LeadFilters, withCursor = false): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (withCursor && filters.cursor) params.set('cursor', filters.cursor);
  return params.toString();
}

/** The dashboard shows at most a year at a time. */
export const DASHBOARD_MAX_DAYS = 366;
/** Without dates the dashboard shows the last 30 Lagos days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

/** The dashboard without filters: the last DASHBOARD_DEFAULT_DAYS Lagos days, today included, both districts. */
export const defaultDashboardFilters = (now: Date): DashboardFilters => ({
  from: lagosDayOf(now, 1 - DASHBOARD_DEFAULT_DAYS),
  to: lagosDayOf(now),
});

/** The first and last day of the calendar month `months` away from the month of `day` (YYYY-MM-DD; 0: its own). */
export function monthOf(day: string, months: number): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return { from: iso(new Date(Date.UTC(year, month - 1 + months, 1))), to: iso(new Date(Date.UTC(year, month + months, 0))) };
}

export interface DashboardFilters {
  district?: LeadFilters['district'];
  from: string;
  to: string;
}
export type DashboardFiltersResult = { ok: true; filters: DashboardFilters } | { ok: false; error: string };

/**
 * The dashboard's filters: the inbox's district and dates (same schema, same sentences), with the range completed to
 * DASHBOARD_DEFAULT_DAYS when a date is missing (To defaults to today), and at most DASHBOARD_MAX_DAYS long. The inbox's other filters are ignored.
 */
export function parseDashboardFilters(source: Parameters<typeof parseLeadFilters>[0], now: Date): DashboardFiltersResult {
  const parsed = parseLeadFilters(source);
  if (!parsed.ok) return parsed;
  const { district, from, to } = parsed.filters;
  const end = to ?? lagosDayOf(now);
  const start = from ?? addCalendarDays(end, 1 - DASHBOARD_DEFAULT_DAYS);
  if (start > end) return { ok: false, error: filterErrors.range };
  if (Date.parse(end) - Date.parse(start) >= DASHBOARD_MAX_DAYS * 86_400_000)
    return { ok: false, error: filterErrors.tooLong(DASHBOARD_MAX_DAYS) };
  return { ok: true, filters: { district, from: start, to: end } };
}

// ---- the conversion table's grouping and order (docs/decisions/0351-conversion-in-the-dashboard.md) ----------------

const conversionErrors = DASHBOARD_COPY.conversion.errors;

/** The conversion table by source and campaign, or by landing page. */
export const CONVERSION_VIEWS = ['source', 'page'] as const;
export type ConversionView = (typeof CONVERSION_VIEWS)[number];
/** The columns it sorts by (`name`: the source, or the landing page). */
export const CONVERSION_SORTS = ['name', 'visits', 'visitors', 'leads', 'conversion', 'booked', 'attended', 'won'] as const;
export type ConversionSort = (typeof CONVERSION_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

export interface ConversionOrder {
  view: ConversionView;
  sort: ConversionSort;
  dir: SortDirection;
}

/** Names A to Z, figures largest first: what a column sorts by when it is chosen. */
export const firstDirection = (sort: ConversionSort): SortDirection => (sort === 'name' ? 'asc' : 'desc');

/** Without a choice: by source and campaign, the most visits first (what an advertiser looks at first). */
export const DEFAULT_CONVERSION_ORDER: ConversionOrder = { view: 'source', sort: 'visits', dir: 'desc' };

const conversionOrderSchema = z.object({
  view: z.enum(CONVERSION_VIEWS, { error: conversionErrors.view }).optional(),
  sort: z.enum(CONVERSION_SORTS, { error: conversionErrors.sort }).optional(),
  dir: z.enum(['asc', 'desc'], { error: conversionErrors.dir }).optional(),
});
export type ConversionOrderResult = { ok: true; order: ConversionOrder } | { ok: false; error: string };

/** `view`, `sort` and `dir` from the URL; a column chosen without a direction sorts in its first direction. */
export function parseConversionOrder(source: URLSearchParams | Record<string, string | string[] | undefined>): ConversionOrderResult {
  const get = (name: string) => {
    const value = source instanceof URLSearchParams ? source.get(name) : source[name];
    const one = Array.isArray(value) ? value[0] : value;
    return one === null || one === undefined || one.trim() === '' ? undefined : one.trim();
  };
  const parsed = conversionOrderSchema.safeParse({ view: get('view'), sort: get('sort'), dir: get('dir') });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? conversionErrors.sort };
  const { view = DEFAULT_CONVERSION_ORDER.view, sort, dir } = parsed.data;
  if (!sort) return { ok: true, order: { view, sort: DEFAULT_CONVERSION_ORDER.sort, dir: dir ?? DEFAULT_CONVERSION_ORDER.dir } };
  return { ok: true, order: { view, sort, dir: dir ?? firstDirection(sort) } };
}

/**
 * The dashboard's filters with the conversion table's grouping and order, as a query string (defaults left out);
 * `more`: other parameters of the page (speed to lead's `speed=all`).
 */
export function dashboardQuery(
  filters: DashboardFilters,
  order: ConversionOrder = DEFAULT_CONVERSION_ORDER,
  more: Record<string, string> = {},
): string {
  const params = new URLSearchParams(filtersToQuery(filters));
  for (const [name, value] of Object.entries(more)) params.set(name, value);
  if (order.view !== DEFAULT_CONVERSION_ORDER.view) params.set('view', order.view);
  if (order.sort !== DEFAULT_CONVERSION_ORDER.sort || order.dir !== DEFAULT_CONVERSION_ORDER.dir) {
    params.set('sort', order.sort);
    params.set('dir', order.dir);
  }
  return params.toString();
}
