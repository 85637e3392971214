import { PUBLIC_HOLIDAYS } from '@/content/documents';
import { addCalendarDays } from '@/lib/working-time';

/**
 * The promised dates' arithmetic on Lagos calendar days (YYYY-MM-DD): "5 working days after the deposit" counts
 * Monday to Friday, skipping the public holidays of src/content/documents.ts, from the day after the deposit's day.
 */

const HOLIDAYS = new Set(PUBLIC_HOLIDAYS);

export function isWorkingDay(day: string, holidays: ReadonlySet<string> = HOLIDAYS): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** The `count`th working day after `day` (a deposit paid on a Friday, 1 working day: the Monday, or later for a holiday). */
export function addWorkingDays(day: string, count: number, holidays: ReadonlySet<string> = HOLIDAYS): string {
  let at = day;
  for (let left = count; left > 0;) {
    at = addCalendarDays(at, 1);
    if (isWorkingDay(at, holidays)) left--;
  }
  return at;
}
