import { beforeAll, expect, it } from 'vitest';
import { GET as dashboardRoute } from '@/app/api/admin/dashboard/route';
import { GET as conversionCsvRoute } from '@/app/api/admin/exports/conversion/route';
import { GET as leadsCsvRoute } from '@/app/api/admin/exports/leads/route';
import { formatConversion, rowLabel, sortConversionRows, type ConversionRow } from '@/modules/insights/conversion';
import { conversionFigures } from '@/modules/insights/conversion.server';
import { dashboardFigures } from '@/modules/insights/dashboard.repository.server';
import type { DashboardFilters } from '@/modules/leads/staff/schema';
import { leads, visitCounts } from '@/lib/db/schema';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Visits and conversion in the dashboard (issue 32, part 2; docs/decisions/0351-conversion-in-the-dashboard.md), on a
 * seeded set of counted visits and leads whose figures are worked out by hand below, on PGlite and PostgreSQL.
 */

const RANGE = { from: '2026-03-02', to: '2026-03-11' };
const LUGBE = 'Lugbe, Abuja';
const MONIYA = 'Moniya, Ibadan';
const lagos = (text: string) => new Date(`${text.replace(' ', 'T')}:00+01:00`);

type VisitSeed = [
  day: string,
  path: string,
  kind: 'campaign' | 'referrer' | 'direct',
  source: string,
  medium: string,
  campaign: string,
  visits: number,
  visitors: number,
];

/*
 * Counted visits (one row per Lagos day, page and source, as the counter writes them):
 *   facebook / paid / nov      /d1 210 visits (180 visitors) over two days, / 20 (20)   → 230 (200)
 *   google / cpc / nov         /d2 500 (500)
 *   radio / fm-jingle          / 50 (40), no lead at all
 *   nairaland.com (referrer)   / 30 (25)
 *   direct                     / 60 (55), /d2 10 (9)                                     → 70 (64)
 *   @evil / =cmd|calc          / 5 (5), a hostile label for the CSV
 *   outside the range: facebook on 1 and 12 March.
 */
const VISITS: VisitSeed[] = [
  ['2026-03-02', '/d1', 'campaign', 'facebook', 'paid', 'nov', 120, 100],
  ['2026-03-03', '/d1', 'campaign', 'facebook', 'paid', 'nov', 90, 80],
  ['2026-03-03', '/', 'campaign', 'facebook', 'paid', 'nov', 20, 20],
  ['2026-03-04', '/d2', 'campaign', 'google', 'cpc', 'nov', 500, 500],
  ['2026-03-05', '/', 'campaign', 'radio', '', 'fm-jingle', 50, 40],
  ['2026-03-05', '/', 'referrer', 'nairaland.com', '', '', 30, 25],
  ['2026-03-06', '/', 'direct', '', '', '', 60, 55],
  ['2026-03-07', '/d2', 'direct', '', '', '', 10, 9],
  ['2026-03-08', '/', 'campaign', '@evil', '', '=cmd|calc', 5, 5],
  ['2026-03-01', '/d1', 'campaign', 'facebook', 'paid', 'nov', 999, 999],
  ['2026-03-12', '/d1', 'campaign', 'facebook', 'paid', 'nov', 777, 777],
];

interface LeadSeed {
  at: string;
  district: string;
  landing?: string;
  utm?: [string, string?, string?];
  referrer?: string;
  spam?: 'honeypot' | 'flood';
}

/*
 * Leads, each placed on the row its own visit was counted in (UTM labels lower-cased, the page without its query or a
 * trailing slash):
 *   A Lugbe  /d1 from Facebook / Paid / Nov (capitals, an fbclid)   B Lugbe /d1/ facebook     C Moniya / facebook
 *   D Moniya /d2 google / cpc / nov    E Lugbe / from www.nairaland.com    F Moniya / direct
 *   G Lugbe  whatsapp, no landing page recorded (sent before pages recorded it): a row with leads and no visits
 * Not counted, as in every other figure: H spam, I held in a flood, J 1 March 23:30 Lagos, K 12 March 00:05 Lagos.
 */
