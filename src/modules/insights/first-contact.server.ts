import 'server-only';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import type { DistrictChoice } from '@/lib/db/enums';
import { districtSlugOf } from '@/lib/db/districts';
import { leadContactWeekChanges, leadContactWeeks, leads, staffUsers } from '@/lib/db/schema';
import { contactMinutesSql, epochDayOf, lagosDayStart, lagosEpochDaySql, type WorkingTime } from '@/lib/working-time';
import { staffLabelSql } from '@/modules/leads/server';
import { inView, type DashboardRange } from './in-view.server';

/**
 * The dashboard's first-contact figures (the weeks' and the range's median and 90th percentile of working minutes to
 * first contact, speed to lead per week and agent) without reading every lead of the range (docs/decisions/0433):
 * an ended week's figures are worked out once from its leads and kept in lead_contact_weeks, per district and agent,
 * under the working time then configured, until a change to one of its leads bumps the week's version. The days of
 * the range outside whole kept weeks (the current week, a week the range cuts) are read from the leads as before.
 * A range's percentiles come from the weeks' histograms (leads per whole minute), which give what the leads' own
 * minutes give.
 */

/** First contact of the leads that arrived in one Monday-based Lagos week, in working minutes. */
export interface ContactWeek {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  received: number;
  contacted: number;
  withinTarget: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
}

/**
 * Speed to lead (issue 46, item 7), per week of arrival and the agent who has the lead: how soon the buyer heard from
 * us at all (the first reply by WhatsApp or SMS, or the e-mail receipt, whichever went first: seconds, round the clock),
 * and how soon a person did (first contact: a call logged as a status, or a message an agent sent from the lead page;
 * working minutes, as the first-contact chart). The automatic messages never count as contact.
 */
export interface SpeedToLeadRow {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  /** The agent the lead is with now; null for leads nobody has. */
  agentId: string | null;
  agent: string | null;
  received: number;
  /** Leads the first automatic message reached. */
  messaged: number;
  firstMessageSeconds: number | null;
  contacted: number;
  withinTarget: number;
  medianMinutes: number | null;
}

export interface ContactSummary {
  contacted: number;
  withinTarget: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
}

export interface ContactFigures {
  weeks: ContactWeek[];
  contact: ContactSummary;
  speed: SpeedToLeadRow[];
}

const t = leads;
const c = leadContactWeeks;
const changes = leadContactWeekChanges;
const DAY_MS = 86_400_000;

/** An ended week is kept once it ended this long ago: a change made while it was still the current week (which bumps no version) has long been committed by then. */
const SETTLED_MS = 3_600_000;
/** Weeks worked out by one statement: on PGlite a buyer waits for at most this many weeks' leads, not a year's. */
const WEEKS_PER_STATEMENT = 4;

/** The kept figures are those of one working time; another (the settings changed) works them out again. */
const workingTimeKey = (time: WorkingTime) => `${time.days}:${time.startMinute}-${time.endMinute}:${time.targetMinutes}`;
/** Monday of an epoch day: (day + 3) % 7 is its weekday with Monday = 0 (1970-01-01 was a Thursday). */
const mondayOf = (day: number) => day - ((((day + 3) % 7) + 7) % 7);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayStart = (day: number) => lagosDayStart(dayText(day));

/** The dashboard's leads (inView) that arrived on the epoch days [from, to), in the district if one is given. */
const arrivedBetween = (from: number, to: number, district?: DistrictChoice) =>
  inView({ from: dayText(from), to: dayText(to - 1), district });

/** Each lead once: its week of arrival, district ('' none), agent ('' nobody), seconds to its first automatic message, working minutes to first contact. */
const contactTimes = (where: SQL, time: WorkingTime) =>
  sql`select (d - (d + 3) % 7)::int as week, district, agent, seconds, minutes from (
    select ${lagosEpochDaySql(t.createdAt)} as d, coalesce(${t.district}, '') as district, coalesce(${t.assignedTo}::text, '') as agent,
      date_part('epoch', ${t.firstMessageAt} - ${t.createdAt}) as seconds, ${contactMinutesSql(t, time)} as minutes
    from ${t} where ${where}) as lead`;

const minuteAggregates = (time: WorkingTime) => sql`count(*)::int as received, count(seconds)::int as messaged,
    round((percentile_cont(0.5) within group (order by seconds))::numeric)::float8 as "firstMessageSeconds",
    count(minutes)::int as contacted, (count(*) filter (where minutes <= ${time.targetMinutes}))::int as "withinTarget",
    round((percentile_cont(0.5) within group (order by minutes))::numeric, 1)::float8 as "medianMinutes",
    round((percentile_cont(0.9) within group (order by minutes))::numeric, 1)::float8 as "p90Minutes"`;

