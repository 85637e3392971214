import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { type DistrictChoice, type InspectionKind } from '@/lib/db/enums';
import { DISTRICT_CHOICES, districtChoiceOf, districtSlugOf } from '@/lib/db/districts';
import { inspectionBookings, inspectionSlots, leadActivity, leads, outboxMessages, plotClaims, staffUsers } from '@/lib/db/schema';
import { epochDayOf, lagosDayStart, lagosEpochDaySql, overdueSql, workingSecondsSql, type WorkingTime } from '@/lib/working-time';
import { staffLabelSql } from '@/modules/leads/server';
import { OPEN_STATUSES } from '@/modules/leads/server';

/**
 * Every figure of the sales dashboard (docs/decisions/0207-sales-dashboard.md), each computed by one SQL statement
 * that PGlite and PostgreSQL run alike: plain arithmetic on epoch seconds for Lagos days and working time, no time-zone
 * data. The leads counted are the inbox's (no spam), arrived within the Lagos days of the range, in the district.
 */

/** The leads a figure counts: those that arrived on the Lagos days `from` to `to` (YYYY-MM-DD), in the district if one is given. */
export interface DashboardRange {
  district?: DistrictChoice;
  from: string;
  to: string;
}

export interface DayCount {
  /** Lagos day, YYYY-MM-DD. */
  day: string;
  /** Null: chats' leads that have not said their district (docs/decisions/0399), when no district is filtered. */
  district: string | null;
  count: number;
}

/** `label` is the UTM source (and medium), or the referrer's host; null for direct visits and the folded rest. */
export interface SourceCount {
  kind: 'campaign' | 'referrer' | 'direct' | 'other';
  label: string | null;
  count: number;
}

export interface Funnel {
  received: number;
  /** Ever left `new` for a contact status (first_contacted_at). */
  contacted: number;
  /** Ever qualified: now qualified or won, or qualified or won at some point of its history. */
  qualified: number;
  won: number;
  lost: number;
  /** Still new after one target's worth of working time, now. */
  overdue: number;
}

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

export interface DashboardFigures {
  perDay: DayCount[];
  sources: SourceCount[];
  funnel: Funnel;
  weeks: ContactWeek[];
  contact: ContactSummary;
  speed: SpeedToLeadRow[];
  inspections: InspectionFigures;
}

/** The leads of one district (of the range) on their way through a site inspection. */
export interface InspectionFunnelRow {
  district: DistrictChoice;
  leads: number;
  /** Ever had a confirmed seat on an inspection, even if cancelled or moved since (inspectionCounts). */
  booked: number;
  /** A booking of theirs was marked came. */
  attended: number;
  /** Won now. */
  won: number;
}

/** One inspection that started on the Lagos days of the range, and how its seats and people went. */
export interface InspectionSlotFigures {
  id: string;
  district: DistrictChoice;
  startsAt: Date;
  kind: InspectionKind;
  seats: number;
  /** Called off by an owner: its bookings were cancelled, and it counts in no total. */
  calledOff: boolean;
  /** Started before now. */
  happened: boolean;
  /** Seats of confirmed bookings, walk-ins included (what the booking service counts against the seats). */
  seatsTaken: number;
  /** People who walked in without a booking (not leads), within seatsTaken. */
  walkIns: number;
  /** Leads' bookings marked came, marked no-show, and not marked yet (confirmed, unmarked). */
  came: number;
  noShow: number;
  unmarked: number;
}

export interface InspectionFigures {
  /** One row per district shown, zeros included. */
  funnel: InspectionFunnelRow[];
  /** Earliest first. */
  slots: InspectionSlotFigures[];
}

/** Sources shown by name; the rest are added up as "other". */
export const NAMED_SOURCES = 7;

const t = leads;

/** The leads every figure counts: the inbox's (no spam, none held), arrived on the Lagos days of the range, in the district. */
export function inView(filters: DashboardRange): SQL {
  return and(
    eq(t.spam, false),
    sql`${t.status} <> 'spam'`,
    gte(t.createdAt, lagosDayStart(filters.from)),
    lt(t.createdAt, lagosDayStart(filters.to, 1)),
    filters.district ? eq(t.district, filters.district) : undefined,
  )!;
}

