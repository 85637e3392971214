import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { POST as addPush, GET as listPush } from '@/app/api/admin/account/push/route';
import { POST as removePush } from '@/app/api/admin/account/push/remove/route';
import { POST as claimRoute } from '@/app/api/admin/leads/[id]/claim/route';
import { PUT as assignRoute } from '@/app/api/admin/leads/[id]/assignee/route';
import { PATCH as assignmentRoute } from '@/app/api/admin/assignment/route';
import { passOnUnclaimedLeads } from '@/modules/leads/operations.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { leads, leadActivity, staffPushSubscriptions, staffUsers } from '@/lib/db/schema';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { setTakesNewLeads } from '@/modules/staff/repository.server';
import { setAgentsSeeEveryLead } from '@/modules/leads/scope.server';
import { PUSH_SERVICE_CERT, startPushService, type PushService } from '../support/push-service.mjs';
import { startSmtpPeer, waitFor, type SmtpPeer } from '../support/peers';
import { describeEachDriver, freshClient, jsonRequest, newKey, notificationsOf, setEnv, validLead } from './helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Push alerts on the agent's phone, "I'm on it", and leads that move on (docs/decisions/0364, 0365), end to end: a
 * real Web Push service on loopback checks each request's VAPID signature and decrypts its payload with the keys of a
 * subscription only it holds, as a phone's push service and browser would.
 */

let service: PushService;
let smtp: SmtpPeer;
let gone = new Set<string>();

beforeAll(async () => {
  // The push service's certificate, trusted by this process as a real one is by the operating system.
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(PUSH_SERVICE_CERT, 'utf8')]);
  service = await startPushService({ status: (id) => (gone.has(id) ? 410 : 201) });
  smtp = await startSmtpPeer();
  setEnv({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://districts.example',
    RATE_LIMIT_INTEREST: '1000/600',
    MIN_FILL_MS: '0',
    PUSH_SERVICE_HOSTS: '127.0.0.1',
  });
});
afterAll(async () => {
  await service.stop();
  await smtp.stop();
});

