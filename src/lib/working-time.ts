import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Lagos time and the sales team's working time (docs/decisions/0206-overdue-leads.md): the one definition behind
 * "today" in the staff area, the one-hour first-contact target, overdue leads and the dashboard's response times.
 * Lagos keeps West Africa Time (UTC+1) all year, so a fixed offset is exact and the SQL needs no time-zone data
 * (PGlite and PostgreSQL compute the same).
 */

export const LAGOS_UTC_OFFSET_HOURS = 1;
const OFFSET_MS = LAGOS_UTC_OFFSET_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

/** Start of a Lagos calendar day given as YYYY-MM-DD, plus `addDays`. */
export function lagosDayStart(day: string, addDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS + addDays * DAY_MS);
}

/** The Lagos calendar day (YYYY-MM-DD) of an instant, plus `addDays`. */
export function lagosDayOf(at: Date, addDays = 0): string {
  return new Date(at.getTime() + OFFSET_MS + addDays * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) `days` after `day` (before it when negative). */
export const addCalendarDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The Monday of a calendar day's week: the staff area's weeks run Monday to Sunday. */
export const mondayOf = (day: string): string => addCalendarDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The Lagos day and Monday-based week that contain `now`. */
export function lagosPeriods(now: Date) {
  const day = lagosDayOf(now);
  return { day, dayStart: lagosDayStart(day), weekStart: lagosDayStart(mondayOf(day)) };
}

// ---- working time -------------------------------------------------------------------------------------------------

export interface WorkingTime {
  /** Working days as a bit mask, bit 0 = Monday … bit 6 = Sunday. */
  days: number;
  /** Minutes after Lagos midnight when work starts and ends (end after start; 1440 = midnight). */
  startMinute: number;
  endMinute: number;
  /** Working minutes within which a new lead should be contacted (the one-hour target). */
  targetMinutes: number;
}

/** Monday first, as the bit mask counts them; how LEAD_WORKING_DAYS names them is src/lib/env-schema.ts's. */
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Mon–Fri, 08:00–17:00", for the staff pages. */
export function describeWorkingTime(time: WorkingTime): string {
  const runs: string[] = [];
  for (let day = 0; day < 7; day++) {
    if (!(time.days & (1 << day))) continue;
    let last = day;
    while (last < 6 && time.days & (1 << (last + 1))) last++;
    runs.push(last === day ? DAY_NAMES[day] : `${DAY_NAMES[day]}–${DAY_NAMES[last]}`);
    day = last;
  }
  const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return `${runs.join(', ')}, ${clock(time.startMinute)}–${clock(time.endMinute)}`;
}

/**
 * The Lagos calendar day of a timestamptz as a day number since 1970-01-01 (SQL, a bigint). date_part answers a double
 * where extract answers a numeric, whose arithmetic costs several times more per row (the dashboard does it per lead).
 */
export function lagosEpochDaySql(at: SQLWrapper): SQL<number> {
  return sql<number>`floor((date_part('epoch', ${at}) + ${LAGOS_UTC_OFFSET_HOURS * 3600}::float8) / 86400)::bigint`;
}

/** The same day number of a YYYY-MM-DD. */
export const epochDayOf = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * Working seconds between two instants (SQL, a double): the part of [from, to] that falls on working days between
 * the working hours, Lagos time. The clock stops outside working time, so a lead that arrives on Saturday evening
 * and is called at 08:30 on Monday was answered in 30 minutes. 0 when either is null or `to` comes first.
 */
export function workingSecondsSql(from: SQLWrapper, to: SQLWrapper, time: WorkingTime): SQL {
  return sql`coalesce(greatest(0::float8, ${workingClockSql(to, time)} - ${workingClockSql(from, time)}), 0::float8)`;
}

/**
 * Working minutes from a lead's arrival to its first contact (SQL, an integer; null before it): whole minutes, a
 * started one counted, so "within the target" reads the same as on the seconds, and the dashboard's percentiles can
 * be kept per week as counts of leads per minute (docs/decisions/0433).
 */
export function contactMinutesSql(lead: { createdAt: SQLWrapper; firstContactedAt: SQLWrapper }, time: WorkingTime): SQL<number | null> {
  return sql<number | null>`case when ${lead.firstContactedAt} is not null
    then ceil(${workingSecondsSql(lead.createdAt, lead.firstContactedAt, time)} / 60)::int end`;
}

/**
 * Working seconds from the Monday of epoch week 0 up to an instant (SQL, a double), in closed form: whole weeks, the
 * working days of its week before its day, the part of its day within the hours. Plain arithmetic on the row, so a
 * difference of two costs the same for a span of three years as for three minutes (the count day by day it replaced
 * took a generated row per day, issue 61).
 */
function workingClockSql(at: SQLWrapper, time: WorkingTime): SQL {
  const dayLength = (time.endMinute - time.startMinute) * 60;
  const workingDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => time.days & (1 << day)).length;
  // Working days of a week before each weekday (Monday = 0).
  const before = [0, 1, 2, 3, 4, 5, 6].map(
    (weekday) => [0, 1, 2, 3, 4, 5, 6].filter((day) => day < weekday && time.days & (1 << day)).length,
  );
  const local = sql`(date_part('epoch', ${at}) + ${LAGOS_UTC_OFFSET_HOURS * 3600}::float8)`;
  const day = sql`floor(${local} / 86400)::bigint`;
  // Epoch day 0 (1970-01-01) was a Thursday: day + 3 counts from the Monday before it.
  const weekday = sql`((${day} + 3) % 7)::int`;
  const secondOfDay = sql`(${local} - ${day} * 86400)`;
  return sql`((((${day} + 3) / 7) * ${workingDays * dayLength})::float8
    + (${sql.raw(`'{${before.join(',')}}'::int[]`)})[${weekday} + 1] * ${dayLength}::float8
    + case when (${time.days}::int >> ${weekday}) & 1 = 1
        then least(greatest(${secondOfDay}, ${time.startMinute * 60}::float8), ${time.endMinute * 60}::float8) - ${time.startMinute * 60}::float8
        else 0::float8 end)`;
}