/** Leads per whole minute to first contact: two arrays, the minutes in order and the leads that took each. */
const histogram = sql`array_agg(minutes order by minutes) as minutes, array_agg(n order by minutes) as leads`;

/** The versions of the weeks from `first` to `last` (a subquery `v`: week, version): the sums of their change rows. */
const versionsOf = (first: number, last: number) =>
  sql`(select ${changes.week} as week, sum(${changes.changes})::int as version from ${changes}
      where ${changes.week} between ${first} and ${last} group by ${changes.week}) as v`;

/** Ended weeks kept for this working time whose version is current (a week never changed has version 0). */
async function keptWeeks(db: Db, weeks: number[], key: string): Promise<Set<number>> {
  if (!weeks.length) return new Set();
  const rows = await rowsOf<{ week: number }>(
    db,
    sql`select ${c.week} as week from ${c} left join ${versionsOf(weeks[0], weeks[weeks.length - 1])} on v.week = ${c.week}
      where ${c.workingTime} = ${key} and ${inArray(c.week, weeks)} and ${c.district} = '*' and ${c.agent} = '*'
        and ${c.version} = coalesce(v.version, 0)`,
  );
  return new Set(rows.map((row) => Number(row.week)));
}

/**
 * Folds each week's change rows into one of the same sum (so a year's versions stay a few rows to add up), skipping
 * rows another fold holds: a change committing meanwhile adds a row of its own, never one of these.
 */
async function foldChanges(db: Db, weeks: number[]) {
  await db.execute(sql`with taken as (
      select ctid from ${changes} where ${inArray(changes.week, weeks)}
        and ${changes.week} in (select ${changes.week} from ${changes} where ${inArray(changes.week, weeks)} group by 1 having count(*) > 1)
      for update skip locked),
    folded as (delete from ${changes} where ctid in (select ctid from taken) returning week, changes)
    insert into ${changes} (week, tx, changes) select week, txid_current(), sum(changes) from folded group by week`);
}

/**
 * Works out and keeps the figures of consecutive ended weeks: one statement reads the weeks' versions and their leads
 * in one snapshot, so a change that commits meanwhile bumps a version these rows do not carry. A row per district and
 * agent, per district, per agent and for the week, and one for a week without leads, so a kept week is known as such.
 */
async function keepWeeks(db: Db, weeks: number[], time: WorkingTime) {
  const key = workingTimeKey(time);
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  await foldChanges(db, weeks);
  await db.execute(sql`with versions as (
      select w.week, coalesce(v.version, 0) as version
      from unnest(${`{${weeks.join(',')}}`}::int[]) as w(week) left join ${versionsOf(first, last)} on v.week = w.week),
    times as (${contactTimes(arrivedBetween(first, last + 7), time)}),
    figures as (
      select week, case when grouping(district) = 1 then '*' else district end as district,
        case when grouping(agent) = 1 then '*' else agent end as agent, ${minuteAggregates(time)}
      from times group by grouping sets ((week, district, agent), (week, district), (week, agent), (week))),
    minutes as (
      select week, case when grouping(district) = 1 then '*' else district end as district, minutes, count(*)::int as n
      from times where minutes is not null group by grouping sets ((week, district, minutes), (week, minutes))),
    histograms as (select week, district, ${histogram} from minutes group by week, district),
    rows as (
      select f.week, f.district, f.agent, f.received, f.messaged, f."firstMessageSeconds", f.contacted, f."withinTarget",
        f."medianMinutes", f."p90Minutes", h.minutes, h.leads
      from figures f left join histograms h on f.agent = '*' and h.week = f.week and h.district = f.district
      union all
      select week, '*', '*', 0, 0, null, 0, 0, null, null, null, null from versions
      where not exists (select 1 from times where times.week = versions.week))
    insert into ${c} (working_time, week, version, district, agent, received, messaged, first_message_seconds, contacted,
      within_target, median_minutes, p90_minutes, minutes, leads)
    select ${key}, rows.week, versions.version, rows.district, rows.agent, rows.received, rows.messaged,
      rows."firstMessageSeconds", rows.contacted, rows."withinTarget", rows."medianMinutes", rows."p90Minutes", rows.minutes, rows.leads
    from rows join versions on versions.week = rows.week
    on conflict (working_time, week, district, agent) do update set version = excluded.version, received = excluded.received,
      messaged = excluded.messaged, first_message_seconds = excluded.first_message_seconds, contacted = excluded.contacted,
      within_target = excluded.within_target, median_minutes = excluded.median_minutes, p90_minutes = excluded.p90_minutes,
      minutes = excluded.minutes, leads = excluded.leads`);
  // Figures of another working time are not read again (the settings changed back: worked out again then).
  await db.delete(c).where(and(inArray(c.week, weeks), sql`${c.workingTime} <> ${key}`));
}

