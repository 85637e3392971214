import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { POST as requestRoute } from '@/app/api/admin/payments/plans/[id]/adjustments/route';
import { POST as approveRoute } from '@/app/api/admin/payments/plans/[id]/adjustments/[adjustmentId]/approve/route';
import { POST as rejectRoute } from '@/app/api/admin/payments/plans/[id]/adjustments/[adjustmentId]/reject/route';
import { GET as exportRoute } from '@/app/api/admin/exports/ledger/route';
import type { Db } from '@/lib/db/client';
import { lagosDayOf } from '@/lib/working-time';
import { paymentAdjustments, staffAudit } from '@/lib/db/schema';
import { appendEntry, balanceOfClaim, entriesOf } from '@/modules/payments/ledger/ledger.repository.server';
import { planPageOf } from '@/modules/payments/staff/plan-page.server';
import { paymentsPage } from '@/modules/payments/staff/payments-page.server';
import { describeEachDriver, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Refunds, reversals and corrections from a plan's page (issue 59, item 5; docs/decisions/0416): asked by one owner with
 * a reason, written to the ledger as a new entry only when another owner approves it, under the ledger's rules; and the
 * accountant's CSV of every entry.
 */

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const ctx = (id: string, adjustmentId?: string) => ({ params: Promise.resolve({ id, adjustmentId: adjustmentId as string }) });

async function paid(db: Db, claimId: string, amountKobo: number, reference: string, at = new Date('2026-12-01T10:00:00Z')) {
  const result = await db.transaction((tx) =>
    appendEntry(tx, { claimId, kind: 'payment', source: 'paystack', providerReference: reference, amountKobo, at }),
  );
  if (result.outcome !== 'written') throw new Error('not written');
  return result.entry;
}

describeEachDriver('payments: refunds, reversals and corrections by two owners', ({ handle }) => {
  let owner: { id: string; cookie: string };
  let secondOwner: { id: string; cookie: string };
  let agent: { id: string; cookie: string };
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET });
    const db = handle().db;
    const make = async (role: 'owner' | 'agent', name: string) => {
      const staff = await makeStaff(db, role, `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`);
      return { id: staff.id, cookie: await sessionCookieFor(db, staff) };
    };
    owner = await make('owner', 'ngozi');
    secondOwner = await make('owner', 'tunde');
    agent = await make('agent', 'bola');
  });
  beforeEach(() => setEnv({ SESSION_SECRET: SECRET }));

  const ask = (cookie: string, claimId: string, body: unknown) =>
    requestRoute(staffRequest(`/api/admin/payments/plans/${claimId}/adjustments`, { method: 'POST', cookie, body }), ctx(claimId));
  const approve = (cookie: string, claimId: string, id: string) =>
    approveRoute(
      staffRequest(`/api/admin/payments/plans/${claimId}/adjustments/${id}/approve`, { method: 'POST', cookie }),
      ctx(claimId, id),
    );
  const reject = (cookie: string, claimId: string, id: string, body: unknown) =>
    rejectRoute(
      staffRequest(`/api/admin/payments/plans/${claimId}/adjustments/${id}/reject`, { method: 'POST', cookie, body }),
      ctx(claimId, id),
    );

  it('writes a refund only when another owner approves it, once, with the reason and both names', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithPlan(db);
    await paid(db, claimId, 300_000_000, `PSK-${claimId}`);

    // Agents may neither ask nor approve.
    expect((await ask(agent.cookie, claimId, { kind: 'refund', amount: '1000', reason: 'Asked by the buyer' })).status).toBe(403);
    const asked = await ask(owner.cookie, claimId, { kind: 'refund', amount: '250,000.50', reason: 'Overpaid by transfer' });
    expect(asked.status).toBe(201);
    const { id } = (await asked.json()) as { id: string };
    // Nothing moves until a second owner approves; the one who asked cannot.
    expect(await balanceOfClaim(db, claimId)).toBe(300_000_000);
    const self = await approve(owner.cookie, claimId, id);
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ error: 'Another owner must approve or reject what you asked for.' });
    expect((await approve(agent.cookie, claimId, id)).status).toBe(403);

    const approved = await approve(secondOwner.cookie, claimId, id);
    expect(approved.status).toBe(200);
    expect((await approve(secondOwner.cookie, claimId, id)).status).toBe(409);
    const entries = await entriesOf(db, claimId);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      kind: 'refund',
      source: 'staff',
      amountKobo: -25_000_050,
      reason: 'Overpaid by transfer',
      byStaffId: secondOwner.id,
      providerReference: id,
    });
    expect(await balanceOfClaim(db, claimId)).toBe(300_000_000 - 25_000_050);

    // The plan's page shows it with who asked and who approved; the Payments page lists the plan.
    const page = (await planPageOf(db, claimId))!;
    expect(page.entries[1]).toMatchObject({ kind: 'refund', recordedBy: 'owner', approvedBy: 'owner', reason: 'Overpaid by transfer' });
    expect(page.adjustments[0]).toMatchObject({ state: 'approved', requestedById: owner.id });
    expect(page.balanceKobo).toBe(274_999_950);
    expect((await paymentsPage(db)).plans.find((p) => p.claimId === claimId)).toMatchObject({ paidKobo: 274_999_950 });
    const audit = await db.select().from(staffAudit).where(eq(staffAudit.subject, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['payments.adjustment_approved', 'payments.adjustment_requested']);
  });

  it('refuses a refund beyond the balance, a second reversal of a payment, and bad input, each with its sentence', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithPlan(db);
    const payment = await paid(db, claimId, 50_000_000, `PSK-${claimId}`);

    const tooMuch = await ask(owner.cookie, claimId, { kind: 'refund', amount: '500,000.01', reason: 'Refund all' });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toEqual({ error: 'This would take the balance below zero.' });

    // A reversal takes back the whole payment (its amount is the payment's, never typed), once.
    const reversal = await ask(owner.cookie, claimId, {
      kind: 'reversal',
      entryId: String(payment.id),
      reason: 'Chargeback from the bank',
    });
    expect(reversal.status).toBe(201);
    const second = await ask(secondOwner.cookie, claimId, { kind: 'reversal', entryId: payment.id, reason: 'Chargeback again' });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: 'This payment was reversed already.' });
    // While the reversal waits, a refund of the same money would take the balance below zero once both are written.
    expect((await ask(secondOwner.cookie, claimId, { kind: 'refund', amount: '1', reason: 'Small refund' })).status).toBe(409);
    const reversalId = ((await reversal.json()) as { id: string }).id;
    expect((await approve(secondOwner.cookie, claimId, reversalId)).status).toBe(200);
    expect(await balanceOfClaim(db, claimId)).toBe(0);
    expect((await entriesOf(db, claimId))[1]).toMatchObject({ kind: 'reversal', amountKobo: -50_000_000, correctsEntryId: payment.id });

    // A reversal names a payment of this ledger.
    for (const [entryId, error] of [
      [payment.id + 1_000_000, 'A reversal or correction must name an entry of this ledger.'],
      [(await entriesOf(db, claimId))[1].id, 'Only a payment can be reversed.'],
    ] as const) {
      const response = await ask(owner.cookie, claimId, { kind: 'reversal', entryId, reason: 'Wrong entry' });
      expect(await response.json()).toEqual({ error });
    }

    for (const body of [
      { kind: 'refund', amount: '100', reason: '' },
      { kind: 'refund', reason: 'No amount' },
      { kind: 'refund', amount: '-100', reason: 'Negative' },
      { kind: 'reversal', reason: 'No entry named' },
      { kind: 'correction', entryId: payment.id, amount: '100', reason: 'No direction' },
      { kind: 'gift', amount: '100', reason: 'Unknown kind' },
    ]) {
      const response = await ask(owner.cookie, claimId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    expect(
      (await ask(owner.cookie, '00000000-0000-4000-8000-000000000000', { kind: 'refund', amount: '1', reason: 'No plan' })).status,
    ).toBe(404);
    expect((await ask(owner.cookie, 'not-an-id', { kind: 'refund', amount: '1', reason: 'No plan' })).status).toBe(404);
  });

  it('corrects with a new entry naming the one it corrects; a rejection keeps its reason and writes nothing', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithPlan(db);
    const payment = await paid(db, claimId, 300_000_000, `PSK-${claimId}`);
    const asked = await ask(owner.cookie, claimId, {
      kind: 'correction',
      entryId: payment.id,
      direction: 'in',
      amount: '1,000',
      reason: 'Bank fee',
    });
    const { id } = (await asked.json()) as { id: string };
    expect((await reject(secondOwner.cookie, claimId, id, { reason: 'x' })).status).toBe(400);
    expect((await reject(secondOwner.cookie, claimId, id, { reason: 'The fee was ours' })).status).toBe(200);
    const [row] = await db.select().from(paymentAdjustments).where(eq(paymentAdjustments.id, id));
    expect(row).toMatchObject({ state: 'rejected', rejectReason: 'The fee was ours', decidedBy: secondOwner.id, entryId: null });
    expect(await entriesOf(db, claimId)).toHaveLength(1);

    const out = await ask(secondOwner.cookie, claimId, {
      kind: 'correction',
      entryId: payment.id,
      direction: 'out',
      amount: '1,000',
      reason: 'Typed twice',
    });
    const outId = ((await out.json()) as { id: string }).id;
    expect((await approve(owner.cookie, claimId, outId)).status).toBe(200);
    expect((await entriesOf(db, claimId))[1]).toMatchObject({ kind: 'correction', amountKobo: -100_000, correctsEntryId: payment.id });
  });

  it('answers a form posted without scripts with a 303 back to the plan’s page, refused or done', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithPlan(db);
    await paid(db, claimId, 300_000_000, `PSK-${claimId}`);
    const post = (body: Record<string, string>) =>
      requestRoute(formRequest(`/api/admin/payments/plans/${claimId}/adjustments`, body, { cookie: owner.cookie }), ctx(claimId));
    const done = await post({ kind: 'refund', amount: '1000', reason: 'Goodwill', entryId: '', direction: '' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/admin/payments/${claimId}`);
    expect(done.headers.get('set-cookie')).toContain(`Path=/admin/payments/${claimId}`);
    const refused = await post({ kind: 'refund', amount: '99,999,999', reason: 'Too much' });
    expect(refused.status).toBe(303);
    expect(await balanceOfClaim(db, claimId)).toBe(300_000_000);
  });

  it('exports every entry for the accountant: naira with kobo, who and why, running balance, filters, owners only', async () => {
    const db = handle().db;
    const { claimId } = await buyerWithPlan(db);
    // Paid two Lagos days before the refund (today), at 09:00 Lagos time: each has a day of its own to filter by.
    const paidDay = lagosDayOf(new Date(), -2);
    await paid(db, claimId, 300_000_000, `=HYPERLINK("x")-${claimId.slice(0, 4)}`, new Date(`${paidDay}T08:00:00Z`));
    const asked = await ask(owner.cookie, claimId, { kind: 'refund', amount: '250,000.50', reason: '=cmd|calc' });
    await approve(secondOwner.cookie, claimId, ((await asked.json()) as { id: string }).id);
    const get = (cookie: string, query: string) => exportRoute(staffRequest(`/api/admin/exports/ledger${query}`, { cookie }), undefined);

    expect((await get(agent.cookie, '')).status).toBe(403);
    expect((await get(owner.cookie, '?from=2026-13-01')).status).toBe(400);
    const response = await get(owner.cookie, '?district=Lugbe%2C%20Abuja');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"date_lagos","entry","receipt","plan","buyer","district","plot","kind","amount_ngn","source","provider_reference","recorded_by","approved_by","reason","corrects_entry","running_balance_ngn"',
    );
    const mine = lines.filter((line) => line.includes(claimId));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain(`"${paidDay} 09:00"`);
    expect(mine[0]).toContain(`"'=HYPERLINK(""x"")`);
    expect(mine[0]).toContain('"payment","3000000.00","paystack"');
    expect(mine[0]).toMatch(/"3000000\.00"$/);
    expect(mine[1]).toContain('"refund","-250000.50","staff","","owner","owner","\'=cmd|calc"');
    expect(mine[1]).toMatch(/"2749999\.50"$/);
    // The date range is on when the money moved (Lagos days); the running balance still counts from the plan's first entry.
    const onTheDay = (await (await get(owner.cookie, `?from=${paidDay}&to=${paidDay}`)).text())
      .split('\r\n')
      .filter((l) => l.includes(claimId));
    expect(onTheDay).toEqual([mine[0]]);
    const refundDay = lagosDayOf(new Date());
    const refundOnly = (await (await get(owner.cookie, `?from=${refundDay}&to=${refundDay}`)).text())
      .split('\r\n')
      .filter((l) => l.includes(claimId));
    expect(refundOnly).toEqual([mine[1]]);
    expect(await (await get(owner.cookie, '?district=Moniya%2C%20Ibadan')).text()).not.toContain(claimId);
  });
});
