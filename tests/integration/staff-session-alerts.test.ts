import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as changePasswordRoute } from '@/app/api/admin/account/password/route';
import { POST as addPushRoute } from '@/app/api/admin/account/push/route';
import { POST as endSessionsRoute } from '@/app/api/admin/account/sessions/route';
import { PATCH as updateStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { POST as resetConfirmRoute } from '@/app/api/staff/password-reset/confirm/route';
import { POST as signOutRoute } from '@/app/api/staff/sign-out/route';
import { endEverySession } from '@/modules/staff/sessions/end-sessions.server';
import { createPasswordReset } from '@/modules/staff/repository.server';
import { hashResetToken } from '@/modules/staff/sign-in/password-reset.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { pushTargetsOf } from '@/modules/staff/push/subscriptions.repository.server';
import { staffPushSubscriptions, staffSessions } from '@/lib/db/schema';
import { PUSH_SERVICE_CERT, startPushService, type PushService } from '../support/push-service.mjs';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Issue "Security round 3", item 3 (docs/decisions/0386-staff-sessions-round-3.md): push alerts end with the sessions
 * that turned them on, however those end, so a lost phone stops showing lead names once it is signed out.
 */

let service: PushService;

beforeAll(async () => {
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(PUSH_SERVICE_CERT, 'utf8')]);
  service = await startPushService({ status: () => 201 });
  setEnv({ SITE_URL: 'https://districts.example', PUSH_SERVICE_HOSTS: '127.0.0.1', RATE_LIMIT_SIGN_IN: '1000/600' });
});
afterAll(async () => {
  await service.stop();
});

type Route = (request: Request, context: never) => Promise<Response>;
const call = (route: Route, path: string, cookie: string | undefined, body: unknown, method = 'POST', context?: unknown) =>
  route(staffRequest(path, { method, cookie, body }), context as never);

describeEachDriver('push alerts end with their sessions', (ctx) => {
  const db = () => ctx.handle().db;

  beforeEach(async () => {
    await db().delete(staffPushSubscriptions);
  });

  /** A device of this person: signed in, with push alerts turned on in that session (as Your account does). */
  async function deviceOf(staff: { id: string; email: string; role: string }) {
    const cookie = await sessionCookieFor(db(), staff);
    const phone = service.subscribe();
    const res = await call(addPushRoute, '/api/admin/account/push', cookie, { subscription: phone.subscription });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const session = await resolveSession(db(), tokenFromCookieHeader(cookie));
    if (!session.ok) throw new Error('the device is not signed in');
    return { cookie, sessionId: session.staff.sessionId, alertsId: id };
  }

  /** Which of these devices still get alerts. */
  async function alerted(...devices: { alertsId: string }[]) {
    const rows = await db().select({ id: staffPushSubscriptions.id }).from(staffPushSubscriptions);
    const kept = new Set(rows.map((row) => row.id));
    return devices.map((device) => kept.has(device.alertsId));
  }

  it('signing out ends the alerts of this device, not those of the person’s other devices', async () => {
    const agent = await makeStaff(db(), 'agent');
    const [phone, laptop] = [await deviceOf(agent), await deviceOf(agent)];
    expect((await call(signOutRoute, '/api/staff/sign-out', phone.cookie, {})).status).toBe(200);
    expect(await alerted(phone, laptop)).toEqual([false, true]);
  });

  it('signing one device out from Your account ends its alerts; signing out everywhere else ends all but this one’s', async () => {
    const agent = await makeStaff(db(), 'agent');
    const [phone, tablet, laptop] = [await deviceOf(agent), await deviceOf(agent), await deviceOf(agent)];
    expect((await call(endSessionsRoute, '/api/admin/account/sessions', laptop.cookie, { end: phone.sessionId })).status).toBe(200);
    expect(await alerted(phone, tablet, laptop)).toEqual([false, true, true]);
    expect((await call(endSessionsRoute, '/api/admin/account/sessions', laptop.cookie, { end: 'others' })).status).toBe(200);
    expect(await alerted(phone, tablet, laptop)).toEqual([false, false, true]);
  });

  it('a new password ends the alerts of every other device; a reset by e-mail ends them all', async () => {
    const agent = await makeStaff(db(), 'agent');
    const [phone, laptop] = [await deviceOf(agent), await deviceOf(agent)];
    const changed = await call(changePasswordRoute, '/api/admin/account/password', laptop.cookie, { password: 'Lokoja-River-Compass-58' });
    expect(changed.status).toBe(200);
    expect(await alerted(phone, laptop)).toEqual([false, true]);

    const token = 'b'.repeat(43);
    await createPasswordReset(db(), agent.id, hashResetToken(token), new Date(), new Date(Date.now() + 30 * 60_000));
    const reset = await call(resetConfirmRoute, '/api/staff/password-reset/confirm', undefined, {
      token,
      password: 'Ogbomoso-Lantern-Field-73',
    });
    expect(reset.status).toBe(200);
    expect(await alerted(laptop)).toEqual([false]);
  });

  it('an owner deactivating an account, or resetting its two-step sign-in, ends every alert of it', async () => {
    const owner = await makeStaff(db(), 'owner');
    const ownerCookie = await sessionCookieFor(db(), owner);
    const update = (id: string, body: unknown) =>
      call(updateStaffRoute, `/api/admin/staff/${id}`, ownerCookie, body, 'PATCH', { params: Promise.resolve({ id }) });

    const leaving = await makeStaff(db(), 'agent');
    const [phone, laptop] = [await deviceOf(leaving), await deviceOf(leaving)];
    const ownPhone = await deviceOf(owner);
    expect((await update(leaving.id, { active: false })).status).toBe(200);
    expect(await alerted(phone, laptop, ownPhone)).toEqual([false, false, true]);

    const lostPhone = await makeStaff(db(), 'agent');
    const itsPhone = await deviceOf(lostPhone);
    expect((await update(lostPhone.id, { resetSecondFactor: true })).status).toBe(200);
    expect(await alerted(itsPhone, ownPhone)).toEqual([false, true]);
  });

  it('a session that simply runs out gets no more alerts; an idle one still does, and another device’s go on', async () => {
    // Issue 57 item 8: nothing ends a session that reaches its expiry, so the alerts check the session themselves.
    const agent = await makeStaff(db(), 'agent');
    const [phone, laptop] = [await deviceOf(agent), await deviceOf(agent)];
    const targets = async () => new Set((await pushTargetsOf(db(), [agent.id])).map((target) => target.id));
    expect(await targets()).toEqual(new Set([phone.alertsId, laptop.alertsId]));
    await db()
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(staffSessions.id, phone.sessionId));
    // Idle for hours (no request) is not ended: alerts are for when nobody is looking at the staff area.
    await db()
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 3_600_000) })
      .where(eq(staffSessions.id, laptop.sessionId));
    expect(await targets()).toEqual(new Set([laptop.alertsId]));
  });

  it('ending every session (as after a restore) ends everyone’s alerts, also those made before alerts named their session', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent');
    const [ownerPhone, agentPhone] = [await deviceOf(owner), await deviceOf(agent)];
    // A subscription from before this release: no session recorded.
    await db().update(staffPushSubscriptions).set({ sessionId: null }).where(eq(staffPushSubscriptions.id, agentPhone.alertsId));
    await endEverySession(db());
    expect(await alerted(ownerPhone, agentPhone)).toEqual([false, false]);
    expect((await resolveSession(db(), tokenFromCookieHeader(ownerPhone.cookie))).ok).toBe(false);
  });
});
