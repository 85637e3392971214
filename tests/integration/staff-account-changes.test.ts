import { beforeAll, expect, it } from 'vitest';
import { POST as changePasswordRoute } from '@/app/api/admin/account/password/route';
import { POST as addPasskeyRoute } from '@/app/api/admin/account/passkeys/route';
import { POST as passkeyOptionsRoute } from '@/app/api/admin/account/passkeys/options/route';
import { POST as renewCodesRoute } from '@/app/api/admin/account/recovery-codes/route';
import { DELETE as turnOffRoute, POST as accountEnrolRoute } from '@/app/api/admin/account/second-factor/route';
import { handleSecondFactor, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { hashResetToken, isLiveResetToken } from '@/modules/staff/sign-in/password-reset.server';
import { hashPassword } from '@/modules/staff/password.server';
import { createPasswordReset, updateStaff } from '@/modules/staff/repository.server';
import { pendingEnrolment } from '@/modules/staff/second-factor/second-factor.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { passkeyForThisSite } from './soft-authenticator';
import { cookiesOf, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest, totpCode } from './staff-helpers';

/**
 * Issue 30, item 7 (docs/decisions/0341-second-factor-lock.md): what a stolen password opened ends when the account's
 * owner changes what protects it. Before, a session stayed open through a change of the second factor, a sign-in
 * half-way through survived a new password, and a reset link survived a password change.
 */

describeEachDriver('staff account changes end what came before', (ctx) => {
  const db = () => ctx.handle().db;
  beforeAll(() => setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop', RATE_LIMIT_SIGN_IN: '1000/600' }));

  const live = async (cookie: string) => (await resolveSession(db(), tokenFromCookieHeader(cookie))).ok;
  const call = (route: (r: Request, c: undefined) => Promise<Response>, path: string, method: string, cookie: string, body?: unknown) =>
    route(staffRequest(path, { method, cookie, body }), undefined);

  it('adding a passkey, removing the app and new recovery codes end the account’s other sessions, not the one used', async () => {
    const agent = await makeStaff(db(), 'agent');
    const mine = await sessionCookieFor(db(), agent);
    let other = await sessionCookieFor(db(), agent);
    const options = await call(passkeyOptionsRoute, '/api/admin/account/passkeys/options', 'POST', mine, {});
    const response = passkeyForThisSite().register((await options.json()).options);
    expect((await call(addPasskeyRoute, '/api/admin/account/passkeys', 'POST', mine, { response })).status).toBe(200);
    expect(await live(other)).toBe(false);
    expect(await live(mine)).toBe(true);

    other = await sessionCookieFor(db(), agent);
    expect((await call(renewCodesRoute, '/api/admin/account/recovery-codes', 'POST', mine)).status).toBe(200);
    expect(await live(other)).toBe(false);

    other = await sessionCookieFor(db(), agent);
    expect((await call(turnOffRoute, '/api/admin/account/second-factor', 'DELETE', mine)).status).toBe(200);
    expect(await live(other)).toBe(false);
    expect(await live(mine)).toBe(true);

    // The app back beside the passkey: the same.
    other = await sessionCookieFor(db(), agent);
    const enrolment = (await pendingEnrolment(db(), agent))!;
    const on = await call(accountEnrolRoute, '/api/admin/account/second-factor', 'POST', mine, { code: totpCode(enrolment.secret) });
    expect(on.status).toBe(200);
    expect(await live(other)).toBe(false);
    expect(await live(mine)).toBe(true);
  });

  it('a new password ends a sign-in half-way through (password typed, code not yet) and open reset links', async () => {
    const owner = await makeStaff(db(), 'owner');
    const t = new Date(Date.now() + 120_000);
    const client = freshClient();
    const signIn = await handleSignIn(
      staffRequest('/api/staff/sign-in', { method: 'POST', body: { email: owner.email, password: STAFF_PASSWORD }, headers: client }),
      { now: () => t },
    );
    expect(signIn.status).toBe(200);
    // Another owner sets a new password for them (or they reset it by e-mail) a few seconds later.
    await updateStaff(db(), owner.id, { passwordHash: await hashPassword('Ibadan-Harvest-Lantern-93') }, new Date(t.getTime() + 5_000));
    const later = new Date(t.getTime() + 10_000);
    const code = await handleSecondFactor(
      staffRequest('/api/staff/second-factor', {
        method: 'POST',
        body: { code: totpCode(owner.totpSecret!, later) },
        cookie: cookiesOf(signIn),
        headers: client,
      }),
      { now: () => later },
    );
    expect(code.status).toBe(401);
    expect((await code.json()).error).toMatch(/not finished in time/);

    // A reset link asked for earlier stops working when the person changes their password themselves.
    const token = 'a'.repeat(43);
    await createPasswordReset(db(), owner.id, hashResetToken(token), new Date(), new Date(Date.now() + 30 * 60_000));
    expect(await isLiveResetToken(db(), token)).toBe(true);
    const session = await sessionCookieFor(db(), owner);
    const changed = await call(changePasswordRoute, '/api/admin/account/password', 'POST', session, {
      password: 'Lokoja-River-Compass-58',
    });
    expect(changed.status).toBe(200);
    expect(await isLiveResetToken(db(), token)).toBe(false);
  });
});
