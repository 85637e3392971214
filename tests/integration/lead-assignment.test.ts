import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { POST } from '@/app/api/interest/route';
import { PATCH as assignmentRoute } from '@/app/api/admin/assignment/route';
import { PUT as assigneeRoute } from '@/app/api/admin/leads/[id]/assignee/route';
import { GET as getLeadRoute } from '@/app/api/admin/leads/[id]/route';
import { updateStaff } from '@/modules/staff/repository.server';
import { listForLead } from '@/modules/leads/notifications.server';
import { deliverOverdueReminder } from '@/modules/leads/notifications/overdue.server';
import { queueOverdueReminders } from '@/modules/leads/operations.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { myOpenLeads, OPEN_STATUSES } from '@/modules/leads/inbox.repository.server';
import { teamWorkload } from '@/modules/insights/dashboard.repository.server';
import { leads, leadActivity, staffUsers } from '@/lib/db/schema';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Lead assignment (docs/decisions/0205-lead-assignment.md) and the overdue reminder (0206): round-robin among active
 * agents who take new leads, in the lead's own transaction; the sales e-mail to the agent as well as LEADS_NOTIFY_TO;
 * owners switch it off, reassign, and agents opt in or out; one reminder per lead still new after its working hour.
 */

const SALES = 'sales@example.com';
let smtp: Peer<ReceivedMail>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
});

const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });
const recipients = (mail: ReceivedMail) => JSON.stringify(mail.mail.to);

