import 'server-only';
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { type DistrictChoice, type InspectionKind } from '@/lib/db/enums';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { inspectionSlotCounts, inspectionSlots, leadStaffCounts, leads, staffUsers } from '@/lib/db/schema';
import { lagosDayStart, workingMinutesAgo, type WorkingTime } from '@/lib/working-time';
import { staffLabelSql } from '@/modules/leads/server';
import { countsBySource, countsPerDay, funnelCounts, leadsByAttribution, type AttributionGroup } from './summaries.server';
import { OPEN_STATUSES } from '@/modules/leads/server';
import { contactFigures, type ContactSummary, type ContactWeek, type SpeedToLeadRow } from './first-contact.server';
import { inView, type DashboardRange } from './in-view.server';

/**
 * Every figure of the sales dashboard (docs/decisions/0207-sales-dashboard.md), each computed by one SQL statement
 * that PGlite and PostgreSQL run alike: plain arithmetic on epoch seconds for Lagos days and working time, no time-zone
 * data. The leads counted are the inbox's (no spam), arrived within the Lagos days of the range, in the district.
 */

export { inView, type DashboardRange } from './in-view.server';

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

export type { ContactSummary, ContactWeek, SpeedToLeadRow } from './first-contact.server';

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

/**
 * Leads per Lagos day and district, every day of the range and every district shown, zero included; without a district
 * filter, and when the range has any, the leads that have not said theirs too (district null: docs/decisions/0399).
 */
async function leadsPerDay(db: Db, filters: DashboardRange): Promise<DayCount[]> {
  const counted = await countsPerDay(db, filters);
  // The leads that have not said their district are a series only when the range has some.
  return counted.some((row) => row.district === null && row.count > 0) ? counted : counted.filter((row) => row.district !== null);
}

/**
 * Where leads came from: the UTM source (with its medium), else the referrer's host (without www.), else direct (the
 * summary's label: lead_source_key_of in drizzle/0041). The NAMED_SOURCES largest by count are named; the rest are one
 * "other" row.
 */
const leadsBySource = (db: Db, filters: DashboardRange): Promise<SourceCount[]> => countsBySource(db, filters, NAMED_SOURCES);

/**
 * The counts from the summaries; overdue (a figure of now) from the range's leads still new that came by
 * workingMinutesAgo, the overdue rule's own bound: a count of `interest_submissions_new_idx`'s entries, with no working
 * time worked out per lead (at 1,000,000 leads a year's 35,000 cost 38 ms that way: docs/benchmarks/0447).
 */
async function funnel(db: Db, filters: DashboardRange, time: WorkingTime, now: Date): Promise<Funnel> {
  const counts = await funnelCounts(db, filters);
  const [row] = await db
    .select({ overdue: sql<number>`count(*)::int` })
    .from(t)
    .where(and(inView(filters), eq(t.status, 'new'), lte(t.createdAt, workingMinutesAgo(now, time, time.targetMinutes))));
  return { ...counts, overdue: Number(row.overdue) };
}

/**
 * `groups`: the view's leads by attribution (leadsByAttribution), when the caller reads them for the conversion table
 * too: the inspection funnel adds them up per district instead of reading the leads again.
 */
export async function dashboardFigures(
  db: Db,
  filters: DashboardRange,
  time: WorkingTime,
  now = new Date(),
  groups?: AttributionGroup[],
): Promise<DashboardFigures> {
  // One after another: PGlite has a single connection, and on PostgreSQL these are a few milliseconds each.
  const perDay = await leadsPerDay(db, filters);
  const sources = await leadsBySource(db, filters);
  const funnelFigures = await funnel(db, filters, time, now);
  const { weeks, contact, speed } = await contactFigures(db, filters, time);
  const inspections = await inspectionFigures(db, filters, now, groups);
  return {
    perDay,
    sources,
    funnel: funnelFigures,
    weeks,
    contact,
    speed,
    inspections,
  };
}

// ---- site inspections (issue 44, item 9) ---------------------------------------------------------------------------

