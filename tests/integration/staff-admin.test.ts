import { beforeAll, expect, it } from 'vitest';
import { GET as listStaffRoute, POST as createStaffRoute } from '@/app/api/admin/staff/route';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { describeEachDriver, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

describeEachDriver('staff management', (ctx) => {
  let ownerCookie = '';
  let owner: Awaited<ReturnType<typeof makeStaff>>;
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    owner = await makeStaff(ctx.handle().db, 'owner');
    ownerCookie = await sessionCookieFor(ctx.handle().db, owner);
  });

  it('creates agents by invitation, refusing a password chosen by the owner and duplicates (0347)', async () => {
    const withPassword = await createStaffRoute(
      staffRequest('/api/admin/staff', {
        method: 'POST',
        cookie: ownerCookie,
        body: { email: 'chosen@example.com', role: 'agent', password: 'Lagos-Sales-Desk-2026' },
      }),
      undefined,
    );
    expect(withPassword.status).toBe(400);
    expect((await withPassword.json()).error).toMatch(/Owners do not choose passwords for others/);
    const body = { email: 'New.Agent@Example.com', name: 'New Agent', role: 'agent' };
    const created = await createStaffRoute(staffRequest('/api/admin/staff', { method: 'POST', cookie: ownerCookie, body }), undefined);
    expect(created.status).toBe(201);
    expect((await created.json()).staff).toMatchObject({ email: 'new.agent@example.com', role: 'agent', active: true, invited: true });
    const again = await createStaffRoute(staffRequest('/api/admin/staff', { method: 'POST', cookie: ownerCookie, body }), undefined);
    expect(again.status).toBe(409);
    const list = await (await listStaffRoute(staffRequest('/api/admin/staff', { cookie: ownerCookie }), undefined)).json();
    expect(JSON.stringify(list)).not.toMatch(/scrypt/);
  });

  it('deactivating an agent ends their sessions; an owner cannot demote themself', async () => {
    const agent = await makeStaff(ctx.handle().db, 'agent');
    const agentCookie = await sessionCookieFor(ctx.handle().db, agent);
    const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
    const res = await patchStaffRoute(
      staffRequest(`/api/admin/staff/${agent.id}`, { method: 'PATCH', cookie: ownerCookie, body: { active: false } }),
      ctxFor(agent.id),
    );
    expect(res.status).toBe(200);
    expect((await resolveSession(ctx.handle().db, tokenFromCookieHeader(agentCookie))).ok).toBe(false);
    const self = await patchStaffRoute(
      staffRequest(`/api/admin/staff/${owner.id}`, { method: 'PATCH', cookie: ownerCookie, body: { role: 'agent' } }),
      ctxFor(owner.id),
    );
    expect(self.status).toBe(409);
  });

  it('owners give anyone a display name (themselves included), never an empty one, and sessions carry on', async () => {
    const agent = await makeStaff(ctx.handle().db, 'agent');
    const agentCookie = await sessionCookieFor(ctx.handle().db, agent);
    const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
    const patch = (id: string, body: unknown) =>
      patchStaffRoute(staffRequest(`/api/admin/staff/${id}`, { method: 'PATCH', cookie: ownerCookie, body }), ctxFor(id));
    const renamed = await patch(agent.id, { name: '  Tunde Bakare ' });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).staff).toMatchObject({ name: 'Tunde Bakare' });
    const session = await resolveSession(ctx.handle().db, tokenFromCookieHeader(agentCookie));
    expect(session.ok && session.staff.name).toBe('Tunde Bakare');
    expect((await patch(agent.id, { name: '   ' })).status).toBe(400);
    expect((await patch(owner.id, { name: 'Ngozi Owner' })).status).toBe(200);
  });
});