describeEachDriver('lead assignment and overdue reminders', (ctx) => {
  type Staff = Awaited<ReturnType<typeof makeStaff>>;
  let ada: Staff, bola: Staff, chidi: Staff, dayo: Staff, owner: Staff;
  let ownerCookie = '',
    adaCookie = '';

  beforeAll(async () => {
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_TO: SALES,
      SITE_URL: 'https://districts.example',
      RATE_LIMIT_INTEREST: '1000/600',
      RATE_LIMIT_INTEREST_SITE: '1000/60',
      MIN_FILL_MS: '0',
      WEBHOOK_URL: undefined,
      WEBHOOK_SECRET: undefined,
    });
    const db = ctx.handle().db;
    // Created in this order: the round-robin breaks ties (nobody has had a lead yet) by age of account.
    ada = await makeStaff(db, 'agent', 'ada@example.com');
    bola = await makeStaff(db, 'agent', 'bola@example.com');
    chidi = await makeStaff(db, 'agent', 'chidi@example.com'); // does not take new leads
    dayo = await makeStaff(db, 'agent', 'dayo@example.com'); // takes new leads, but is deactivated
    owner = await makeStaff(db, 'owner', 'owner@example.com');
    for (const [agent, name] of [
      [ada, 'Ada Obi'],
      [bola, 'Bola Ade'],
      [chidi, 'Chidi Eze'],
      [dayo, 'Dayo Oni'],
    ] as const) {
      await db
        .update(staffUsers)
        .set({ name, takesNewLeads: agent !== chidi })
        .where(eq(staffUsers.id, agent.id));
    }
    await updateStaff(db, dayo.id, { active: false });
    ownerCookie = await sessionCookieFor(db, owner);
    adaCookie = await sessionCookieFor(db, ada);
    await startNotificationWorkers(ctx.handle());
  });

  async function submit(name: string): Promise<string> {
    const res = await POST(
      jsonRequest('/api/interest', validLead({ fullname: name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.org` }), {
        headers: { ...freshClient(), 'Idempotency-Key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    return (await res.json()).id;
  }
  const assigneeOf = async (id: string) =>
    (await ctx.handle().db.select({ to: leads.assignedTo }).from(leads).where(eq(leads.id, id)))[0].to;
  const salesMailFor = async (id: string) => {
    const arrived = await waitFor(() => smtp.received.some((m) => m.mail.text?.includes(`/admin/leads/${id}`)), 20_000);
    expect(arrived, 'the sales e-mail arrived').toBe(true);
    return smtp.received.find((m) => m.mail.text?.includes(`/admin/leads/${id}`))!;
  };
  const patchAssignment = (cookie: string, body: unknown) =>
    assignmentRoute(staffRequest('/api/admin/assignment', { method: 'PATCH', cookie, body }), undefined);
  const putAssignee = (cookie: string, id: string, body: unknown) =>
    assigneeRoute(staffRequest(`/api/admin/leads/${id}/assignee`, { method: 'PUT', cookie, body }), ctxFor(id));

  it('deals new leads in turn to the active agents who take them, and records it in the lead history', async () => {
    const ids = [await submit('Round One'), await submit('Round Two'), await submit('Round Three'), await submit('Round Four')];
    expect(await Promise.all(ids.map(assigneeOf))).toEqual([ada.id, bola.id, ada.id, bola.id]);
    const [history] = await ctx
      .handle()
      .db.select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, ids[0]), eq(leadActivity.action, 'assigned')));
    expect(history).toMatchObject({ actorEmail: 'system', actorId: null, detail: { to: ada.id, toName: 'Ada Obi', roundRobin: true } });
  });

  it('deals leads that arrive together to different agents', async () => {
    const ids = await Promise.all([submit('Together One'), submit('Together Two')]);
    expect(new Set(await Promise.all(ids.map(assigneeOf)))).toEqual(new Set([ada.id, bola.id]));
  });

  it('sends the sales e-mail to the assigned agent as well as LEADS_NOTIFY_TO, naming the agent', async () => {
    const id = await submit('Mail Check');
    const agent = await assigneeOf(id);
    const [agentEmail, agentName] = agent === ada.id ? ['ada@example.com', 'Ada Obi'] : ['bola@example.com', 'Bola Ade'];
    const mail = await salesMailFor(id);
    expect(recipients(mail)).toContain(SALES);
    expect(recipients(mail)).toContain(agentEmail);
    expect(mail.mail.text).toContain(`Agent: ${agentName}`);
    const sent = async () => (await listForLead(ctx.handle().db, id)).find((r) => r.channel === 'sales_email')?.state === 'sent';
    expect(await waitFor(sent, 10_000), 'the sales e-mail is recorded sent').toBe(true);
  });

  it('lets an owner switch the round-robin off (new leads stay unassigned, mail to sales only) and on', async () => {
    expect((await patchAssignment(adaCookie, { autoAssign: false })).status).toBe(403);
    expect((await patchAssignment(ownerCookie, { autoAssign: false })).status).toBe(200);
    const id = await submit('Nobody Yet');
    expect(await assigneeOf(id)).toBeNull();
    const mail = await salesMailFor(id);
    expect(recipients(mail)).toContain(SALES);
    expect(recipients(mail)).not.toMatch(/ada@|bola@/);
    expect(mail.mail.text).toContain('Agent: Not assigned yet');
    expect((await patchAssignment(ownerCookie, { autoAssign: true })).status).toBe(200);
  });

  it('lets agents opt themselves in or out, owners anyone; refuses the rest with a sentence', async () => {
    expect((await patchAssignment(adaCookie, { staffId: chidi.id, takesNewLeads: true })).status).toBe(403);
    expect((await patchAssignment(adaCookie, { staffId: ada.id, takesNewLeads: false })).status).toBe(200);
    const onlyBola = [await submit('Opt One'), await submit('Opt Two')];
    expect(await Promise.all(onlyBola.map(assigneeOf))).toEqual([bola.id, bola.id]);
    expect((await patchAssignment(ownerCookie, { staffId: ada.id, takesNewLeads: true })).status).toBe(200);
    for (const body of [
      {},
      { autoAssign: 'yes' },
      { staffId: 'x', takesNewLeads: true },
      { staffId: ada.id },
      { autoAssign: true, extra: 1 },
    ]) {
      const res = await patchAssignment(ownerCookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toBe(
        'Send autoAssign or alertEveryone (true or false), or a staffId with takesNewLeads (true or false).',
      );
    }
    const missing = await patchAssignment(ownerCookie, { staffId: '00000000-0000-4000-8000-000000000000', takesNewLeads: true });
    expect(missing.status).toBe(404);
  });

  it('lets an owner reassign a lead (to an active staff member or to nobody), never an agent', async () => {
    const id = await submit('Reassign Me');
    expect((await putAssignee(adaCookie, id, { assignedTo: ada.id })).status).toBe(403);
    const res = await putAssignee(ownerCookie, id, { assignedTo: chidi.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, changed: true, assignedTo: chidi.id });
    expect(await (await putAssignee(ownerCookie, id, { assignedTo: chidi.id })).json()).toEqual({
      ok: true,
      changed: false,
      assignedTo: chidi.id,
    });
    const deactivated = await putAssignee(ownerCookie, id, { assignedTo: dayo.id });
    expect(deactivated.status).toBe(404);
    expect((await deactivated.json()).error).toBe('That staff account does not exist or is deactivated.');
    for (const body of [{}, { assignedTo: 'ada' }, { assignedTo: 42 }]) expect((await putAssignee(ownerCookie, id, body)).status).toBe(400);
    expect((await putAssignee(ownerCookie, '00000000-0000-4000-8000-000000000000', { assignedTo: null })).status).toBe(404);
    expect((await putAssignee(ownerCookie, id, { assignedTo: null })).status).toBe(200);
    const detail = await (await getLeadRoute(staffRequest(`/api/admin/leads/${id}`, { cookie: ownerCookie }), ctxFor(id))).json();
    expect(detail.lead).toMatchObject({ assignedTo: null, assigneeLabel: null, overdue: false });
    const history = detail.activity
      .filter((a: { action: string }) => a.action === 'assigned')
      .map((a: { actorEmail: string; detail: { toName: string | null } }) => [a.actorEmail, a.detail.toName]);
    expect(history.slice(0, 2)).toEqual([
      ['owner@example.com', null],
      ['owner@example.com', 'Chidi Eze'],
    ]);
    expect(history[2][0]).toBe('system');
    expect(['Ada Obi', 'Bola Ade']).toContain(history[2][1]);
  });

  it('reminds the agent once about a lead still new after a working hour, and sales about an unassigned one', async () => {
    const db = ctx.handle().db;
    const boss = await ctx.handle().jobs();
    // Wednesday 11 March 2026, 15:00 Lagos; the leads arrived at 12:00 that day (three working hours before).
    const now = new Date('2026-03-11T15:00:00+01:00');
    const arrived = new Date('2026-03-11T12:00:00+01:00');
    const [mine, nobodys, contacted, stale] = [
      await submit('Overdue Mine'),
      await submit('Overdue Nobody'),
      await submit('Called Already'),
      await submit('Old Lead'),
    ];
    await db.update(leads).set({ createdAt: arrived, assignedTo: ada.id }).where(eq(leads.id, mine));
    await db.update(leads).set({ createdAt: arrived, assignedTo: null }).where(eq(leads.id, nobodys));
    await db.update(leads).set({ createdAt: arrived, status: 'contacted' }).where(eq(leads.id, contacted));
    await db
      .update(leads)
      .set({ createdAt: new Date('2026-03-01T12:00:00+01:00') })
      .where(eq(leads.id, stale));

    const queued = await queueOverdueReminders(db, boss, now, DEFAULT_WORKING_TIME);
    expect(queued.sort()).toEqual([mine, nobodys].sort());
    expect(await queueOverdueReminders(db, boss, new Date(now.getTime() + 3_600_000), DEFAULT_WORKING_TIME)).toEqual([]);

    // The workers deliver them (the job queue runs in this process); the test waits for the two reminders.
    const reminders = (leadId: string) =>
      smtp.received.filter((m) => m.mail.subject?.startsWith('Still waiting for a call') && m.mail.text?.includes(leadId));
    expect(await waitFor(() => reminders(mine).length + reminders(nobodys).length === 2, 20_000)).toBe(true);
    const [toAda] = reminders(mine);
    expect(recipients(toAda)).toContain('ada@example.com');
    expect(recipients(toAda)).not.toContain(SALES);
    expect(toAda.mail.text).toContain(`https://districts.example/admin/leads/${mine}`);
    expect(toAda.mail.text).toContain('after an hour of working time');
    expect(recipients(reminders(nobodys)[0])).toContain(SALES);
    expect(
      await waitFor(
        async () =>
          (
            await db
              .select()
              .from(leadActivity)
              .where(and(eq(leadActivity.leadId, mine), eq(leadActivity.action, 'overdue_reminder')))
          ).length === 1,
        10_000,
      ),
    ).toBe(true);

    // A lead contacted after the check but before the reminder went out gets none.
    await db.update(leads).set({ status: 'contacted' }).where(eq(leads.id, mine));
    await deliverOverdueReminder(db, mine);
    expect(reminders(mine)).toHaveLength(1);
  });

  it("lists an agent's open leads first, overdue ones on top, and the team's load for owners", async () => {
    const db = ctx.handle().db;
    const now = new Date('2026-03-11T15:00:00+01:00');
    const fresh = await submit('Fresh Lead');
    await db
      .update(leads)
      .set({ createdAt: new Date('2026-03-11T14:50:00+01:00'), assignedTo: bola.id })
      .where(eq(leads.id, fresh));
    const late = await submit('Late Lead');
    await db
      .update(leads)
      .set({ createdAt: new Date('2026-03-11T09:00:00+01:00'), assignedTo: bola.id })
      .where(eq(leads.id, late));
    const mine = await myOpenLeads(db, { staffId: bola.id, role: 'agent', now, time: DEFAULT_WORKING_TIME });
    expect(mine.leads[0]).toMatchObject({ id: late, overdue: true, assigneeLabel: 'Bola Ade' });
    expect(mine.leads.map((l) => l.id)).toContain(fresh);
    expect(mine.leads.find((l) => l.id === fresh)?.overdue).toBe(false);
    const bolaOpen = (
      await db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.assignedTo, bola.id), inArray(leads.status, OPEN_STATUSES)))
    ).length;
    expect(mine.total).toBe(bolaOpen);

    const team = await teamWorkload(db, DEFAULT_WORKING_TIME, now);
    // Active agents (Ada, Bola, Chidi) in name order; Dayo is deactivated; the owner holds no lead.
    expect(team.map((m) => [m.label, m.takesNewLeads])).toEqual([
      ['Ada Obi', true],
      ['Bola Ade', true],
      ['Chidi Eze', false],
    ]);
    expect(team.find((m) => m.id === bola.id)).toMatchObject({ open: bolaOpen, overdue: 1 });
  });
});
