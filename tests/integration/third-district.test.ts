import { isValidElement, type ReactElement } from 'react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

/**
 * Adding a district touches only its content (docs/decisions/0406-districts-are-data.md): a third district given as a
 * fixture here, in the one list of src/content/districts.ts, is found on every surface that lists districts, and is
 * stored by its slug.
 *
 * Test files share their worker's modules (vitest.config.ts, isolate: false), so this file loads its own copy of the
 * app with the longer list (vi.resetModules, then imports) and leaves a fresh registry behind for the next file.
 */
const THIRD = {
  slug: 'd3',
  path: '/d3',
  number: 3,
  name: 'District 3',
  area: 'Kuje',
  city: 'Abuja',
  choice: 'Kuje, Abuja',
  meta: { title: 'District 3 — Kuje, Abuja', description: 'Serviced plots in Kuje, Abuja.' },
  pickup: { meetingPoint: 'District 3 estate gate, Kuje', mapUrl: 'https://maps.example/kuje' },
  homeCard: {
    order: 3,
    heading: 'Kuje, Abuja',
    text: 'Quiet plots south of the airport.',
    ctaContext: 'about Kuje, Abuja',
    imageAlt: 'Kuje',
  },
  offer: { sizeSqm: 500, priceNgn: 4_000_000, depositNgn: 1_000_000, wording: 'plot' },
};

vi.resetModules();
vi.doMock('@/content/districts', async (importOriginal) => {
  const content = await importOriginal<typeof import('@/content/districts')>();
  const third = {
    ...content.d1,
    ...THIRD,
    hero: { ...content.d1.hero, eyebrow: 'District 3 · Kuje, Abuja', image: '/media/district-kuje.svg' },
  };
  return { ...content, DISTRICTS: [...content.DISTRICTS, third] };
});

const { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } = await import('./helpers');
const { makeStaff, sessionCookieFor, staffRequest } = await import('./staff-helpers');
const { POST: interestRoute } = await import('@/app/api/interest/route');
const { GET: listRoute } = await import('@/app/api/admin/leads/route');
const { GET: exportRoute } = await import('@/app/api/admin/exports/leads/route');
const { homeDistrictCards } = await import('@/content/home');
const districtRoute = await import('@/app/(site)/[district]/page');
const inspectionRoute = await import('@/app/(site)/[district]/inspection/page');
const { SiteChrome } = await import('@/modules/site/SiteChrome');
const { default: sitemap } = await import('@/app/sitemap');
const { slotsToBook } = await import('@/modules/inspections/buyer/buyer-pages.server');
const { makeScheduledSlots } = await import('@/modules/inspections/scheduled-slots.server');
const { parseDashboardFilters, parseLeadFilters } = await import('@/modules/leads/staff/schema');
const { dashboardFigures } = await import('@/modules/insights/dashboard.repository.server');
const { DEFAULT_WORKING_TIME } = await import('@/lib/working-time.server');
const { lagosDayOf } = await import('@/lib/working-time');
const { DISTRICT_CHOICES } = await import('@/lib/db/districts');
const { leads, inspectionSchedules } = await import('@/lib/db/schema');
const { eq, sql } = await import('drizzle-orm');

afterAll(() => {
  vi.doUnmock('@/content/districts');
  vi.resetModules();
});

const params = (district: string) => ({ params: Promise.resolve({ district }) });
const propsOf = (node: unknown) => (isValidElement(node) ? (node as ReactElement<Record<string, unknown>>).props : {});

