import 'server-only';
import { and, gte, lte, min, not, or, sql, type SQL } from 'drizzle-orm';
import { DISTRICTS } from '@/content/districts';
import type { Db } from '@/lib/db/client';
import { visitCounts } from '@/lib/db/schema';
import type { WorkingTime } from '@/lib/working-time';
import { dashboardFigures } from '@/modules/insights/dashboard.repository.server';
import { leadsByAttribution, type AttributionGroup } from './summaries.server';
import { visitOf, type VisitKey } from '@/modules/visits';
import {
  CONVERSION_COUNTS,
  conversionOf,
  rowKey,
  type ConversionCounts,
  type ConversionGroup,
  type ConversionRow,
  type ConversionTotals,
} from './conversion';
import type { DashboardFilters } from '@/modules/leads';

/**
 * Visits set against leads (docs/decisions/0351-conversion-in-the-dashboard.md): the counted visits of the range
 * (visit_counts, 0350) and the dashboard's leads (the same as every other figure), each lead placed on the row its
 * own visit was counted in, by the one rule both share (`visitOf`, src/modules/visits/source.ts): its landing page and
 * first-touch UTM source, medium and campaign, else the referring site, else direct.
 */

export interface ConversionFigures {
  bySource: ConversionRow[];
  byPage: ConversionRow[];
  totals: ConversionTotals;
  /** The first Lagos day any visit was counted (YYYY-MM-DD), or null before the first. */
  countingSince: string | null;
}

const v = visitCounts;

/**
 * Visits of the pages the district filter keeps: a district's own page (and any below it) and the pages both
 * districts share (the home page and the rest), never the other district's page.
 */
function pagesOf(district: DashboardFilters['district']): SQL | undefined {
  if (!district) return undefined;
  const others = DISTRICTS.filter((d) => d.choice !== district).map((d) =>
    or(sql`${v.path} = ${d.path}`, sql`${v.path} like ${`${d.path}/%`}`)!,
  );
  return others.length ? not(or(...others)!) : undefined;
}

/** The row a lead's own visit was counted in: the visit counter's rule applied to what the lead recorded. */
export function leadVisitKey(lead: {
  landingPath: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}): Omit<VisitKey, 'path'> & { path: string | null } {
  let path: string | null = null;
  if (lead.landingPath) {
    try {
      path = new URL(lead.landingPath, 'http://lead.invalid').pathname;
    } catch {
      path = null;
    }
  }
  const query = new URLSearchParams();
  for (const [name, value] of [
    ['utm_source', lead.utmSource],
    ['utm_medium', lead.utmMedium],
    ['utm_campaign', lead.utmCampaign],
  ] as const)
    if (value) query.set(name, value);
  // No host of ours to compare with: a lead records a referrer only when it is another site (attribution.ts).
  const key = visitOf({ url: `${path ?? '/'}?${query}`, host: '', referer: lead.referrer ?? '', userAgent: 'lead' }, [], () => false);
  const found = key ?? { path: '/', kind: 'direct' as const, source: '', medium: '', campaign: '' };
  return { ...found, path: path === null ? null : found.path };
}

/**
 * The dashboard's figures and its conversion table, the view's leads read once for both (the conversion table's groups
 * give the inspection funnel too).
 */
export async function dashboardWithConversion(db: Db, filters: DashboardFilters, time: WorkingTime, now: Date) {
  const groups = await leadsByAttribution(db, filters);
  return { figures: await dashboardFigures(db, filters, time, now, groups), conversion: await conversionFigures(db, filters, groups) };
}

/** The conversion figures of the range, by source and campaign and by landing page, in no particular order. */
export async function conversionFigures(db: Db, filters: DashboardFilters, groups?: AttributionGroup[]): Promise<ConversionFigures> {
  const visits = await db
    .select({
      path: v.path,
      kind: v.kind,
      source: v.source,
      medium: v.medium,
      campaign: v.campaign,
      visits: sql<number>`sum(${v.visits})::int`,
      visitors: sql<number>`sum(${v.visitors})::int`,
    })
    .from(v)
    .where(and(gte(v.day, filters.from), lte(v.day, filters.to), pagesOf(filters.district)))
    .groupBy(v.path, v.kind, v.source, v.medium, v.campaign);
  // Leads grouped by what they recorded (few distinct values), then placed on rows by the visit rule.
  const leadGroups = groups ?? (await leadsByAttribution(db, filters));
  const [first] = await db.select({ day: min(v.day) }).from(v);

  const bySource = new Rows();
  const byPage = new Rows();
  const none = { leads: 0, booked: 0, attended: 0, won: 0, byWhatsApp: 0, plotsHeld: 0, plotsReserved: 0, reservedKobo: 0 };
  for (const row of visits) {
    const counts = { visits: Number(row.visits), visitors: Number(row.visitors), ...none };
    bySource.add({ view: 'source', kind: row.kind, source: row.source, medium: row.medium, campaign: row.campaign }, counts);
    byPage.add({ view: 'page', path: row.path }, counts);
  }
  for (const row of leadGroups) {
    const key = leadVisitKey(row);
    // The summary's figures are numbers already (leadsByAttribution).
    const { leads, booked, attended, won, byWhatsApp, plotsHeld, plotsReserved, reservedKobo } = row;
    const counts = { visits: 0, visitors: 0, leads, booked, attended, won, byWhatsApp, plotsHeld, plotsReserved, reservedKobo };
    bySource.add({ view: 'source', kind: key.kind, source: key.source, medium: key.medium, campaign: key.campaign }, counts);
    byPage.add({ view: 'page', path: key.path }, counts);
  }
  const source = bySource.list();
  const sum = (name: keyof ConversionCounts) => source.reduce((total, row) => total + row[name], 0);
  const totals = Object.fromEntries(CONVERSION_COUNTS.map((name) => [name, sum(name)])) as ConversionCounts;
  return {
    bySource: source,
    byPage: byPage.list(),
    totals: { ...totals, conversion: conversionOf(totals.leads, totals.visitors) },
    countingSince: first?.day ?? null,
  };
}

/** Counts added up per row of one view. */
class Rows {
  private readonly rows = new Map<string, Omit<ConversionRow, 'conversion'>>();

  add(group: ConversionGroup, counts: ConversionCounts) {
    const key = rowKey(group);
    const row = this.rows.get(key);
    const sum = Object.fromEntries(CONVERSION_COUNTS.map((name) => [name, (row?.[name] ?? 0) + counts[name]])) as ConversionCounts;
    this.rows.set(key, { group, ...sum });
  }

  list(): ConversionRow[] {
    return [...this.rows.values()].map((row) => ({ ...row, conversion: conversionOf(row.leads, row.visitors) }));
  }
}