/** Rows of a statement run with db.execute (both drivers answer {rows}). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dayText = (epochDay: SQL) => sql`to_char(date '1970-01-01' + (${epochDay})::int, 'YYYY-MM-DD')`;
const minutes = (value: SQL) => sql`round((${value})::numeric, 1)::float8`;

/**
 * Leads per Lagos day and district, every day of the range and every district shown, zero included; without a district
 * filter, and when the range has any, the leads that have not said theirs too (district null: docs/decisions/0399).
 */
async function leadsPerDay(db: Db, filters: DashboardRange): Promise<DayCount[]> {
  const districts = filters.district ? [filters.district] : [...DISTRICT_CHOICES, null];
  // Raw SQL reads the stored slugs (schema.ts's district column converts only through Drizzle's operators).
  const rows = await rowsOf<DayCount>(
    db,
    sql`with counts as (
        select ${lagosEpochDaySql(t.createdAt)} as day, ${t.district} as district, count(*)::int as n
        from ${t} where ${inView(filters)} group by 1, 2)
      select ${dayText(sql`g.day`)} as day, d.district, coalesce(c.n, 0)::int as count
      from generate_series(${epochDayOf(filters.from)}::bigint, ${epochDayOf(filters.to)}::bigint) as g(day)
      cross join (values ${sql.join(
        districts.map((name, i) => sql`(${name && districtSlugOf(name)}::text, ${i}::int)`),
        sql`, `,
      )}) as d(district, position)
      left join counts c on c.day = g.day and c.district is not distinct from d.district
      order by g.day, d.position`,
  );
  const counted = rows.map((row) => ({
    ...row,
    district: row.district && (districtChoiceOf(row.district) ?? row.district),
    count: Number(row.count),
  }));
  // The leads that have not said their district are a series only when the range has some.
  return counted.some((row) => row.district === null && row.count > 0) ? counted : counted.filter((row) => row.district !== null);
}

/**
 * Where leads came from: the UTM source (with its medium), else the referrer's host (without www.), else direct.
 * The NAMED_SOURCES largest by count are named; the rest are one "other" row.
 */
