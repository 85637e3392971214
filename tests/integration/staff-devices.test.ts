import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { POST as changePasswordRoute } from '@/app/api/admin/account/password/route';
import { POST as renewCodesRoute } from '@/app/api/admin/account/recovery-codes/route';
import { POST as accountEnrolRoute } from '@/app/api/admin/account/second-factor/route';
import { GET as listSessionsRoute, POST as endSessionsRoute } from '@/app/api/admin/account/sessions/route';
import { GET as meRoute } from '@/app/api/admin/me/route';
import { STAFF_COPY } from '@/content/staff';
import { handleSecondFactor, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { pendingEnrolment } from '@/modules/staff/second-factor/second-factor.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { staffAudit, staffSessions } from '@/lib/db/schema';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { cookiesOf, formRequest, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest, totpCode } from './staff-helpers';

/**
 * Issue 30, items 7 and 12 (docs/decisions/0321-session-hardening.md and 0322-second-factor.md, addenda): Your account
 * lists the signed-in person's devices and signs any other one out at once; its forms (devices, two-step sign-in set-up,
 * new recovery codes, password) also post without scripts.
 */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; TECNO CK8n Build/UP1A.231005.007) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

type Route = (request: Request, context: undefined) => Promise<Response>;

interface ListedSession {
  id: string;
  device: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

describeEachDriver('signed-in devices on Your account', (ctx) => {
  const db = () => ctx.handle().db;
  beforeAll(() =>
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      RATE_LIMIT_SIGN_IN: '1000/600',
    }),
  );

