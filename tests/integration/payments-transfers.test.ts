import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as recordRoute } from '@/app/api/admin/payments/transfers/route';
import { POST as approveRoute } from '@/app/api/admin/payments/transfers/[id]/approve/route';
import { POST as rejectRoute } from '@/app/api/admin/payments/transfers/[id]/reject/route';
import { paymentBankTransfers, paymentReceipts } from '@/lib/db/schema';
import { OUTBOX } from '@/lib/jobs/queues';
import { balanceOfClaim, entriesOf } from '@/modules/payments/ledger/ledger.repository.server';
import { paymentsPage } from '@/modules/payments/staff/payments-page.server';
import { describeEachDriver, setEnv } from './helpers';
import { buyerWithPlan, jobsNaming, receiptMessages } from './payments-helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * A bank transfer needs two people (issue 59, item 6; docs/decisions/0414-the-money-core.md): one staff member records
 * it, an owner who is someone else approves it (credited once, with its receipt) or rejects it with a reason.
 */

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

describeEachDriver('payments: bank transfers recorded by staff', ({ handle }) => {
  let owner: { id: string; cookie: string };
  let secondOwner: { id: string; cookie: string };
  let agent: { id: string; cookie: string };
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET });
    const db = handle().db;
    for (const [role, set] of [
      ['owner', (v: typeof owner) => (owner = v)],
      ['owner', (v: typeof owner) => (secondOwner = v)],
      ['agent', (v: typeof owner) => (agent = v)],
    ] as const) {
      const staff = await makeStaff(db, role);
      set({ id: staff.id, cookie: await sessionCookieFor(db, staff) });
    }
  });
  beforeEach(() => setEnv({ SESSION_SECRET: SECRET }));

  const record = (cookie: string, body: unknown) =>
    recordRoute(staffRequest('/api/admin/payments/transfers', { method: 'POST', cookie, body }), undefined);
  const approve = (cookie: string, id: string) =>
    approveRoute(staffRequest(`/api/admin/payments/transfers/${id}/approve`, { method: 'POST', cookie }), ctx(id));
  const reject = (cookie: string, id: string, body: unknown) =>
    rejectRoute(staffRequest(`/api/admin/payments/transfers/${id}/reject`, { method: 'POST', cookie, body }), ctx(id));

  it('credits a transfer only when an owner other than its recorder approves it, once, with one receipt', async () => {
    const { claimId } = await buyerWithPlan(handle().db);
    const recorded = await record(agent.cookie, {
      claimId,
      amount: '3,000,000',
      paidOn: '2026-11-27',
      bankReference: `ZEN-${claimId.slice(0, 8)}`,
      proofNote: 'Teller seen',
    });
    expect(recorded.status).toBe(201);
    const { id } = (await recorded.json()) as { id: string };
    expect(await balanceOfClaim(handle().db, claimId)).toBe(0);

    // An agent may not approve; the owner who recorded one may not approve their own.
    expect((await approve(agent.cookie, id)).status).toBe(403);
    const own = await record(owner.cookie, { claimId, amount: '100', paidOn: '2026-11-28', bankReference: `GTB-${claimId.slice(0, 8)}` });
    const ownId = ((await own.json()) as { id: string }).id;
    const selfApproval = await approve(owner.cookie, ownId);
    expect(selfApproval.status).toBe(403);
    expect(await selfApproval.json()).toEqual({ error: 'Another owner must approve or reject a transfer you recorded.' });

    // The owners' page lists it as waiting, with who recorded it.
    const waiting = await paymentsPage(handle().db);
    expect(waiting.pending.find((row) => row.id === id)).toMatchObject({ amountKobo: 300_000_000, recordedById: agent.id });

    const approved = await approve(owner.cookie, id);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { receipt: string }).receipt).toMatch(/^RCT-\d{4}-\d{6}$/);
    expect((await approve(secondOwner.cookie, id)).status).toBe(409);
    const entries = await entriesOf(handle().db, claimId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'transfer_approved', providerReference: id, amountKobo: 300_000_000, byStaffId: owner.id });
    const [receipt] = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.entryId, entries[0].id));
    // Its e-mail and WhatsApp message queued in the one outbox, each with one job.
    const messages = await receiptMessages(handle().db, receipt.id);
    expect(messages.map((m) => [m.dedupeKey, m.state])).toEqual([
      [`receipt:${receipt.id}:email`, 'queued'],
      [`receipt:${receipt.id}:whatsapp`, 'queued'],
    ]);
    for (const message of messages) expect(await jobsNaming(handle().db, OUTBOX.name, 'messageId', message.id)).toBe(1);
    // Credited today, off the waiting list; the deposit paid, the claim's next instalment falls due in January.
    const page = await paymentsPage(handle().db);
    expect(page.today.find((row) => row.id === entries[0].id)).toMatchObject({ amountKobo: 300_000_000, source: 'transfer_approved' });
    expect(page.pending.find((row) => row.id === id)).toBeUndefined();
    expect(page.late.find((row) => row.claimId === claimId)).toBeUndefined();
  });

  it('rejects with a reason, credits nothing; refuses bad input and a bank reference recorded twice', async () => {
    const { claimId } = await buyerWithPlan(handle().db);
    const reference = `UBA-${claimId.slice(0, 8)}`;
    const recorded = await record(agent.cookie, { claimId, amount: '500000', paidOn: '2026-11-27', bankReference: reference });
    const { id } = (await recorded.json()) as { id: string };
    expect((await record(agent.cookie, { claimId, amount: '500000', paidOn: '2026-11-27', bankReference: reference })).status).toBe(409);
    expect((await reject(secondOwner.cookie, id, { reason: '' })).status).toBe(400);
    expect((await reject(secondOwner.cookie, id, { reason: 'No such credit on the statement' })).status).toBe(200);
    const [row] = await handle().db.select().from(paymentBankTransfers).where(eq(paymentBankTransfers.id, id));
    expect(row).toMatchObject({ state: 'rejected', rejectReason: 'No such credit on the statement', decidedBy: secondOwner.id });
    expect(await balanceOfClaim(handle().db, claimId)).toBe(0);
    expect((await approve(owner.cookie, id)).status).toBe(409);
    for (const body of [
      { claimId, amount: '3.001', paidOn: '2026-11-27', bankReference: 'REF-1' },
      { claimId, amount: '-5', paidOn: '2026-11-27', bankReference: 'REF-2' },
      { claimId, amount: '1e9', paidOn: '2026-11-27', bankReference: 'REF-3' },
      { claimId, amount: '100', paidOn: '2026-02-31', bankReference: 'REF-4' },
      { claimId: 'nope', amount: '100', paidOn: '2026-11-27', bankReference: 'REF-5' },
    ]) {
      const response = await record(agent.cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
  });
});