describeEachDriver('a third district added as content only', (ctx) => {
  let ownerCookie = '';
  let leadId = '';
  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      SITE_URL: 'https://plots.example',
      // The default schedule may name the new district by its slug.
      INSPECTION_SCHEDULE: 'sat 10:00 14 on_site; wed 18:00 20 video d3',
    });
    const db = ctx.handle().db;
    ownerCookie = await sessionCookieFor(db, await makeStaff(db, 'owner'));
    // The popup sends the district by its name, as it does for the first two.
    const res = await interestRoute(
      jsonRequest('/api/interest', validLead({ district: 'Kuje, Abuja', email: 'kuje@example.com' }), {
        headers: { ...freshClient(), 'Idempotency-Key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    leadId = (await res.json()).id;
  });

  it('is on the home page, with its own page and booking page, and in the sitemap', async () => {
    expect(homeDistrictCards().map((card) => [card.href, card.heading])).toEqual([
      ['/d2', 'Moniya, Ibadan'],
      ['/d1', 'Lugbe, Abuja'],
      ['/d3', 'Kuje, Abuja'],
    ]);
    expect(districtRoute.generateStaticParams()).toEqual([{ district: 'd1' }, { district: 'd2' }, { district: 'd3' }]);
    expect(districtRoute.dynamicParams).toBe(false);
    expect(await districtRoute.generateMetadata(params('d3'))).toMatchObject({ title: 'District 3 — Kuje, Abuja' });
    expect(propsOf(await districtRoute.default(params('d3'))).district).toMatchObject({ slug: 'd3', name: 'District 3' });
    const booking = await inspectionRoute.generateMetadata({ ...params('d3'), searchParams: Promise.resolve({}) });
    expect(booking.alternates?.canonical).toBe('/d3/inspection');
    expect(propsOf(await inspectionRoute.default({ ...params('d3'), searchParams: Promise.resolve({}) })).district).toMatchObject({
      slug: 'd3',
    });
    // Any other slug is not a page.
    await expect(districtRoute.default(params('d4'))).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    expect(sitemap().map((entry) => entry.url)).toContain('https://plots.example/d3');
  });

  it("is one of the popup's choices, and its lead is stored by slug and read by name", async () => {
    expect(propsOf(SiteChrome({ children: null })).districts).toEqual(['Lugbe, Abuja', 'Moniya, Ibadan', 'Kuje, Abuja']);
    const db = ctx.handle().db;
    const stored = (
      (await db.execute(sql`select district from interest_submissions where id = ${leadId}`)) as unknown as {
        rows: { district: string }[];
      }
    ).rows[0];
    expect(stored.district).toBe('d3');
    const [lead] = await db.select({ district: leads.district }).from(leads).where(eq(leads.id, leadId));
    expect(lead.district).toBe('Kuje, Abuja');
  });

  it('has its own inspections, meeting at its pickup point, from the default schedule', async () => {
    const db = ctx.handle().db;
    // Slots are made by the scheduled job (and at start), never by the page that lists them (docs/decisions/0405).
    await makeScheduledSlots(db);
    const slots = await slotsToBook(db, 'Kuje, Abuja' as never);
    expect(slots.some((slot) => slot.kind === 'on_site' && slot.meetingPoint === 'District 3 estate gate, Kuje')).toBe(true);
    expect(slots.some((slot) => slot.kind === 'video')).toBe(true);
    const schedule = await db.select().from(inspectionSchedules);
    // The video tour was for District 3 alone; the Saturday trip for every district.
    expect(schedule.filter((row) => row.kind === 'video').map((row) => row.district)).toEqual(['Kuje, Abuja']);
    expect(
      schedule
        .filter((row) => row.kind === 'on_site')
        .map((row) => row.district)
        .sort(),
    ).toEqual(['Kuje, Abuja', 'Lugbe, Abuja', 'Moniya, Ibadan'].sort());
  });

  it('is in the staff filters, the dashboard and the CSV, by name', async () => {
    expect(DISTRICT_CHOICES).toContain('Kuje, Abuja');
    expect(parseLeadFilters({ district: 'Kuje, Abuja' })).toMatchObject({ ok: true, filters: { district: 'Kuje, Abuja' } });
    const list = await (
      await listRoute(staffRequest('/api/admin/leads?district=Kuje%2C%20Abuja', { cookie: ownerCookie }), undefined)
    ).json();
    expect(list.leads.map((l: { email: string; district: string }) => [l.email, l.district])).toEqual([
      ['kuje@example.com', 'Kuje, Abuja'],
    ]);

    const today = lagosDayOf(new Date());
    const all = parseDashboardFilters({ from: today, to: today }, new Date());
    if (!all.ok) throw new Error(all.error);
    const figures = await dashboardFigures(ctx.handle().db, all.filters, DEFAULT_WORKING_TIME);
    expect(figures.perDay.filter((d) => d.district === 'Kuje, Abuja').map((d) => d.count)).toEqual([1]);
    expect(figures.inspections.funnel.map((row) => row.district)).toContain('Kuje, Abuja');
    const kuje = parseDashboardFilters({ from: today, to: today, district: 'Kuje, Abuja' }, new Date());
    if (!kuje.ok) throw new Error(kuje.error);
    expect((await dashboardFigures(ctx.handle().db, kuje.filters, DEFAULT_WORKING_TIME)).perDay).toEqual([
      { day: today, district: 'Kuje, Abuja', count: 1 },
    ]);

    const csv = await (
      await exportRoute(staffRequest('/api/admin/exports/leads?district=Kuje%2C%20Abuja', { cookie: ownerCookie }), undefined)
    ).text();
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Kuje, Abuja"');
  });
});