  /**
   * Signs an agent in through the sign-in API from a browser with this User-Agent, the second step with one of its
   * recovery codes (each used once): its session cookie.
   */
  async function signInFrom(staff: { email: string; recoveryCodes?: string[] }, userAgent: string) {
    const client = { ...freshClient(), 'user-agent': userAgent };
    const first = await handleSignIn(
      staffRequest('/api/staff/sign-in', { method: 'POST', body: { email: staff.email, password: STAFF_PASSWORD }, headers: client }),
    );
    expect(first.status).toBe(200);
    const res = await handleSecondFactor(
      staffRequest('/api/staff/second-factor', {
        method: 'POST',
        body: { code: staff.recoveryCodes!.shift() },
        cookie: cookiesOf(first),
        headers: client,
      }),
    );
    expect(res.status).toBe(200);
    return cookiesOf(res);
  }
  const live = async (cookie: string) => (await resolveSession(db(), tokenFromCookieHeader(cookie))).ok;
  const sessionIdOf = async (cookie: string) => {
    const session = await resolveSession(db(), tokenFromCookieHeader(cookie));
    if (!session.ok) throw new Error('not a live session');
    return session.staff.sessionId;
  };
  const list = async (cookie: string) => {
    const res = await (listSessionsRoute as Route)(staffRequest('/api/admin/account/sessions', { cookie }), undefined);
    expect(res.status).toBe(200);
    return ((await res.json()) as { sessions: ListedSession[] }).sessions;
  };
  const end = (cookie: string, target: string) =>
    (endSessionsRoute as Route)(staffRequest('/api/admin/account/sessions', { method: 'POST', cookie, body: { end: target } }), undefined);
  const lastAudit = async (email: string) =>
    (
      await db()
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, 'staff.sessions_ended'), eq(staffAudit.subject, email)))
        .orderBy(desc(staffAudit.createdAt))
        .limit(1)
    )[0];

  it('lists the person’s own open sessions: a device label from sign-in (never the header), when, and this device first', async () => {
    const agent = await makeStaff(db(), 'agent');
    const phone = await signInFrom(agent, ANDROID_CHROME);
    const iphone = await signInFrom(agent, IPHONE_SAFARI);
    // Neither someone else's session nor one already over is listed.
    const colleague = await makeStaff(db(), 'agent');
    await signInFrom(colleague, WINDOWS_FIREFOX);
    const signedOut = await signInFrom(agent, WINDOWS_FIREFOX);
    expect((await end(phone, await sessionIdOf(signedOut))).status).toBe(200);

    const sessions = await list(phone);
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Android', true],
      ['Safari on iPhone', false],
    ]);
    expect(sessions[1].id).toBe(await sessionIdOf(iphone));
    for (const session of sessions) {
      expect(Date.now() - Date.parse(session.signedInAt)).toBeLessThan(120_000);
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    }
    // The other device sees the same list from its side.
    expect((await list(iphone)).map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Android', false],
    ]);
    // Only the short label is stored: no version, no device model, no build.
    const stored = await db().select({ label: staffSessions.deviceLabel }).from(staffSessions).where(eq(staffSessions.userId, agent.id));
    for (const { label } of stored) expect(['Chrome on Android', 'Safari on iPhone', 'Firefox on Windows']).toContain(label);
  });

  it('ends another session at once: its next request gets 401 "jwt expired"; the one in use goes on; audited', async () => {
    const agent = await makeStaff(db(), 'agent');
    const mine = await signInFrom(agent, ANDROID_CHROME);
    const other = await signInFrom(agent, WINDOWS_FIREFOX);
    expect((await (meRoute as Route)(staffRequest('/api/admin/me', { cookie: other }), undefined)).status).toBe(200);

    const otherId = await sessionIdOf(other);
    const ended = await end(mine, otherId);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ok: true, ended: 1 });
    const refused = await (meRoute as Route)(staffRequest('/api/admin/me', { cookie: other }), undefined);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'jwt expired' });
    expect(await live(mine)).toBe(true);
    expect((await list(mine)).map((s) => s.device)).toEqual(['Chrome on Android']);

    const audit = await lastAudit(agent.email);
    expect(audit?.actorId).toBe(agent.id);
    expect(audit?.detail).toEqual({ scope: 'one', devices: ['Firefox on Windows'] });

    // Ending it again (a second tab, a double press): it is no longer signed in.
    const again = await end(mine, otherId);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: STAFF_COPY.errors.sessionGone });
  });

  it('“Sign out everywhere else” ends every other session of the person, not the one in use, nor anyone else’s', async () => {
    const agent = await makeStaff(db(), 'agent');
    const mine = await signInFrom(agent, ANDROID_CHROME);
    const others = [await signInFrom(agent, IPHONE_SAFARI), await signInFrom(agent, WINDOWS_FIREFOX)];
    const colleague = await makeStaff(db(), 'agent');
    const theirs = await signInFrom(colleague, WINDOWS_FIREFOX);

    const res = await end(mine, 'others');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, ended: 2 });
    for (const cookie of others) expect(await live(cookie)).toBe(false);
    expect(await live(mine)).toBe(true);
    expect(await live(theirs)).toBe(true);
    const audit = await lastAudit(agent.email);
    expect(audit?.detail).toMatchObject({ scope: 'others' });
    expect((audit?.detail as { devices: string[] }).devices.sort()).toEqual(['Firefox on Windows', 'Safari on iPhone']);

    // Nothing left to end: answered as done, nothing audited.
    const count = (await db().select().from(staffAudit).where(eq(staffAudit.subject, agent.email))).length;
    expect(await (await end(mine, 'others')).json()).toEqual({ ok: true, ended: 0 });
    expect((await db().select().from(staffAudit).where(eq(staffAudit.subject, agent.email))).length).toBe(count);
  });

  it('refuses to end someone else’s session (404, and it stays open), the one in use (409) and what is not a session (400)', async () => {
    const agent = await makeStaff(db(), 'agent');
    const mine = await signInFrom(agent, ANDROID_CHROME);
    const owner = await makeStaff(db(), 'owner');
    const ownersCookie = await sessionCookieFor(db(), owner);

    const foreign = await end(mine, await sessionIdOf(ownersCookie));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: STAFF_COPY.errors.sessionGone });
    expect(await live(ownersCookie)).toBe(true);
    // An owner cannot end an agent's session here either (the Staff page's reset and deactivation do that).
    expect((await end(ownersCookie, await sessionIdOf(mine))).status).toBe(404);
    expect(await live(mine)).toBe(true);
    expect((await end(mine, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const current = await end(mine, await sessionIdOf(mine));
    expect(current.status).toBe(409);
    expect(await live(mine)).toBe(true);

    for (const bad of ['', 'all', 'x'.repeat(300), '1 OR 1=1']) {
      const res = await end(mine, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: STAFF_COPY.errors.sessionChoice });
    }
    const missing = await (endSessionsRoute as Route)(
      staffRequest('/api/admin/account/sessions', { method: 'POST', cookie: mine, body: {} }),
      undefined,
    );
    expect(missing.status).toBe(400);
    // Without a session, the one answer of the staff API.
    const none = await (listSessionsRoute as Route)(staffRequest('/api/admin/account/sessions'), undefined);
    expect(none.status).toBe(401);
  });

  it('without scripts: the device forms post and come back to Your account (303), a refusal with its sentence', async () => {
    const agent = await makeStaff(db(), 'agent');
    const mine = await signInFrom(agent, ANDROID_CHROME);
    const other = await signInFrom(agent, IPHONE_SAFARI);
    const third = await signInFrom(agent, WINDOWS_FIREFOX);
    const post = (body: Record<string, string>) =>
      (endSessionsRoute as Route)(formRequest('/api/admin/account/sessions', body, { cookie: mine }), undefined);

    const otherId = await sessionIdOf(other);
    const one = await post({ end: otherId });
    expect(one.status).toBe(303);
    expect(one.headers.get('location')).toBe('/admin/account');
    expect(await live(other)).toBe(false);

    const gone = await post({ end: otherId });
    expect(gone.status).toBe(303);
    expect(gone.headers.get('location')).toBe('/admin/account');
    const flash = gone.headers.getSetCookie().find((c) => c.startsWith('staff_form_flash='))!;
    expect(flash).toMatch(/Path=\/admin\/account(;|$)/);
    expect(flash).toMatch(/HttpOnly/i);
    expect((await openFormFlash(db(), flash.split(';')[0].slice('staff_form_flash='.length)))?.error).toBe(STAFF_COPY.errors.sessionGone);

    const rest = await post({ end: 'others' });
    expect(rest.status).toBe(303);
    expect(rest.headers.get('location')).toBe('/admin/account');
    expect(await live(third)).toBe(false);
    expect(await live(mine)).toBe(true);
  });

  it('without scripts: the authenticator app is set up on Your account beside a passkey; new recovery codes on a page of their own', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: 'passkey' });
    const mine = await signInFrom(agent, ANDROID_CHROME);
    const other = await signInFrom(agent, IPHONE_SAFARI);
    const { secret } = (await pendingEnrolment(db(), agent))!;
    const post = (route: Route, path: string, body: Record<string, string>, cookie = mine) =>
      route(formRequest(path, body, { cookie }), undefined);

    const wrong = await post(accountEnrolRoute as Route, '/api/admin/account/second-factor', { code: '000000' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/admin/account');
    expect(wrong.headers.getSetCookie().find((c) => c.startsWith('staff_form_flash='))).toMatch(/Path=\/admin\/account(;|$)/);

    const code = totpCode(secret);
    const done = await post(accountEnrolRoute as Route, '/api/admin/account/second-factor', { code });
    expect(done.status).toBe(303);
    // Beside the passkey: its recovery codes stay, so back to Your account.
    expect(done.headers.get('location')).toBe('/admin/account');
    expect(done.headers.getSetCookie().some((c) => c.startsWith('staff_recovery_codes='))).toBe(false);
    // As with scripts: the app is on, the other session ended, the one in use goes on.
    expect(await live(other)).toBe(false);
    expect(await live(mine)).toBe(true);

    // New recovery codes post the same way, and come on a page of their own.
    const renewed = await post(renewCodesRoute as Route, '/api/admin/account/recovery-codes', {});
    expect(renewed.status).toBe(303);
    expect(renewed.headers.get('location')).toBe('/admin/account/codes');
    const kept = renewed.headers.getSetCookie().find((c) => c.startsWith('staff_recovery_codes='))!;
    expect(kept).toMatch(/Path=\/admin\/account\/codes(;|$)/);
    expect(kept).toMatch(/HttpOnly/i);
    expect(kept).toMatch(/Max-Age=60/);
    const codes = (await openFormFlash(db(), kept.split(';')[0].slice('staff_recovery_codes='.length)))!.values.codes.split(' ');
    expect(codes).toHaveLength(10);
    expect(renewed.headers.get('location')).not.toContain(codes[0]);
  });

  it('without scripts: a change that needs the password typed recently goes to the password page first, then back', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: 'passkey' });
    // Signed in 20 minutes ago (STAFF_REAUTH_SECONDS is 10 minutes), used since.
    const stale = await sessionCookieFor(db(), agent, 3600, new Date(Date.now() - 20 * 60_000));
    expect((await (meRoute as Route)(staffRequest('/api/admin/me', { cookie: stale }), undefined)).status).toBe(200);
    const { secret } = (await pendingEnrolment(db(), agent))!;
    const res = await (accountEnrolRoute as Route)(
      formRequest('/api/admin/account/second-factor', { code: totpCode(secret) }, { cookie: stale }),
      undefined,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/confirm-password?next=%2Fadmin%2Faccount');
    // No stale sentence waits on Your account for when the person comes back.
    expect(res.headers.getSetCookie().some((c) => c.startsWith('staff_form_flash='))).toBe(false);

    // The password form, which before went to the page's own URL by GET (the new password in the address).
    const password = await (changePasswordRoute as Route)(
      formRequest('/api/admin/account/password', { password: 'Lokoja-River-Compass-58' }, { cookie: stale }),
      undefined,
    );
    expect(password.headers.get('location')).toBe('/admin/confirm-password?next=%2Fadmin%2Faccount');
    const fresh = await signInFrom(agent, ANDROID_CHROME);
    const changed = await (changePasswordRoute as Route)(
      formRequest('/api/admin/account/password', { password: 'Lokoja-River-Compass-58' }, { cookie: fresh }),
      undefined,
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/admin/account');
    expect(changed.headers.get('location')).not.toContain('Compass');
    expect(await live(stale)).toBe(false);
  });
});
