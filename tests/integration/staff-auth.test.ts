import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as signInRoute } from '@/app/api/staff/sign-in/route';
import { POST as signOutRoute } from '@/app/api/staff/sign-out/route';
import { handleSecondFactor, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { ensureFirstOwner } from '@/modules/staff/accounts/bootstrap.server';
import { latestLockEnd, LOCKOUT, lockedUntil } from '@/modules/staff/sign-in/lockout.server';
import {
  acquireHashSlot,
  hashPassword,
  isCommonPassword,
  MAX_CONCURRENT_PASSWORD_HASHES,
  passwordProblem,
  verifyPassword,
} from '@/modules/staff/password.server';
import { findStaffByEmail, reserveSignInAttempt } from '@/modules/staff/repository.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession, SESSION_IDLE_MS } from '@/modules/staff/sessions/session.server';
import { GET as meRoute } from '@/app/api/admin/me/route';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { cookiesOf, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

describe('passwords', () => {
  it('hashes with scrypt N=2^17 unless a test server lowers it, and verifies in constant time', { timeout: 120_000 }, async () => {
    // The suite runs with a cheap hash (vitest.config.ts); production leaves the setting unset.
    const testCost = process.env.STAFF_PASSWORD_SCRYPT_LOG2N;
    expect(testCost).toBe('12');
    expect(await hashPassword('x')).toMatch(/^scrypt\$12\$8\$1\$/);
    setEnv({ STAFF_PASSWORD_SCRYPT_LOG2N: undefined });
    const hash = await hashPassword('correct horse battery staple').finally(() => setEnv({ STAFF_PASSWORD_SCRYPT_LOG2N: testCost }));
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash); // per-password salt
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('refuses short and common passwords', () => {
    expect(passwordProblem('short-pass')).toMatch(/at least 12/);
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('Password1234!')).toBe(true);
    expect(isCommonPassword('monkeymonkey')).toBe(true);
    expect(passwordProblem('iloveyou2024!!')).toMatch(/most common/);
    expect(passwordProblem('Meridian-Test-Passphrase-42')).toBeUndefined();
  });
});

describe('lockout rule', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) + minutes * 60_000);
  it('locks for 15 minutes from the 10th failure within 15 minutes', () => {
    const times = Array.from({ length: 10 }, (_, i) => at(i));
    expect(lockedUntil(times.slice(0, 9), at(10))).toBeUndefined();
    expect(lockedUntil(times, at(10))).toEqual(at(9 + 15));
    expect(lockedUntil(times, at(23.5))).toEqual(at(24));
    expect(lockedUntil(times, at(24))).toBeUndefined();
    // Ten failures spread over more than 15 minutes do not lock.
    expect(
      lockedUntil(
        Array.from({ length: 10 }, (_, i) => at(i * 2)),
        at(19),
      ),
    ).toBeUndefined();
  });
});