async function submit(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await POST(
    jsonRequest('/api/interest', validLead(overrides), { headers: { ...freshClient(), 'Idempotency-Key': newKey() } }),
  );
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** "I'm on it" on a lead, as the staff member whose session cookie this is. */
const claimAs = (leadId: string, cookie: string) =>
  claimRoute(staffRequest(`/api/admin/leads/${leadId}/claim`, { method: 'POST', cookie, body: {} }), {
    params: Promise.resolve({ id: leadId }),
  });

const pushesFor = (subscriptionId: string) => service.received.filter((push) => push.id === subscriptionId);

describeEachDriver('push alerts, claims and leads that move on', (ctx) => {
  const db = () => ctx.handle().db;

  beforeAll(async () => {
    await startNotificationWorkers(ctx.handle());
  });
  beforeEach(async () => {
    gone = new Set();
    // Each case sets up its own team: nobody from an earlier case takes leads or gets alerts.
    await db().update(staffUsers).set({ active: false });
    await db().update(leads).set({ offeredAt: null });
    await db().delete(staffPushSubscriptions);
    await db().execute(
      sql`delete from app_settings where name in ('lead_auto_assign', 'lead_alert_everyone', 'lead_agents_see_every_lead')`,
    );
  });

  /** An agent taking new leads, signed in, with alerts on for one phone (through the API, as Your account does). */
  async function agentWithPhone(name: string) {
    const agent = await makeStaff(db(), 'agent', `${name}-${newKey()}@example.com`);
    await db().update(staffUsers).set({ name }).where(eq(staffUsers.id, agent.id));
    await setTakesNewLeads(db(), agent.id, true);
    const cookie = await sessionCookieFor(db(), agent);
    const phone = service.subscribe();
    const res = await addPush(
      staffRequest('/api/admin/account/push', {
        method: 'POST',
        cookie,
        body: { subscription: phone.subscription },
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
        },
      }),
      undefined,
    );
    expect(res.status).toBe(200);
    return { ...agent, name, cookie, phone };
  }

  it('pushes a new lead to its agent within seconds: district, name, "Tap to call", encrypted and signed; the job carries no personal data', async () => {
    const ada = await agentWithPhone('Ada');
    // Turning alerts on sends a test alert, so the agent knows it works.
    expect(await waitFor(() => pushesFor(ada.phone.id).some((p) => p.message.tag === 'alerts-on'), 10_000)).toBe(true);
    const listed = await (await listPush(staffRequest('/api/admin/account/push', { cookie: ada.cookie }), undefined)).json();
    expect(listed.devices).toEqual([expect.objectContaining({ label: 'Chrome on Android' })]);
    expect(JSON.stringify(listed)).not.toContain(ada.phone.subscription.endpoint);

    const leadId = await submit({ fullname: 'Chinedu Balogun', district: 'Moniya, Ibadan' });
    expect(await waitFor(() => pushesFor(ada.phone.id).some((p) => p.message.tag === `lead-${leadId}`), 10_000)).toBe(true);
    const push = pushesFor(ada.phone.id).find((p) => p.message.tag === `lead-${leadId}`)!;
    expect(push.message).toEqual({
      title: 'New lead · Moniya, Ibadan',
      body: 'Mrs Chinedu Balogun · Tap to call',
      url: `/admin/leads/${leadId}`,
      tag: `lead-${leadId}`,
      claim: `/api/admin/leads/${leadId}/claim`,
    });
    expect(push.urgency).toBe('high');
    expect(
      await waitFor(async () => (await notificationsOf(ctx.handle(), leadId)).find((n) => n.channel === 'push')?.state === 'sent', 10_000),
    ).toBe(true);
    const jobs = await db().execute(sql`select data::text as data from pgboss.job where name in ('outbox', 'outbox-push', 'outbox-slow')`);
    const data = (jobs as unknown as { rows: { data: string }[] }).rows.map((row) => row.data).join('\n');
    // The phone (0803 123 4567) by its last seven digits, in any of its forms: a job's random message id once held "0803".
    expect(data).not.toMatch(/chinedu|balogun|example\.com|123[\s.-]?4567/i);
  });

  it('forgets a phone the push service says is gone, and marks the lead "not sent" when nobody it goes to has alerts on', async () => {
    const ada = await agentWithPhone('Ada');
    gone.add(ada.phone.id);
    const leadId = await submit();
    expect(
      await waitFor(
        async () => (await notificationsOf(ctx.handle(), leadId)).find((n) => n.channel === 'push')?.state === 'not_configured',
        10_000,
      ),
    ).toBe(true);
    expect(await db().select().from(staffPushSubscriptions).where(eq(staffPushSubscriptions.staffId, ada.id))).toEqual([]);
  });

  it('refuses a subscription it cannot use with a clear 400, and turns one off by the plain form on Your account', async () => {
    const ada = await agentWithPhone('Ada');
    const bad: unknown[] = [
      {},
      { subscription: { endpoint: 'http://push.example/abc', keys: ada.phone.subscription.keys } },
      { subscription: { endpoint: ada.phone.subscription.endpoint, keys: { p256dh: 'short', auth: 'x' } } },
      { subscription: 'nope' },
    ];
    // Not a push service of a browser (nor PUSH_SERVICE_HOSTS): the server never posts to an address of a user's choosing.
    for (const endpoint of ['https://10.0.0.5/push/x', 'https://intranet.example/hook', 'https://user:pw@127.0.0.1/push/x'])
      bad.push({ subscription: { endpoint, keys: ada.phone.subscription.keys } });
    // 65 bytes, but not a point on the curve: no alert could be encrypted to it.
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    bad.push({
      subscription: { endpoint: ada.phone.subscription.endpoint, keys: { p256dh: notAPoint, auth: ada.phone.subscription.keys.auth } },
    });
    for (const body of bad) {
      const res = await addPush(staffRequest('/api/admin/account/push', { method: 'POST', cookie: ada.cookie, body }), undefined);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/could not be read|a service the site does not know/);
    }
    const [device] = (await (await listPush(staffRequest('/api/admin/account/push', { cookie: ada.cookie }), undefined)).json()).devices;
    // Somebody else's device is not theirs to remove.
    const ben = await agentWithPhone('Ben');
    expect(
      (await removePush(staffRequest('/api/admin/account/push/remove', { method: 'POST', cookie: ben.cookie, body: { id: device.id } })))
        .status,
    ).toBe(404);
    const res = await removePush(formRequest('/api/admin/account/push/remove', { id: device.id }, { cookie: ada.cookie }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/account');
    expect(await db().select().from(staffPushSubscriptions).where(eq(staffPushSubscriptions.staffId, ada.id))).toEqual([]);
  });

  it('alerts every agent on duty when round-robin is off, and everyone when an owner asks for it', async () => {
    const owner = await makeStaff(db(), 'owner');
    const ownerCookie = await sessionCookieFor(db(), owner);
    const ada = await agentWithPhone('Ada');
    const ben = await agentWithPhone('Ben');
    const patch = (body: unknown) =>
      assignmentRoute(staffRequest('/api/admin/assignment', { method: 'PATCH', cookie: ownerCookie, body }), undefined);
    expect((await patch({ autoAssign: false })).status).toBe(200);
    const unassigned = await submit();
    for (const agent of [ada, ben])
      expect(await waitFor(() => pushesFor(agent.phone.id).some((p) => p.message.tag === `lead-${unassigned}`), 10_000)).toBe(true);

    expect((await patch({ autoAssign: true })).status).toBe(200);
    expect((await patch({ alertEveryone: true })).status).toBe(200);
    const assigned = await submit();
    for (const agent of [ada, ben])
      expect(await waitFor(() => pushesFor(agent.phone.id).some((p) => p.message.tag === `lead-${assigned}`), 10_000)).toBe(true);
    // Agents cannot flip it.
    expect(
      (
        await assignmentRoute(
          staffRequest('/api/admin/assignment', { method: 'PATCH', cookie: ada.cookie, body: { alertEveryone: false } }),
          undefined,
        )
      ).status,
    ).toBe(403);
  });

  it('"I\'m on it": the first claim wins, is recorded and shown; the second gets 404, the lead being no longer in their scope', async () => {
    const ada = await agentWithPhone('Ada');
    const ben = await agentWithPhone('Ben');
    const leadId = await submit();
    const claim = (cookie: string) => claimAs(leadId, cookie);
    const [first, second] = await Promise.all([claim(ada.cookie), claim(ben.cookie)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 404]);
    const loser = first.status === 404 ? first : second;
    const winner = first.status === 200 ? ada : ben;
    // Agents see their own leads and those they may claim (docs/decisions/0388): the lead is Ada's or Ben's now.
    expect((await loser.json()).error).toBe('This lead is not there for you to claim: someone else may have it now.');
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead.claimedBy).toBe(winner.id);
    expect(lead.assignedTo).toBe(winner.id);
    expect(lead.claimedAt).toBeInstanceOf(Date);
    expect(lead.offeredAt).toBeNull();
    const history = await db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.action, 'claimed')));
    expect(history).toHaveLength(1);
    // Claiming again is harmless; an unknown lead is 404; the lead page's plain form comes back to the lead.
    expect((await claim(winner.cookie)).status).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await claimAs(missing, ada.cookie)).status).toBe(404);
    const form = await claimRoute(formRequest(`/api/admin/leads/${leadId}/claim`, {}, { cookie: winner.cookie }), {
      params: Promise.resolve({ id: leadId }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/admin/leads/${leadId}`);
  });

  it('claims only what is free to take: not a lead an owner gave to someone, not one already contacted; a new agent starts unclaimed', async () => {
    const owner = await makeStaff(db(), 'owner');
    const ownerCookie = await sessionCookieFor(db(), owner);
    // With agents seeing every lead (docs/decisions/0388), a refusal says why; on their own leads it is a 404.
    await setAgentsSeeEveryLead(db(), true, owner);
    const ada = await agentWithPhone('Ada');
    const ben = await agentWithPhone('Ben');
    const leadId = await submit();
    const claim = (cookie: string) => claimAs(leadId, cookie);
    const give = (staffId: string) =>
      assignRoute(
        staffRequest(`/api/admin/leads/${leadId}/assignee`, { method: 'PUT', cookie: ownerCookie, body: { assignedTo: staffId } }),
        {
          params: Promise.resolve({ id: leadId }),
        },
      );
    expect((await give(ada.id)).status).toBe(200);
    const refused = await claim(ben.cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('This lead was given to Ada; an owner can give it to you.');
    expect((await claim(ada.cookie)).status).toBe(200);
    // The owner gives it to Ben: Ada's claim goes with it, and Ben may claim it.
    expect((await give(ben.id)).status).toBe(200);
    expect((await db().select().from(leads).where(eq(leads.id, leadId)))[0].claimedBy).toBeNull();
    expect((await claim(ben.cookie)).status).toBe(200);
    // Contacted: nothing left to claim.
    const other = await submit();
    await db().update(leads).set({ status: 'contacted' }).where(eq(leads.id, other));
    const closed = await claimAs(other, ada.cookie);
    expect(closed.status).toBe(409);
    expect((await closed.json()).error).toBe('Only a new lead can be claimed.');
  });

  it('moves an unclaimed lead on after 5 working minutes, then to the owners; a claimed one stays; none moves out of hours', async () => {
    const owner = await makeStaff(db(), 'owner');
    const ada = await agentWithPhone('Ada');
    const ben = await agentWithPhone('Ben');
    const boss = await ctx.handle().jobs();
    const move = (at: string) => passOnUnclaimedLeads(db(), boss, new Date(at), DEFAULT_WORKING_TIME, 5);
    const offer = async (leadId: string, at: string) =>
      db()
        .update(leads)
        .set({ offeredAt: new Date(at) })
        .where(eq(leads.id, leadId));
    const leadOf = async (leadId: string) => (await db().select().from(leads).where(eq(leads.id, leadId)))[0];

    const leadId = await submit({ fullname: 'Tolu Adeyemi' });
    const first = (await leadOf(leadId)).assignedTo!;
    const second = first === ada.id ? ben : ada;
    // Offered on a Monday at 10:00 Lagos time.
    await offer(leadId, '2026-11-23T10:00:00+01:00');
    expect(await move('2026-11-23T10:04:00+01:00')).toEqual([]);
    expect(await move('2026-11-23T10:05:30+01:00')).toEqual([{ leadId, to: second.id }]);
    expect((await leadOf(leadId)).assignedTo).toBe(second.id);
    // The next agent is told by push and e-mail.
    expect(
      await waitFor(() => pushesFor(second.phone.id).some((p) => p.message.title === 'Lead passed to you · Lugbe, Abuja'), 10_000),
    ).toBe(true);
    expect(
      await waitFor(
        () =>
          smtp.received.some(
            (m) => m.mail.subject === 'Lead passed to you: Mrs Tolu Adeyemi' && JSON.stringify(m.mail.to).includes(second.email),
          ),
        10_000,
      ),
    ).toBe(true);

    // Their 5 minutes start when they get it; after the last agent, the owners.
    const handedAt = (await leadOf(leadId)).offeredAt!;
    expect(await move(new Date(handedAt.getTime() + 4 * 60_000).toISOString())).toEqual([]);
    expect(await move(new Date(handedAt.getTime() + 6 * 60_000).toISOString())).toEqual([{ leadId, to: null }]);
    const withOwners = await leadOf(leadId);
    expect(withOwners.assignedTo).toBeNull();
    expect(withOwners.offeredAt).toBeNull();
    expect(
      await waitFor(
        () =>
          smtp.received.some(
            (m) =>
              m.mail.subject === 'Nobody claimed Mrs Tolu Adeyemi: the lead is with the owners' &&
              JSON.stringify(m.mail.to).includes(owner.email),
          ),
        10_000,
      ),
    ).toBe(true);
    expect(await move(new Date(handedAt.getTime() + 60 * 60_000).toISOString())).toEqual([]);
    const history = await db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.action, 'handed_over')));
    expect(history.map((h) => (h.detail as { toName: string | null }).toName)).toEqual(expect.arrayContaining([second.name, null]));

    // Claimed: it stays, however long.
    const claimed = await submit();
    await offer(claimed, '2026-11-23T10:00:00+01:00');
    const holder = (await leadOf(claimed)).assignedTo === ada.id ? ada : ben;
    expect((await claimAs(claimed, holder.cookie)).status).toBe(200);
    expect(await move('2026-11-23T12:00:00+01:00')).toEqual([]);

    // Offered on Friday at 16:58: 2 working minutes that day; nothing moves over the weekend; on Monday at 08:02 it has
    // had 4, at 08:03:30 it has had 5 and a half.
    const late = await submit();
    await offer(late, '2026-11-27T16:58:00+01:00');
    expect(await move('2026-11-28T12:00:00+01:00')).toEqual([]);
    expect(await move('2026-11-30T08:02:00+01:00')).toEqual([]);
    expect((await move('2026-11-30T08:03:30+01:00')).map((job) => job.leadId)).toEqual([late]);
  });
});
