import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as signInRoute } from '@/app/api/staff/sign-in/route';
import { GET as meRoute } from '@/app/api/admin/me/route';
import { GET as listStaffRoute } from '@/app/api/admin/staff/route';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { DELETE as turnOffRoute, POST as accountEnrolRoute } from '@/app/api/admin/account/second-factor/route';
import { POST as renewCodesRoute } from '@/app/api/admin/account/recovery-codes/route';
import { handleEnrolAtSignIn, handleSecondFactor, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { pendingEnrolment } from '@/modules/staff/second-factor/second-factor.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { staffRecoveryCodes, staffUsers } from '@/lib/db/schema';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { cookiesOf, formRequest, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest, totpCode } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

describeEachDriver('staff second factor', (ctx) => {
  const db = () => ctx.handle().db;
  let clock = Date.now() + 60_000;
  /**
   * Each sign-in on its own 30-second step, so codes are never refused as reused; never behind the real clock, whose
   * step an owner enrolled just now has used up (on a slow machine the real clock can pass the moved one).
   */
  const nextStep = () => new Date((clock = Math.max(clock, Date.now() + 60_000) + 90_000));

  beforeAll(() => setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, RATE_LIMIT_SIGN_IN: '1000/600' }));
  beforeEach(() => setEnv({ SESSION_SECRET: SECRET }));

  const post = (
    handler: (r: Request, o?: { now?: () => Date }) => Promise<Response>,
    path: string,
    body: unknown,
    cookie: string | undefined,
    now: Date,
    client = freshClient(),
  ) => handler(staffRequest(path, { method: 'POST', body, cookie, headers: client }), { now: () => now });

  async function passwordStep(email: string, now: Date) {
    const res = await post(handleSignIn, '/api/staff/sign-in', { email, password: STAFF_PASSWORD }, undefined, now);
    expect(res.status).toBe(200);
    return { body: await res.json(), cookie: cookiesOf(res) };
  }

  it('an owner signs in with password, then a code from the app; the session records the password time', async () => {
    const owner = await makeStaff(db(), 'owner');
    const t = nextStep();
    const first = await passwordStep(owner.email, t);
    expect(first.body).toEqual({ ok: true, step: 'second-factor', next: '/registration/second-factor' });
    expect(first.cookie).toMatch(/^staff_challenge=eyJ/);
    expect(first.cookie).not.toContain('staff_session');
    // The challenge is not a session.
    expect(
      (await meRoute(staffRequest('/api/admin/me', { cookie: first.cookie.replace('staff_challenge', 'staff_session') }), undefined))
        .status,
    ).toBe(401);

    const later = new Date(t.getTime() + 20_000);
    const res = await post(
      handleSecondFactor,
      '/api/staff/second-factor',
      { code: totpCode(owner.totpSecret!, later) },
      first.cookie,
      later,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, email: owner.email, role: 'owner' });
    const session = await resolveSession(db(), tokenFromCookieHeader(cookiesOf(res)), later);
    expect(session.ok && session.staff.passwordCheckedAt.getTime()).toBe(Math.floor(t.getTime() / 1000) * 1000);
    expect(res.headers.getSetCookie().some((c) => /^staff_challenge=;/.test(c))).toBe(true);
  });

  it('refuses a wrong code, a code used once already, and an expired or missing challenge', async () => {
    const owner = await makeStaff(db(), 'owner');
    const t = nextStep();
    const { cookie } = await passwordStep(owner.email, t);
    const wrong = await post(
      handleSecondFactor,
      '/api/staff/second-factor',
      { code: '000000' === totpCode(owner.totpSecret!, t) ? '111111' : '000000' },
      cookie,
      t,
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toMatch(/code is not right/);
    const code = totpCode(owner.totpSecret!, t);
    expect((await post(handleSecondFactor, '/api/staff/second-factor', { code }, cookie, t)).status).toBe(200);
    const again = await passwordStep(owner.email, t);
    expect((await post(handleSecondFactor, '/api/staff/second-factor', { code }, again.cookie, t)).status).toBe(401);
    const expired = await post(handleSecondFactor, '/api/staff/second-factor', { code }, again.cookie, new Date(t.getTime() + 11 * 60_000));
    expect(expired.status).toBe(401);
    expect((await expired.json()).error).toMatch(/not finished in time/);
    expect((await post(handleSecondFactor, '/api/staff/second-factor', { code }, undefined, t)).status).toBe(401);
    expect((await post(handleSecondFactor, '/api/staff/second-factor', { code: 42 }, again.cookie, t)).status).toBe(400);
  });

  it('a recovery code signs in once; the answer says how many are left', async () => {
    const owner = await makeStaff(db(), 'owner');
    const t = nextStep();
    const [recovery] = owner.recoveryCodes!;
    expect(recovery).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const first = await passwordStep(owner.email, t);
    const res = await post(
      handleSecondFactor,
      '/api/staff/second-factor',
      { code: recovery.toUpperCase().replace(/-/g, ' ') },
      first.cookie,
      t,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, recoveryCodesLeft: 9 });
    const second = await passwordStep(owner.email, t);
    expect((await post(handleSecondFactor, '/api/staff/second-factor', { code: recovery }, second.cookie, t)).status).toBe(401);
  });

  it('keeps the secret encrypted and the recovery codes hashed; never in an answer', async () => {
    const owner = await makeStaff(db(), 'owner');
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect(row.totpSecret).toMatch(/^eyJ[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+$/); // compact JWE, direct key: no encrypted key part
    expect(row.totpSecret).not.toContain(owner.totpSecret!);
    const codes = await db().select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, owner.id));
    expect(codes).toHaveLength(10);
    for (const code of owner.recoveryCodes!) expect(JSON.stringify(codes)).not.toContain(code.replace(/-/g, ''));
    const list = await listStaffRoute(staffRequest('/api/admin/staff', { cookie: await sessionCookieFor(db(), owner) }), undefined);
    const text = await list.text();
    expect(text).not.toContain(row.totpSecret!);
    expect(JSON.parse(text).staff.find((s: { id: string }) => s.id === owner.id)).toMatchObject({ hasSecondFactor: true });
  });

  it('an account without a second factor, agents too, has no session: it sets one up after the password first', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    // A session made for it anyway (say, from before every role needed a second factor) does not reach the leads.
    expect((await meRoute(staffRequest('/api/admin/me', { cookie: await sessionCookieFor(db(), agent) }), undefined)).status).toBe(401);

    const t = nextStep();
    const first = await passwordStep(agent.email, t);
    expect(first.body).toEqual({ ok: true, step: 'enrol', next: '/registration/enrol' });
    expect(first.cookie).not.toContain('staff_session');
    // The second-factor step does not accept an enrolment challenge.
    expect((await post(handleSecondFactor, '/api/staff/second-factor', { code: '123456' }, first.cookie, t)).status).toBe(401);
    const enrolment = await pendingEnrolment(db(), agent);
    expect(enrolment!.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(enrolment!.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment!.qrDataUrl.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    expect((await post(handleEnrolAtSignIn, '/api/staff/second-factor/enrol', { code: '000000' }, first.cookie, t)).status).toBe(401);
    const res = await post(
      handleEnrolAtSignIn,
      '/api/staff/second-factor/enrol',
      { code: totpCode(enrolment!.secret, t) },
      first.cookie,
      t,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, email: agent.email, role: 'agent' });
    // Recovery codes for every role: a lost phone is a recovery code away, not an owner's evening.
    expect(body.recoveryCodes).toHaveLength(10);
    expect((await meRoute(staffRequest('/api/admin/me', { cookie: cookiesOf(res) }), undefined)).status).toBe(200);
    // From now on: the code step.
    expect((await passwordStep(agent.email, nextStep())).body.step).toBe('second-factor');
  });

  it('a pending secret is shown once: each showing replaces it, and only the one shown last confirms (0347)', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    const t = nextStep();
    const { cookie } = await passwordStep(agent.email, t);
    const enrol = (code: string) => post(handleEnrolAtSignIn, '/api/staff/second-factor/enrol', { code }, cookie, t);
    // Someone who knew the password saw the page first and copied its key...
    const copied = (await pendingEnrolment(db(), agent))!;
    // ...then the person's own sign-in shows the page again: a new key, and the copied one no longer confirms.
    const shown = (await pendingEnrolment(db(), agent))!;
    expect(shown.secret).not.toBe(copied.secret);
    expect(shown.uri).not.toBe(copied.uri);
    expect((await enrol(totpCode(copied.secret, t))).status).toBe(401);
    // Shown once more (a reload): the key shown before it stops working too; the last one shown confirms.
    const last = (await pendingEnrolment(db(), agent))!;
    expect(new Set([copied.secret, shown.secret, last.secret]).size).toBe(3);
    expect((await enrol(totpCode(shown.secret, t))).status).toBe(401);
    const res = await enrol(totpCode(last.secret, t));
    expect(res.status).toBe(200);
    expect((await res.json()).recoveryCodes).toHaveLength(10);
    // Once enabled, showing the page makes nothing new: the enabled secret stays.
    expect(await pendingEnrolment(db(), agent)).toBeUndefined();
    expect((await passwordStep(agent.email, nextStep())).body.step).toBe('second-factor');
  });

  it("another owner resets a lost second factor, an agent's too: sessions end, set-up at the next sign-in", async () => {
    const owner = await makeStaff(db(), 'owner');
    const ownerCookie = await sessionCookieFor(db(), owner);
    for (const role of ['owner', 'agent'] as const) {
      const other = await makeStaff(db(), role);
      const otherCookie = await sessionCookieFor(db(), other);
      const res = await patchStaffRoute(
        staffRequest(`/api/admin/staff/${other.id}`, { method: 'PATCH', cookie: ownerCookie, body: { resetSecondFactor: true } }),
        { params: Promise.resolve({ id: other.id }) },
      );
      expect(res.status).toBe(200);
      expect((await res.json()).staff).toMatchObject({ hasSecondFactor: false });
      expect((await meRoute(staffRequest('/api/admin/me', { cookie: otherCookie }), undefined)).status).toBe(401);
      expect(await db().select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, other.id))).toHaveLength(0);
      expect((await passwordStep(other.email, nextStep())).body.step).toBe('enrol');
    }
  });

  it('nobody turns two-step sign-in off, agents included; recovery codes are renewed on Your account', async () => {
    for (const role of ['agent', 'owner'] as const) {
      const staff = await makeStaff(db(), role);
      const cookie = await sessionCookieFor(db(), staff);
      const renewed = await renewCodesRoute(staffRequest('/api/admin/account/recovery-codes', { method: 'POST', cookie }), undefined);
      expect(renewed.status).toBe(200);
      expect((await renewed.json()).recoveryCodes).not.toEqual(staff.recoveryCodes);
      const off = await turnOffRoute(staffRequest('/api/admin/account/second-factor', { method: 'DELETE', cookie }), undefined);
      expect(off.status).toBe(409);
      expect((await off.json()).error).toMatch(/Keep at least one way to sign in/);
      // Still there: the session goes on, and the next sign-in asks for the code.
      expect((await meRoute(staffRequest('/api/admin/me', { cookie }), undefined)).status).toBe(200);
      expect((await passwordStep(staff.email, nextStep())).body.step).toBe('second-factor');
      // The code form of Your account has nothing to confirm once the app is on.
      const again = await accountEnrolRoute(
        staffRequest('/api/admin/account/second-factor', { method: 'POST', cookie, body: { code: '123456' } }),
        undefined,
      );
      expect(again.status).toBe(400);
    }
  });

  it('works without scripts: a native form post is answered with 303 to the next step, or back with the sentence', async () => {
    const owner = await makeStaff(db(), 'owner');
    const form = (body: Record<string, string>, next = '/admin/staff') =>
      signInRoute(formRequest(`/api/staff/sign-in?next=${encodeURIComponent(next)}`, body, { headers: freshClient() }));
    const ok = await form({ email: owner.email, password: STAFF_PASSWORD });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/registration/second-factor?next=%2Fadmin%2Fstaff');
    expect(cookiesOf(ok)).toMatch(/staff_challenge=eyJ/);
    const refused = await form({ email: owner.email, password: 'not-the-password' }, 'https://evil.example/');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/registration?next=%2Fadmin');
    const flash = refused.headers.getSetCookie().find((c) => c.startsWith('staff_form_flash='));
    expect(flash).toMatch(/Path=\/registration/);
    expect(flash).not.toContain(owner.email);
  });

  it('an account enrols without scripts: the code posts like the other steps, the recovery codes come on a page of their own', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    const client = freshClient();
    const native = (path: string, body: Record<string, string>, cookie?: string) =>
      formRequest(`${path}?next=${encodeURIComponent('/admin/staff')}`, body, { cookie, headers: client });
    const t = nextStep();
    const password = await handleSignIn(native('/api/staff/sign-in', { email: agent.email, password: STAFF_PASSWORD }), { now: () => t });
    expect(password.headers.get('location')).toBe('/registration/enrol?next=%2Fadmin%2Fstaff');
    const challenge = cookiesOf(password);
    const { secret } = (await pendingEnrolment(db(), agent))!;

    const wrong = await handleEnrolAtSignIn(native('/api/staff/second-factor/enrol', { code: '000000' }, challenge), { now: () => t });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/registration/enrol?next=%2Fadmin%2Fstaff');
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('staff_form_flash='))).toBe(true);

    const done = await handleEnrolAtSignIn(native('/api/staff/second-factor/enrol', { code: totpCode(secret, t) }, challenge), {
      now: () => t,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/registration/enrol/codes?next=%2Fadmin%2Fstaff');
    expect(cookiesOf(done)).toMatch(/staff_session=eyJ/);
    const kept = done.headers.getSetCookie().find((c) => c.startsWith('staff_recovery_codes='))!;
    expect(kept).toMatch(/Path=\/registration\/enrol\/codes/);
    expect(kept).toMatch(/HttpOnly/i);
    const codes = (await openFormFlash(db(), kept.split(';')[0].slice('staff_recovery_codes='.length)))!.values.codes.split(' ');
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    expect(done.headers.get('location')).not.toContain(codes[0]);
  });
});