async function leadsBySource(db: Db, filters: DashboardRange): Promise<SourceCount[]> {
  const rows = await rowsOf<SourceCount>(
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
        from ${t} where ${inView(filters)}),
      ranked as (
        select kind, label, count(*)::int as n, row_number() over (order by count(*) desc, kind, label) as rank
        from labelled group by kind, label)
      select case when rank <= ${NAMED_SOURCES} then kind else 'other' end as kind,
        case when rank <= ${NAMED_SOURCES} then label end as label, sum(n)::int as count
      from ranked group by 1, 2 order by min(rank)`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

async function funnel(db: Db, filters: DashboardRange, time: WorkingTime, now: Date): Promise<Funnel> {
  const everQualified = sql`(${t.status} in ('qualified', 'won') or exists (select 1 from lead_activity a
    where a.lead_id = ${t.id} and a.action = 'status_changed' and a.detail ->> 'to' in ('qualified', 'won')))`;
  const [row] = await db
    .select({
      received: sql<number>`count(*)::int`,
      contacted: sql<number>`(count(*) filter (where ${t.firstContactedAt} is not null))::int`,
      qualified: sql<number>`(count(*) filter (where ${everQualified}))::int`,
      won: sql<number>`(count(*) filter (where ${t.status} = 'won'))::int`,
      lost: sql<number>`(count(*) filter (where ${t.status} = 'lost'))::int`,
      overdue: sql<number>`(count(*) filter (where ${overdueSql(t, now, time)}))::int`,
    })
    .from(t)
    .where(inView(filters));
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as Funnel;
}

/** Each lead of the view: its Lagos day and, once contacted, its working minutes to first contact. */
const contactTimes = (filters: DashboardRange, time: WorkingTime) => sql`select ${lagosEpochDaySql(t.createdAt)} as day,
    case when ${t.firstContactedAt} is not null then ${workingSecondsSql(t.createdAt, t.firstContactedAt, time)} / 60.0 end as minutes
  from ${t} where ${inView(filters)}`;

const contactAggregates = (time: WorkingTime) => sql`count(minutes)::int as contacted,
    (count(*) filter (where minutes <= ${time.targetMinutes}))::int as "withinTarget",
    ${minutes(sql`percentile_cont(0.5) within group (order by minutes)`)} as "medianMinutes",
    ${minutes(sql`percentile_cont(0.9) within group (order by minutes)`)} as "p90Minutes"`;

/** Median and 90th percentile of working minutes to first contact, per week of arrival (every week of the range). */
async function contactWeeks(db: Db, filters: DashboardRange, time: WorkingTime): Promise<ContactWeek[]> {
  const from = sql`${epochDayOf(filters.from)}::bigint`;
  const to = sql`${epochDayOf(filters.to)}::bigint`;
  const rows = await rowsOf<ContactWeek>(
    db,
    sql`with leads as (${contactTimes(filters, time)}),
      weekly as (select ${mondayOf(sql`day`)} as week, count(*)::int as received, ${contactAggregates(time)} from leads group by 1)
      select ${dayText(sql`g.week`)} as week, coalesce(w.received, 0)::int as received, coalesce(w.contacted, 0)::int as contacted,
        coalesce(w."withinTarget", 0)::int as "withinTarget", w."medianMinutes", w."p90Minutes"
      from generate_series(${mondayOf(from)}, ${mondayOf(to)}, 7) as g(week)
      left join weekly w on w.week = g.week
      order by g.week`,
  );
  return rows.map((row) => ({
    ...row,
    received: Number(row.received),
    contacted: Number(row.contacted),
    withinTarget: Number(row.withinTarget),
  }));
}

/** Monday of an epoch day: (day + 3) % 7 is its weekday with Monday = 0 (1970-01-01 was a Thursday). */
const mondayOf = (day: SQL) => sql`(${day} - (${day} + 3) % 7)`;

/** Speed to lead per week of arrival and agent, newest week first, agents by name, leads nobody has last. */
export async function speedToLead(db: Db, filters: DashboardRange, time: WorkingTime): Promise<SpeedToLeadRow[]> {
  const n = outboxMessages;
  const firstMessageAt = sql`(select min(${n.sentAt}) from ${n}
    where ${n.leadId} = ${t.id} and ${n.subjectType} = 'lead' and ${n.state} = 'sent' and ${n.kind} in ('first_reply', 'receipt'))`;
  const rows = await rowsOf<SpeedToLeadRow>(
    db,
    sql`with times as (
        select ${mondayOf(lagosEpochDaySql(t.createdAt))} as week, ${t.assignedTo} as agent_id,
          extract(epoch from (${firstMessageAt} - ${t.createdAt}))::float8 as seconds,
          case when ${t.firstContactedAt} is not null then ${workingSecondsSql(t.createdAt, t.firstContactedAt, time)} / 60.0 end as minutes
        from ${t} where ${inView(filters)})
      select ${dayText(sql`times.week`)} as week, times.agent_id as "agentId",
        case when ${staffUsers.id} is null then null else ${staffLabelSql} end as agent,
        count(*)::int as received, count(times.seconds)::int as messaged,
        round((percentile_cont(0.5) within group (order by times.seconds))::numeric)::float8 as "firstMessageSeconds",
        count(times.minutes)::int as contacted,
        (count(*) filter (where times.minutes <= ${time.targetMinutes}))::int as "withinTarget",
        ${minutes(sql`percentile_cont(0.5) within group (order by times.minutes)`)} as "medianMinutes"
      from times left join ${staffUsers} on ${staffUsers.id} = times.agent_id
      group by times.week, times.agent_id, ${staffUsers.id}
      order by times.week desc, (times.agent_id is null), 3`,
  );
  return rows.map((row) => ({
    ...row,
    received: Number(row.received),
    messaged: Number(row.messaged),
    contacted: Number(row.contacted),
    withinTarget: Number(row.withinTarget),
  }));
}

/** The same over the whole range. */
async function contactSummary(db: Db, filters: DashboardRange, time: WorkingTime): Promise<ContactSummary> {
  const [row] = await rowsOf<ContactSummary>(
    db,
    sql`with leads as (${contactTimes(filters, time)}) select ${contactAggregates(time)} from leads`,
  );
  return { ...row, contacted: Number(row.contacted), withinTarget: Number(row.withinTarget) };
}

export async function dashboardFigures(db: Db, filters: DashboardRange, time: WorkingTime, now = new Date()): Promise<DashboardFigures> {
  // One after another: PGlite has a single connection, and on PostgreSQL these are a few milliseconds each.
  const perDay = await leadsPerDay(db, filters);
  const sources = await leadsBySource(db, filters);
  const funnelFigures = await funnel(db, filters, time, now);
  const weeks = await contactWeeks(db, filters, time);
  const contact = await contactSummary(db, filters, time);
  const speed = await speedToLead(db, filters, time);
  const inspections = await inspectionFigures(db, filters, now);
  return { perDay, sources, funnel: funnelFigures, weeks, contact, speed, inspections };
}

// ---- site inspections (issue 44, item 9) ---------------------------------------------------------------------------

const b = inspectionBookings;
const s = inspectionSlots;

/**
 * Per lead with bookings: whether one is confirmed now and whether one was marked came. One pass over the bookings,
 * joined to the leads by hash (bookings have no index by lead that every state can use).
 */
function bookingFlags(db: Db) {
  return db
    .select({
      leadId: b.leadId,
      confirmed: sql<boolean>`bool_or(${b.state} = 'confirmed')`.as('confirmed_now'),
      came: sql<boolean>`bool_or(${b.attendance} = 'came')`.as('came'),
    })
    .from(b)
    .where(isNotNull(b.leadId))
    .groupBy(b.leadId)
    .as('booking_flags');
}

/** Leads whose history records a confirmed seat: booked, moved or promoted from the waiting list with state confirmed. */
function confirmedInHistory(db: Db) {
  return db
    .selectDistinct({ leadId: leadActivity.leadId })
    .from(leadActivity)
    .where(
      and(inArray(leadActivity.action, ['inspection_booked', 'inspection_moved']), sql`${leadActivity.detail} ->> 'state' = 'confirmed'`),
    )
    .as('confirmed_in_history');
}

/**
 * Booked, attended and won among a group of leads, given the two joins above. Booked: the lead ever had a confirmed
 * seat, i.e. a booking confirmed now or one its history records as confirmed, so a booking cancelled or moved onto a
 * waiting list afterwards still counts, and one that only ever waited does not (a cancelled booking row alone cannot
 * tell: it may have been confirmed or only waiting). Attended: a booking of it was marked came. Won: its status now.
 */
function inspectionCounts(flags: ReturnType<typeof bookingFlags>, history: ReturnType<typeof confirmedInHistory>) {
  return {
    booked: sql<number>`(count(*) filter (where ${flags.confirmed} or ${history.leadId} is not null))::int`,
    attended: sql<number>`(count(*) filter (where ${flags.came}))::int`,
    won: sql<number>`(count(*) filter (where ${t.status} = 'won'))::int`,
    // Leads whose chat began on WhatsApp (docs/decisions/0399), counted beside the form's.
    byWhatsApp: sql<number>`(count(*) filter (where ${t.origin} = 'whatsapp'))::int`,
  };
}

/**
 * The inspections of the range: the dashboard's leads (arrived in the range, in the district) per district on their
 * way to a sale, whenever they booked; and each slot that started on the Lagos days of the range, in the district.
 */
export async function inspectionFigures(db: Db, filters: DashboardRange, now = new Date()): Promise<InspectionFigures> {
  const flags = bookingFlags(db);
  const history = confirmedInHistory(db);
  const rows = await db
    .select({ district: t.district, leads: sql<number>`count(*)::int`, ...inspectionCounts(flags, history) })
    .from(t)
    .leftJoin(flags, eq(flags.leadId, t.id))
    .leftJoin(history, eq(history.leadId, t.id))
    .where(inView(filters))
    .groupBy(t.district);
  const districts = filters.district ? [filters.district] : DISTRICT_CHOICES;
  const funnelRows = districts.map((district) => {
    const row = rows.find((r) => r.district === district);
    return {
      district,
      leads: Number(row?.leads ?? 0),
      booked: Number(row?.booked ?? 0),
      attended: Number(row?.attended ?? 0),
      won: Number(row?.won ?? 0),
    };
  });

  const leadBooking = sql`${b.leadId} is not null`;
  const confirmed = sql`${b.state} = 'confirmed'`;
  const slots = await db
    .select({
      id: s.id,
      district: s.district,
      startsAt: s.startsAt,
      kind: s.kind,
      seats: s.seats,
      cancelledAt: s.cancelledAt,
      seatsTaken: sql<number>`coalesce(sum(${b.partySize}) filter (where ${confirmed}), 0)::int`,
      walkIns: sql<number>`coalesce(sum(${b.partySize}) filter (where ${confirmed} and ${b.leadId} is null), 0)::int`,
      came: sql<number>`(count(${b.id}) filter (where ${leadBooking} and ${b.attendance} = 'came'))::int`,
      noShow: sql<number>`(count(${b.id}) filter (where ${leadBooking} and ${b.attendance} = 'no_show'))::int`,
      unmarked: sql<number>`(count(${b.id}) filter (where ${leadBooking} and ${confirmed} and ${b.attendance} is null))::int`,
    })
    .from(s)
    .leftJoin(b, eq(b.slotId, s.id))
    .where(
      and(
        gte(s.startsAt, lagosDayStart(filters.from)),
        lt(s.startsAt, lagosDayStart(filters.to, 1)),
        filters.district ? eq(s.district, filters.district) : undefined,
      ),
    )
    .groupBy(s.id)
    .orderBy(asc(s.startsAt), asc(s.district));
  return {
    funnel: funnelRows,
    slots: slots.map(({ cancelledAt, ...slot }) => ({
      ...slot,
      calledOff: cancelledAt !== null,
      happened: slot.startsAt.getTime() <= now.getTime(),
      seatsTaken: Number(slot.seatsTaken),
      walkIns: Number(slot.walkIns),
      came: Number(slot.came),
      noShow: Number(slot.noShow),
      unmarked: Number(slot.unmarked),
    })),
  };
}

/** What a lead recorded of its visit (src/modules/visits/source.ts places it on its row), and how many leads recorded it. */
const attributionColumns = {
  landingPath: t.landingPath,
  utmSource: t.utmSource,
  utmMedium: t.utmMedium,
  utmCampaign: t.utmCampaign,
  referrer: t.referrer,
  leads: sql<number>`count(*)::int`,
};

/**
 * Each lead's plots (docs/decisions/0413): whether it ever held one (every claim begins as a hold), whether a
 * reservation of its stands (reserved, or sold or allocated; a released one does not), and the value of those: the
 * prices frozen when each claim began, in kobo.
 */
function plotFlags(db: Db) {
  const standing = sql`(${plotClaims.reservedAt} is not null or ${plotClaims.soldAt} is not null) and ${plotClaims.endedAt} is null`;
  return db
    .select({
      leadId: plotClaims.leadId,
      reserved: sql<boolean>`bool_or(${standing})`.as('plot_reserved'),
      reservedKobo: sql<number>`coalesce(sum(${plotClaims.priceKobo}) filter (where ${standing}), 0)`.as('plot_reserved_kobo'),
    })
    .from(plotClaims)
    .where(isNotNull(plotClaims.leadId))
    .groupBy(plotClaims.leadId)
    .as('plot_flags');
}

function plotCounts(plots: ReturnType<typeof plotFlags>) {
  return {
    plotsHeld: sql<number>`(count(${plots.leadId}))::int`,
    plotsReserved: sql<number>`(count(*) filter (where ${plots.reserved}))::int`,
    // bigint: a campaign's reservations pass 2^31 kobo (₦21 million) with two plots.
    reservedKobo: sql<number>`coalesce(sum(${plots.reservedKobo}), 0)::bigint`,
  };
}

/**
 * The conversion table's leads (docs/decisions/0351-conversion-in-the-dashboard.md): the dashboard's, grouped by what
 * they recorded of their visit (few distinct values), with how many of them booked, came to and won from an inspection,
 * held a plot and reserved one, and the value reserved (0413).
 */
export function leadsByAttribution(db: Db, filters: DashboardRange) {
  const flags = bookingFlags(db);
  const history = confirmedInHistory(db);
  const plots = plotFlags(db);
  return db
    .select({ ...attributionColumns, ...inspectionCounts(flags, history), ...plotCounts(plots) })
    .from(t)
    .leftJoin(flags, eq(flags.leadId, t.id))
    .leftJoin(history, eq(history.leadId, t.id))
    .leftJoin(plots, eq(plots.leadId, t.id))
    .where(inView(filters))
    .groupBy(t.landingPath, t.utmSource, t.utmMedium, t.utmCampaign, t.referrer);
}

export interface TeamMember {
  id: string;
  label: string;
  role: string;
  takesNewLeads: boolean;
  /** Leads of theirs still being worked (new, contacted, qualified), whenever they arrived. */
  open: number;
  overdue: number;
}

/** The team's load now, for the owners' assignment panel: every active agent, and anyone else holding open leads. */
export async function teamWorkload(db: Db, time: WorkingTime, now = new Date()): Promise<TeamMember[]> {
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
    .orderBy(asc(staffLabelSql));
  return rows.map((row) => ({ ...row, open: Number(row.open), overdue: Number(row.overdue) }));
}
