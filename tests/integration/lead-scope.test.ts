import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as listRoute } from '@/app/api/admin/leads/route';
import { GET as getRoute, PATCH as patchRoute } from '@/app/api/admin/leads/[id]/route';
import { POST as noteRoute } from '@/app/api/admin/leads/[id]/notes/route';
import { POST as claimRoute } from '@/app/api/admin/leads/[id]/claim/route';
import { GET as exportRoute } from '@/app/api/admin/exports/leads/route';
import { PUT as leadAccessRoute } from '@/app/api/admin/lead-access/route';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { leads, leadNotes, type LeadRow } from '@/lib/db/schema';
import { describeEachDriver, setEnv, validLead } from './helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * A departing agent takes only their own leads (docs/decisions/0388-agents-see-their-own-leads.md): from an agent's
 * session every lead route reaches their own leads and the new ones they may claim, a lead of someone else's answers
 * 404 as if there were none, and the lead CSV is the owners'. An owner may let agents see and change every lead again;
 * the CSV stays theirs.
 */
const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
const NOT_FOUND = { error: 'That record no longer exists.' };
const CLAIM_FIRST = { error: "This lead is not yours yet: press “I'm on it” to claim it first." };

describeEachDriver('which leads an agent reaches', (ctx) => {
  const db = () => ctx.handle().db;
  let owner = '';
  let staleOwner = '';
  let ada = '';
  let adaId = '';
  const lead: Record<'adas' | 'bens' | 'offeredToBen' | 'free' | 'closed' | 'spam', string> = {
    adas: '',
    bens: '',
    offeredToBen: '',
    free: '',
    closed: '',
    spam: '',
  };

  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const ownerRow = await makeStaff(db(), 'owner');
    owner = await sessionCookieFor(db(), ownerRow);
    staleOwner = await sessionCookieFor(db(), ownerRow, 3600, new Date(Date.now() - 11 * 60_000));
    const adaRow = await makeStaff(db(), 'agent');
    adaId = adaRow.id;
    ada = await sessionCookieFor(db(), adaRow);
    const ben = await makeStaff(db(), 'agent');
    const add = async (name: string, row: Partial<LeadRow>, spam = false) => {
      const saved = await saveLead(db(), {
        input: validLead({ fullname: `Scope ${name}`, email: `scope-${name}@example.com` }) as never,
        spam,
        spamReason: spam ? 'honeypot' : undefined,
      });
      if (Object.keys(row).length) await db().update(leads).set(row).where(eq(leads.id, saved.id));
      return saved.id;
    };
    lead.adas = await add('adas', { assignedTo: adaId, status: 'contacted' });
    lead.bens = await add('bens', { assignedTo: ben.id, status: 'qualified' });
    lead.offeredToBen = await add('offered', { assignedTo: ben.id, offeredAt: new Date() });
    lead.free = await add('free', {});
    lead.closed = await add('closed', { status: 'won' });
    lead.spam = await add('spam', {}, true);
  });

  const names = async (cookie: string, query = '') => {
    const res = await listRoute(staffRequest(`/api/admin/leads${query}`, { cookie }), undefined);
    expect(res.status).toBe(200);
    return ((await res.json()).leads as { fullName: string }[]).map((row) => row.fullName.replace('Scope ', '')).sort();
  };
  const get = (cookie: string, id: string) => getRoute(staffRequest(`/api/admin/leads/${id}`, { cookie }), ctxFor(id));
  const setStatus = (cookie: string, id: string, status: string) =>
    patchRoute(staffRequest(`/api/admin/leads/${id}`, { method: 'PATCH', cookie, body: { status } }), ctxFor(id));
  const addNote = (cookie: string, id: string) =>
    noteRoute(staffRequest(`/api/admin/leads/${id}/notes`, { method: 'POST', cookie, body: { body: 'Called.' } }), ctxFor(id));
  const claim = (cookie: string, id: string) =>
    claimRoute(staffRequest(`/api/admin/leads/${id}/claim`, { method: 'POST', cookie, body: {} }), ctxFor(id));
  const access = (cookie: string, agentsSeeEveryLead: unknown) =>
    leadAccessRoute(staffRequest('/api/admin/lead-access', { method: 'PUT', cookie, body: { agentsSeeEveryLead } }), undefined);
  const statusOf = async (id: string) => (await db().select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0].status;

  it('the inbox and its search list only the agent’s own leads and the new ones they may claim; an owner’s list every lead', async () => {
    expect(await names(ada)).toEqual(['adas', 'free', 'offered']);
    expect(await names(ada, '?q=scope')).toEqual(['adas', 'free', 'offered']);
    expect(await names(ada, '?q=bens')).toEqual([]);
    expect(await names(ada, '?status=spam')).toEqual([]);
    expect(await names(ada, '?status=won')).toEqual([]);
    expect(await names(owner)).toEqual(['adas', 'bens', 'closed', 'free', 'offered']);
    expect(await names(owner, '?status=spam')).toEqual(['spam']);
  });

  it('another agent’s lead, a closed one and spam answer 404 {error} on the lead, its status, its notes and its claim, and stay as they were', async () => {
    for (const id of [lead.bens, lead.closed, lead.spam]) {
      for (const res of [await get(ada, id), await setStatus(ada, id, 'lost'), await addNote(ada, id)]) {
        expect([res.status, await res.json()]).toEqual([404, NOT_FOUND]);
      }
      const claimed = await claim(ada, id);
      expect(claimed.status).toBe(404);
      expect(await claimed.json()).toEqual({ error: 'This lead is not there for you to claim: someone else may have it now.' });
    }
    expect(await statusOf(lead.bens)).toBe('qualified');
    expect(await db().select().from(leadNotes).where(eq(leadNotes.leadId, lead.bens))).toEqual([]);
    // The plain form of the lead page comes back to the lead, which is not found either.
    const form = await claimRoute(formRequest(`/api/admin/leads/${lead.bens}/claim`, {}, { cookie: ada }), ctxFor(lead.bens));
    expect([form.status, form.headers.get('location')]).toEqual([303, `/admin/leads/${lead.bens}`]);
  });

  it('the agent works their own lead: reads it, sets its status, adds a note', async () => {
    const res = await get(ada, lead.adas);
    expect(res.status).toBe(200);
    expect((await res.json()).mayChange).toBe(true);
    expect((await setStatus(ada, lead.adas, 'qualified')).status).toBe(200);
    expect((await addNote(ada, lead.adas)).status).toBe(201);
  });

  it('a lead they may claim is read, then claimed before it is worked; once claimed it is theirs', async () => {
    const res = await get(ada, lead.free);
    expect([res.status, (await res.json()).mayChange]).toEqual([200, false]);
    for (const refused of [await setStatus(ada, lead.free, 'contacted'), await addNote(ada, lead.free)]) {
      expect([refused.status, await refused.json()]).toEqual([409, CLAIM_FIRST]);
    }
    expect(await statusOf(lead.free)).toBe('new');
    expect((await claim(ada, lead.free)).status).toBe(200);
    expect((await setStatus(ada, lead.free, 'contacted')).status).toBe(200);
    expect((await get(ada, lead.free)).status).toBe(200);
  });

  it('the lead CSV is for owners only', async () => {
    const refused = await exportRoute(staffRequest('/api/admin/exports/leads', { cookie: ada }), undefined);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBeTruthy();
    const res = await exportRoute(staffRequest('/api/admin/exports/leads', { cookie: owner }), undefined);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('scope-bens@example.com');
  });

  it('only an owner with a recent password changes the setting; then agents see and change every lead, and the CSV stays the owners’', async () => {
    expect((await access(ada, true)).status).toBe(403);
    expect(await names(ada)).not.toContain('bens');
    const stale = await access(staleOwner, true);
    expect([stale.status, (await stale.json()).reauth]).toEqual([403, true]);
    expect(await names(ada)).not.toContain('bens');
    const bad = await access(owner, 'yes');
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Send agentsSeeEveryLead: true or false.' }]);

    expect((await access(owner, true)).status).toBe(200);
    expect(await names(ada)).toEqual(['adas', 'bens', 'closed', 'free', 'offered']);
    expect((await setStatus(ada, lead.bens, 'won')).status).toBe(200);
    expect((await addNote(ada, lead.closed)).status).toBe(201);
    expect((await exportRoute(staffRequest('/api/admin/exports/leads', { cookie: ada }), undefined)).status).toBe(403);

    // Back to the safe side: Ben's lead is out of reach again.
    expect((await access(owner, false)).status).toBe(200);
    expect((await get(ada, lead.bens)).status).toBe(404);
  });
});
