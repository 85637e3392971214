import 'server-only';
import { and, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import type { DistrictChoice } from '@/lib/db/enums';
import { DISTRICT_CHOICES, districtChoiceOf, districtSlugOf } from '@/lib/db/districts';
import {
  leadConversionCounts,
  leadConversionMonthCounts,
  leadDayCounts,
  leadMonthCounts,
  leadSourceCounts,
  leadSourceMonthCounts,
} from '@/lib/db/schema';
import { epochDayOf } from '@/lib/working-time';

/**
 * The dashboard's counts read from its summaries (lead_day_counts, lead_source_counts: docs/decisions/0421), kept by
 * the database in the transaction that moves a lead, whatever the leads. A range's whole months are read from the
 * month summaries (docs/decisions/0445), its other days from the days': a year is 12 months and a few dozen days.
 */

interface Range {
  district?: DistrictChoice;
  from: string;
  to: string;
}

type DayTable = typeof leadDayCounts | typeof leadSourceCounts | typeof leadConversionCounts;
type MonthTable = typeof leadMonthCounts | typeof leadSourceMonthCounts | typeof leadConversionMonthCounts;

/** The summary rows of the range's days and its district ('' in a summary: no district said). */
function inRange(table: DayTable, range: Range): SQL {
  return and(
    sql`${table.day} between ${epochDayOf(range.from)} and ${epochDayOf(range.to)}`,
    range.district ? sql`${table.district} = ${districtSlugOf(range.district)}` : undefined,
  )!;
}

const DAY_MS = 86_400_000;
/** The day of the month (1–31) of an epoch day. */
const dayOfMonth = (day: number) => new Date(day * DAY_MS).getUTCDate();
/** The first day of the month after the one an epoch day is in. */
const nextMonthStart = (day: number) => {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
};

/** The range's whole months (their first days, both counted) and its days outside them, as epoch days. */
export function monthsOfRange(range: Range): { months: [number, number] | null; days: [number, number][] } {
  const from = epochDayOf(range.from);
  const to = epochDayOf(range.to);
  const firstMonth = dayOfMonth(from) === 1 ? from : nextMonthStart(from);
  const afterLastMonth = dayOfMonth(to + 1) === 1 ? to + 1 : to - dayOfMonth(to) + 1;
  if (firstMonth >= afterLastMonth) return { months: null, days: [[from, to]] };
  const lastMonth = afterLastMonth - 1 - dayOfMonth(afterLastMonth - 1) + 1;
  const days: [number, number][] = [];
  if (from < firstMonth) days.push([from, firstMonth - 1]);
  if (to >= afterLastMonth) days.push([afterLastMonth, to]);
  return { months: [firstMonth, lastMonth], days };
}

/**
 * The summary rows of the range, as what follows FROM: with whole months, a subquery named as the day table (so a
 * statement reads it as it read that table) of the day rows outside them and the month rows, their `month` as `day`;
 * without, the day table and its filter.
 */
function rowsOfRange(dayTable: DayTable, monthTable: MonthTable, range: Range): SQL {
  const { months, days } = monthsOfRange(range);
  if (!months) return sql`${dayTable} where ${inRange(dayTable, range)}`;
  const district = range.district ? sql` and ${sql.identifier('district')} = ${districtSlugOf(range.district)}` : sql``;
  const counts = Object.values(getTableColumns(dayTable))
    .filter((column) => column.name !== 'day')
    .map((column) => sql.identifier(column.name));
  const dayRows = days.length
    ? sql`select ${sql.identifier('day')}, ${sql.join(counts, sql`, `)} from ${dayTable}
        where (${sql.join(
          days.map(([first, last]) => sql`${sql.identifier('day')} between ${first} and ${last}`),
          sql` or `,
        )})${district}
      union all `
    : sql``;
  return sql`(${dayRows}select ${sql.identifier('month')}, ${sql.join(counts, sql`, `)} from ${monthTable}
      where ${sql.identifier('month')} between ${months[0]} and ${months[1]}${district}) as ${dayTable}`;
}

const dayText = (epochDay: SQL) => sql`to_char(date '1970-01-01' + (${epochDay})::int, 'YYYY-MM-DD')`;

/** Leads per Lagos day and district (see leadsPerDay in dashboard.repository.server.ts for what is shown). */
export async function countsPerDay(db: Db, range: Range) {
  const districts = range.district ? [range.district] : [...DISTRICT_CHOICES, null];
  const c = leadDayCounts;
  const rows = await rowsOf<{ day: string; district: string | null; count: number }>(
    db,
    sql`with counts as (
        select ${c.day} as day, nullif(${c.district}, '') as district, sum(${c.leads})::int as n
        from ${c} where ${inRange(c, range)} group by 1, 2)
      select ${dayText(sql`g.day`)} as day, d.district, coalesce(c.n, 0)::int as count
      from generate_series(${epochDayOf(range.from)}::bigint, ${epochDayOf(range.to)}::bigint) as g(day)
      cross join (values ${sql.join(
        districts.map((name, i) => sql`(${name && districtSlugOf(name)}::text, ${i}::int)`),
        sql`, `,
      )}) as d(district, position)
      left join counts c on c.day = g.day and c.district is not distinct from d.district
      order by g.day, d.position`,
  );
  return rows.map((row) => ({
    ...row,
    district: row.district && (districtChoiceOf(row.district) ?? row.district),
    count: Number(row.count),
  }));
}

/** Leads per source label, the `named` largest by name and the rest as one "other" row (leadsBySource's rule). */
export async function countsBySource(db: Db, range: Range, named: number) {
  const c = leadSourceCounts;
  const rows = await rowsOf<{ kind: 'campaign' | 'referrer' | 'direct' | 'other'; label: string | null; count: number }>(
    db,
    sql`with ranked as (
        select ${c.kind} as kind, case when ${c.kind} = 'direct' then null else ${c.label} end as label, sum(${c.leads})::int as n,
          row_number() over (order by sum(${c.leads}) desc, ${c.kind}, case when ${c.kind} = 'direct' then null else ${c.label} end) as rank
        from ${rowsOfRange(c, leadSourceMonthCounts, range)} group by 1, 2 having sum(${c.leads}) > 0)
      select case when rank <= ${named} then kind else 'other' end as kind,
        case when rank <= ${named} then label end as label, sum(n)::int as count
      from ranked group by 1, 2 order by min(rank)`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Received, contacted, ever qualified, won and lost among the range's leads. */
export async function funnelCounts(db: Db, range: Range) {
  const c = leadDayCounts;
  const [row] = await rowsOf<Record<'received' | 'contacted' | 'qualified' | 'won' | 'lost', number>>(
    db,
    sql`select coalesce(sum(${c.leads}), 0)::int as received,
        coalesce(sum(${c.leads}) filter (where ${c.contacted}), 0)::int as contacted,
        coalesce(sum(${c.leads}) filter (where ${c.qualified}), 0)::int as qualified,
        coalesce(sum(${c.leads}) filter (where ${c.status} = 'won'), 0)::int as won,
        coalesce(sum(${c.leads}) filter (where ${c.status} = 'lost'), 0)::int as lost
      from ${rowsOfRange(c, leadMonthCounts, range)}`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as typeof row;
}

/** The view's leads with the same district and visit, and how far they went (the conversion table's and the inspection funnel's). */
export interface AttributionGroup {
  district: DistrictChoice | null;
  /** The landing page without its query and fragment: click ids (fbclid, gclid) stay on the lead. */
  landingPath: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  leads: number;
  /** Ever had a confirmed seat on an inspection, even if cancelled or moved since. */
  booked: number;
  /** A booking of theirs was marked came. */
  attended: number;
  /** Won now. */
  won: number;
  /** Whose chat began on WhatsApp (docs/decisions/0399), counted beside the form's. */
  byWhatsApp: number;
  /** Ever held a plot; reserved one (reserved, sold or allocated, not released); the value of those, in kobo. */
  plotsHeld: number;
  plotsReserved: number;
  reservedKobo: number;
}

/**
 * The conversion table's leads (docs/decisions/0351, 0413) by district and visit, from lead_conversion_counts
 * (docs/decisions/0430): what a lead counts as (booked, attended, plots) is lead_conversion_flags_of in drizzle/0046.
 */
export async function leadsByAttribution(db: Db, range: Range): Promise<AttributionGroup[]> {
  const c = leadConversionCounts;
  const leadsWhere = (flag: SQLWrapper) => sql`coalesce(sum(${c.leads}) filter (where ${flag}), 0)::int`;
  const rows = await rowsOf<Omit<AttributionGroup, 'district'> & { district: string | null }>(
    db,
    sql`select nullif(${c.district}, '') as district, nullif(${c.landingPath}, '') as "landingPath",
        nullif(${c.utmSource}, '') as "utmSource", nullif(${c.utmMedium}, '') as "utmMedium",
        nullif(${c.utmCampaign}, '') as "utmCampaign", nullif(${c.referrer}, '') as referrer, sum(${c.leads})::int as leads,
        ${leadsWhere(c.booked)} as booked, ${leadsWhere(c.attended)} as attended, ${leadsWhere(c.won)} as won,
        ${leadsWhere(c.whatsapp)} as "byWhatsApp", ${leadsWhere(c.plotsHeld)} as "plotsHeld",
        ${leadsWhere(c.plotsReserved)} as "plotsReserved", coalesce(sum(${c.reservedKobo}), 0)::bigint as "reservedKobo"
      from ${rowsOfRange(c, leadConversionMonthCounts, range)}
      group by 1, 2, 3, 4, 5, 6 having sum(${c.leads}) > 0`,
  );
  return rows.map((row) => ({
    ...row,
    district: row.district === null ? null : (districtChoiceOf(row.district) ?? null),
    leads: Number(row.leads),
    booked: Number(row.booked),
    attended: Number(row.attended),
    won: Number(row.won),
    byWhatsApp: Number(row.byWhatsApp),
    plotsHeld: Number(row.plotsHeld),
    plotsReserved: Number(row.plotsReserved),
    reservedKobo: Number(row.reservedKobo),
  }));
}
