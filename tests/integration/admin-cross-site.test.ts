import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { GET as listLeads } from '@/app/api/admin/leads/route';
import { GET as exportLeads } from '@/app/api/admin/exports/leads/route';
import { GET as exportNewsletter } from '@/app/api/admin/exports/newsletter/route';
import { GET as me } from '@/app/api/admin/me/route';
import { GET as recentPassword } from '@/app/api/admin/account/reauth/route';
import { GET as stats } from '@/app/api/admin/stats/route';
import { STAFF_COPY } from '@/content/staff';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { newsletterSubscribers, staffAudit } from '@/lib/db/schema';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

type Get = (request: Request, context: undefined) => Promise<Response>;
// The privacy export is a POST (the person's address stays out of the URL): staff-routes.test.ts refuses it cross-site.
const READS: [string, Get][] = [
  ['/api/admin/leads', listLeads as Get],
  ['/api/admin/exports/leads', exportLeads as Get],
  ['/api/admin/exports/newsletter', exportNewsletter as Get],
  ['/api/admin/me', me as Get],
  ['/api/admin/stats', stats as Get],
  // Asked before a download (0345): whether the password was typed recently.
  ['/api/admin/account/reauth', recentPassword as Get],
];

describeEachDriver('staff API: cross-site requests refused, exports audited', (ctx) => {
  let ownerCookie = '';
  let ownerEmail = '';
  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      TRUST_PROXY: undefined,
    });
    const db = ctx.handle().db;
    const owner = await makeStaff(db, 'owner');
    ownerEmail = owner.email;
    ownerCookie = await sessionCookieFor(db, owner);
    for (const [i, district] of (['Lugbe, Abuja', 'Lugbe, Abuja', 'Moniya, Ibadan'] as const).entries())
      await saveLead(db, {
        input: validLead({ email: `export-${i}@example.com`, fullname: `Export Person ${i}`, district }) as never,
        spam: false,
      });
    await db.insert(newsletterSubscribers).values(
      ['a', 'b'].map((name) => ({
        email: `reader-${name}@example.com`,
        unsubscribeToken: `token-${name}-0123456789`,
        confirmedAt: new Date(),
      })),
    );
  });

  const lastAudit = async (action: string) =>
    (await ctx.handle().db.select().from(staffAudit).where(eq(staffAudit.action, action)).orderBy(desc(staffAudit.createdAt)).limit(1))[0];

  it('every GET, exports included, is refused when it comes from another site (or a sibling subdomain)', async () => {
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const [path, route] of READS) {
      for (const headers of foreign) {
        const res = await route(staffRequest(path, { cookie: ownerCookie, headers }), undefined);
        expect([path, headers, res.status]).toEqual([path, headers, 403]);
        expect(await res.json()).toEqual({ error: STAFF_COPY.errors.crossSite });
      }
      // The staff's own pages (same-origin), a typed or bookmarked address (none), and non-browser clients still work.
      for (const headers of [{ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }, { 'sec-fetch-site': 'none' }, {}] as Record<
        string,
        string
      >[]) {
        const res = await route(staffRequest(path, { cookie: ownerCookie, headers }), undefined);
        expect([path, headers, res.status]).toEqual([path, headers, 200]);
        await res.body?.cancel();
      }
    }
  });

  it('a lead export records who, which filters (not the search text) and how many rows, before sending them', async () => {
    const res = await exportLeads(
      staffRequest('/api/admin/exports/leads?district=Lugbe%2C%20Abuja&q=export', { cookie: ownerCookie }),
      undefined,
    );
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const audit = await lastAudit('leads.export');
    expect(audit).toMatchObject({ actorEmail: ownerEmail, detail: { filters: { district: 'Lugbe, Abuja', search: true }, rows: 2 } });
    expect(lines).toHaveLength(1 + 2);
    expect(JSON.stringify(audit.detail)).not.toContain('export');
  });

  it('a newsletter export records who and how many rows', async () => {
    const res = await exportNewsletter(staffRequest('/api/admin/exports/newsletter', { cookie: ownerCookie }), undefined);
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(1 + 2);
    expect(await lastAudit('newsletter.export')).toMatchObject({ actorEmail: ownerEmail, detail: { rows: 2 } });
  });
});