const LEADS: LeadSeed[] = [
  {
    at: '2026-03-02 10:00',
    district: LUGBE,
    landing: '/d1?utm_source=Facebook&utm_medium=Paid&utm_campaign=Nov&fbclid=x',
    utm: ['Facebook', 'Paid', 'Nov'],
  },
  {
    at: '2026-03-03 09:00',
    district: LUGBE,
    landing: '/d1/?utm_source=facebook&utm_medium=paid&utm_campaign=nov',
    utm: ['facebook', 'paid', 'nov'],
  },
  {
    at: '2026-03-03 12:00',
    district: MONIYA,
    landing: '/?utm_source=facebook&utm_medium=paid&utm_campaign=nov',
    utm: ['facebook', 'paid', 'nov'],
  },
  {
    at: '2026-03-04 15:00',
    district: MONIYA,
    landing: '/d2?utm_source=google&utm_medium=cpc&utm_campaign=nov',
    utm: ['google', 'cpc', 'nov'],
  },
  { at: '2026-03-05 11:00', district: LUGBE, landing: '/', referrer: 'https://www.nairaland.com/thread/1' },
  { at: '2026-03-06 18:00', district: MONIYA, landing: '/' },
  { at: '2026-03-07 08:00', district: LUGBE, utm: ['whatsapp'] },
  { at: '2026-03-04 10:00', district: LUGBE, landing: '/d1', utm: ['facebook', 'paid', 'nov'], spam: 'honeypot' },
  { at: '2026-03-04 10:30', district: LUGBE, landing: '/d1', utm: ['facebook', 'paid', 'nov'], spam: 'flood' },
  { at: '2026-03-01 23:30', district: LUGBE, landing: '/d1', utm: ['facebook', 'paid', 'nov'] },
  { at: '2026-03-12 00:05', district: LUGBE, landing: '/d1', utm: ['facebook', 'paid', 'nov'] },
];

/** A row as "name: visits visitors leads conversion", the way the table reads. */
const line = (row: ConversionRow) =>
  `${rowLabel(row.group)}: ${row.visits} ${row.visitors} ${row.leads} ${formatConversion(row.conversion)}`;
const byVisits = (rows: ConversionRow[]) => sortConversionRows(rows, 'visits', 'desc').map(line);

