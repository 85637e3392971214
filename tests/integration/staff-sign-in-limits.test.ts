import { randomInt } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { handlePasswordResetRequest, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { makeStaff, STAFF_PASSWORD, staffRequest } from './staff-helpers';

/**
 * Issue "Security round 3", item 6 (docs/decisions/0386-staff-sessions-round-3.md): the staff sign-in counts a client's
 * IPv6 /56 and /48 as the lead form does, and a stranger's wrong passwords slow the account down without locking its
 * person out of their own client.
 */

/** A fresh IPv6 /48 (in the documentation range), and the address of its `n`th /64 (all in one /56). */
function network48() {
  const prefix = `2001:db8:${randomInt(0x10000).toString(16)}`;
  return (n: number) => ({ 'x-forwarded-for': `${prefix}:${n.toString(16)}::1` });
}

describeEachDriver('sign-in limits per network, and an account nobody else can lock', (ctx) => {
  const db = () => ctx.handle().db;
  beforeAll(() => setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop', ADMIN_EMAIL: undefined }));

  const signIn = (email: string, password: string, client: Record<string, string>, now?: Date) =>
    handleSignIn(
      staffRequest('/api/staff/sign-in', { method: 'POST', body: { email, password }, headers: client }),
      now ? { now: () => now } : {},
    );

  it('refuses sign-ins sprayed from many /64s of one /48 (RATE_LIMIT_SIGN_IN_48), and password-reset requests alike', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN_56: '100/600', RATE_LIMIT_SIGN_IN_48: '4/600' });
    try {
      const agent = await makeStaff(db(), 'agent');
      const block = network48();
      for (let n = 1; n <= 4; n++) expect((await signIn(agent.email, STAFF_PASSWORD, block(n))).status).toBe(200);
      const refused = await signIn(agent.email, STAFF_PASSWORD, block(5));
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toMatch(/Too many sign-in requests from your connection/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const reset = await handlePasswordResetRequest(
        staffRequest('/api/staff/password-reset', { method: 'POST', body: { email: agent.email }, headers: block(6) }),
      );
      expect(reset.status).toBe(429);
      // Another network is not held back by this one.
      expect((await signIn(agent.email, STAFF_PASSWORD, network48()(1))).status).toBe(200);
    } finally {
      setEnv({ RATE_LIMIT_SIGN_IN_56: undefined, RATE_LIMIT_SIGN_IN_48: undefined });
    }
  });

  it('counts the /56 too (RATE_LIMIT_SIGN_IN_56)', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN_56: '2/600' });
    try {
      const agent = await makeStaff(db(), 'agent');
      const block = network48();
      expect((await signIn(agent.email, STAFF_PASSWORD, block(1))).status).toBe(200);
      expect((await signIn(agent.email, STAFF_PASSWORD, block(2))).status).toBe(200);
      expect((await signIn(agent.email, STAFF_PASSWORD, block(3))).status).toBe(429);
      // Another /56 of the same /48 (its eighth byte differs).
      expect((await signIn(agent.email, STAFF_PASSWORD, block(0x100))).status).toBe(200);
    } finally {
      setEnv({ RATE_LIMIT_SIGN_IN_56: undefined });
    }
  });

  it('a stranger’s 10 wrong passwords from elsewhere do not stop the owner signing in from their own client; the stranger is slowed', async () => {
    const owner = await makeStaff(db(), 'owner');
    const own = freshClient();
    const t0 = new Date(Date.now() + 5 * 3_600_000);
    const strangers = Array.from({ length: 10 }, () => freshClient());
    for (const [i, stranger] of strangers.entries())
      expect((await signIn(owner.email, `wrong-password-${i}`, stranger, t0)).status).toBe(401);
    const again = await signIn(owner.email, 'wrong-password-again', strangers[0], new Date(t0.getTime() + 1000));
    expect(again.status).toBe(429);
    expect((await again.json()).error).toMatch(/wait .* before you try again/);

    const mine = await signIn(owner.email, STAFF_PASSWORD, own, new Date(t0.getTime() + 2000));
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ ok: true, step: 'second-factor' });
  });

  it('even a stranger on the owner’s network /48 locks only their own client out', async () => {
    const owner = await makeStaff(db(), 'owner');
    const block = network48();
    const t0 = new Date(Date.now() + 6 * 3_600_000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    for (let i = 0; i < 10; i++) expect((await signIn(owner.email, `wrong-password-${i}`, block(1), at(i))).status).toBe(401);
    expect((await signIn(owner.email, STAFF_PASSWORD, block(1), at(10))).status).toBe(429);
    expect((await signIn(owner.email, STAFF_PASSWORD, block(2), at(10))).status).toBe(200);
  });
});
