import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { GET as dashboardRoute } from '@/app/api/admin/dashboard/route';
import { GET as conversionCsvRoute } from '@/app/api/admin/exports/conversion/route';
import { rowLabel, sortConversionRows, type ConversionRow } from '@/modules/insights/conversion';
import { conversionFigures } from '@/modules/insights/conversion.server';
import { inspectionTotals } from '@/modules/insights/inspection-funnel';
import { inspectionFigures } from '@/modules/insights/dashboard.repository.server';
import { insertSlot } from '@/modules/inspections/inspections.repository.server';
import {
  addWalkIn,
  bookInspection,
  callOffSlot,
  cancelInspection,
  markInspectionAttendance,
} from '@/modules/inspections/inspections.server';
import type { DistrictChoice } from '@/lib/db/enums';
import { leads } from '@/lib/db/schema';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * The funnel on the dashboard (issue 44, item 9): leads → inspection booked → came → won, per district and per campaign
 * and landing page, with the no-show rate and seats filled, on a small data set built through the booking service and
 * worked out by hand below, on PGlite and PostgreSQL.
 */

const RANGE = { from: '2026-03-02', to: '2026-03-15' };
const LUGBE: DistrictChoice = 'Lugbe, Abuja';
const MONIYA: DistrictChoice = 'Moniya, Ibadan';
const lagos = (text: string) => new Date(`${text.replace(' ', 'T')}:00+01:00`);
/** When the figures are read: after the inspections of 7 March, before the one of 14 March. */
const NOW = lagos('2026-03-10 12:00');

/*
 * Leads of the range (all arrived 2–4 March):
 *   A Lugbe  facebook / paid / nov, /d1   books S1 for 2 → came → won
 *   B Lugbe  facebook / paid / nov, /d1   books S1 for 2 (S1 now full) → no-show
 *   C Moniya facebook / paid / nov, /     books S2 for 1 → cancels before the day: booked all the same
 *   D Moniya google / cpc / nov, /d2      books S2 for 3 → came
 *   E Lugbe  google / cpc / nov, /d1      S1 full: joins its waiting list, then leaves it: never booked
 *   F Moniya google / cpc / nov, /d2      no booking
 * Outside: Z (arrived 20 February) books S0 (1 March) and does not come: in no figure.
 *
 * Inspections:
 *   S0 Lugbe  Sun 1 Mar 10:00, 3 seats   outside the range
 *   S1 Lugbe  Sat 7 Mar 10:00, 4 seats   A 2 + B 2 = 4 taken; came 1 (A), no-show 1 (B)
 *   S2 Moniya Sat 7 Mar 10:00, 6 seats   D 3 + a walk-in party of 2 = 5 taken; came 1 (D; the walk-in is not a lead)
 *   S4 Moniya Sun 8 Mar 10:00, 5 seats   called off: in no total
 *   S3 Lugbe  Sat 14 Mar 10:00, 10 seats upcoming, empty
 *
 * Funnel: Lugbe 3 leads, 2 booked, 1 came, 1 won; Moniya 3, 2, 1, 0; in all 6, 4, 2, 1.
 * No-show rate: 1 ÷ (2 + 1) on the inspections held. Seats filled: (4 + 5 + 0) ÷ (4 + 6 + 10) = 9 ÷ 20 = 45%.
 */