const s = inspectionSlots;
const sc = inspectionSlotCounts;

/**
 * The inspections of the range: the dashboard's leads (arrived in the range, in the district) per district on their
 * way to a sale, whenever they booked (the attribution groups added up); and each slot that started on the Lagos days
 * of the range, in the district.
 */
export async function inspectionFigures(
  db: Db,
  filters: DashboardRange,
  now = new Date(),
  groups?: AttributionGroup[],
): Promise<InspectionFigures> {
  const rows = groups ?? (await leadsByAttribution(db, filters));
  const districts = filters.district ? [filters.district] : DISTRICT_CHOICES;
  const funnelRows = districts.map((district) => {
    const row = { district, leads: 0, booked: 0, attended: 0, won: 0 };
    for (const group of rows) {
      if (group.district !== district) continue;
      row.leads += Number(group.leads);
      row.booked += Number(group.booked);
      row.attended += Number(group.attended);
      row.won += Number(group.won);
    }
    return row;
  });

  // Each slot's seats and people from its summary row (inspection_slot_counts): a slot with no booking has none.
  const counted = (column: AnyPgColumn) => sql<number>`coalesce(${column}, 0)::int`;
  const slots = await db
    .select({
      id: s.id,
      district: s.district,
      startsAt: s.startsAt,
      kind: s.kind,
      seats: s.seats,
      cancelledAt: s.cancelledAt,
      seatsTaken: counted(sc.seatsTaken),
      walkIns: counted(sc.walkIns),
      came: counted(sc.came),
      noShow: counted(sc.noShow),
      unmarked: counted(sc.unmarked),
    })
    .from(s)
    .leftJoin(sc, eq(sc.slotId, s.id))
    .where(
      and(
        gte(s.startsAt, lagosDayStart(filters.from)),
        lt(s.startsAt, lagosDayStart(filters.to, 1)),
        filters.district ? eq(s.district, filters.district) : undefined,
      ),
    )
    .orderBy(asc(s.startsAt), asc(s.district), asc(s.id));
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

export interface TeamMember {
  id: string;
  label: string;
  role: string;
  takesNewLeads: boolean;
  /** Leads of theirs still being worked (new, contacted, qualified), whenever they arrived. */
  open: number;
  overdue: number;
}

/**
 * The team's load now, for the owners' assignment panel: every active agent, and anyone else holding open leads. The
 * open leads come from lead_staff_counts (a row per member and status), and so do the overdue ones: a member's new leads
 * less those that came within the last target's working minutes (workingMinutesAgo), a few entries of
 * `interest_submissions_open_idx` (docs/decisions/0432, 0447).
 */
export async function teamWorkload(db: Db, time: WorkingTime, now = new Date()): Promise<TeamMember[]> {
  const c = leadStaffCounts;
  const overdueUpTo = workingMinutesAgo(now, time, time.targetMinutes).toISOString();
  const rows = await rowsOf<TeamMember>(
    db,
    sql`select ${staffUsers.id} as id, ${staffLabelSql} as label, ${staffUsers.role} as role,
        ${staffUsers.takesNewLeads} as "takesNewLeads", held.open, held.new - recent.leads as overdue
      from ${staffUsers}
      cross join lateral (select coalesce(sum(${c.leads}), 0)::int as open,
          coalesce(sum(${c.leads}) filter (where ${c.status} = 'new'), 0)::int as new
        from ${c} where ${c.staffId} = ${staffUsers.id} and ${inArray(c.status, OPEN_STATUSES)}) held
      cross join lateral (select count(*)::int as leads from ${t}
        where ${t.assignedTo} = ${staffUsers.id} and ${t.status} = 'new' and ${t.spam} = false
          and ${t.createdAt} > ${overdueUpTo}::timestamptz) recent
      where ${staffUsers.active} and (${staffUsers.role} = 'agent' or held.open > 0)
      order by 2, 1`,
  );
  return rows.map((row) => ({ ...row, open: Number(row.open), overdue: Number(row.overdue) }));
}