/** A week's row as kept or read: speed to lead's figures, the week as its epoch day, agent '' or '*', the histogram. */
type WeekRow = Omit<SpeedToLeadRow, 'week' | 'agentId' | 'agent'> & {
  week: number;
  agent: string;
  p90Minutes: number | null;
  minutes: number[] | null;
  leads: number[] | null;
};

/** The kept rows of the weeks for the district ('*' for all), with the weeks' markers: a week bumped since has none. */
async function keptRows(db: Db, weeks: number[], key: string, district: string): Promise<(WeekRow & { district: string })[]> {
  if (!weeks.length) return [];
  return rowsOf(
    db,
    sql`select ${c.week} as week, ${c.district} as district, ${c.agent} as agent, ${c.received} as received,
        ${c.messaged} as messaged, ${c.firstMessageSeconds} as "firstMessageSeconds", ${c.contacted} as contacted,
        ${c.withinTarget} as "withinTarget", ${c.medianMinutes} as "medianMinutes", ${c.p90Minutes} as "p90Minutes",
        ${c.minutes} as minutes, ${c.leads} as leads
      from ${c} left join ${versionsOf(weeks[0], weeks[weeks.length - 1])} on v.week = ${c.week}
      where ${c.workingTime} = ${key} and ${c.week} between ${weeks[0]} and ${weeks[weeks.length - 1]}
        and ${c.version} = coalesce(v.version, 0) and (${c.district} = ${district} or (${c.district} = '*' and ${c.agent} = '*'))`,
  );
}

/** The same rows worked out from the leads of the days [from, to) of the range (no kept week covers them). */
async function liveRows(db: Db, spans: [number, number][], district: DistrictChoice | undefined, time: WorkingTime): Promise<WeekRow[]> {
  if (!spans.length) return [];
  const times = sql.join(
    spans.map(([from, to]) => contactTimes(arrivedBetween(from, to, district), time)),
    sql` union all `,
  );
  return rowsOf(
    db,
    sql`with times as (${times}),
      minutes as (select week, minutes, count(*)::int as n from times where minutes is not null group by week, minutes),
      histograms as (select week, ${histogram} from minutes group by week)
      select f.*, h.minutes, h.leads from (
        select week, case when grouping(agent) = 1 then '*' else agent end as agent, ${minuteAggregates(time)}
        from times group by grouping sets ((week, agent), (week))) as f
      left join histograms h on f.agent = '*' and h.week = f.week`,
  );
}

/** percentile_cont over whole minutes given as counts: what the same SQL gives over the leads, rounded to 0.1 as it does. */
export function percentileOf(counts: Map<number, number>, fraction: number): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (!total) return null;
  const position = fraction * (total - 1);
  const lowRank = Math.floor(position);
  const highRank = Math.ceil(position);
  let low: number | undefined;
  let high: number | undefined;
  let seen = 0;
  for (const [minute, n] of [...counts.entries()].sort(([a], [b]) => a - b)) {
    seen += n;
    if (low === undefined && lowRank < seen) low = minute;
    if (highRank < seen) {
      high = minute;
      break;
    }
  }
  const value = low! + (high! - low!) * (position - lowRank);
  // numeric's round, half away from zero, on float8's 15 significant digits.
  return Math.round(Number(value.toPrecision(15)) * 10) / 10;
}

/** Agents' labels in the database's order of them (the speed-to-lead table sorts by it). */
async function agentLabels(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { label: string; rank: number }>();
  const rows = await db
    .select({ id: staffUsers.id, label: staffLabelSql })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids))
    .orderBy(staffLabelSql);
  return new Map(rows.map((row, rank) => [row.id, { label: row.label, rank }]));
}

/**
 * The first-contact figures of the range: kept weeks (kept first if they are not yet), then the rest from the leads.
 * Which weeks have ended is the clock's, as the trigger's is the database's: never a caller's `now`.
 */
