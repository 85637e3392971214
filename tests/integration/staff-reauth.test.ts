import { beforeAll, expect, it } from 'vitest';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { POST as eraseRoute } from '@/app/api/admin/privacy/erase/route';
import { POST as reauthRoute } from '@/app/api/admin/account/reauth/route';
import { POST as passwordRoute } from '@/app/api/admin/account/password/route';
import { POST as renewCodesRoute } from '@/app/api/admin/account/recovery-codes/route';
import { DELETE as turnOffRoute } from '@/app/api/admin/account/second-factor/route';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/lib/auth/session.server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest } from './staff-helpers';

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

  it('role, password and second-factor changes and erasure answer 403 {reauth: true} when the password is older than 10 minutes', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const stale = await sessionCookieFor(db(), owner, 3600, ELEVEN_MINUTES_AGO());
    const idContext = { params: Promise.resolve({ id: agent.id }) };
    const refusals = [
      await call(patchStaffRoute, `/api/admin/staff/${agent.id}`, 'PATCH', stale, { role: 'owner' }, idContext),
      await call(patchStaffRoute, `/api/admin/staff/${agent.id}`, 'PATCH', stale, { password: 'Another-Good-Passphrase-7' }, idContext),
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