describeEachDriver('dashboard: visits and conversion', (ctx) => {
  let ownerCookie = '';
  let agentCookie = '';
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop' });
    const db = ctx.handle().db;
    await db.insert(visitCounts).values(
      VISITS.map(([day, path, kind, source, medium, campaign, visits, visitors]) => ({
        day,
        path,
        kind,
        source,
        medium,
        campaign,
        visits,
        visitors,
      })),
    );
    await db.insert(leads).values(
      LEADS.map((lead, i) => ({
        title: 'Mrs' as const,
        fullName: `Conversion Lead ${i}`,
        email: `conversion-${i}@example.com`,
        phoneRaw: '0803 123 4567',
        district: lead.district as typeof LUGBE,
        landingPath: lead.landing ?? null,
        utmSource: lead.utm?.[0] ?? null,
        utmMedium: lead.utm?.[1] ?? null,
        utmCampaign: lead.utm?.[2] ?? null,
        referrer: lead.referrer ?? null,
        spam: lead.spam !== undefined,
        spamReason: lead.spam ?? null,
        createdAt: lagos(lead.at),
      })),
    );
    ownerCookie = await sessionCookieFor(db, await makeStaff(db, 'owner'));
    agentCookie = await sessionCookieFor(db, await makeStaff(db, 'agent'));
  });

  const figures = (filters: DashboardFilters) => conversionFigures(ctx.handle().db, filters);

  it('sets each source and campaign against the leads it brought: zero-lead campaigns and leads without visits included', async () => {
    const { bySource, totals } = await figures(RANGE);
    expect(byVisits(bySource)).toEqual([
      'google / cpc · nov: 500 500 1 0.2%',
      'facebook / paid · nov: 230 200 3 1.5%', // A, B and C, whatever their capitals, page or query
      'Direct: 70 64 1 1.6%', // F; 1 ÷ 64 = 1.5625%
      'radio · fm-jingle: 50 40 0 0.0%', // visits and no lead: listed
      'nairaland.com: 30 25 1 4.0%', // E, whose referrer had www.
      '@evil · =cmd|calc: 5 5 0 0.0%',
      'whatsapp: 0 0 1 —', // G: a lead whose visit was never counted
    ]);
    expect(totals).toEqual({
      visits: 885,
      visitors: 834,
      leads: 7,
      conversion: 7 / 834,
      booked: 0,
      attended: 0,
      won: 0,
      byWhatsApp: 0,
      plotsHeld: 0,
      plotsReserved: 0,
      reservedKobo: 0,
    });
  });

  it('counts the same leads as every other figure of the dashboard (no spam, none held, Lagos days)', async () => {
    for (const filters of [
      RANGE,
      { ...RANGE, district: LUGBE },
      { ...RANGE, district: MONIYA },
      { from: '2026-03-01', to: '2026-03-12' },
    ] as const) {
      const { funnel } = await dashboardFigures(ctx.handle().db, filters, DEFAULT_WORKING_TIME, lagos('2026-03-12 12:00'));
      expect((await figures(filters)).totals.leads, JSON.stringify(filters)).toBe(funnel.received);
    }
  });

  it('sets each landing page against the leads that landed there; leads without a recorded page have a row of their own', async () => {
    const { byPage } = await figures(RANGE);
    expect(byVisits(byPage)).toEqual([
      '/d2: 510 509 1 0.2%',
      '/d1: 210 180 2 1.1%', // A, and B, whose page had a trailing slash
      '/ · Home page: 165 145 3 2.1%',
      'Not recorded: 0 0 1 —',
    ]);
  });

  it('with a district: its leads only; visits of its page and of the pages both districts share, never the other district’s', async () => {
    const lugbe = await figures({ ...RANGE, district: LUGBE });
    expect(byVisits(lugbe.bySource)).toEqual([
      'facebook / paid · nov: 230 200 2 1.0%', // A and B; C is for Moniya
      'Direct: 60 55 0 0.0%', // the home page's; /d2's left out, F is for Moniya
      'radio · fm-jingle: 50 40 0 0.0%',
      'nairaland.com: 30 25 1 4.0%',
      '@evil · =cmd|calc: 5 5 0 0.0%',
      'whatsapp: 0 0 1 —',
    ]); // google / cpc: only /d2 visits and a Moniya lead, so no row
    expect(byVisits(lugbe.byPage)).toEqual(['/d1: 210 180 2 1.1%', '/ · Home page: 165 145 1 0.7%', 'Not recorded: 0 0 1 —']);
    const moniya = await figures({ ...RANGE, district: MONIYA });
    expect(byVisits(moniya.byPage)).toEqual(['/d2: 510 509 1 0.2%', '/ · Home page: 165 145 2 1.4%']);
    expect(moniya.totals).toMatchObject({ visits: 675, visitors: 654, leads: 3 });
  });

  it('says from which day visits were counted, and a range with none shows its leads alone', async () => {
    expect((await figures(RANGE)).countingSince).toBe('2026-03-01');
    const before = await figures({ from: '2026-02-01', to: '2026-02-28' });
    expect(before).toMatchObject({ bySource: [], byPage: [], totals: { visits: 0, visitors: 0, leads: 0, conversion: null } });
  });

  it('sorts by each column both ways; rows without visitors come last by conversion either way', async () => {
    const { bySource } = await figures(RANGE);
    const names = (sort: Parameters<typeof sortConversionRows>[1], dir: 'asc' | 'desc') =>
      sortConversionRows(bySource, sort, dir).map((row) => rowLabel(row.group));
    expect(names('conversion', 'desc')).toEqual([
      'nairaland.com',
      'Direct',
      'facebook / paid · nov',
      'google / cpc · nov',
      'radio · fm-jingle', // 0.0% each: more visitors first
      '@evil · =cmd|calc',
      'whatsapp',
    ]);
    expect(names('conversion', 'asc')).toEqual([
      'radio · fm-jingle',
      '@evil · =cmd|calc',
      'google / cpc · nov',
      'facebook / paid · nov',
      'Direct',
      'nairaland.com',
      'whatsapp',
    ]);
    expect(names('leads', 'desc').slice(0, 2)).toEqual(['facebook / paid · nov', 'google / cpc · nov']); // 3, then 1 with the most visitors
    expect(names('visitors', 'asc')[0]).toBe('whatsapp');
    expect(names('name', 'asc')).toEqual([
      '@evil · =cmd|calc',
      'Direct',
      'facebook / paid · nov',
      'google / cpc · nov',
      'nairaland.com',
      'radio · fm-jingle',
      'whatsapp',
    ]);
  });

  it('exports the table as CSV in its order, counts only, formula-safe, to every staff member; refuses what it cannot read', async () => {
    const csv = (query: string, cookie = ownerCookie, headers: Record<string, string> = {}) =>
      conversionCsvRoute(staffRequest(`/api/admin/exports/conversion${query}`, { cookie, headers }), undefined);
    const res = await csv(`?from=${RANGE.from}&to=${RANGE.to}&sort=conversion&dir=desc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="conversion-by-source-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"from","to","district","source_type","source","medium","campaign","visits","visitors","leads","conversion_percent","booked_inspection","attended_inspection","won","whatsapp_leads","held_plot","reserved_plot","reserved_value_ngn","paid_ngn","paid_in_full"',
      '"2026-03-02","2026-03-11","","referrer","nairaland.com","","","30","25","1","4.0","0","0","0","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-11","","direct","","","","70","64","1","1.6","0","0","0","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-11","","campaign","facebook","paid","nov","230","200","3","1.5","0","0","0","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-11","","campaign","google","cpc","nov","500","500","1","0.2","0","0","0","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-11","","campaign","radio","","fm-jingle","50","40","0","0.0","0","0","0","0","0","0","0.00","0.00","0"',
      // Labels anyone can put in a link never start a formula.
      `"2026-03-02","2026-03-11","","campaign","'@evil","","'=cmd|calc","5","5","0","0.0","0","0","0","0","0","0","0.00","0.00","0"`,
      '"2026-03-02","2026-03-11","","campaign","whatsapp","","","0","0","1","","0","0","0","0","0","0","0.00","0.00","0"',
      '',
    ]);

    // By landing page, for one district, as an agent: the same figures the dashboard shows every staff member.
    const pages = await csv(`?from=${RANGE.from}&to=${RANGE.to}&district=Lugbe%2C%20Abuja&view=page&sort=name`, agentCookie);
    expect(pages.status).toBe(200);
    expect(pages.headers.get('content-disposition')).toMatch(/filename="conversion-by-page-/);
    expect((await pages.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"from","to","district","landing_page","visits","visitors","leads","conversion_percent","booked_inspection","attended_inspection","won","whatsapp_leads","held_plot","reserved_plot","reserved_value_ngn","paid_ngn","paid_in_full"',
      '"2026-03-02","2026-03-11","Lugbe, Abuja","/","165","145","1","0.7","0","0","0","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-11","Lugbe, Abuja","/d1","210","180","2","1.1","0","0","0","0","0","0","0.00","0.00","0"',
      '"2026-03-02","2026-03-11","Lugbe, Abuja","","0","0","1","","0","0","0","0","0","0","0.00","0.00","0"',
      '',
    ]);

    // Bad input: a sentence, never a 500.
    for (const [query, error] of [
      ['?sort=cost', 'Sort by name, visits, visitors, leads, conversion, booked, attended or won.'],
      ['?dir=up', 'Sort in the direction asc or desc.'],
      ['?view=campaign', 'Group by source or by landing page (view=source or view=page).'],
      ['?from=2026-03-11&to=2026-03-02', 'From must be on or before To.'],
    ]) {
      const bad = await csv(query);
      expect(bad.status, query).toBe(400);
      expect(await bad.json()).toEqual({ error });
    }

    // Signed out, or from another site: refused as the lead export is.
    const signedOut = await csv('', '');
    const leadsSignedOut = await leadsCsvRoute(staffRequest('/api/admin/exports/leads'), undefined);
    expect([signedOut.status, await signedOut.json()]).toEqual([leadsSignedOut.status, await leadsSignedOut.json()]);
    expect(signedOut.status).toBe(401);
    expect((await csv('', ownerCookie, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('answers the conversion figures in GET /api/admin/dashboard too', async () => {
    const res = await dashboardRoute(
      staffRequest(`/api/admin/dashboard?from=${RANGE.from}&to=${RANGE.to}`, { cookie: agentCookie }),
      undefined,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.conversion.totals).toEqual({
      visits: 885,
      visitors: 834,
      leads: 7,
      conversion: 7 / 834,
      booked: 0,
      attended: 0,
      won: 0,
      byWhatsApp: 0,
      plotsHeld: 0,
      plotsReserved: 0,
      reservedKobo: 0,
    });
    expect(body.conversion.bySource).toContainEqual({
      group: { view: 'source', kind: 'campaign', source: 'radio', medium: '', campaign: 'fm-jingle' },
      visits: 50,
      visitors: 40,
      leads: 0,
      conversion: 0,
      booked: 0,
      attended: 0,
      won: 0,
      byWhatsApp: 0,
      plotsHeld: 0,
      plotsReserved: 0,
      reservedKobo: 0,
    });
  });
});
