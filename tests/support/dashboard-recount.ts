import { and, asc, eq, inArray, isNotNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { districtChoiceOf } from '@/lib/db/districts';
import { inspectionBookings, inspectionSlots, leadActivity, leads, plotClaims, staffUsers } from '@/lib/db/schema';
import { contactMinutesSql, epochDayOf, lagosDayStart, lagosEpochDaySql, overdueSql, type WorkingTime } from '@/lib/working-time';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { OPEN_STATUSES, staffLabelSql } from '@/modules/leads/server';
import { inView, NAMED_SOURCES, type DashboardFigures, type DashboardRange } from '@/modules/insights/dashboard.repository.server';
import type { AttributionGroup } from '@/modules/insights/summaries.server';

/**
 * The dashboard's counts recounted from the leads' own rows, by its SQL from before the summaries (docs/decisions/0421,
 * 0430: the conversion table's groups from the leads, their bookings, history and plot claims):
 * what the summaries must equal (tests/integration/dashboard-summaries.test.ts) and the bench's baseline
 * (scripts/bench/scale-summaries.ts).
 */

/** Per day and district, from the leads' rows. */
export async function recountPerDay(db: Db, range: DashboardRange) {
  const rows = await rowsOf<{ day: string; district: string | null; count: number }>(
    db,
    sql`select to_char(date '1970-01-01' + floor((extract(epoch from created_at) + 3600) / 86400)::int, 'YYYY-MM-DD') as day,
        district, count(*)::int as count from ${leads} where ${inView(range)} group by 1, 2`,
  );
  return Object.fromEntries(
    rows.map((row) => [`${row.day} ${(row.district && districtChoiceOf(row.district)) ?? '-'}`, Number(row.count)]),
  );
}

/** Sources as the dashboard named them before the summaries (its former SQL, unchanged). */
export async function recountSources(db: Db, range: DashboardRange) {
  const t = leads;
  const rows = await rowsOf<{ kind: string; label: string | null; count: number }>(
    db,
    sql`with labelled as (
        select case
            when nullif(btrim(${t.utmSource}), '') is not null then 'campaign'
            when ${t.referrer} ~* '^[a-z][a-z0-9+.-]*://[^/?#:@]+' then 'referrer'
            else 'direct' end as kind,
          case
            when nullif(btrim(${t.utmSource}), '') is not null
              then lower(btrim(${t.utmSource})) || coalesce(' / ' || lower(nullif(btrim(${t.utmMedium}), '')), '')
            else regexp_replace(lower(substring(${t.referrer} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@]+)')), '^www\\.', '')
          end as label
        from ${t} where ${inView(range)}),
      ranked as (
        select kind, label, count(*)::int as n, row_number() over (order by count(*) desc, kind, label) as rank
        from labelled group by kind, label)
      select case when rank <= ${NAMED_SOURCES} then kind else 'other' end as kind,
        case when rank <= ${NAMED_SOURCES} then label end as label, sum(n)::int as count
      from ranked group by 1, 2 order by min(rank)`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The funnel's counts from the leads and their history (ever qualified: now, or a status change to it). */
export async function recountFunnel(db: Db, range: DashboardRange) {
  const t = leads;
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select count(*)::int as received, (count(*) filter (where ${t.firstContactedAt} is not null))::int as contacted,
        (count(*) filter (where ${t.status} in ('qualified', 'won') or exists (select 1 from lead_activity a
          where a.lead_id = ${t.id} and a.action = 'status_changed' and a.detail ->> 'to' in ('qualified', 'won'))))::int as qualified,
        (count(*) filter (where ${t.status} = 'won'))::int as won, (count(*) filter (where ${t.status} = 'lost'))::int as lost
      from ${t} where ${inView(range)}`,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

/**
 * The first-contact figures from the range's leads in one pass (the dashboard's SQL before lead_contact_weeks,
 * docs/decisions/0433): per week and agent, per week, and over the range, with whole working minutes.
 */
export async function recountContact(db: Db, range: DashboardRange, time: WorkingTime) {
  const t = leads;
  const minuteFigures = sql`count(minutes)::int as contacted,
    (count(*) filter (where minutes <= ${time.targetMinutes}))::int as "withinTarget",
    round((percentile_cont(0.5) within group (order by minutes))::numeric, 1)::float8 as "medianMinutes",
    round((percentile_cont(0.9) within group (order by minutes))::numeric, 1)::float8 as "p90Minutes"`;
  const day = lagosEpochDaySql(t.createdAt);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with times as (
        select (${day} - (${day} + 3) % 7) as week, ${t.assignedTo} as agent_id,
          date_part('epoch', ${t.firstMessageAt} - ${t.createdAt}) as seconds, ${contactMinutesSql(t, time)} as minutes
        from ${t} where ${inView(range)})
      select to_char(date '1970-01-01' + f.week::int, 'YYYY-MM-DD') as week, f.agent_id as "agentId",
        case when ${staffUsers.id} is null then null else ${staffLabelSql} end as agent, f."perWeek", f."perAgent",
        f.received, f.messaged, f."firstMessageSeconds", f.contacted, f."withinTarget", f."medianMinutes", f."p90Minutes"
      from (select week, agent_id, grouping(week)::int as "perWeek", grouping(agent_id)::int as "perAgent",
          count(*)::int as received, count(seconds)::int as messaged,
          round((percentile_cont(0.5) within group (order by seconds))::numeric)::float8 as "firstMessageSeconds", ${minuteFigures}
        from times group by grouping sets ((week, agent_id), (week), ())) as f
      left join ${staffUsers} on ${staffUsers.id} = f.agent_id
      order by f.week desc, (f.agent_id is null), 3`,
  );
  const figures = ({ contacted, withinTarget, medianMinutes, p90Minutes }: Record<string, unknown>) => ({
    contacted: Number(contacted),
    withinTarget: Number(withinTarget),
    medianMinutes,
    p90Minutes,
  });
  const byWeek = new Map(rows.filter((row) => row.perWeek === 0 && row.perAgent === 1).map((row) => [row.week, row]));
  const weeks = [];
  const monday = (d: number) => d - ((((d + 3) % 7) + 7) % 7);
  for (let d = monday(epochDayOf(range.from)); d <= monday(epochDayOf(range.to)); d += 7) {
    const week = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const row = byWeek.get(week);
    weeks.push(
      row
        ? { week, received: Number(row.received), ...figures(row) }
        : { week, received: 0, contacted: 0, withinTarget: 0, medianMinutes: null, p90Minutes: null },
    );
  }
  const whole = rows.find((row) => row.perWeek === 1) ?? { contacted: 0, withinTarget: 0, medianMinutes: null, p90Minutes: null };
  const speed = rows
    .filter((row) => row.perWeek === 0 && row.perAgent === 0)
    .map((row) => ({
      week: row.week,
      agentId: row.agentId,
      agent: row.agent,
      received: Number(row.received),
      messaged: Number(row.messaged),
      firstMessageSeconds: row.firstMessageSeconds,
      contacted: Number(row.contacted),
      withinTarget: Number(row.withinTarget),
      medianMinutes: row.medianMinutes,
    }));
  return { weeks, contact: figures(whole), speed };
}

/** Each inspection of the range's days with its seats and people, from its bookings (the SQL before inspection_slot_counts). */
export async function recountSlots(db: Db, range: DashboardRange) {
  const b = inspectionBookings;
  const s = inspectionSlots;
  const confirmed = sql`${b.state} = 'confirmed'`;
  const ofLead = sql`${b.leadId} is not null`;
  return db
    .select({
      id: s.id,
      seatsTaken: sql<number>`coalesce(sum(${b.partySize}) filter (where ${confirmed}), 0)::int`,
      walkIns: sql<number>`coalesce(sum(${b.partySize}) filter (where ${confirmed} and ${b.leadId} is null), 0)::int`,
      came: sql<number>`(count(${b.id}) filter (where ${ofLead} and ${b.attendance} = 'came'))::int`,
      noShow: sql<number>`(count(${b.id}) filter (where ${ofLead} and ${b.attendance} = 'no_show'))::int`,
      unmarked: sql<number>`(count(${b.id}) filter (where ${ofLead} and ${confirmed} and ${b.attendance} is null))::int`,
    })
    .from(s)
    .leftJoin(b, eq(b.slotId, s.id))
    .where(
      and(
        sql`${s.startsAt} >= ${lagosDayStart(range.from)} and ${s.startsAt} < ${lagosDayStart(range.to, 1)}`,
        range.district ? eq(s.district, range.district) : undefined,
      ),
    )
    .groupBy(s.id)
    .orderBy(asc(s.startsAt), asc(s.district), asc(s.id));
}

/**
 * The figures as the dashboard shows them: per day (days with leads), sources, the funnel without overdue, the
 * conversion table's groups, first contact, and each inspection's seats and people.
 */
export async function recount(db: Db, range: DashboardRange, time = DEFAULT_WORKING_TIME) {
  return {
    perDay: await recountPerDay(db, range),
    sources: await recountSources(db, range),
    funnel: await recountFunnel(db, range),
    groups: await recountAttribution(db, range),
    ...(await recountContact(db, range, time)),
    slots: await recountSlots(db, range),
  };
}

/**
 * The team panel recounted from the leads (its SQL before lead_staff_counts, docs/decisions/0432): every open lead of
 * each member joined to the team.
 */
export async function recountTeam(db: Db, time: WorkingTime, now: Date) {
  const t = leads;
  const open = and(eq(t.assignedTo, staffUsers.id), eq(t.spam, false), inArray(t.status, OPEN_STATUSES));
  const rows = await db
    .select({
      id: staffUsers.id,
      label: staffLabelSql,
      role: staffUsers.role,
      takesNewLeads: staffUsers.takesNewLeads,
      open: sql<number>`count(${t.id})::int`,
      overdue: sql<number>`(count(${t.id}) filter (where ${overdueSql(t, now, time)}))::int`,
    })
    .from(staffUsers)
    .leftJoin(t, open)
    .where(eq(staffUsers.active, true))
    .groupBy(staffUsers.id)
    .having(or(eq(staffUsers.role, 'agent'), sql`count(${t.id}) > 0`))
    .orderBy(asc(staffLabelSql), asc(staffUsers.id));
  return rows.map((row) => ({ ...row, open: Number(row.open), overdue: Number(row.overdue) }));
}

/** How many leads and seats the summaries still count in all (0 once every lead and booking is gone). */
export async function summaryLeftovers(db: Db): Promise<number> {
  const [left] = await rowsOf<{ n: number }>(
    db,
    sql`select (select coalesce(sum(abs(leads)), 0) from lead_day_counts) + (select coalesce(sum(abs(leads)), 0) from lead_source_counts)
      + (select coalesce(sum(abs(leads)) + sum(abs(reserved_kobo)), 0) from lead_conversion_counts)
      + (select coalesce(sum(abs(leads)), 0) from lead_staff_counts) + (select coalesce(sum(abs(leads)), 0) from lead_month_counts)
      + (select coalesce(sum(abs(leads)), 0) from lead_source_month_counts)
      + (select coalesce(sum(abs(leads)) + sum(abs(reserved_kobo)), 0) from lead_conversion_month_counts)
      + (select coalesce(sum(abs(seats_taken) + abs(walk_ins) + abs(came) + abs(no_show) + abs(unmarked)), 0)
        from inspection_slot_counts) as n`,
  );
  return Number(left.n);
}

/** Each month summary against its days' rows added up (docs/decisions/0445): the key and counts of a month as a text. */
const MONTHS_AND_THEIR_DAYS = [
  sql`select concat_ws(' ', month, district, status, contacted, qualified, leads) from lead_month_counts`,
  sql`select concat_ws(' ', lagos_month_of(day), district, status, contacted, qualified, sum(leads))
    from lead_day_counts group by lagos_month_of(day), district, status, contacted, qualified`,
  sql`select concat_ws(' ', month, district, kind, label, landing_path, leads) from lead_source_month_counts`,
  sql`select concat_ws(' ', lagos_month_of(day), district, kind, label, landing_path, sum(leads))
    from lead_source_counts group by lagos_month_of(day), district, kind, label, landing_path`,
  sql`select concat_ws(' ', month, district, landing_path, utm_source, utm_medium, utm_campaign, referrer, booked, attended, won,
      whatsapp, plots_held, plots_reserved, leads, reserved_kobo) from lead_conversion_month_counts`,
  sql`select concat_ws(' ', lagos_month_of(day), district, landing_path, utm_source, utm_medium, utm_campaign, referrer, booked,
      attended, won, whatsapp, plots_held, plots_reserved, sum(leads), sum(reserved_kobo)) from lead_conversion_counts
    group by lagos_month_of(day), district, landing_path, utm_source, utm_medium, utm_campaign, referrer, booked, attended, won,
      whatsapp, plots_held, plots_reserved`,
];

/** Month summary rows that differ from their days added up, either way: none, whatever the leads went through. */
export async function monthsAstray(db: Db): Promise<string[]> {
  const astray: string[] = [];
  for (let i = 0; i < MONTHS_AND_THEIR_DAYS.length; i += 2) {
    const [months, days] = MONTHS_AND_THEIR_DAYS.slice(i, i + 2);
    const rows = await rowsOf<{ row: string }>(db, sql`(${months} except all ${days}) union all (${days} except all ${months})`);
    astray.push(...rows.map((row) => Object.values(row)[0] as string));
  }
  return astray;
}

/** The same figures of the dashboard's answer (and the conversion table's groups), in the recount's shape. */
export function shown(figures: DashboardFigures, groups: AttributionGroup[]) {
  const { received, contacted, qualified, won, lost } = figures.funnel;
  return {
    perDay: Object.fromEntries(
      figures.perDay.filter((row) => row.count > 0).map((row) => [`${row.day} ${row.district ?? '-'}`, row.count]),
    ),
    sources: figures.sources,
    funnel: { received, contacted, qualified, won, lost },
    groups: sortedGroups(groups),
    weeks: figures.weeks,
    contact: figures.contact,
    speed: figures.speed,
    slots: figures.inspections.slots.map(({ id, seatsTaken, walkIns, came, noShow, unmarked }) => ({
      id,
      seatsTaken,
      walkIns,
      came,
      noShow,
      unmarked,
    })),
  };
}

/**
 * The conversion table's groups from the leads' own rows, their bookings, history and plot claims (the dashboard's SQL
 * before lead_conversion_counts), sorted by every column so that two answers compare in any order.
 */
export async function recountAttribution(db: Db, range: DashboardRange) {
  const t = leads;
  const b = inspectionBookings;
  const flags = db
    .select({
      leadId: b.leadId,
      confirmed: sql<boolean>`bool_or(${b.state} = 'confirmed')`.as('confirmed_now'),
      came: sql<boolean>`bool_or(${b.attendance} = 'came')`.as('came'),
    })
    .from(b)
    .where(isNotNull(b.leadId))
    .groupBy(b.leadId)
    .as('booking_flags');
  const history = db
    .selectDistinct({ leadId: leadActivity.leadId })
    .from(leadActivity)
    .where(sql`${leadActivity.action} in ('inspection_booked', 'inspection_moved') and ${leadActivity.detail} ->> 'state' = 'confirmed'`)
    .as('confirmed_in_history');
  const standing = sql`(${plotClaims.reservedAt} is not null or ${plotClaims.soldAt} is not null) and ${plotClaims.endedAt} is null`;
  const plots = db
    .select({
      leadId: plotClaims.leadId,
      reserved: sql<boolean>`bool_or(${standing})`.as('plot_reserved'),
      reservedKobo: sql<number>`coalesce(sum(${plotClaims.priceKobo}) filter (where ${standing}), 0)`.as('plot_reserved_kobo'),
    })
    .from(plotClaims)
    .where(isNotNull(plotClaims.leadId))
    .groupBy(plotClaims.leadId)
    .as('plot_flags');
  // Groups as the conversion table reads them: a path without its query, and none and '' alike (leadVisitKey).
  const text = (value: SQLWrapper) => sql<string | null>`nullif(${value}, '')`;
  const pathOnly = text(sql`split_part(split_part(${t.landingPath}, '#', 1), '?', 1)`);
  const rows = await db
    .select({
      district: t.district,
      landingPath: pathOnly,
      utmSource: text(t.utmSource),
      utmMedium: text(t.utmMedium),
      utmCampaign: text(t.utmCampaign),
      referrer: text(t.referrer),
      leads: sql<number>`count(*)::int`,
      booked: sql<number>`(count(*) filter (where ${flags.confirmed} or ${history.leadId} is not null))::int`,
      attended: sql<number>`(count(*) filter (where ${flags.came}))::int`,
      won: sql<number>`(count(*) filter (where ${t.status} = 'won'))::int`,
      byWhatsApp: sql<number>`(count(*) filter (where ${t.origin} = 'whatsapp'))::int`,
      plotsHeld: sql<number>`(count(${plots.leadId}))::int`,
      plotsReserved: sql<number>`(count(*) filter (where ${plots.reserved}))::int`,
      reservedKobo: sql<number>`coalesce(sum(${plots.reservedKobo}), 0)::bigint`,
    })
    .from(t)
    .leftJoin(flags, eq(flags.leadId, t.id))
    .leftJoin(history, eq(history.leadId, t.id))
    .leftJoin(plots, eq(plots.leadId, t.id))
    .where(inView(range))
    .groupBy(t.district, sql`2`, sql`3`, sql`4`, sql`5`, sql`6`);
  return sortedGroups(rows.map((row) => ({ ...row, reservedKobo: Number(row.reservedKobo) })));
}

/** Groups in one order, whatever order a statement gave them in. */
export const sortedGroups = <T extends object>(rows: T[]) => rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();

/** Leads whose first automatic message (first_message_at, kept by drizzle/0047) is not the one their outbox says. */
export async function firstMessagesAstray(db: Db) {
  return rowsOf<{ id: string }>(
    db,
    sql`select l.id from ${leads} l left join (select lead_id, min(sent_at) as at from outbox_messages
          where subject_type = 'lead' and state = 'sent' and kind in ('first_reply', 'receipt') group by 1) m on m.lead_id = l.id
        where l.first_message_at is distinct from m.at`,
  );
}
