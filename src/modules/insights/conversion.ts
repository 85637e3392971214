import { DASHBOARD_COPY } from '@/content/sales-insight';
import type { VisitKind } from '@/modules/visits';
import { filtersToQuery, type ConversionOrder, type ConversionSort, type DashboardFilters, type SortDirection } from '@/modules/leads';

/**
 * The rows of the dashboard's conversion table (docs/decisions/0351-conversion-in-the-dashboard.md): what each is
 * called, its conversion, and its order. Import-safe anywhere (no database).
 */

/** A source and campaign (a visit's kind, UTM source, medium and campaign), or a landing page (null: not recorded). */
export type ConversionGroup =
  { view: 'source'; kind: VisitKind; source: string; medium: string; campaign: string } | { view: 'page'; path: string | null };

export interface ConversionRow {
  group: ConversionGroup;
  visits: number;
  /** Added up over the days of the range (a visitor is counted once per day, page and source). */
  visitors: number;
  leads: number;
  /** Leads ÷ visitors; null when no visitor was counted. */
  conversion: number | null;
  /** Of those leads: how many ever had a confirmed inspection seat, came to one, and are won (issue 44, item 9). */
  booked: number;
  attended: number;
  won: number;
  /** Of those leads: how many began as a chat on WhatsApp rather than the form (docs/decisions/0399). */
  byWhatsApp: number;
  /**
   * Of those leads: how many ever held a plot, how many have a reservation standing (reserved, sold or allocated; a
   * released one not), and the naira value of those reservations in kobo: their prices as frozen when each claim began
   * (docs/decisions/0413).
   */
  plotsHeld: number;
  plotsReserved: number;
  reservedKobo: number;
}

export interface ConversionTotals {
  visits: number;
  visitors: number;
  leads: number;
  conversion: number | null;
  booked: number;
  attended: number;
  won: number;
  byWhatsApp: number;
  plotsHeld: number;
  plotsReserved: number;
  reservedKobo: number;
}

/** The counts each row adds up. */
export type ConversionCounts = Pick<
  ConversionRow,
  'visits' | 'visitors' | 'leads' | 'booked' | 'attended' | 'won' | 'byWhatsApp' | 'plotsHeld' | 'plotsReserved' | 'reservedKobo'
>;

/** Every count of a row, in the order they are added up. */
export const CONVERSION_COUNTS = [
  'visits',
  'visitors',
  'leads',
  'booked',
  'attended',
  'won',
  'byWhatsApp',
  'plotsHeld',
  'plotsReserved',
  'reservedKobo',
] as const satisfies readonly (keyof ConversionCounts)[];

/** Whole naira of a kobo value: ₦12,500,000. */
export const formatNairaValue = (kobo: number): string => `₦${Math.round(kobo / 100).toLocaleString('en-NG')}`;

const copy = DASHBOARD_COPY.conversion;

/** The table's CSV: every row of the view, in the order on screen (no personal data, so no password asked: 0351). */
export const CONVERSION_CSV_PATH = '/api/admin/exports/conversion';

/** Rows the page lists (a flood of invented campaign names must not make it endless); the CSV has all. */
export const CONVERSION_TABLE_ROWS = 100;

/** The CSV's query: the range as shown (both dates, so the file is the same tomorrow), grouping and order. */
export function conversionCsvQuery(filters: DashboardFilters, order: ConversionOrder): string {
  const params = new URLSearchParams(filtersToQuery(filters));
  params.set('view', order.view);
  params.set('sort', order.sort);
  params.set('dir', order.dir);
  return params.toString();
}

/** "26 Nov 2026" for a YYYY-MM-DD. */
const DAY_WITH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export const dayWithYear = (day: string) => DAY_WITH_YEAR.format(new Date(`${day}T12:00:00Z`));

export const conversionOf = (leads: number, visitors: number): number | null => (visitors > 0 ? leads / visitors : null);

/** "12.5%" with one decimal; "—" without visitors. */
export const formatConversion = (rate: number | null): string => (rate === null ? copy.none : `${(rate * 100).toFixed(1)}%`);

/** "5,000". */
export const formatCount = (count: number): string => count.toLocaleString('en-GB');

/** What a row is called (`name`) and, under it, what it is (`detail`). */
export function rowName(group: ConversionGroup): { name: string; detail?: string } {
  if (group.view === 'page') {
    if (group.path === null) return { name: copy.notRecorded, detail: copy.notRecordedDetail };
    return group.path === '/' ? { name: '/', detail: copy.home } : { name: group.path };
  }
  if (group.kind === 'direct') return { name: copy.direct, detail: copy.directDetail };
  if (group.kind === 'referrer') return { name: group.source, detail: copy.referrerDetail };
  return {
    name: [group.source, group.medium].filter(Boolean).join(' / '),
    detail: group.campaign ? copy.campaignDetail(group.campaign) : copy.noCampaign,
  };
}

/** One line for a chart: the source with its campaign. */
export function rowLabel(group: ConversionGroup): string {
  const { name, detail } = rowName(group);
  if (group.view === 'page') return group.path === '/' ? `${name} · ${detail}` : name;
  return group.kind === 'campaign' && group.campaign ? `${name} · ${group.campaign}` : name;
}

/** A stable identity of a row within its view. */
export const rowKey = (group: ConversionGroup): string =>
  JSON.stringify(group.view === 'page' ? [group.path] : [group.kind, group.source, group.medium, group.campaign]);

const sortName = (group: ConversionGroup) => rowLabel(group).toLowerCase();
const byName = (a: ConversionRow, b: ConversionRow) => sortName(a.group).localeCompare(sortName(b.group), 'en');

/**
 * Rows in the order asked for. Ties: more visitors, then more leads, then by name. Rows without visitors have no
 * conversion and come last whichever way conversion is sorted.
 */
export function sortConversionRows(rows: readonly ConversionRow[], sort: ConversionSort, dir: SortDirection): ConversionRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const tie = (a: ConversionRow, b: ConversionRow) => b.visitors - a.visitors || b.leads - a.leads || byName(a, b);
  const compare = (a: ConversionRow, b: ConversionRow): number => {
    if (sort === 'name') return sign * byName(a, b) || tie(a, b);
    if (sort === 'conversion') {
      if (a.conversion === null || b.conversion === null)
        return (a.conversion === null ? 1 : 0) - (b.conversion === null ? 1 : 0) || tie(a, b);
      return sign * (a.conversion - b.conversion) || tie(a, b);
    }
    return sign * (a[sort] - b[sort]) || tie(a, b);
  };
  return [...rows].sort(compare);
}

/** The view's rows for its chart: the most visitors first. */
export const chartRows = (rows: readonly ConversionRow[], most: number): ConversionRow[] =>
  sortConversionRows(rows, 'visitors', 'desc').slice(0, most);
