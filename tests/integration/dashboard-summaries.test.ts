import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { inspectionBookings, leadActivity, leads, outboxMessages, plotClaims, plots } from '@/lib/db/schema';
import { BOOKING_STATES, LEAD_STATUSES } from '@/lib/db/enums';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { dashboardFigures, teamWorkload, type DashboardRange } from '@/modules/insights/dashboard.repository.server';
import { leadsByAttribution } from '@/modules/insights/summaries.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import { changeLeadDistrict, changeLeadStatus } from '@/modules/leads/operations.server';
import { holdLeads, unholdLeads } from '@/modules/leads/held.repository.server';
import { eraseSubject } from '@/modules/privacy/repository.server';
import { firstMessagesAstray, monthsAstray, recount, recountTeam, shown, summaryLeftovers } from '../support/dashboard-recount';
import { describeEachDriver } from './helpers';
import { makeStaff } from './staff-helpers';

/**
 * The dashboard's summaries (lead_day_counts, lead_source_counts: docs/decisions/0421; lead_contact_weeks: 0433) against a full recount from the
 * leads' own rows, after a random history of arrivals, moves, district changes, holds and their release, staff's spam
 * and its undoing, erasures, a lead's arrival time corrected, and (lead_conversion_counts, 0430) inspection bookings,
 * their states and attendance, confirmed seats in the history, and plot claims held, reserved, sold, ended and
 * deleted. The recount is the dashboard's own SQL before the summaries existed.
 */

const LUGBE = 'Lugbe, Abuja';
const MONIYA = 'Moniya, Ibadan';
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
const RANGES: DashboardRange[] = [
  { from: DAYS[0], to: DAYS[4] },
  { from: DAYS[1], to: DAYS[2] },
  { from: DAYS[0], to: DAYS[4], district: MONIYA as never },
  // Whole ended weeks (their first-contact figures kept in lead_contact_weeks), and one cut by the range.
  { from: '2026-02-23', to: '2026-03-08' },
  { from: '2026-02-23', to: '2026-03-08', district: LUGBE as never },
  { from: '2026-02-25', to: '2026-03-08' },
  // Whole months, read from the month summaries (docs/decisions/0445), alone and with days around them.
  { from: '2026-02-01', to: '2026-03-31' },
  { from: '2026-02-26', to: '2026-04-30', district: LUGBE as never },
];

type Step =
  | { kind: 'arrive'; day: number; hour: number; district: number; source: number; landing: number }
  | { kind: 'status'; lead: number; status: (typeof LEAD_STATUSES)[number] }
  | { kind: 'district'; lead: number; district: number }
  | { kind: 'hold' | 'release' | 'erase'; lead: number }
  | { kind: 'assign'; lead: number; agent: number }
  | { kind: 'arrived-at'; lead: number; day: number; hour: number }
  | { kind: 'book'; lead: number; state: (typeof BOOKING_STATES)[number] }
  | { kind: 'walk-in'; slot: number; party: number; state: (typeof BOOKING_STATES)[number] }
  | { kind: 'move'; booking: number; slot: number; party: number }
  | { kind: 'booking-deleted'; booking: number }
  | { kind: 'booking'; booking: number; state: (typeof BOOKING_STATES)[number] | null; attendance: 'came' | 'no_show' | null }
  | { kind: 'seat-history'; lead: number; state: (typeof BOOKING_STATES)[number] }
  | { kind: 'claim'; lead: number; stage: 'held' | 'reserved' | 'sold'; price: number }
  | { kind: 'claim-ends' | 'claim-deleted'; claim: number }
  | { kind: 'message'; lead: number; what: (typeof MESSAGE_KINDS)[number]; state: 'queued' | 'sent' | 'failed'; hour: number }
  | { kind: 'message-state'; message: number; state: 'queued' | 'sent' | 'failed'; hour: number }
  | { kind: 'look'; range: number };

/** How long the random histories run at most (Vitest's own timeout is 90 s). */
const HISTORIES_LIMIT_MS = 60_000;

/** The first automatic messages (first reply, receipt) and one that is not. */
const MESSAGE_KINDS = ['first_reply', 'receipt', 'agent_reply'] as const;

const SOURCES: [string | null, string | null, string | null][] = [
  [null, null, null],
  ['Facebook', 'CPC', null],
  ['facebook', 'cpc', null],
  ['google', null, null],
  [' ', null, 'https://www.Google.com/search?q=plots'],
  [null, null, 'https://nairaland.com/thread/1'],
  [null, null, 'not a url'],
  ['tiktok', 'paid', null],
  ['x', 'y', null],
  ['newsletter', '', null],
];
const LANDINGS = [null, '/', '/lugbe?fbclid=abc', '/lugbe?gclid=1#form', '/moniya?utm_source=x&fbclid=2', '/moniya'];
const DISTRICTS = [LUGBE, MONIYA, null];