describeEachDriver('staff sign-in', (ctx) => {
  let member: Awaited<ReturnType<typeof makeStaff>>;
  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SESSION_TTL_SECONDS: undefined,
      TRUST_PROXY: undefined,
    });
    // An agent: a second step too, like every role (its codes: staff-second-factor.test.ts; recovery codes here).
    member = await makeStaff(ctx.handle().db, 'agent');
    recoveryCodesUsed = 0;
  });
  let recoveryCodesUsed = 0;

  /** The second step after a right password (`first`): one of the member's recovery codes, sent as the page sends it. */
  const secondStep = (first: Response, client: Record<string, string>, now?: Date, base = 'http://localhost') =>
    handleSecondFactor(
      new Request(`${base}/api/staff/second-factor`, {
        method: 'POST',
        headers: {
          host: new URL(base).host,
          origin: base,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
          cookie: cookiesOf(first),
          ...client,
        },
        body: JSON.stringify({ code: member.recoveryCodes![recoveryCodesUsed++] }),
      }),
      now ? { now: () => now } : {},
    );
  const sessionCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?staff_session=eyJ/.test(c))!;
  beforeEach(() => setEnv({ SESSION_SECRET: SECRET, TRUST_PROXY: undefined }));

  const signIn = (email: string, password: string, client = freshClient(), now?: Date) =>
    handleSignIn(
      staffRequest('/api/staff/sign-in', { method: 'POST', body: { email, password }, headers: client }),
      now ? { now: () => now } : {},
    );

  it('signs in: HttpOnly SameSite=Lax cookie with the JWT, never the token in the body', async () => {
    const client = freshClient();
    const first = await signIn(member.email.toUpperCase(), STAFF_PASSWORD, client);
    expect(first.status).toBe(200);
    // A right password alone is no session, whatever the role.
    expect(await first.json()).toEqual({ ok: true, step: 'second-factor', next: '/registration/second-factor' });
    expect(first.headers.getSetCookie().some((c) => c.includes('staff_session='))).toBe(false);
    const res = await secondStep(first, client);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, email: member.email, role: 'agent' });
    expect(JSON.stringify(body)).not.toMatch(/eyJ/);
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/^staff_session=eyJ[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookieAttributes(cookie)).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=lax', 'max-age=28800']));
    const session = await resolveSession(ctx.handle().db, tokenFromCookieHeader(cookie.split(';')[0]));
    expect(session.ok && session.staff.email).toBe(member.email);
  });

  it('uses the __Host- prefix and Secure over HTTPS', async () => {
    const req = new Request('https://staff.example.com/api/staff/sign-in', {
      method: 'POST',
      headers: { host: 'staff.example.com', origin: 'https://staff.example.com', 'content-type': 'application/json', ...freshClient() },
      body: JSON.stringify({ email: member.email, password: STAFF_PASSWORD }),
    });
    const first = await signInRoute(req);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/^__Host-staff_challenge=eyJ/);
    const res = await secondStep(first, {}, undefined, 'https://staff.example.com');
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/^__Host-staff_session=eyJ/);
    expect(cookieAttributes(cookie)).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=lax', 'max-age=28800', 'secure']));
  });

  it('gives the same answer for an unknown e-mail and a wrong password', { timeout: 120_000 }, async () => {
    const unknown = await signIn('nobody@example.com', STAFF_PASSWORD);
    const wrong = await signIn(member.email, 'wrong-password-123');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('locks an account from one client after 10 failures in 15 minutes, for 15 minutes, even with the right password', async () => {
    const agent = await makeStaff(ctx.handle().db, 'agent');
    const client = freshClient();
    const t0 = new Date(Date.now() + 3_600_000);
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    // A minute apart: the account's growing wait (docs/decisions/0386) never refuses them.
    for (let i = 0; i < 10; i++) expect((await signIn(agent.email, `wrong-password-${i}`, client, at(i * 60))).status).toBe(401);
    const locked = await signIn(agent.email, STAFF_PASSWORD, client, at(9 * 60 + 1));
    expect(locked.status).toBe(429);
    expect((await locked.json()).error).toMatch(/Too many failed sign-ins.*15 minutes/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await signIn(agent.email, STAFF_PASSWORD, client, at(9 * 60 + 15 * 60 + 1))).status).toBe(200);
  });

  it('locks a client after 10 failures on any accounts', async () => {
    const client = freshClient();
    const t0 = new Date(Date.now() + 7_200_000);
    // Ten different accounts (cheap test hashes: unknown e-mails would each cost a full-strength dummy hash).
    const accounts = await Promise.all(Array.from({ length: 10 }, () => makeStaff(ctx.handle().db, 'agent')));
    for (const account of accounts) expect((await signIn(account.email, 'wrong-password-123', client, t0)).status).toBe(401);
    const res = await signIn(member.email, STAFF_PASSWORD, client, new Date(t0.getTime() + 1000));
    expect(res.status).toBe(429);
    expect((await signIn(member.email, STAFF_PASSWORD, freshClient(), new Date(t0.getTime() + 1000))).status).toBe(200);
  });

  it(
    '60 wrong passwords in parallel for one account from one client: at most 10 are checked, the rest refused (issue 10, finding 2)',
    { timeout: 120_000 },
    async () => {
      const target = await makeStaff(ctx.handle().db, 'agent');
      const client = freshClient();
      const t0 = new Date(Date.now() + 10_800_000);
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(target.email, `wrong-password-${i}`, client, t0)));
      const statuses = answers.map((res) => res.status);
      const count = (status: number) => statuses.filter((s) => s === status).length;
      expect(count(401)).toBeGreaterThan(0);
      expect(count(401)).toBeLessThanOrEqual(LOCKOUT.maxFailures);
      expect(count(401) + count(429) + count(503)).toBe(60);
      // The account is now locked for that client, even for the right password (in the next window of the rate limit).
      if (count(401) === LOCKOUT.maxFailures)
        expect((await signIn(target.email, STAFF_PASSWORD, client, new Date(t0.getTime() + 660_000))).status).toBe(429);
    },
  );

  it('reserves attempts atomically: 60 at once through two connection pools get exactly 10', async () => {
    const second = await ctx.openSecond();
    const keys = ['account:reserve@example.com', 'client:reserve-test'];
    const now = new Date();
    const since = new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        reserveSignInAttempt((i % 2 ? second : ctx.handle()).db, keys, now, since, (failures) => latestLockEnd(failures, now)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(LOCKOUT.maxFailures);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.refusal.getTime() === now.getTime() + LOCKOUT.lockMs)).toBe(true);
  });

  it('answers 503 with Retry-After while every password-hash slot is taken', async () => {
    const slots = Array.from({ length: MAX_CONCURRENT_PASSWORD_HASHES }, () => acquireHashSlot());
    try {
      expect(acquireHashSlot()).toBeUndefined();
      const res = await signIn(member.email, STAFF_PASSWORD);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect((await res.json()).error).toMatch(/busy checking other sign-ins/);
    } finally {
      for (const slot of slots) slot?.release();
    }
    expect((await signIn(member.email, STAFF_PASSWORD)).status).toBe(200);
  });

  it('limits sign-in requests per client (RATE_LIMIT_SIGN_IN), right password or not', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN: '3/600' });
    try {
      const client = freshClient();
      for (let i = 0; i < 3; i++) expect((await signIn(member.email, STAFF_PASSWORD, client)).status).toBe(200);
      const limited = await signIn(member.email, STAFF_PASSWORD, client);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toMatch(/Too many sign-in requests from your connection/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await signIn(member.email, STAFF_PASSWORD, freshClient())).status).toBe(200);
    } finally {
      setEnv({ RATE_LIMIT_SIGN_IN: undefined });
    }
  });

  it('refuses cross-site sign-in and sign-out attempts with 403 (CSRF)', async () => {
    const evil = await handleSignIn(
      staffRequest('/api/staff/sign-in', {
        method: 'POST',
        body: { email: member.email, password: STAFF_PASSWORD },
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
    );
    expect(evil.status).toBe(403);
    const cookie = await sessionCookieFor(ctx.handle().db, member);
    const out = await signOutRoute(
      staffRequest('/api/staff/sign-out', {
        method: 'POST',
        cookie,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' },
      }),
    );
    expect(out.status).toBe(403);
    const originOnly = await signOutRoute(
      staffRequest('/api/staff/sign-out', { method: 'POST', cookie, headers: { origin: 'https://evil.example', 'sec-fetch-site': '' } }),
    );
    expect(originOnly.status).toBe(403);
    expect((await resolveSession(ctx.handle().db, tokenFromCookieHeader(cookie))).ok).toBe(true);
  });

  it('sign-out revokes the session and clears the cookie', async () => {
    const cookie = await sessionCookieFor(ctx.handle().db, member);
    const res = await signOutRoute(staffRequest('/api/staff/sign-out', { method: 'POST', cookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(await resolveSession(ctx.handle().db, tokenFromCookieHeader(cookie))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('a sign-out posted as a form (pressed before the scripts ran) ends the session and sends the browser to sign in', async () => {
    const cookie = await sessionCookieFor(ctx.handle().db, member);
    const res = await signOutRoute(
      staffRequest('/api/staff/sign-out', { method: 'POST', cookie, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/registration');
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(await resolveSession(ctx.handle().db, tokenFromCookieHeader(cookie))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('over HTTPS only the __Host- cookie is a session: an unprefixed one (planted by a sibling subdomain) is ignored', async () => {
    const cookie = await sessionCookieFor(ctx.handle().db, member);
    const token = cookie.split('=')[1];
    const me = (cookieHeader: string) =>
      meRoute(
        new Request('https://staff.example.com/api/admin/me', { headers: { host: 'staff.example.com', cookie: cookieHeader } }),
        undefined,
      );
    const unprefixed = await me(`staff_session=${token}`);
    expect(unprefixed.status).toBe(401);
    expect(await unprefixed.json()).toEqual({ error: 'jwt expired' });
    expect((await me(`__Host-staff_session=${token}`)).status).toBe(200);
    // Over plain HTTP (development, loopback) the unprefixed name is the session cookie.
    expect((await meRoute(staffRequest('/api/admin/me', { cookie }), undefined)).status).toBe(200);
  });

  it('ends a session after 30 minutes without a request; each request keeps it alive', async () => {
    const t0 = new Date();
    const cookie = await sessionCookieFor(ctx.handle().db, member, 28_800, t0);
    const token = tokenFromCookieHeader(cookie);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    expect(SESSION_IDLE_MS).toBe(30 * 60_000);
    expect((await resolveSession(ctx.handle().db, token, at(20))).ok).toBe(true);
    expect((await resolveSession(ctx.handle().db, token, at(45))).ok).toBe(true);
    expect((await resolveSession(ctx.handle().db, token, at(74))).ok).toBe(true);
    expect(await resolveSession(ctx.handle().db, token, at(105))).toEqual({ ok: false, reason: 'revoked' });
    // Idle is over for good: later activity does not bring it back.
    expect((await resolveSession(ctx.handle().db, token, at(106))).ok).toBe(false);
    const idle = await sessionCookieFor(ctx.handle().db, member, 28_800, t0);
    expect((await resolveSession(ctx.handle().db, tokenFromCookieHeader(idle), at(31))).ok).toBe(false);
  });

  it('records when the password was checked in the session', async () => {
    const now = new Date(Math.floor((Date.now() - 5000) / 1000) * 1000);
    const client = freshClient();
    const res = await secondStep(await signIn(member.email, STAFF_PASSWORD, client, now), client, new Date(now.getTime() + 2000));
    const session = await resolveSession(ctx.handle().db, tokenFromCookieHeader(sessionCookieOf(res).split(';')[0]));
    expect(session.ok && session.staff.passwordCheckedAt.getTime()).toBe(now.getTime());
  });

  it('an expired token is reported as expired', async () => {
    const cookie = await sessionCookieFor(ctx.handle().db, member, 60, new Date(Date.now() - 120_000));
    expect(await resolveSession(ctx.handle().db, tokenFromCookieHeader(cookie))).toEqual({ ok: false, reason: 'expired' });
  });

  it('creates the first owner from ADMIN_EMAIL/ADMIN_PASSWORD only when no account exists', async () => {
    setEnv({ ADMIN_EMAIL: 'First.Owner@Example.com', ADMIN_PASSWORD: 'Another-Good-Passphrase-7' });
    await ensureFirstOwner(ctx.handle().db);
    // Accounts exist already (made above): nobody is created.
    expect(await findStaffByEmail(ctx.handle().db, 'first.owner@example.com')).toBeUndefined();
    setEnv({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  });
});

/** A Set-Cookie value's attributes, lower-cased (their order is the framework's). */
function cookieAttributes(setCookie: string): string[] {
  return setCookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}
