import { daysBetween, mondayOf } from '@/lib/working-time';
import type { DayCount } from '@/modules/insights/dashboard.repository.server';

/**
 * The ranges the "leads over time" chart draws a bar per day for: up to a quarter (the 90-day quick range included).
 * Longer ones get a bar per week, as a year of days is under a pixel a bar on a phone (docs/decisions/0435-a-year-of-the-dashboard-by-the-week.md).
 */
export const DAILY_BARS_UP_TO_DAYS = 92;

export type BarUnit = 'day' | 'week';

/** Leads per bar: the day, or the Monday of its week (Lagos weeks, as first contact's), with its district and count. */
export interface LeadsBar {
  /** YYYY-MM-DD: the day, or the Monday of the week. */
  start: string;
  district: string;
  count: number;
}

/** Days from `from` to `to`, both counted. */
export const daysIn = (from: string, to: string) => daysBetween(from, to) + 1;

/** The day counts as bars of the range's unit, in the order the days came (oldest first). */
export function leadsOverTime(perDay: (DayCount & { district: string })[], days: number): { unit: BarUnit; bars: LeadsBar[] } {
  const unit: BarUnit = days <= DAILY_BARS_UP_TO_DAYS ? 'day' : 'week';
  const bars = new Map<string, LeadsBar>();
  for (const row of perDay) {
    const start = unit === 'day' ? row.day : mondayOf(row.day);
    const key = `${start} ${row.district}`;
    const bar = bars.get(key);
    if (bar) bar.count += row.count;
    else bars.set(key, { start, district: row.district, count: row.count });
  }
  return { unit, bars: [...bars.values()] };
}