const lead = fc.nat({ max: 30 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('arrive' as const),
      day: fc.nat({ max: 6 }),
      hour: fc.nat({ max: 23 }),
      district: fc.nat({ max: 2 }),
      source: fc.nat({ max: SOURCES.length - 1 }),
      landing: fc.nat({ max: LANDINGS.length - 1 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('status' as const), lead, status: fc.constantFrom(...LEAD_STATUSES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('district' as const), lead, district: fc.nat({ max: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('hold' as const, 'release' as const, 'erase' as const), lead }) },
  // Two agents, or nobody (index 2).
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('assign' as const), lead, agent: fc.nat({ max: 2 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('arrived-at' as const), lead, day: fc.nat({ max: 6 }), hour: fc.nat({ max: 23 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('book' as const), lead, state: fc.constantFrom(...BOOKING_STATES) }) },
  // Walk-ins, a booking moved to the other inspection with another party, a booking deleted (inspection_slot_counts).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('walk-in' as const),
      slot: fc.nat({ max: 1 }),
      party: fc.integer({ min: 1, max: 5 }),
      state: fc.constantFrom(...BOOKING_STATES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      booking: fc.nat({ max: 30 }),
      slot: fc.nat({ max: 1 }),
      party: fc.integer({ min: 1, max: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('booking-deleted' as const), booking: fc.nat({ max: 30 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('booking' as const),
      booking: fc.nat({ max: 30 }),
      state: fc.constantFrom(...BOOKING_STATES, null, null),
      attendance: fc.constantFrom('came' as const, 'came' as const, 'no_show' as const, null),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('seat-history' as const), lead, state: fc.constantFrom(...BOOKING_STATES) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      lead,
      stage: fc.constantFrom('held' as const, 'reserved' as const, 'sold' as const),
      price: fc.integer({ min: 1, max: 3_000_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('claim-ends' as const, 'claim-deleted' as const), claim: fc.nat({ max: 30 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      lead,
      what: fc.constantFrom(...MESSAGE_KINDS),
      state: fc.constantFrom('queued' as const, 'sent' as const, 'failed' as const),
      hour: fc.nat({ max: 23 }),
    }),
  },
  // An owner opens the dashboard: the ended weeks' first-contact figures are kept from then on, until a lead moves.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('look' as const), range: fc.nat({ max: 5 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('message-state' as const),
      message: fc.nat({ max: 30 }),
      state: fc.constantFrom('queued' as const, 'sent' as const, 'failed' as const),
      hour: fc.nat({ max: 23 }),
    }),
  },
);

/** An instant on the window's days (a day before and after included), at a Lagos hour. */
const at = (day: number, hour: number) => new Date(Date.parse('2026-02-28T00:00:00+01:00') + day * 86_400_000 + hour * 3_600_000);

describeEachDriver('dashboard summaries equal a full recount', (ctx) => {
  let owner: Awaited<ReturnType<typeof makeStaff>>;
  let agents: string[] = [];
  let slotIds: string[] = [];
  beforeAll(async () => {
    owner = await makeStaff(ctx.handle().db, 'owner');
    agents = [(await makeStaff(ctx.handle().db, 'agent')).id, (await makeStaff(ctx.handle().db, 'agent')).id];
    const slot = (district: string, startsAt: Date) =>
      insertSlot(ctx.handle().db, { district: district as never, startsAt, kind: 'on_site', seats: 50, meetingPoint: 'Gate' });
    slotIds = [(await slot(LUGBE, at(5, 10))).id, (await slot(MONIYA, at(3, 14))).id];
  });

  async function run(db: Db, steps: Step[]) {
    const boss = await ctx.handle().jobs();
    const ids: string[] = [];
    const bookings: string[] = [];
    const claims: string[] = [];
    const messages: string[] = [];
    let n = 0;
    for (const s of steps) {
      const id = ids.length ? ids[('lead' in s ? s.lead : 0) % ids.length] : undefined;
      const booking = bookings.length && 'booking' in s ? bookings[s.booking % bookings.length] : undefined;
      const claim = claims.length && 'claim' in s ? claims[s.claim % claims.length] : undefined;
      if (s.kind === 'walk-in') {
        const [row] = await db
          .insert(inspectionBookings)
          .values({ slotId: slotIds[s.slot], walkInName: 'Walk-in', partySize: s.party, state: s.state })
          .returning({ id: inspectionBookings.id });
        bookings.push(row.id);
        continue;
      }
      if (s.kind === 'move' || s.kind === 'booking-deleted') {
        if (booking && s.kind === 'move')
          await db
            .update(inspectionBookings)
            .set({ slotId: slotIds[s.slot], partySize: s.party })
            .where(eq(inspectionBookings.id, booking));
        if (booking && s.kind === 'booking-deleted') await db.delete(inspectionBookings).where(eq(inspectionBookings.id, booking));
        continue;
      }
      if (s.kind === 'booking') {
        // One column at a time, as the booking service writes them (a trigger on some columns only must see each).
        const change = s.state === null ? { attendance: s.attendance } : { state: s.state };
        if (booking) await db.update(inspectionBookings).set(change).where(eq(inspectionBookings.id, booking));
        continue;
      }
      if (s.kind === 'look') {
        await dashboardFigures(db, RANGES[s.range % RANGES.length], DEFAULT_WORKING_TIME, at(6, 12));
        continue;
      }
      if (s.kind === 'message-state') {
        const message = messages.length ? messages[s.message % messages.length] : undefined;
        const sentAt = s.state === 'sent' ? at(6, s.hour) : null;
        if (message) await db.update(outboxMessages).set({ state: s.state, sentAt }).where(eq(outboxMessages.id, message));
        continue;
      }
      if (s.kind === 'claim-ends' || s.kind === 'claim-deleted') {
        if (claim && s.kind === 'claim-ends')
          await db
            .update(plotClaims)
            .set({ endedAt: at(6, 0), endReason: 'released' })
            .where(eq(plotClaims.id, claim));
        if (claim && s.kind === 'claim-deleted') await db.delete(plotClaims).where(eq(plotClaims.id, claim));
        continue;
      }
      if (s.kind === 'arrive') {
        const [utmSource, utmMedium, referrer] = SOURCES[s.source];
        const district = DISTRICTS[s.district];
        const [row] = await db
          .insert(leads)
          .values({
            title: district ? ('Mrs' as const) : null,
            fullName: `Recount ${n}`,
            email: district ? `recount-${n}@example.com` : null,
            phoneRaw: '0803 123 4567',
            origin: district ? 'form' : 'whatsapp',
            district: district as typeof LUGBE | null,
            utmSource,
            utmMedium,
            referrer,
            landingPath: LANDINGS[s.landing],
            createdAt: at(s.day, s.hour),
          })
          .returning({ id: leads.id });
        n++;
        ids.push(row.id);
      } else if (!id) continue;
      else if (s.kind === 'status') await changeLeadStatus(db, id, s.status, owner, at(6, 0));
      else if (s.kind === 'district') await changeLeadDistrict(db, id, DISTRICTS[s.district] as never, owner, at(6, 0));
      else if (s.kind === 'assign')
        await db
          .update(leads)
          .set({ assignedTo: agents[s.agent] ?? null })
          .where(eq(leads.id, id));
      else if (s.kind === 'hold') await holdLeads(db, [id]);
      else if (s.kind === 'release') await unholdLeads(db, [id]);
      else if (s.kind === 'book') {
        const [row] = await db
          .insert(inspectionBookings)
          .values({ slotId: slotIds[0], leadId: id, partySize: 1, state: s.state })
          .returning({ id: inspectionBookings.id });
        bookings.push(row.id);
      } else if (s.kind === 'seat-history')
        await db
          .insert(leadActivity)
          .values({ leadId: id, actorEmail: 'recount@example.com', action: 'inspection_booked', detail: { state: s.state } });
      else if (s.kind === 'claim') {
        const [plot] = await db
          .insert(plots)
          .values({ district: LUGBE, block: 'R', label: `R-${crypto.randomUUID()}`, sizeSqm: 500, priceKobo: s.price })
          .returning({ id: plots.id });
        const [row] = await db
          .insert(plotClaims)
          .values({
            plotId: plot.id,
            leadId: id,
            stage: s.stage,
            priceKobo: s.price,
            heldUntil: s.stage === 'held' ? at(7, 0) : null,
            reservedAt: s.stage === 'reserved' ? at(6, 0) : null,
            soldAt: s.stage === 'sold' ? at(6, 0) : null,
          })
          .returning({ id: plotClaims.id });
        claims.push(row.id);
      } else if (s.kind === 'message') {
        const [row] = await db
          .insert(outboxMessages)
          .values({
            subjectType: 'lead',
            subjectId: id,
            leadId: id,
            kind: s.what,
            channel: 'whatsapp',
            dedupeKey: `recount:${crypto.randomUUID()}`,
            state: s.state,
            sentAt: s.state === 'sent' ? at(6, s.hour) : null,
          })
          .returning({ id: outboxMessages.id });
        messages.push(row.id);
      } else if (s.kind === 'arrived-at')
        await db
          .update(leads)
          .set({ createdAt: at(s.day, s.hour) })
          .where(eq(leads.id, id));
      else if (s.kind === 'erase') {
        const [row] = await db.select({ email: leads.email }).from(leads).where(eq(leads.id, id));
        if (row?.email) await eraseSubject(db, boss, { email: row.email });
        if (row?.email) ids.splice(ids.indexOf(id), 1);
      }
    }
  }

  it("the team panel and the funnel count a new lead overdue from the minute a target's working time has passed", async () => {
    const db = ctx.handle().db;
    await db.delete(plotClaims);
    await db.delete(inspectionBookings);
    await db.delete(leads);
    // Monday 08:30 in Lagos: an hour of working time back is Friday 16:30.
    const arrivals = ['2026-02-27T16:29', '2026-02-27T16:30', '2026-02-27T16:31', '2026-02-28T10:00', '2026-03-02T08:29'];
    for (const [n, arrived] of arrivals.entries())
      await db.insert(leads).values({
        title: 'Mrs',
        fullName: `Overdue ${n}`,
        email: `overdue-${n}@example.com`,
        phoneRaw: '0803 123 4567',
        district: LUGBE,
        assignedTo: agents[0],
        createdAt: new Date(`${arrived}:00+01:00`),
      });
    const now = new Date('2026-03-02T08:30:00+01:00');
    const panel = await teamWorkload(db, DEFAULT_WORKING_TIME, now);
    expect(panel.find((member) => member.id === agents[0])).toMatchObject({ open: 5, overdue: 2 });
    expect(panel).toEqual(await recountTeam(db, DEFAULT_WORKING_TIME, now));
    // The funnel of the leads' weeks, and of the Friday alone: the same two.
    for (const range of [RANGES[3], { from: '2026-02-27', to: '2026-02-27' }])
      expect((await dashboardFigures(db, range, DEFAULT_WORKING_TIME, now)).funnel.overdue).toBe(2);
  });

  it('after random moves, holds, releases, erasures and restores from spam, on every range and filter', async () => {
    const db = ctx.handle().db;
    const details = await fc.check(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        await db.delete(plotClaims);
        await db.delete(inspectionBookings);
        await db.delete(leads);
        await run(db, steps);
        for (const range of RANGES) {
          const figures = await dashboardFigures(db, range, DEFAULT_WORKING_TIME, at(6, 12));
          expect(shown(figures, await leadsByAttribution(db, range))).toEqual(await recount(db, range));
        }
        expect(await firstMessagesAstray(db)).toEqual([]);
        expect(await monthsAstray(db)).toEqual([]);
        // The team panel (lead_staff_counts less the leads of the last working hour) and its recount: on a Saturday, on
        // Monday at 08:30 (the weekend's leads not overdue yet), at 9 (overdue since), on Friday noon, and when all of
        // them are overdue.
        for (const now of [at(0, 12), at(2, 8.5), at(2, 9), at(6, 12), at(40, 12)])
          expect(await teamWorkload(db, DEFAULT_WORKING_TIME, now)).toEqual(await recountTeam(db, DEFAULT_WORKING_TIME, now));
        // Nothing left over once every lead and booking is gone: each summary row went back to zero.
        await db.delete(inspectionBookings);
        await db.delete(leads);
        expect(await summaryLeftovers(db)).toBe(0);
      }),
      // A history takes 0.2 s alone and several times that on a loaded machine: past the limit the runs stop where they
      // are, so that a counterexample is reported with its seed rather than lost in Vitest's 90 s timeout.
      { numRuns: 40, plugins: [fc.interruptAfterTimeLimit(HISTORIES_LIMIT_MS)] },
    );
    if (details.failed) throw new Error(fc.defaultReportMessage(details));
    // Stopped by the limit: enough histories must have run for the comparison to mean something, and one that hangs
    // among the first ten fails here rather than passing as interrupted.
    expect(details.numRuns, `histories compared in ${HISTORIES_LIMIT_MS / 1000} s (of 40)`).toBeGreaterThanOrEqual(10);
  });
});
