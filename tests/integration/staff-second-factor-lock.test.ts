import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { GET as listStaffRoute } from '@/app/api/admin/staff/route';
import { handleSecondFactor, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { SECOND_FACTOR_LOCK } from '@/modules/staff/second-factor/second-factor-lock.server';
import { STAFF_COPY } from '@/content/staff';
import { staffUsers } from '@/lib/db/schema';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { cookiesOf, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest, totpCode } from './staff-helpers';

/**
 * Issue 30, item 1 (docs/decisions/0341-second-factor-lock.md): someone who has the password cannot try codes for ever.
 * Before, wrong codes were counted with the password's failures, which a right password cleared: with the password
 * and a new address for each round, all 36 codes of 4 rounds were checked.
 */

describeEachDriver('second factor lock', (ctx) => {
  const db = () => ctx.handle().db;
  let smtp: Peer<ReceivedMail>;
  let clock = Date.now() + 60_000;
  /**
   * Each sign-in on its own 30-second step, never behind the real clock, whose step an owner enrolled just now has
   * used up (on a slow machine the real clock can pass the moved one).
   */
  const nextStep = () => new Date((clock = Math.max(clock, Date.now() + 60_000) + 90_000));

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SMTP_URL: smtp.url,
      // The per-client limit is not what stops this attacker: they have a block of addresses.
      RATE_LIMIT_SIGN_IN: '1000/600',
    });
  });
  afterAll(async () => {
    setEnv({ SMTP_URL: undefined });
    await smtp.stop();
  });

  const post = (
    handler: typeof handleSignIn,
    path: string,
    body: unknown,
    cookie: string | undefined,
    now: Date,
    client: Record<string, string>,
  ) => handler(staffRequest(path, { method: 'POST', body, cookie, headers: client }), { now: () => now });
  const mailsTo = (email: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(email));
  const wrongFor = (secret: string, at: Date) => (totpCode(secret, at) === '123456' ? '654321' : '123456');

  it(
    'password and wrong codes interleaved from rotating addresses: no more than 5 codes are ever checked, then even the right one is refused',
    { timeout: 120_000 },
    async () => {
      const owner = await makeStaff(db(), 'owner');
      const statuses: number[] = [];
      for (let round = 0; round < 4; round++) {
        const t = nextStep();
        const client = freshClient();
        const signIn = await post(
          handleSignIn,
          '/api/staff/sign-in',
          { email: owner.email, password: STAFF_PASSWORD },
          undefined,
          t,
          client,
        );
        expect(signIn.status).toBe(200);
        const cookie = cookiesOf(signIn);
        for (let i = 0; i < 9; i++) {
          const res = await post(
            handleSecondFactor,
            '/api/staff/second-factor',
            { code: wrongFor(owner.totpSecret!, t) },
            cookie,
            t,
            client,
          );
          statuses.push(res.status);
          if (res.status === 403) expect((await res.json()).error).toBe(STAFF_COPY.errors.secondFactorLocked);
        }
      }
      // Four wrong codes answered "not right"; the fifth locks the factor; nothing after it is checked.
      expect(statuses.filter((s) => s === 401)).toHaveLength(SECOND_FACTOR_LOCK.wrongCodes - 1);
      expect(statuses.slice(SECOND_FACTOR_LOCK.wrongCodes - 1).every((s) => s === 403)).toBe(true);
      const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, owner.id));
      expect(row.secondFactorFailures).toBe(SECOND_FACTOR_LOCK.wrongCodes);
      expect(row.secondFactorLockedAt).not.toBeNull();

      // The right code, with the right password, from yet another address: still refused.
      const t = nextStep();
      const client = freshClient();
      const signIn = await post(handleSignIn, '/api/staff/sign-in', { email: owner.email, password: STAFF_PASSWORD }, undefined, t, client);
      const right = await post(
        handleSecondFactor,
        '/api/staff/second-factor',
        { code: totpCode(owner.totpSecret!, t) },
        cookiesOf(signIn),
        t,
        client,
      );
      expect(right.status).toBe(403);

      // The person hears of it: at the first wrong code, and when the factor locked.
      expect(await waitFor(() => mailsTo(owner.email).length === 2, 10_000)).toBe(true);
      const [first, locked] = mailsTo(owner.email);
      expect(first.mail.subject).toMatch(/a wrong sign-in code was entered for your account/);
      expect(first.mail.text).toContain('change it now');
      expect(first.mail.text).not.toContain('now locked');
      expect(locked.mail.text).toContain(`After ${SECOND_FACTOR_LOCK.wrongCodes} wrong codes, two-step sign-in is now locked`);

      // Another owner sees the lock on the Staff page's list and lifts it (audited like the other changes).
      const other = await makeStaff(db(), 'owner');
      const ownerCookie = await sessionCookieFor(db(), other);
      const list = await (await listStaffRoute(staffRequest('/api/admin/staff', { cookie: ownerCookie }), undefined)).json();
      expect(list.staff.find((s: { id: string }) => s.id === owner.id)).toMatchObject({ secondFactorLocked: true, hasSecondFactor: true });
      const unlock = await patchStaffRoute(
        staffRequest(`/api/admin/staff/${owner.id}`, { method: 'PATCH', cookie: ownerCookie, body: { unlockSecondFactor: true } }),
        { params: Promise.resolve({ id: owner.id }) },
      );
      expect(unlock.status).toBe(200);
      expect((await unlock.json()).staff).toMatchObject({ secondFactorLocked: false, hasSecondFactor: true });

      const after = nextStep();
      const again = await post(
        handleSignIn,
        '/api/staff/sign-in',
        { email: owner.email, password: STAFF_PASSWORD },
        undefined,
        after,
        client,
      );
      const ok = await post(
        handleSecondFactor,
        '/api/staff/second-factor',
        { code: totpCode(owner.totpSecret!, after) },
        cookiesOf(again),
        after,
        client,
      );
      expect(ok.status).toBe(200);
    },
  );

  it(
    'a burst of wrong codes in parallel gets no more checks than the limit, and a right code in time clears the count',
    { timeout: 120_000 },
    async () => {
      const owner = await makeStaff(db(), 'owner');
      const t = nextStep();
      const client = freshClient();
      const signIn = await post(handleSignIn, '/api/staff/sign-in', { email: owner.email, password: STAFF_PASSWORD }, undefined, t, client);
      const cookie = cookiesOf(signIn);
      // A person who mistypes twice, then types the right code: the count starts again.
      for (let i = 0; i < 2; i++)
        expect(
          (await post(handleSecondFactor, '/api/staff/second-factor', { code: wrongFor(owner.totpSecret!, t) }, cookie, t, client)).status,
        ).toBe(401);
      expect(
        (await post(handleSecondFactor, '/api/staff/second-factor', { code: totpCode(owner.totpSecret!, t) }, cookie, t, client)).status,
      ).toBe(200);
      const [cleared] = await db().select().from(staffUsers).where(eq(staffUsers.id, owner.id));
      expect(cleared.secondFactorFailures).toBe(0);

      const t2 = nextStep();
      const again = await post(handleSignIn, '/api/staff/sign-in', { email: owner.email, password: STAFF_PASSWORD }, undefined, t2, client);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          post(
            handleSecondFactor,
            '/api/staff/second-factor',
            { code: wrongFor(owner.totpSecret!, t2) },
            cookiesOf(again),
            t2,
            freshClient(),
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(SECOND_FACTOR_LOCK.wrongCodes - 1);
      const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, owner.id));
      expect(row.secondFactorFailures).toBe(SECOND_FACTOR_LOCK.wrongCodes);
      // E-mails: the first mistype, the burst's first wrong code (the right code had started the count again), the lock.
      expect(await waitFor(() => mailsTo(owner.email).length === 3, 10_000)).toBe(true);
      expect(mailsTo(owner.email).filter((m) => m.mail.text?.includes('now locked'))).toHaveLength(1);
    },
  );
});
