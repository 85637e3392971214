import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/admin/leads/route';
import { GET as getRoute, PATCH as patchRoute } from '@/app/api/admin/leads/[id]/route';
import { POST as noteRoute } from '@/app/api/admin/leads/[id]/notes/route';
import { GET as exportRoute } from '@/app/api/admin/exports/leads/route';
import { GET as statsRoute } from '@/app/api/admin/stats/route';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { inboxCounters } from '@/modules/leads/inbox.repository.server';
import { setAgentsSeeEveryLead } from '@/modules/leads/scope.server';
import { lagosPeriods } from '@/lib/working-time';
import { leads, staffAudit } from '@/lib/db/schema';
import { desc, eq } from 'drizzle-orm';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
const AROUND_THE_CLOCK = { days: 0b1111111, startMinute: 0, endMinute: 1440, targetMinutes: 60 };

// Agents here see and change every lead, as an owner may allow (docs/decisions/0388); tests/integration/lead-scope.test.ts
// has an agent on their own leads, the default.
describeEachDriver('staff lead inbox API', (ctx) => {
  let cookie = '';
  let ownerCookie = '';
  let actorEmail = '';
  const ids: string[] = [];
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const db = ctx.handle().db;
    const agent = await makeStaff(db, 'agent');
    actorEmail = agent.email;
    cookie = await sessionCookieFor(db, agent);
    const owner = await makeStaff(db, 'owner');
    ownerCookie = await sessionCookieFor(db, owner);
    await setAgentsSeeEveryLead(db, true, owner);
    const inputs = [
      validLead({ fullname: 'Bola Ahmed', email: 'bola@example.com', district: 'Lugbe, Abuja', phonenumber: '08031110000' }),
      validLead({ fullname: 'Chinwe Obi', email: 'chinwe@example.com', district: 'Moniya, Ibadan', phonenumber: '08032220000' }),
      validLead({
        fullname: '=HYPERLINK("http://evil.example","click")',
        email: 'formula@example.com',
        district: 'Moniya, Ibadan',
        phonenumber: '+2348033330000',
      }),
      validLead({ fullname: 'Spammy Bot', email: 'bot@example.com' }),
    ];
    for (const [i, input] of inputs.entries()) {
      const saved = await saveLead(db, { input: input as never, spam: i === 3, spamReason: i === 3 ? 'honeypot' : undefined });
      ids.push(saved.id);
      // Distinct arrival times, oldest first.
      await db
        .update(leads)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(leads.id, saved.id));
    }
  });

  const list = async (query = '') => (await listRoute(staffRequest(`/api/admin/leads${query}`, { cookie }), undefined)).json();

  it('lists newest first without spam, with cursor pagination', async () => {
    const body = await list();
    const names = body.leads.map((l: { fullName: string }) => l.fullName);
    expect(names.slice(0, 3)).toEqual(['=HYPERLINK("http://evil.example","click")', 'Chinwe Obi', 'Bola Ahmed']);
    expect(names).not.toContain('Spammy Bot');
    const spam = await list('?status=spam');
    expect(spam.leads.map((l: { fullName: string }) => l.fullName)).toContain('Spammy Bot');
  });

  it('filters by district, status, text and date', async () => {
    expect((await list('?district=Moniya%2C%20Ibadan')).leads).toHaveLength(2);
    expect((await list('?q=chinwe')).leads.map((l: { email: string }) => l.email)).toEqual(['chinwe@example.com']);
    expect((await list('?q=0803%20222')).leads.map((l: { email: string }) => l.email)).toEqual(['chinwe@example.com']);
    expect((await list('?q=%25')).leads).toHaveLength(0);
    const today = lagosPeriods(new Date()).dayStart;
    expect((await list('?from=2000-01-01&to=2000-01-02')).leads).toHaveLength(0);
    expect(
      (await list(`?from=${new Date(today.getTime() + 3_600_000).toISOString().slice(0, 10)}&status=new`)).leads.length,
    ).toBeGreaterThanOrEqual(0);
  });

  it('paginates with a cursor', async () => {
    const { listLeadPage } = await import('@/modules/leads/inbox.repository.server');
    const scope = { staffId: '00000000-0000-4000-8000-000000000000', role: 'owner', now: new Date(), time: AROUND_THE_CLOCK };
    const first = await listLeadPage(ctx.handle().db, {}, scope, 2);
    expect(first.leads).toHaveLength(2);
    expect(first.nextCursor).toBeTruthy();
    const second = await listLeadPage(ctx.handle().db, { cursor: first.nextCursor }, scope, 2);
    expect(second.leads[0].id).not.toBe(first.leads[1].id);
    expect(second.leads[0].createdAt.getTime()).toBeLessThanOrEqual(first.leads[1].createdAt.getTime());
  });

  it('changes status, records first contact once and the history', async () => {
    const id = ids[0];
    const res = await patchRoute(
      staffRequest(`/api/admin/leads/${id}`, { method: 'PATCH', cookie, body: { status: 'contacted' } }),
      ctxFor(id),
    );
    expect(res.status).toBe(200);
    await patchRoute(staffRequest(`/api/admin/leads/${id}`, { method: 'PATCH', cookie, body: { status: 'qualified' } }), ctxFor(id));
    const bad = await patchRoute(
      staffRequest(`/api/admin/leads/${id}`, { method: 'PATCH', cookie, body: { status: 'archived' } }),
      ctxFor(id),
    );
    expect(bad.status).toBe(400);
    const detail = await (await getRoute(staffRequest(`/api/admin/leads/${id}`, { cookie }), ctxFor(id))).json();
    expect(detail.lead.status).toBe('qualified');
    expect(detail.lead.firstContactedAt).toBeTruthy();
    expect(
      detail.activity.map((a: { action: string; detail: { to: string }; actorEmail: string }) => [a.action, a.detail.to, a.actorEmail]),
    ).toEqual([
      ['status_changed', 'qualified', actorEmail],
      ['status_changed', 'contacted', actorEmail],
    ]);
    // Working minutes around the clock are wall-clock minutes, whenever the test runs.
    const counters = await inboxCounters(ctx.handle().db, AROUND_THE_CLOCK);
    expect(counters.medianFirstContactMinutes).toBeGreaterThanOrEqual(9);
  });

  it('adds notes with author and time', async () => {
    const id = ids[1];
    const res = await noteRoute(
      staffRequest(`/api/admin/leads/${id}/notes`, { method: 'POST', cookie, body: { body: 'Called, call back Friday <b>' } }),
      ctxFor(id),
    );
    expect(res.status).toBe(201);
    expect(
      (await noteRoute(staffRequest(`/api/admin/leads/${id}/notes`, { method: 'POST', cookie, body: { body: '  ' } }), ctxFor(id))).status,
    ).toBe(400);
    const detail = await (await getRoute(staffRequest(`/api/admin/leads/${id}`, { cookie }), ctxFor(id))).json();
    // Staff read each other by display name (makeStaff names an agent "agent"), the e-mail stays on the row.
    expect(detail.notes[0]).toMatchObject({ body: 'Called, call back Friday <b>', authorEmail: actorEmail, authorName: 'agent' });
    expect(detail.activity[0]).toMatchObject({ action: 'note_added', actorName: 'agent' });
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await getRoute(staffRequest('/api/admin/leads/x', { cookie }), ctxFor('x'))).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await getRoute(staffRequest(`/api/admin/leads/${missing}`, { cookie }), ctxFor(missing))).status).toBe(404);
  });

  it('exports the filtered view as CSV with formulas neutralised, for owners only even while agents see every lead', async () => {
    const refused = await exportRoute(staffRequest('/api/admin/exports/leads?district=Moniya%2C%20Ibadan', { cookie }), undefined);
    expect(refused.status).toBe(403);
    const res = await exportRoute(staffRequest('/api/admin/exports/leads?district=Moniya%2C%20Ibadan', { cookie: ownerCookie }), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^"received_at","title","full_name","email","phone"/);
    expect(lines).toHaveLength(3);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain("'+2348033330000");
    expect(text).not.toContain('bola@example.com');
    expect(text).not.toMatch(/(^|,)"?=/m);
  });

  it('exports every lead of a long view once, newest first, however many statements read it', async () => {
    const db = ctx.handle().db;
    // 530 leads of one day, seven to a minute: more than the export reads at once on either database, with arrival
    // times shared across the places where one read ends and the next begins.
    const day = new Date('2019-03-04T09:00:00Z');
    const emails: string[] = [];
    for (let i = 0; i < 530; i++) {
      const email = `long-view-${i}@example.com`;
      const { id } = await saveLead(db, { input: validLead({ email }) as never, spam: false });
      await db
        .update(leads)
        .set({ createdAt: new Date(day.getTime() + Math.floor(i / 7) * 60_000) })
        .where(eq(leads.id, id));
      emails.push(email);
    }
    const res = await exportRoute(
      staffRequest('/api/admin/exports/leads?from=2019-03-04&to=2019-03-04', { cookie: ownerCookie }),
      undefined,
    );
    const rows: Record<string, string>[] = parseCsv(await res.text(), { bom: true, columns: true });
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
    const received = rows.map((row) => row.received_at);
    expect(received).toEqual([...received].sort().reverse());
  });

  it('counts new leads today and this week per district', async () => {
    const body = await (await statsRoute(staffRequest('/api/admin/stats', { cookie }), undefined)).json();
    expect(body.newToday).toBeGreaterThanOrEqual(0);
    const week = Object.fromEntries(body.weekByDistrict.map((d: { district: string; count: number }) => [d.district, d.count]));
    expect(week['Moniya, Ibadan']).toBe(2);
  });

  it('audits an export with the rows its file holds, leads of months and years ago counted too', async () => {
    const db = ctx.handle().db;
    const days = [0, 20, 45, 200, 800];
    for (const ago of days) {
      const { id } = await saveLead(db, { input: validLead({ email: `old-${ago}@example.com` }) as never, spam: false });
      await db
        .update(leads)
        .set({ createdAt: new Date(Date.now() - ago * 86_400_000) })
        .where(eq(leads.id, id));
    }
    for (const search of ['', '?from=2020-01-01', `?to=${lagosPeriods(new Date(Date.now() - 30 * 86_400_000)).day}`]) {
      const res = await exportRoute(staffRequest(`/api/admin/exports/leads${search}`, { cookie: ownerCookie }), undefined);
      const rows = (await res.text()).split('\r\n').filter(Boolean).length - 1;
      const [audit] = await db
        .select({ detail: staffAudit.detail })
        .from(staffAudit)
        .where(eq(staffAudit.action, 'leads.export'))
        .orderBy(desc(staffAudit.createdAt))
        .limit(1);
      expect(audit.detail).toMatchObject({ rows });
    }
  });
});
