import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { GET as listStaffRoute, POST as createStaffRoute } from '@/app/api/admin/staff/route';
import { PATCH as patchStaffRoute } from '@/app/api/admin/staff/[id]/route';
import { GET as exportRoute } from '@/app/api/admin/privacy/export/route';
import { POST as eraseRoute } from '@/app/api/admin/privacy/erase/route';
import { saveLead } from '@/features/interest/repository.server';
import { addLeadNote } from '@/features/leads-admin/repository.server';
import { subjectFingerprint } from '@/features/privacy/repository.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/lib/auth/session.server';
import { interestSubmissions, leadNotes, leadNotifications, newsletterSubscribers, staffAudit } from '@/lib/db/schema';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

describeEachDriver('staff management and privacy requests', (ctx) => {
  let ownerCookie = '';
  let owner: Awaited<ReturnType<typeof makeStaff>>;
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    owner = await makeStaff(ctx.handle().db, 'owner');
    ownerCookie = await sessionCookieFor(ctx.handle().db, owner);
  });

  it('creates agents, refusing weak passwords and duplicates', async () => {
    const weak = await createStaffRoute(staffRequest('/api/admin/staff', { method: 'POST', cookie: ownerCookie, body: { email: 'weak@example.com', role: 'agent', password: 'qwerty123456' } }), undefined);
    expect(weak.status).toBe(400);
    expect((await weak.json()).error).toMatch(/most common/);
    const body = { email: 'New.Agent@Example.com', name: 'New Agent', role: 'agent', password: 'Lagos-Sales-Desk-2026' };
    const created = await createStaffRoute(staffRequest('/api/admin/staff', { method: 'POST', cookie: ownerCookie, body }), undefined);
    expect(created.status).toBe(201);
    expect((await created.json()).staff).toMatchObject({ email: 'new.agent@example.com', role: 'agent', active: true });
    const again = await createStaffRoute(staffRequest('/api/admin/staff', { method: 'POST', cookie: ownerCookie, body }), undefined);
    expect(again.status).toBe(409);
    const list = await (await listStaffRoute(staffRequest('/api/admin/staff', { cookie: ownerCookie }), undefined)).json();
    expect(JSON.stringify(list)).not.toMatch(/scrypt/);
  });

  it('deactivating an agent ends their sessions; an owner cannot demote themself', async () => {
    const agent = await makeStaff(ctx.handle().db, 'agent');
    const agentCookie = await sessionCookieFor(ctx.handle().db, agent);
    const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
    const res = await patchStaffRoute(staffRequest(`/api/admin/staff/${agent.id}`, { method: 'PATCH', cookie: ownerCookie, body: { active: false } }), ctxFor(agent.id));
    expect(res.status).toBe(200);
    expect((await resolveSession(ctx.handle().db, tokenFromCookieHeader(agentCookie))).ok).toBe(false);
    const self = await patchStaffRoute(staffRequest(`/api/admin/staff/${owner.id}`, { method: 'PATCH', cookie: ownerCookie, body: { role: 'agent' } }), ctxFor(owner.id));
    expect(self.status).toBe(409);
  });

  it('exports everything held about one e-mail and erases it, recording both', async () => {
    const db = ctx.handle().db;
    const email = 'subject@example.com';
    const lead = await saveLead(db, { input: validLead({ email }) as never, spam: false });
    await addLeadNote(db, lead.id, 'Prefers WhatsApp', { id: owner.id, email: owner.email });
    await db.insert(newsletterSubscribers).values({ email, unsubscribeToken: `tok-${lead.id}` });
    const other = await saveLead(db, { input: validLead({ email: 'someone-else@example.com' }) as never, spam: false });

    const exported = await exportRoute(staffRequest(`/api/admin/privacy/export?email=${encodeURIComponent('Subject@Example.com')}`, { cookie: ownerCookie }), undefined);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    const data = await exported.json();
    expect(data.leads).toHaveLength(1);
    expect(data.leads[0].notes[0].body).toBe('Prefers WhatsApp');
    expect(data.newsletter).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('tok-');

    const erased = await eraseRoute(staffRequest('/api/admin/privacy/erase', { method: 'POST', cookie: ownerCookie, body: { email } }), undefined);
    expect(await erased.json()).toEqual({ ok: true, leads: 1, newsletter: 1 });
    expect(await db.select().from(interestSubmissions).where(eq(interestSubmissions.email, email))).toHaveLength(0);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toHaveLength(0);
    expect(await db.select().from(leadNotifications).where(eq(leadNotifications.leadId, lead.id))).toHaveLength(0);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(0);
    expect(await db.select().from(interestSubmissions).where(eq(interestSubmissions.id, other.id))).toHaveLength(1);
    const audit = await db.select().from(staffAudit).where(eq(staffAudit.subject, subjectFingerprint(email)));
    expect(audit.map((a) => a.action).sort()).toEqual(['privacy.erase', 'privacy.export']);
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
