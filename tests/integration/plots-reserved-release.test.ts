import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as releaseRoute } from '@/app/api/admin/plots/[id]/release/route';
import { leads, outboxMessages, plotClaims } from '@/lib/db/schema';
import { deliverMessage } from '@/modules/messaging/server';
import { lapseExpiredHolds, plotSenders, reserveClaim } from '@/modules/plots/server';
import { paymentsPage } from '@/modules/payments/staff/payments-page.server';
import { describeEachDriver, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * A reserved plot is never freed by itself for a late payment (issue 59, item 6; docs/decisions/0416): the lapse job
 * takes holds only; an owner ends a reservation with a reason, the buyer is told by e-mail through the one outbox, and
 * an agent cannot end one, not even their own lead's.
 */

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const ctxFor = (id: string) => ({ params: Promise.resolve({ id }) });

describeEachDriver('a reserved plot and a late payment', ({ handle }) => {
  let owner = '';
  let agent = '';
  let agentId = '';
  let dataDir = '';
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET });
    owner = await sessionCookieFor(handle().db, await makeStaff(handle().db, 'owner'));
    const agentRow = await makeStaff(handle().db, 'agent');
    agentId = agentRow.id;
    agent = await sessionCookieFor(handle().db, agentRow);
  });
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'districts-release-'));
    setEnv({ SESSION_SECRET: SECRET, SMTP_URL: undefined, DATA_DIR: dataDir });
  });

  async function reservedPlan() {
    const db = handle().db;
    const buyer = await buyerWithPlan(db);
    const reserved = await reserveClaim(db, { claimId: buyer.claimId, by: 'system', now: new Date(), depositKobo: 300_000_000 });
    if (!reserved.ok) throw new Error(reserved.refusal);
    // The buyer's agent is the agent of these tests: even so, a reservation is not theirs to end.
    await db.update(leads).set({ assignedTo: agentId }).where(eq(leads.id, buyer.leadId));
    return { ...buyer, plotId: reserved.claim.plotId };
  }

  it('keeps a reservation through the lapse job however late its instalments are, while a hold past its time lapses', async () => {
    const db = handle().db;
    const { claimId } = await reservedPlan();
    const held = await buyerWithPlan(db);
    // Months later: every instalment of the plan (from December 2026) is late, nothing was paid after the deposit.
    const later = new Date('2027-09-01T09:00:00Z');
    expect((await paymentsPage(db, later)).late.find((row) => row.claimId === claimId)).toMatchObject({ lateCount: expect.any(Number) });
    const { lapsed } = await lapseExpiredHolds(db, later, 10_000);
    expect(lapsed.map((c) => c.id)).toContain(held.claimId);
    expect(lapsed.map((c) => c.id)).not.toContain(claimId);
    const [claim] = await db.select().from(plotClaims).where(eq(plotClaims.id, claimId));
    expect(claim).toMatchObject({ stage: 'reserved', endedAt: null });
  });

  it('lets only an owner end a reservation, with a reason, and tells the buyer once by e-mail', async () => {
    const db = handle().db;
    const { claimId, plotId, leadId } = await reservedPlan();
    const release = (cookie: string, body: unknown) =>
      releaseRoute(staffRequest(`/api/admin/plots/${plotId}/release`, { method: 'POST', cookie, body }), ctxFor(plotId));

    expect((await release(agent, { reason: 'Buyer stopped paying' })).status).toBe(403);
    const noReason = await release(owner, { reason: '' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toHaveProperty('error');
    expect((await db.select().from(plotClaims).where(eq(plotClaims.id, claimId)))[0].endedAt).toBeNull();

    expect((await release(owner, { reason: 'Six months unpaid, agreed with the buyer' })).status).toBe(200);
    const [claim] = await db.select().from(plotClaims).where(eq(plotClaims.id, claimId));
    expect(claim).toMatchObject({ endReason: 'released' });
    // The plan stays with its money; it is no longer listed as late.
    const page = await paymentsPage(db, new Date('2027-09-01T09:00:00Z'));
    expect(page.late.find((row) => row.claimId === claimId)).toBeUndefined();
    expect(page.plans.find((row) => row.claimId === claimId)).toMatchObject({ ended: true });

    const messages = await db.select().from(outboxMessages).where(eq(outboxMessages.subjectId, claimId));
    const told = messages.filter((m) => m.kind === 'released');
    expect(told.map((m) => [m.subjectType, m.channel, m.dedupeKey, m.leadId])).toEqual([
      ['plot_claim', 'email', `plot_claim:${claimId}:released`, leadId],
    ]);
    await deliverMessage(db, plotSenders(), told[0].id);
    const [sent] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, told[0].id));
    expect(sent.state).toBe('not_configured');
    const mail = readdirSync(path.join(dataDir, 'outbox-mail')).map((f) =>
      // Quoted-printable's soft line breaks undone.
      readFileSync(path.join(dataDir, 'outbox-mail', f), 'utf8').replace(/=\r?\n/g, ''),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('has ended, and the plot is no longer held in your name.');
    expect(mail[0]).not.toContain('Six months unpaid');
    // A second release of the same claim is refused; nothing more is queued.
    expect((await release(owner, { reason: 'Again' })).status).toBe(409);
    expect(
      (await db.select().from(outboxMessages).where(eq(outboxMessages.subjectId, claimId))).filter((m) => m.kind === 'released'),
    ).toHaveLength(1);
  });
});
