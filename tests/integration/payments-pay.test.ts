import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { POST as checkoutRoute } from '@/app/api/payments/checkout/route';
import { paymentCheckouts, paymentPlans } from '@/lib/db/schema';
import { signInspectionLink } from '@/modules/leads/server';
import { callbackViewOf } from '@/modules/payments/checkout/callback.server';
import { openCheckout } from '@/modules/payments/checkout/checkout.server';
import { payPageOf } from '@/modules/payments/checkout/pay-page.server';
import { checkCheckout } from '@/modules/payments/paystack/events.server';
import { holdPlot, insertPlots } from '@/modules/plots/server';
import { leads } from '@/lib/db/schema';
import { describeEachDriver, fingerprint, setEnv } from './helpers';
import { fakePaystackForFile } from './payments-helpers';

/**
 * Paying from the held plot (issue 59, item 5): the pay page (no scripts needed) shows the plot, its frozen price and
 * the deposit; its form opens the plan and Paystack's checkout and goes on to Paystack by our continue page; the
 * callback page shows only what the server established. Without Paystack only a bank transfer is offered.
 */

const paystack = fakePaystackForFile(() => ({ PAYMENT_BANK_ACCOUNT: undefined }));

const PLOT_LINK = 'plot';

let n = 0;

describeEachDriver('payments: paying from the held plot', ({ handle }) => {
  async function heldPlot() {
    const db = handle().db;
    const [lead] = await db
      .insert(leads)
      .values({
        title: 'Mr',
        fullName: `Tunde Bakare ${n}`,
        email: `tunde${n++}@example.com`,
        phoneRaw: '08030000000',
        district: 'Moniya, Ibadan',
      })
      .returning({ id: leads.id });
    const [plot] = await insertPlots(
      db,
      [{ district: 'Moniya, Ibadan', block: 'C', label: `C${n}x${Date.now() % 100000}`, sizeSqm: 450, priceKobo: 150_000_000 }],
      new Date(),
    );
    const held = await holdPlot(db, { plotId: plot.id, leadId: lead.id, by: 'buyer', now: new Date() });
    if (!held.ok) throw new Error(held.refusal);
    return { claimId: held.claim.id, token: await signInspectionLink(db, PLOT_LINK, held.claim.id), label: plot.label };
  }

  const form = (fields: Record<string, string>) =>
    checkoutRoute(
      new Request('http://localhost/api/payments/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    );

  it('shows the plot, its price and the deposit; the form opens the plan and the checkout, then goes on to Paystack', async () => {
    const { claimId, token, label } = await heldPlot();
    const view = await payPageOf(handle().db, token);
    expect(view).toMatchObject({ state: 'open', priceKobo: 150_000_000, depositKobo: 50_000_000, dueNowKobo: 50_000_000, paystack: true });
    if (view.state === 'open') expect(view.plotLabel).toBe(`Plot ${label}, Block C, District 2, Moniya, Ibadan`);
    // The page only read: no plan yet.
    expect(await handle().db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId))).toHaveLength(0);

    const response = await form({ t: token, months: '6' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/^\/payments\/continue\?reference=MDP-[0-9A-F]{16}$/);
    const reference = new URL(location, 'http://localhost').searchParams.get('reference')!;
    const [plan] = await handle().db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId));
    expect(plan).toMatchObject({ months: 6, priceKobo: 150_000_000, depositKobo: 50_000_000 });
    const checkout = await openCheckout(handle().db, reference);
    expect(checkout).toMatchObject({ amountKobo: 50_000_000 });
    expect(checkout?.authorizationUrl.startsWith(paystack().url)).toBe(true);

    // Back from Paystack before any webhook: the callback asks verify itself, and writes none of our tables (0405).
    const before = await fingerprint(handle().db);
    expect(await callbackViewOf(handle().db, await handle().jobs(), reference)).toEqual({ state: 'pending' });
    paystack().pay(reference);
    expect(await callbackViewOf(handle().db, await handle().jobs(), reference)).toEqual({ state: 'confirmed', amountKobo: 50_000_000 });
    await payPageOf(handle().db, token);
    await openCheckout(handle().db, reference);
    expect(await fingerprint(handle().db)).toEqual(before);
    const [stillOpen] = await handle().db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
    expect(stillOpen.state).toBe('initialized');
    // The check job the callback asked for credits it; the page then shows the receipt.
    await checkCheckout(handle().db, await handle().jobs(), reference);
    const after = await callbackViewOf(handle().db, await handle().jobs(), reference);
    expect(after).toMatchObject({ state: 'credited', amountKobo: 50_000_000, receipt: { number: expect.stringMatching(/^RCT-/) } });
  });

  it('refuses a bad link or months with a 4xx {error}; the browser’s word on money is never asked', async () => {
    const { token } = await heldPlot();
    expect((await form({ t: 'not-a-link-at-all' })).status).toBe(404);
    const badMonths = await form({ t: token, months: '7' });
    expect(badMonths.status).toBe(400);
    expect(await badMonths.json()).toHaveProperty('error');
    // An amount sent by the browser is ignored: the checkout asks what the server works out.
    const response = await form({ t: token, months: '12', amount: '100' });
    const reference = new URL(response.headers.get('location')!, 'http://localhost').searchParams.get('reference')!;
    expect(paystack().transactions.get(reference)?.amountKobo).toBe(50_000_000);
    expect(await callbackViewOf(handle().db, await handle().jobs(), 'MDP-0000000000000000')).toEqual({ state: 'unknown' });
  });

  it('offers only a bank transfer quoting the claim’s reference when Paystack is not set up', async () => {
    setEnv({ PAYSTACK_SECRET_KEY: undefined, PAYMENT_BANK_ACCOUNT: 'Zenith Bank · 1012345678 · Meridian Districts Ltd' });
    const { token, claimId } = await heldPlot();
    const view = await payPageOf(handle().db, token);
    expect(view).toMatchObject({
      state: 'open',
      paystack: false,
      transfer: {
        account: 'Zenith Bank · 1012345678 · Meridian Districts Ltd',
        reference: `MD-${claimId.replaceAll('-', '').slice(0, 10).toUpperCase()}`,
      },
    });
    const response = await form({ t: token, months: '12' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('failed=no_paystack');
  });
});
