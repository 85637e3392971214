import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { GET as meRoute } from '@/app/api/admin/me/route';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { POST as addPasskeyRoute } from '@/app/api/admin/account/passkeys/route';
import { POST as accountOptionsRoute } from '@/app/api/admin/account/passkeys/options/route';
import { POST as removePasskeyRoute } from '@/app/api/admin/account/passkeys/remove/route';
import { DELETE as removeAppRoute } from '@/app/api/admin/account/second-factor/route';
import {
  handleEnrolAtSignIn,
  handlePasskey,
  handlePasskeyOptions,
  handleSecondFactor,
  handleSignIn,
} from '@/modules/staff/sign-in/handlers.server';
import { pendingEnrolment } from '@/modules/staff/second-factor/second-factor.server';
import { staffPasskeys, staffRecoveryCodes, staffUsers } from '@/lib/db/schema';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';
import { cookiesOf, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest, totpCode } from './staff-helpers';

/**
 * Passkeys as the second step of sign-in (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md), end to end
 * at the server: real WebAuthn answers from a software authenticator (an EC P-256 key, attestation "none"), verified by
 * @simplewebauthn/server against SITE_URL's host and origin.
 */

const SITE = 'https://staff.meridian.example';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describeEachDriver('staff passkeys', (ctx) => {
  const db = () => ctx.handle().db;
  let clock = Date.now() + 60_000;
  const nextStep = () => new Date((clock = Math.max(clock, Date.now() + 60_000) + 90_000));

  beforeAll(() =>
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      RATE_LIMIT_SIGN_IN: '1000/600',
      SITE_URL: SITE,
    }),
  );
  beforeEach(() => setEnv({ SITE_URL: SITE }));

  const phone = () => new SoftAuthenticator(SITE, 'staff.meridian.example');
  type Handler = (r: Request, o?: { now?: () => Date }) => Promise<Response>;
  const post = (handler: Handler, path: string, body: unknown, cookie: string | undefined, now: Date, client = freshClient()) =>
    handler(staffRequest(path, { method: 'POST', body, cookie, headers: { ...client, 'user-agent': ANDROID } }), { now: () => now });

  async function passwordStep(email: string, now: Date) {
    const res = await post(handleSignIn, '/api/staff/sign-in', { email, password: STAFF_PASSWORD }, undefined, now);
    expect(res.status).toBe(200);
    return { body: await res.json(), cookie: cookiesOf(res) };
  }
  async function options(cookie: string, now: Date) {
    const res = await post(handlePasskeyOptions, '/api/staff/passkey/options', {}, cookie, now);
    return { status: res.status, body: await res.json() };
  }

  /** An agent without a second factor sets up a passkey at sign-in: the session's cookie and the answer. */
  async function enrolWithPasskey(email: string, authenticator: SoftAuthenticator) {
    const t = nextStep();
    const { cookie } = await passwordStep(email, t);
    const { body } = await options(cookie, t);
    const res = await post(handlePasskey, '/api/staff/passkey', { response: authenticator.register(body.options) }, cookie, t);
    return { res, body: await res.json(), challengeCookie: cookie, t };
  }

  /** The password, then the passkey's options: the challenge cookie and the options to answer. */
  async function signInOptions(email: string) {
    const t = nextStep();
    const first = await passwordStep(email, t);
    expect(first.body.step).toBe('second-factor');
    const { status, body } = await options(first.cookie, t);
    expect(status).toBe(200);
    return { cookie: first.cookie, options: body.options, t };
  }
  const answer = (response: unknown, cookie: string, t: Date) => post(handlePasskey, '/api/staff/passkey', { response }, cookie, t);

  it('an agent sets up a passkey at sign-in (with recovery codes), then signs in with it; an answer is never taken twice', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    const authenticator = phone();
    const t = nextStep();
    const first = await passwordStep(agent.email, t);
    expect(first.body.step).toBe('enrol');
    const created = await options(first.cookie, t);
    expect(created.status).toBe(200);
    expect(created.body.options).toMatchObject({
      rp: { id: 'staff.meridian.example' },
      user: { name: agent.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    const registration = authenticator.register(created.body.options);
    const res = await answer(registration, first.cookie, t);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, email: agent.email, role: 'agent' });
    expect(body.recoveryCodes).toHaveLength(10);
    expect((await meRoute(staffRequest('/api/admin/me', { cookie: cookiesOf(res) }), undefined)).status).toBe(200);
    const [stored] = await db().select().from(staffPasskeys).where(eq(staffPasskeys.userId, agent.id));
    expect(stored).toMatchObject({ credentialId: authenticator.id, label: 'Passkey on Android', counter: 0, transports: ['internal'] });
    expect(stored.lastUsedAt).toBeNull();
    // The same answer again (its challenge is spent), and the set-up cookie now that the account has a passkey: refused.
    expect((await answer(registration, first.cookie, t)).status).toBe(401);
    expect((await options(first.cookie, t)).status).toBe(401);
    expect((await post(handleEnrolAtSignIn, '/api/staff/second-factor/enrol', { code: '123456' }, first.cookie, t)).status).toBe(401);

    // Signing in: the password, then the passkey.
    const signIn = await signInOptions(agent.email);
    expect(signIn.options).toMatchObject({
      rpId: 'staff.meridian.example',
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id, type: 'public-key', transports: ['internal'] }],
    });
    const assertion = authenticator.authenticate(signIn.options);
    const signedIn = await answer(assertion, signIn.cookie, signIn.t);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ ok: true, email: agent.email, role: 'agent' });
    expect((await meRoute(staffRequest('/api/admin/me', { cookie: cookiesOf(signedIn) }), undefined)).status).toBe(200);
    const [used] = await db().select().from(staffPasskeys).where(eq(staffPasskeys.userId, agent.id));
    expect(used.counter).toBe(1);
    expect(used.lastUsedAt).not.toBeNull();

    // Replayed: with the same sign-in's cookie, or after a new password step (a new challenge).
    expect((await answer(assertion, signIn.cookie, signIn.t)).status).toBe(401);
    const again = await signInOptions(agent.email);
    const replayed = await answer(assertion, again.cookie, again.t);
    expect(replayed.status).toBe(401);
    expect((await replayed.json()).error).toMatch(/passkey was not accepted/);
    expect(cookiesOf(replayed)).not.toContain('staff_session');
  });

  it('refuses an answer from another origin or site, without user verification, of an older challenge or of another account', async () => {
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    const authenticator = phone();
    expect((await enrolWithPasskey(agent.email, authenticator)).res.status).toBe(200);

    // Another origin (a look-alike site relaying the sign-in): refused, and its challenge is spent for the real answer.
    const phished = await signInOptions(agent.email);
    expect(
      (await answer(authenticator.authenticate(phished.options, { origin: 'https://meridian-staff.example' }), phished.cookie, phished.t))
        .status,
    ).toBe(401);
    expect((await answer(authenticator.authenticate(phished.options), phished.cookie, phished.t)).status).toBe(401);
    // Another site's passkey (another relying party id).
    const elsewhere = await signInOptions(agent.email);
    const otherSite = new SoftAuthenticator(SITE, 'meridian.example');
    Object.assign(otherSite, { keys: authenticator.keys, credentialId: authenticator.credentialId, counter: authenticator.counter });
    expect((await answer(otherSite.authenticate(elsewhere.options), elsewhere.cookie, elsewhere.t)).status).toBe(401);
    // No fingerprint, face or screen lock.
    const unverified = await signInOptions(agent.email);
    expect(
      (await answer(authenticator.authenticate(unverified.options, { userVerified: false }), unverified.cookie, unverified.t)).status,
    ).toBe(401);
    // Options asked twice: only the last challenge is live.
    const older = await signInOptions(agent.email);
    const newer = await options(older.cookie, older.t);
    expect((await answer(authenticator.authenticate(older.options), older.cookie, older.t)).status).toBe(401);
    // Someone else's passkey, for this account's challenge.
    const stranger = phone();
    const other = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    expect((await enrolWithPasskey(other.email, stranger)).res.status).toBe(200);
    expect((await answer(stranger.authenticate(newer.body.options), older.cookie, older.t)).status).toBe(401);
    // Unreadable answers are 400, never 500.
    for (const response of [
      undefined,
      'x',
      { id: 'a' },
      { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '%%%' } },
    ]) {
      const res = await post(handlePasskey, '/api/staff/passkey', { response }, older.cookie, older.t);
      expect([400, 401]).toContain(res.status);
    }
    expect((await post(handlePasskey, '/api/staff/passkey', { response: 'x' }, older.cookie, older.t)).status).toBe(400);
    // A registration from another origin is refused too.
    const newcomer = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    const t = nextStep();
    const { cookie } = await passwordStep(newcomer.email, t);
    const created = await options(cookie, t);
    expect((await answer(phone().register(created.body.options, { origin: 'https://meridian-staff.example' }), cookie, t)).status).toBe(
      401,
    );
    expect(await db().select().from(staffPasskeys).where(eq(staffPasskeys.userId, newcomer.id))).toHaveLength(0);
    // Still the right one works.
    const right = await signInOptions(agent.email);
    expect((await answer(authenticator.authenticate(right.options), right.cookie, right.t)).status).toBe(200);
  });

  it('wrong passkey answers do not lock the codes, and a passkey signs in while they are locked without lifting the lock', async () => {
    const owner = await makeStaff(db(), 'owner');
    const authenticator = phone();
    const cookie = await sessionCookieFor(db(), owner);
    const account = (handler: typeof addPasskeyRoute, path: string, body: unknown) =>
      handler(staffRequest(path, { method: 'POST', cookie, body, headers: { 'user-agent': ANDROID } }), undefined);
    const created = await account(accountOptionsRoute, '/api/admin/account/passkeys/options', {});
    expect(created.status).toBe(200);
    const added = await account(addPasskeyRoute, '/api/admin/account/passkeys', {
      response: authenticator.register((await created.json()).options),
    });
    expect(added.status).toBe(200);

    for (let i = 0; i < 6; i++) {
      const attempt = await signInOptions(owner.email);
      expect(
        (await answer(authenticator.authenticate(attempt.options, { origin: 'https://evil.example' }), attempt.cookie, attempt.t)).status,
      ).toBe(401);
    }
    const [afterFailures] = await db().select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect(afterFailures.secondFactorFailures).toBe(0);
    expect(afterFailures.secondFactorLockedAt).toBeNull();

    // Someone with the password locked the codes; the person signs in with the passkey all the same.
    await db().update(staffUsers).set({ secondFactorFailures: 5, secondFactorLockedAt: new Date() }).where(eq(staffUsers.id, owner.id));
    const signIn = await signInOptions(owner.email);
    expect((await answer(authenticator.authenticate(signIn.options), signIn.cookie, signIn.t)).status).toBe(200);
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect(row.secondFactorLockedAt).not.toBeNull();
    expect(row.secondFactorFailures).toBe(5);
    const codeStep = await passwordStep(owner.email, nextStep());
    const code = await post(
      handleSecondFactor,
      '/api/staff/second-factor',
      { code: totpCode(owner.totpSecret!, nextStep()) },
      codeStep.cookie,
      nextStep(),
    );
    expect(code.status).toBe(403);
  });

  it("Your account adds and removes passkeys and the app, but never the last method; an owner's reset removes them all", async () => {
    const agent = await makeStaff(db(), 'agent');
    const cookie = await sessionCookieFor(db(), agent);
    const otherSession = await sessionCookieFor(db(), agent);
    const call = (handler: typeof addPasskeyRoute, path: string, body?: unknown, method = 'POST') =>
      handler(staffRequest(path, { method, cookie, body, headers: { 'user-agent': ANDROID } }), undefined);
    const addPasskey = async (authenticator: SoftAuthenticator) => {
      const created = await call(accountOptionsRoute, '/api/admin/account/passkeys/options', {});
      return call(addPasskeyRoute, '/api/admin/account/passkeys', { response: authenticator.register((await created.json()).options) });
    };

    // With the app only: it stays.
    expect((await call(removeAppRoute, '/api/admin/account/second-factor', undefined, 'DELETE')).status).toBe(409);
    const first = phone();
    expect((await addPasskey(first)).status).toBe(200);
    // A change of the second factor ends the other sessions (0341).
    expect((await meRoute(staffRequest('/api/admin/me', { cookie: otherSession }), undefined)).status).toBe(401);
    // The same passkey twice is refused by the options (excluded) and by the server.
    expect((await addPasskey(first)).status).toBe(400);
    const codesBefore = await db().select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id));
    expect(codesBefore).toHaveLength(10);

    // The app goes while the passkey stays; then the passkey is the last method.
    expect((await call(removeAppRoute, '/api/admin/account/second-factor', undefined, 'DELETE')).status).toBe(200);
    const [only] = await db().select().from(staffPasskeys).where(eq(staffPasskeys.userId, agent.id));
    const last = await call(removePasskeyRoute, '/api/admin/account/passkeys/remove', { id: only.id });
    expect(last.status).toBe(409);
    expect((await last.json()).error).toMatch(/Keep at least one way to sign in/);
    expect((await passwordStep(agent.email, nextStep())).body.step).toBe('second-factor');

    // A second passkey, then the first one goes.
    expect((await addPasskey(phone())).status).toBe(200);
    expect((await call(removePasskeyRoute, '/api/admin/account/passkeys/remove', { id: only.id })).status).toBe(200);
    expect((await call(removePasskeyRoute, '/api/admin/account/passkeys/remove', { id: only.id })).status).toBe(404);
    expect((await call(removePasskeyRoute, '/api/admin/account/passkeys/remove', { id: 'nope' })).status).toBe(400);
    // The recovery codes stayed through all of it, and the app can come back beside the passkey (no new codes).
    expect(await db().select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id))).toHaveLength(10);
    expect(await pendingEnrolment(db(), agent)).toBeDefined();

    // Another owner's reset: every passkey goes too, and the agent sets up again at the next sign-in.
    const owner = await makeStaff(db(), 'owner');
    const reset = await patchStaffRoute(
      staffRequest(`/api/admin/staff/${agent.id}`, {
        method: 'PATCH',
        cookie: await sessionCookieFor(db(), owner),
        body: { resetSecondFactor: true },
      }),
      { params: Promise.resolve({ id: agent.id }) },
    );
    expect(reset.status).toBe(200);
    expect(await db().select().from(staffPasskeys).where(eq(staffPasskeys.userId, agent.id))).toHaveLength(0);
    expect((await passwordStep(agent.email, nextStep())).body.step).toBe('enrol');
  });
});