export async function contactFigures(db: Db, filters: DashboardRange, time: WorkingTime): Promise<ContactFigures> {
  const key = workingTimeKey(time);
  const from = epochDayOf(filters.from);
  const to = epochDayOf(filters.to);
  const ended = (week: number) => dayStart(week + 7).getTime() <= Date.now() - SETTLED_MS;
  const whole: number[] = [];
  for (let week = mondayOf(from) + (mondayOf(from) < from ? 7 : 0); week + 6 <= to && ended(week); week += 7) whole.push(week);

  const kept = await keptWeeks(db, whole, key);
  const missing = whole.filter((week) => !kept.has(week));
  for (let i = 0; i < missing.length;) {
    // Consecutive weeks, a few at a time.
    let j = i + 1;
    while (j < missing.length && j - i < WEEKS_PER_STATEMENT && missing[j] === missing[j - 1] + 7) j++;
    // Two dashboards keeping the same weeks at once on PostgreSQL can deadlock on their rows: the loser's weeks are
    // read from the leads below, and kept by the next view.
    await keepWeeks(db, missing.slice(i, j), time).catch((error: unknown) =>
      console.warn(`[dashboard] first-contact weeks not kept: ${error instanceof Error ? error.message : String(error)}`),
    );
    i = j;
  }
  // As the leads' rows hold it (coalesce(district, '')): the district's slug.
  const districtKey = filters.district ? (districtSlugOf(filters.district) ?? filters.district) : '*';
  const stored = await keptRows(db, whole, key, districtKey);
  // A week bumped between keeping and reading has no marker now: it is read from the leads with the rest.
  const marked = new Set(stored.filter((row) => row.district === '*' && row.agent === '*').map((row) => row.week));
  const covered = whole.filter((week) => marked.has(week));
  const spans: [number, number][] = [];
  let day = from;
  for (const week of covered) {
    if (day < week) spans.push([day, week]);
    day = week + 7;
  }
  if (day <= to) spans.push([day, to + 1]);
  const rows = [
    ...stored.filter((row) => marked.has(row.week) && row.district === districtKey),
    ...(await liveRows(db, spans, filters.district, time)),
  ].map((row) => ({
    ...row,
    received: Number(row.received),
    messaged: Number(row.messaged),
    contacted: Number(row.contacted),
    withinTarget: Number(row.withinTarget),
  }));

  const weekly = new Map(rows.filter((row) => row.agent === '*').map((row) => [row.week, row]));
  const weeks: ContactWeek[] = [];
  for (let week = mondayOf(from); week <= mondayOf(to); week += 7) {
    const row = weekly.get(week);
    weeks.push({
      week: dayText(week),
      received: row?.received ?? 0,
      contacted: row?.contacted ?? 0,
      withinTarget: row?.withinTarget ?? 0,
      medianMinutes: row?.medianMinutes ?? null,
      p90Minutes: row?.p90Minutes ?? null,
    });
  }

  const counts = new Map<number, number>();
  for (const row of weekly.values())
    row.minutes?.forEach((minute, i) => counts.set(Number(minute), (counts.get(Number(minute)) ?? 0) + Number(row.leads![i])));
  const contact: ContactSummary = {
    contacted: weeks.reduce((sum, week) => sum + week.contacted, 0),
    withinTarget: weeks.reduce((sum, week) => sum + week.withinTarget, 0),
    medianMinutes: percentileOf(counts, 0.5),
    p90Minutes: percentileOf(counts, 0.9),
  };

  const perAgent = rows.filter((row) => row.agent !== '*');
  const labels = await agentLabels(db, [...new Set(perAgent.map((row) => row.agent).filter(Boolean))]);
  // Newest week first, agents in the database's order of their names, leads nobody has last; an agent since removed after them.
  const rank = (agent: string) => (agent ? (labels.get(agent)?.rank ?? labels.size) : labels.size + 1);
  const speed = perAgent
    .sort((a, b) => b.week - a.week || rank(a.agent) - rank(b.agent))
    .map((row) => ({
      week: dayText(row.week),
      agentId: row.agent || null,
      agent: labels.get(row.agent)?.label ?? null,
      received: row.received,
      messaged: row.messaged,
      firstMessageSeconds: row.firstMessageSeconds,
      contacted: row.contacted,
      withinTarget: row.withinTarget,
      medianMinutes: row.medianMinutes,
    }));
  return { weeks, contact, speed };
}
