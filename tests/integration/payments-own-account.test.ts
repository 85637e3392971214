import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { POST as accountRoute } from '@/app/api/payments/account/route';
import { POST as paystackWebhook } from '@/app/api/webhooks/paystack/route';
import { leads, paymentDedicatedAccounts, paymentEvents, paymentPlans, paymentReceipts, plotClaims } from '@/lib/db/schema';
import { signInspectionLink } from '@/modules/leads/server';
import { balanceOfClaim, entriesOf } from '@/modules/payments/ledger/ledger.repository.server';
import { payPageOf } from '@/modules/payments/checkout/pay-page.server';
import { settlePaymentEvent } from '@/modules/payments/paystack/credit.server';
import { holdPlot, insertPlots } from '@/modules/plots/server';
import { describeEachDriver, jsonRequest, setEnv } from './helpers';
import { receiptMessages, fakePaystackForFile } from './payments-helpers';

/**
 * The buyer's own account number (issue 59, item 1; docs/decisions/0417): the pay page's plain form opens a Paystack
 * customer and dedicated virtual account once per claim, whatever Paystack does (an error, a lost answer, a second click
 * while the first waits), shows the bank, number and name, and every transfer into it, however many, is credited to the
 * plot once Paystack's verify agrees, with a receipt each.
 */

const paystack = fakePaystackForFile(() => ({ PAYSTACK_DEDICATED_BANK: 'test-bank' }));

let n = 0;
const creates = () => paystack().requests.filter((r) => r === 'POST /dedicated_account').length;