/**
 * A lead is overdue while it is still `new` (not spam) once one target's worth of working time has passed since it
 * arrived. The wall-clock check first keeps the per-day arithmetic to the few leads it can apply to.
 */
export function overdueSql(lead: { status: SQLWrapper; spam: SQLWrapper; createdAt: SQLWrapper }, now: Date, time: WorkingTime): SQL {
  return sql`(${lead.status} = 'new' and ${lead.spam} = false and ${workingMinutesPassedSql(lead.createdAt, now, time, time.targetMinutes)})`;
}

/** Any 7 days hold a whole working day, so this many days hold `minutes` of working time whenever any span does. */
const daysHolding = (minutes: number, time: WorkingTime) => 7 * (Math.ceil(minutes / Math.max(1, time.endMinute - time.startMinute)) + 1);

/**
 * "`minutes` working minutes ago": the latest instant from which `minutes` of working time have passed by `now`, so that
 * workingMinutesPassedSql(since, now, time, minutes) holds exactly for `since` at or before it. The team panel counts a
 * member's leads not overdue yet as those that came after it, a few index entries, and takes the rest from a summary
 * (docs/decisions/0447). Walks back a working day at a time; any 7 days hold one.
 */
export function workingMinutesAgo(now: Date, time: WorkingTime, minutes: number): Date {
  const local = now.getTime() + OFFSET_MS;
  let left = minutes * 60_000;
  const today = Math.floor(local / DAY_MS);
  for (let day = today; day > today - daysHolding(minutes, time); day--) {
    // Epoch day 0 (1970-01-01) was a Thursday: (day + 3) % 7 is the weekday with Monday = 0, as workingClockSql's.
    if (!((time.days >> ((day + 3) % 7)) & 1)) continue;
    const start = day * DAY_MS + time.startMinute * 60_000;
    const end = Math.min(local, day * DAY_MS + time.endMinute * 60_000);
    if (end <= start) continue;
    if (end - start >= left) return new Date(end - left - OFFSET_MS);
    left -= end - start;
  }
  // The settings always hold a working day (env-schema refuses a week without one).
  throw new Error('The working time has no working day.');
}

/**
 * At least `minutes` of working time between `since` and `now` (SQL, a boolean): the overdue rule and the claim rule
 * (docs/decisions/0365). The wall-clock check first keeps the per-day arithmetic to the few rows it can apply to.
 */
export function workingMinutesPassedSql(since: SQLWrapper, now: Date, time: WorkingTime, minutes: number): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Counted up to `capDays` after `since` at most (daysHolding), so a lead new for three years costs 14 rows, not 1,100
  // (issue 61).
  const capDays = daysHolding(minutes, time);
  const until = sql`least(${at}, ${since} + make_interval(days => ${capDays}::int))`;
  // Older than the cap: overdue by the same rule without the arithmetic (a team's old unanswered leads are most of them).
  return sql`(${since} <= ${at} - make_interval(mins => ${minutes}::int)
    and (${since} < ${at} - make_interval(days => ${capDays}::int) or ${workingSecondsSql(since, until, time)} >= ${minutes * 60}::float8))`;
}