describeEachDriver('dashboard: site inspections', (ctx) => {
  let ownerCookie = '';
  const slotIds: Record<string, string> = {};

  beforeAll(async () => {
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop' });
    const db = ctx.handle().db;
    const jobs = await ctx.handle().jobs();
    const agent = await makeStaff(db, 'agent');
    ownerCookie = await sessionCookieFor(db, await makeStaff(db, 'owner'));

    const lead = async (name: string, at: string, district: DistrictChoice, landing: string, utm?: [string, string, string]) => {
      const [row] = await db
        .insert(leads)
        .values({
          title: 'Mrs',
          fullName: `Inspection Lead ${name}`,
          email: `inspection-${name.toLowerCase()}@example.com`,
          phoneRaw: '0803 123 4567',
          district,
          landingPath: utm ? `${landing}?utm_source=${utm[0]}&utm_medium=${utm[1]}&utm_campaign=${utm[2]}` : landing,
          utmSource: utm?.[0] ?? null,
          utmMedium: utm?.[1] ?? null,
          utmCampaign: utm?.[2] ?? null,
          status: 'contacted',
          createdAt: lagos(at),
        })
        .returning({ id: leads.id });
      return row.id;
    };
    const facebook: [string, string, string] = ['facebook', 'paid', 'nov'];
    const google: [string, string, string] = ['google', 'cpc', 'nov'];
    const A = await lead('A', '2026-03-02 09:00', LUGBE, '/d1', facebook);
    const B = await lead('B', '2026-03-02 11:00', LUGBE, '/d1', facebook);
    const C = await lead('C', '2026-03-03 10:00', MONIYA, '/', facebook);
    const D = await lead('D', '2026-03-03 15:00', MONIYA, '/d2', google);
    const E = await lead('E', '2026-03-04 08:00', LUGBE, '/d1', google);
    await lead('F', '2026-03-04 12:00', MONIYA, '/d2', google);
    const Z = await lead('Z', '2026-02-20 10:00', LUGBE, '/d1', facebook);

    const slot = async (name: string, district: DistrictChoice, at: string, seats: number) => {
      slotIds[name] = (await insertSlot(db, { district, startsAt: lagos(at), kind: 'on_site', seats, meetingPoint: 'Gate' })).id;
      return slotIds[name];
    };
    const S0 = await slot('S0', LUGBE, '2026-03-01 10:00', 3);
    const S1 = await slot('S1', LUGBE, '2026-03-07 10:00', 4);
    const S2 = await slot('S2', MONIYA, '2026-03-07 10:00', 6);
    const S4 = await slot('S4', MONIYA, '2026-03-08 10:00', 5);
    await slot('S3', LUGBE, '2026-03-14 10:00', 10);

    const book = async (leadId: string, slotId: string, partySize: number, at: string, waitIfFull = false) => {
      const outcome = await bookInspection(db, { leadId, slotId, partySize, waitIfFull }, jobs, lagos(at));
      if (!outcome.ok) throw new Error(`booking refused: ${outcome.why}`);
      return outcome.booking;
    };
    const z = await book(Z, S0, 1, '2026-02-21 10:00');
    const a = await book(A, S1, 2, '2026-03-04 10:00');
    const b = await book(B, S1, 2, '2026-03-04 11:00');
    const c = await book(C, S2, 1, '2026-03-04 12:00');
    const d = await book(D, S2, 3, '2026-03-05 09:00');
    const e = await book(E, S1, 1, '2026-03-05 10:00', true);
    expect([a.state, b.state, c.state, d.state, e.state]).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'waiting']);
    await cancelInspection(db, c.id, jobs, { now: lagos('2026-03-06 09:00') });
    await cancelInspection(db, e.id, jobs, { now: lagos('2026-03-06 10:00') });
    await callOffSlot(db, S4, agent, jobs, lagos('2026-03-06 11:00'));

    const day = lagos('2026-03-07 13:00');
    await markInspectionAttendance(db, z.id, 'no_show', agent, lagos('2026-03-01 13:00'));
    await markInspectionAttendance(db, a.id, 'came', agent, day);
    await markInspectionAttendance(db, b.id, 'no_show', agent, day);
    await markInspectionAttendance(db, d.id, 'came', agent, day);
    await addWalkIn(db, S2, { name: 'Walk-in Buyer', phone: '0803 000 0000', partySize: 2 }, day);
    await db.update(leads).set({ status: 'won' }).where(eq(leads.id, A));
  });

  const figures = (filters: { district?: DistrictChoice; from: string; to: string } = RANGE) =>
    inspectionFigures(ctx.handle().db, filters, NOW);

  it('counts per district the leads that booked (a seat ever confirmed, not a place in line), came and are won', async () => {
    const result = await figures();
    expect(result.funnel).toEqual([
      { district: LUGBE, leads: 3, booked: 2, attended: 1, won: 1 }, // A and B booked; E only waited
      { district: MONIYA, leads: 3, booked: 2, attended: 1, won: 0 }, // C booked, then cancelled; D came
    ]);
    expect(inspectionTotals(result)).toMatchObject({ leads: 6, booked: 4, attended: 2, won: 1 });
    expect((await figures({ ...RANGE, district: MONIYA })).funnel).toEqual([
      { district: MONIYA, leads: 3, booked: 2, attended: 1, won: 0 },
    ]);
  });

  it('lists each inspection of the period with its seats, walk-ins and attendance; the called-off one counts in no total', async () => {
    const { slots } = await figures();
    const line = (s: (typeof slots)[number]) =>
      `${Object.entries(slotIds).find(([, id]) => id === s.id)?.[0]} ${s.district}: ${s.seatsTaken}/${s.seats} walk-ins ${s.walkIns}, came ${s.came}, no-show ${s.noShow}, unmarked ${s.unmarked}${s.happened ? '' : ', upcoming'}${s.calledOff ? ', called off' : ''}`;
    expect(slots.map(line)).toEqual([
      `S1 ${LUGBE}: 4/4 walk-ins 0, came 1, no-show 1, unmarked 0`,
      `S2 ${MONIYA}: 5/6 walk-ins 2, came 1, no-show 0, unmarked 0`, // C's seat freed; the walk-in sits, but is no lead
      `S4 ${MONIYA}: 0/5 walk-ins 0, came 0, no-show 0, unmarked 0, called off`,
      `S3 ${LUGBE}: 0/10 walk-ins 0, came 0, no-show 0, unmarked 0, upcoming`,
    ]); // S0 and Z's no-show: before the period
    expect(inspectionTotals(await figures())).toEqual({
      leads: 6,
      booked: 4,
      attended: 2,
      won: 1,
      held: 2,
      came: 2,
      noShow: 1,
      unmarked: 0,
      noShowRate: 1 / 3,
      seats: 20,
      seatsTaken: 9,
      walkIns: 2,
      filled: 9 / 20,
    });
    // One district: its inspections only.
    expect(inspectionTotals(await figures({ ...RANGE, district: LUGBE }))).toMatchObject({
      held: 1,
      noShowRate: 1 / 2,
      seats: 14,
      seatsTaken: 4,
      filled: 4 / 14,
    });
  });

  it('sets the same funnel against each campaign and landing page in the conversion table, and its CSV', async () => {
    const { bySource, byPage, totals } = await conversionFigures(ctx.handle().db, RANGE);
    const line = (row: ConversionRow) =>
      `${rowLabel(row.group)}: ${row.leads} leads, ${row.booked} booked, ${row.attended} came, ${row.won} won`;
    expect(sortConversionRows(bySource, 'name', 'asc').map(line)).toEqual([
      'facebook / paid · nov: 3 leads, 3 booked, 1 came, 1 won', // A, B, C
      'google / cpc · nov: 3 leads, 1 booked, 1 came, 0 won', // D; E only waited; F never booked
    ]);
    expect(sortConversionRows(byPage, 'name', 'asc').map(line)).toEqual([
      '/ · Home page: 1 leads, 1 booked, 0 came, 0 won',
      '/d1: 3 leads, 2 booked, 1 came, 1 won',
      '/d2: 2 leads, 1 booked, 1 came, 0 won',
    ]);
    expect(totals).toMatchObject({ leads: 6, booked: 4, attended: 2, won: 1 });
    expect(sortConversionRows(bySource, 'won', 'desc').map((row) => rowLabel(row.group))[0]).toBe('facebook / paid · nov');

    const res = await conversionCsvRoute(
      staffRequest(`/api/admin/exports/conversion?from=${RANGE.from}&to=${RANGE.to}&sort=booked&dir=desc`, { cookie: ownerCookie }),
      undefined,
    );
    expect(res.status).toBe(200);
    expect((await res.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"from","to","district","source_type","source","medium","campaign","visits","visitors","leads","conversion_percent","booked_inspection","attended_inspection","won","whatsapp_leads","held_plot","reserved_plot","reserved_value_ngn","paid_ngn","paid_in_full"',
      '"2026-03-02","2026-03-15","","campaign","facebook","paid","nov","0","0","3","","3","1","1","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-15","","campaign","google","cpc","nov","0","0","3","","1","1","0","0","0","0","0.00","0.00","0"',
      '',
    ]);
  });

  it('answers the inspection figures in GET /api/admin/dashboard too', async () => {
    const res = await dashboardRoute(
      staffRequest(`/api/admin/dashboard?from=${RANGE.from}&to=${RANGE.to}`, { cookie: ownerCookie }),
      undefined,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.inspections.funnel).toEqual([
      { district: LUGBE, leads: 3, booked: 2, attended: 1, won: 1 },
      { district: MONIYA, leads: 3, booked: 2, attended: 1, won: 0 },
    ]);
    expect(body.inspections.slots).toHaveLength(4);
  });
});