describeEachDriver('payments: the buyer’s own account number', ({ handle }) => {
  async function heldPlot() {
    const db = handle().db;
    const [lead] = await db
      .insert(leads)
      .values({
        title: 'Mrs',
        fullName: `Ngozi Eze ${n}`,
        email: `ngozi${n++}-${Date.now()}@example.com`,
        phoneRaw: '08030000000',
        district: 'Moniya, Ibadan',
      })
      .returning({ id: leads.id });
    const [plot] = await insertPlots(
      db,
      [{ district: 'Moniya, Ibadan', block: 'E', label: `E${n}x${Date.now() % 100000}`, sizeSqm: 450, priceKobo: 150_000_000 }],
      new Date(),
    );
    const held = await holdPlot(db, { plotId: plot.id, leadId: lead.id, by: 'buyer', now: new Date() });
    if (!held.ok) throw new Error(held.refusal);
    return { claimId: held.claim.id, leadId: lead.id, token: await signInspectionLink(db, 'plot', held.claim.id) };
  }

  const ask = (fields: Record<string, string>) =>
    accountRoute(
      new Request('http://localhost/api/payments/account', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  const accountsOf = (claimId: string) =>
    handle().db.select().from(paymentDedicatedAccounts).where(eq(paymentDedicatedAccounts.claimId, claimId));

  it('offers the account on the pay page; the form opens the plan and the account once and shows bank, number and name', async () => {
    const { claimId, token } = await heldPlot();
    expect(await payPageOf(handle().db, token)).toMatchObject({ state: 'open', ownAccountOffered: true, dedicated: undefined });
    const before = creates();
    const response = await ask({ t: token, months: '6' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/payments/pay?t=${encodeURIComponent(token)}#own-account`);
    const [plan] = await handle().db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId));
    expect(plan.months).toBe(6);
    const view = await payPageOf(handle().db, token);
    expect(view).toMatchObject({
      state: 'open',
      ownAccountOffered: false,
      dedicated: { bankName: 'Test Bank', accountNumber: expect.stringMatching(/^\d{10}$/), accountName: expect.stringContaining('NGOZI') },
    });
    // Asked again (a back button, a second visit): the same account, Paystack not asked for another.
    expect((await ask({ t: token })).status).toBe(303);
    expect(await accountsOf(claimId)).toHaveLength(1);
    expect(creates() - before).toBe(1);
  });

  it('says so when Paystack fails, and a retry opens exactly one account, even when a create’s answer was lost', async () => {
    const { claimId, token } = await heldPlot();
    paystack().failNext(1, { status: 500, message: 'Internal error' }, /^\/dedicated_account$/, 'POST');
    const failed = await ask({ t: token });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`/payments/pay?t=${encodeURIComponent(token)}&account=unavailable#own-account`);
    expect(await accountsOf(claimId)).toHaveLength(0);
    expect(await payPageOf(handle().db, token)).toMatchObject({ ownAccountOffered: true });

    // Paystack opens the account but its answer never arrives: the buyer is told to try again, and the retry finds it.
    const accountsBefore = paystack().dedicatedAccounts.size;
    paystack().failNext(1, { drop: 'answer' }, /^\/dedicated_account$/, 'POST');
    expect((await ask({ t: token })).headers.get('location')).toContain('&account=unavailable');
    expect(paystack().dedicatedAccounts.size).toBe(accountsBefore + 1);
    const createsBefore = creates();
    expect((await ask({ t: token })).headers.get('location')).not.toContain('account=');
    expect(creates()).toBe(createsBefore);
    const [row] = await accountsOf(claimId);
    const [customer] = [...paystack().dedicatedAccounts].find(([, a]) => a.accountNumber === row.accountNumber)!;
    expect(row.customerCode).toBe(customer);
    expect(paystack().dedicatedAccounts.size).toBe(accountsBefore + 1);
  });

  it('opens one account when the buyer presses twice while Paystack is still answering', async () => {
    const { claimId, token } = await heldPlot();
    const before = creates();
    const answers = await Promise.all([ask({ t: token }), ask({ t: token }), ask({ t: token })]);
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(await accountsOf(claimId)).toHaveLength(1);
    expect(creates() - before).toBe(1);
  });

  it('credits every transfer into the account to the plot, once each, with a receipt each; the deposit reserves the plot', async () => {
    const { claimId, token } = await heldPlot();
    await ask({ t: token, months: '3' });
    const [account] = await accountsOf(claimId);
    // The ₦500,000 deposit in two transfers (a bank's daily limit), and the first one delivered twice.
    const transfers = [paystack().transferIn(account.customerCode, 30_000_000), paystack().transferIn(account.customerCode, 20_000_000)];
    const post = (reference: string) => {
      const event = paystack().chargeSuccess(reference);
      return paystackWebhook(
        jsonRequest('/api/webhooks/paystack', event.body, { raw: true, headers: { 'x-paystack-signature': event.signature } }),
      );
    };
    for (const reference of [transfers[0].reference, transfers[0].reference, transfers[1].reference])
      expect((await post(reference)).status).toBe(200);
    const events = await handle().db.select().from(paymentEvents);
    for (const event of events) await settlePaymentEvent(handle().db, await handle().jobs(), event.id);
    const entries = await entriesOf(handle().db, claimId);
    expect(entries.map((e) => [e.providerReference, e.amountKobo])).toEqual([
      [transfers[0].reference, 30_000_000],
      [transfers[1].reference, 20_000_000],
    ]);
    expect(await balanceOfClaim(handle().db, claimId)).toBe(50_000_000);
    const receipts = await handle().db.select().from(paymentReceipts).where(eq(paymentReceipts.claimId, claimId));
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts)
      expect((await receiptMessages(handle().db, receipt.id)).filter((m) => m.channel === 'email')).toHaveLength(1);
    const [claim] = await handle().db.select().from(plotClaims).where(eq(plotClaims.id, claimId));
    expect(claim.stage).toBe('reserved');
    // The page now asks for the first instalment and still shows the account for it.
    expect(await payPageOf(handle().db, token)).toMatchObject({
      paidKobo: 50_000_000,
      dueNowKobo: 33_333_400,
      dedicated: { accountNumber: account.accountNumber },
    });
  });

  it('is not offered, and the form answers 404 {error}, without PAYSTACK_DEDICATED_BANK', async () => {
    setEnv({ PAYSTACK_DEDICATED_BANK: undefined });
    const { claimId, token } = await heldPlot();
    expect(await payPageOf(handle().db, token)).toMatchObject({ ownAccountOffered: false });
    const response = await ask({ t: token });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Account numbers are not offered.' });
    expect(await accountsOf(claimId)).toHaveLength(0);
    expect((await ask({ t: 'not-a-link-at-all' })).status).toBe(404);
  });
});
