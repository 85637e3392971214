import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { POST as resendInvitationRoute } from '@/app/api/admin/staff/[id]/invitation/route';
import { POST as createStaffRoute } from '@/app/api/admin/staff/route';
import { POST as eraseRoute } from '@/app/api/admin/privacy/erase/route';
import { POST as privacyExportRoute } from '@/app/api/admin/privacy/export/route';
import { GET as leadsCsvRoute } from '@/app/api/admin/exports/leads/route';
import { GET as newsletterCsvRoute } from '@/app/api/admin/exports/newsletter/route';
import { GET as recentPasswordRoute, POST as reauthRoute } from '@/app/api/admin/account/reauth/route';
import { POST as passwordRoute } from '@/app/api/admin/account/password/route';
import { POST as renewCodesRoute } from '@/app/api/admin/account/recovery-codes/route';
import { DELETE as turnOffRoute } from '@/app/api/admin/account/second-factor/route';
import { findStaffByEmail } from '@/modules/staff/repository.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { confirmPageGoesOn, downloadPageTarget } from '@/modules/staff/sessions/recent-password.server';
import { getEnv } from '@/lib/env.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { STAFF_DOWNLOADS } from '@/lib/constants';
import { staffAudit } from '@/lib/db/schema';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { cookiesOf, formRequest, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const ELEVEN_MINUTES_AGO = () => new Date(Date.now() - 11 * 60_000);

describeEachDriver('changes that need the password typed recently', (ctx) => {
  const db = () => ctx.handle().db;
  beforeAll(() => setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, STAFF_REAUTH_SECONDS: undefined }));

  const call = <C>(
    handler: (r: Request, c: C) => Promise<Response>,
    path: string,
    method: string,
    cookie: string,
    body?: unknown,
    routeContext?: C,
  ) => handler(staffRequest(path, { method, cookie, body, headers: freshClient() }), routeContext as C);

  it('role changes, invitation links, password and second-factor changes and erasure answer 403 {reauth: true} when the password is older than 10 minutes', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const stale = await sessionCookieFor(db(), owner, 3600, ELEVEN_MINUTES_AGO());
    const idContext = { params: Promise.resolve({ id: agent.id }) };
    const refusals = [
      await call(patchStaffRoute, `/api/admin/staff/${agent.id}`, 'PATCH', stale, { role: 'owner' }, idContext),
      await call(resendInvitationRoute, `/api/admin/staff/${agent.id}/invitation`, 'POST', stale, undefined, idContext),
      await call(eraseRoute, '/api/admin/privacy/erase', 'POST', stale, { email: 'someone@example.com' }),
      await call(passwordRoute, '/api/admin/account/password', 'POST', stale, { password: 'Another-Good-Passphrase-7' }),
      await call(renewCodesRoute, '/api/admin/account/recovery-codes', 'POST', stale),
      await call(turnOffRoute, '/api/admin/account/second-factor', 'DELETE', stale),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'For your security, confirm your password to make this change.', reauth: true });
    }
    // Reads and lead work do not ask.
    expect(
      (
        await call(
          patchStaffRoute,
          `/api/admin/staff/${agent.id}`,
          'PATCH',
          await sessionCookieFor(db(), owner),
          { role: 'owner' },
          idContext,
        )
      ).status,
    ).toBe(200);
  });

  it('the password again makes them go through; a wrong one is refused', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const stale = await sessionCookieFor(db(), owner, 3600, ELEVEN_MINUTES_AGO());
    const idContext = { params: Promise.resolve({ id: agent.id }) };
    const wrong = await call(reauthRoute, '/api/admin/account/reauth', 'POST', stale, { password: 'not-the-password' });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe('That password is not right.');
    expect((await call(reauthRoute, '/api/admin/account/reauth', 'POST', stale, {})).status).toBe(400);
    const right = await call(reauthRoute, '/api/admin/account/reauth', 'POST', stale, { password: STAFF_PASSWORD });
    expect(right.status).toBe(200);
    const session = await resolveSession(db(), tokenFromCookieHeader(stale));
    expect(session.ok && Date.now() - session.staff.passwordCheckedAt.getTime()).toBeLessThan(5000);
    expect((await call(patchStaffRoute, `/api/admin/staff/${agent.id}`, 'PATCH', stale, { role: 'owner' }, idContext)).status).toBe(200);
  });

  const REAUTH_ANSWER = { error: 'For your security, confirm your password to make this change.', reauth: true };
  const newAccount = () => ({
    email: `new-${Math.random().toString(36).slice(2, 10)}@example.com`,
    name: 'New Agent',
    role: 'agent',
  });
  const auditsBy = async (staffId: string) =>
    (await db().select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.actorId, staffId)))
      .map((row) => row.action)
      .sort();

  it("creating staff, the lead and newsletter CSVs and a person's data export answer 403 {reauth: true} when the password is older than 10 minutes; nothing is created, exported or recorded", async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const staleOwner = await sessionCookieFor(db(), owner, 3600, ELEVEN_MINUTES_AGO());
    const staleAgent = await sessionCookieFor(db(), agent, 3600, ELEVEN_MINUTES_AGO());
    const account = newAccount();
    const refusals = {
      createStaff: await call(createStaffRoute, '/api/admin/staff', 'POST', staleOwner, account),
      leadsCsvOwner: await call(leadsCsvRoute, '/api/admin/exports/leads', 'GET', staleOwner),
      newsletterCsv: await call(newsletterCsvRoute, '/api/admin/exports/newsletter', 'GET', staleOwner),
      personalData: await call(privacyExportRoute, '/api/admin/privacy/export', 'POST', staleOwner, { email: 'someone@example.com' }),
      // What a download asks before it starts (the page's dialog then asks for the password).
      recentPassword: await call(recentPasswordRoute, '/api/admin/account/reauth', 'GET', staleAgent),
    };
    for (const [name, res] of Object.entries(refusals)) {
      expect([name, res.status, res.headers.get('content-disposition'), await res.json()]).toEqual([name, 403, null, REAUTH_ANSWER]);
    }
    expect(await findStaffByEmail(db(), account.email)).toBeUndefined();
    expect(await auditsBy(owner.id)).toEqual([]);
    expect(await auditsBy(agent.id)).toEqual([]);
    // An agent is still refused the owners' newsletter and lead CSV first: the role comes before the password.
    for (const [route, path] of [
      [newsletterCsvRoute, '/api/admin/exports/newsletter'],
      [leadsCsvRoute, '/api/admin/exports/leads?district=Lugbe%2C%20Abuja'],
    ] as const) {
      const refused = await call(route, path, 'GET', staleAgent);
      expect([path, refused.status, (await refused.json()).reauth]).toEqual([path, 403, undefined]);
    }
  });

  it('after the password again all four go through, and the CSVs are still downloads', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const staleOwner = await sessionCookieFor(db(), owner, 3600, ELEVEN_MINUTES_AGO());
    const staleAgent = await sessionCookieFor(db(), agent, 3600, ELEVEN_MINUTES_AGO());
    for (const cookie of [staleOwner, staleAgent]) {
      expect((await call(reauthRoute, '/api/admin/account/reauth', 'POST', cookie, { password: STAFF_PASSWORD })).status).toBe(200);
    }
    const recent = await call(recentPasswordRoute, '/api/admin/account/reauth', 'GET', staleAgent);
    expect([recent.status, await recent.json()]).toEqual([200, { ok: true }]);

    const account = newAccount();
    const created = await call(createStaffRoute, '/api/admin/staff', 'POST', staleOwner, account);
    expect(created.status).toBe(201);
    expect(await findStaffByEmail(db(), account.email)).toMatchObject({ role: 'agent' });

    for (const [res, name] of [
      [await call(leadsCsvRoute, '/api/admin/exports/leads?district=Lugbe%2C%20Abuja', 'GET', staleOwner), 'leads'],
      [await call(newsletterCsvRoute, '/api/admin/exports/newsletter', 'GET', staleOwner), 'newsletter'],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      // UTF-8 with its BOM, then the quoted header row.
      expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
    }
    const personal = await call(privacyExportRoute, '/api/admin/privacy/export', 'POST', staleOwner, { email: 'someone@example.com' });
    expect(personal.status).toBe(200);
    expect(personal.headers.get('content-disposition')).toBe('attachment; filename="personal-data.json"');
    expect(await personal.json()).toMatchObject({ leads: [], newsletter: [] });

    expect(await auditsBy(owner.id)).toEqual(['leads.export', 'newsletter.export', 'privacy.export', 'staff.create']);
    // The lead CSV is the owners' (docs/decisions/0388): the agent confirmed the password and exported nothing.
    expect(await auditsBy(agent.id)).toEqual([]);
  });

  it('without scripts: a download link opens a page that asks for the password, whose plain form goes on to the download', async () => {
    const agent = await makeStaff(db(), 'agent');
    const stale = await sessionCookieFor(db(), agent, 3600, ELEVEN_MINUTES_AGO());
    const search = '?district=Lugbe%2C+Abuja&q=ada';
    const page = `${STAFF_DOWNLOADS.leads.page}${search}`;
    // The download's page: a stale password goes to the page that asks for it, and comes back after.
    const session = await resolveSession(db(), tokenFromCookieHeader(stale));
    if (!session.ok) throw new Error('no session');
    expect(downloadPageTarget(session.staff, STAFF_DOWNLOADS.leads, search)).toBe(
      `/admin/confirm-password?next=${encodeURIComponent(page)}`,
    );
    expect(downloadPageTarget({ passwordCheckedAt: new Date() }, STAFF_DOWNLOADS.leads, search)).toBe(`/api/admin/exports/leads${search}`);
    expect(downloadPageTarget({ passwordCheckedAt: new Date() }, STAFF_DOWNLOADS.newsletter, '')).toBe('/api/admin/exports/newsletter');
    // A password about to run out is asked for again here, not by the file a moment later (whose refusal is JSON).
    const almostStale = new Date(Date.now() - (getEnv().STAFF_REAUTH_SECONDS - 2) * 1000);
    expect(downloadPageTarget({ passwordCheckedAt: almostStale }, STAFF_DOWNLOADS.leads, '')).toMatch(/^\/admin\/confirm-password\?next=/);
    // ...and that page asks, rather than send the browser back to the download's page (a loop of redirects until the
    // password runs out); any other page it goes on to while the password is recent.
    expect(confirmPageGoesOn({ passwordCheckedAt: almostStale }, page)).toBe(false);
    expect(confirmPageGoesOn({ passwordCheckedAt: almostStale }, '/admin/leads')).toBe(true);
    expect(confirmPageGoesOn({ passwordCheckedAt: new Date() }, page)).toBe(true);

    // That page's form, posted by the browser: a wrong password comes back to it with the sentence (in a cookie)...
    const action = `/api/admin/account/reauth?next=${encodeURIComponent(page)}`;
    const wrong = await reauthRoute(
      formRequest(action, { password: 'not-the-password' }, { cookie: stale, headers: freshClient() }),
      undefined,
    );
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe(`/admin/confirm-password?next=${encodeURIComponent(page)}`);
    expect(wrong.headers.getSetCookie().join()).toMatch(/^staff_form_flash=[^;]+;.*Path=\/admin\/confirm-password/i);
    expect((await call(recentPasswordRoute, '/api/admin/account/reauth', 'GET', stale)).status).toBe(403);
    // ...the right one goes on to the download's page (which now sends the browser to the file), never outside /admin.
    const right = await reauthRoute(
      formRequest(action, { password: STAFF_PASSWORD }, { cookie: stale, headers: freshClient() }),
      undefined,
    );
    expect([right.status, right.headers.get('location'), cookiesOf(right)]).toEqual([303, page, '']);
    expect((await call(recentPasswordRoute, '/api/admin/account/reauth', 'GET', stale)).status).toBe(200);
    const elsewhere = await reauthRoute(
      formRequest(
        `/api/admin/account/reauth?next=${encodeURIComponent('https://evil.example/')}`,
        { password: STAFF_PASSWORD },
        { cookie: stale },
      ),
      undefined,
    );
    expect(elsewhere.headers.get('location')).toBe('/admin');
  });

  it("a new password of one's own ends the other sessions, not this one", async () => {
    const agent = await makeStaff(db(), 'agent');
    const current = await sessionCookieFor(db(), agent);
    const other = await sessionCookieFor(db(), agent);
    const weak = await call(passwordRoute, '/api/admin/account/password', 'POST', current, { password: 'qwerty123456' });
    expect(weak.status).toBe(400);
    const res = await call(passwordRoute, '/api/admin/account/password', 'POST', current, { password: 'Lagos-Sales-Desk-2026' });
    expect(res.status).toBe(200);
    expect((await resolveSession(db(), tokenFromCookieHeader(current))).ok).toBe(true);
    expect((await resolveSession(db(), tokenFromCookieHeader(other))).ok).toBe(false);
  });
});
