import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { GET as conversionCsvRoute } from '@/app/api/admin/exports/conversion/route';
import type { Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { moneyFigures } from '@/modules/insights/money.server';
import { appendEntry } from '@/modules/payments/ledger/ledger.repository.server';
import { reserveClaim } from '@/modules/plots/server';
import { describeEachDriver, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Money per campaign on the dashboard (issue 59, item 7; docs/decisions/0416): the ledger's money of the period, net of
 * refunds, split into deposits and instalments by campaign, landing page, district and month; the funnel's paid in
 * full; and the conversion CSV's paid columns. Dates in 2031 keep these figures apart from the other tests' money.
 */

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const LUGBE = 'Lugbe, Abuja' as const;

async function entry(db: Db, claimId: string, kind: 'payment' | 'refund', amountKobo: number, at: string, correctsEntryId?: number) {
  const result = await db.transaction((tx) =>
    appendEntry(tx, {
      claimId,
      kind,
      source: kind === 'payment' ? 'paystack' : 'staff',
      providerReference: `${kind}-${claimId}-${at}`,
      amountKobo,
      at: new Date(at),
      reason: kind === 'payment' ? null : 'Overpaid',
      correctsEntryId,
    }),
  );
  if (result.outcome !== 'written') throw new Error(`not written: ${JSON.stringify(result)}`);
}

/** A buyer who came from a campaign on 1 March 2031, with a plan (deposit ₦3,000,000 of ₦10,000,000 unless smaller). */
async function buyerFrom(db: Db, campaign: { source: string; campaign: string; path: string } | null, priceKobo?: number) {
  const buyer = await buyerWithPlan(db, { priceKobo });
  await db
    .update(leads)
    .set({
      createdAt: new Date('2031-03-01T10:00:00Z'),
      utmSource: campaign?.source ?? null,
      utmMedium: campaign ? 'paid' : null,
      utmCampaign: campaign?.campaign ?? null,
      landingPath: campaign?.path ?? '/',
    })
    .where(eq(leads.id, buyer.leadId));
  return buyer;
}

describeEachDriver('money on the dashboard', ({ handle }) => {
  let ownerCookie = '';
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: SECRET });
    ownerCookie = await sessionCookieFor(handle().db, await makeStaff(handle().db, 'owner'));
  });

  it('sums the period’s ledger by campaign, page, district and month, deposits apart from instalments, net of refunds', async () => {
    const db = handle().db;
    const spring = await buyerFrom(db, { source: 'facebook', campaign: 'spring31', path: '/d1' });
    // Paid before the period (counted for the deposit, not in the figures), then twice in it, then a refund.
    await entry(db, spring.claimId, 'payment', 250_000_000, '2031-02-27T10:00:00Z');
    await entry(db, spring.claimId, 'payment', 100_000_000, '2031-03-02T10:00:00Z'); // ₦500,000 deposit, ₦500,000 instalments
    await entry(db, spring.claimId, 'payment', 40_000_000, '2031-04-02T10:00:00Z'); // instalments
    await entry(db, spring.claimId, 'refund', -100_000_000, '2031-04-03T10:00:00Z'); // back from the instalments first, then ₦100,000 of the deposit
    const none = await buyerFrom(db, null);
    await entry(db, none.claimId, 'payment', 300_000_000, '2031-03-05T10:00:00Z');
    // After the period: not counted.
    await entry(db, none.claimId, 'payment', 1_000_000, '2031-05-01T10:00:00Z');

    const money = await moneyFigures(db, { from: '2031-03-01', to: '2031-04-30' });
    expect(money).toMatchObject({ totalKobo: 340_000_000, depositsKobo: 340_000_000, instalmentsKobo: 0 });
    expect(money.byCampaign).toEqual([
      { key: '', depositsKobo: 300_000_000, instalmentsKobo: 0, totalKobo: 300_000_000 },
      { key: 'spring31', depositsKobo: 40_000_000, instalmentsKobo: 0, totalKobo: 40_000_000 },
    ]);
    expect(money.byPage.map((r) => [r.key, r.totalKobo])).toEqual([
      ['/', 300_000_000],
      ['/d1', 40_000_000],
    ]);
    expect(money.byDistrict).toEqual([{ key: LUGBE, depositsKobo: 340_000_000, instalmentsKobo: 0, totalKobo: 340_000_000 }]);
    expect(money.byMonth.map((r) => [r.key, r.totalKobo])).toEqual([
      ['2031-03', 400_000_000],
      ['2031-04', -60_000_000],
    ]);
    // The other district's dashboard has none of it.
    expect((await moneyFigures(db, { from: '2031-03-01', to: '2031-04-30', district: 'Moniya, Ibadan' })).totalKobo).toBe(0);
  });

  it('counts the period’s leads paid in full, and gives the conversion CSV what each row’s leads paid', async () => {
    const db = handle().db;
    const full = await buyerFrom(db, { source: 'google', campaign: 'full31', path: '/d1' }, 200_000);
    await reserveClaim(db, { claimId: full.claimId, by: 'system', now: new Date(), depositKobo: 200_000 });
    await entry(db, full.claimId, 'payment', 150_000, '2031-03-02T10:00:00Z');
    await entry(db, full.claimId, 'payment', 50_000, '2031-03-03T10:00:00Z');
    const part = await buyerFrom(db, { source: 'google', campaign: 'full31', path: '/d1' });
    await entry(db, part.claimId, 'payment', 300_000_000, '2031-03-02T10:00:00Z');

    const period = { from: '2031-03-01', to: '2031-03-01' };
    expect((await moneyFigures(db, period)).paidInFull).toBe(1);
    expect((await moneyFigures(db, { from: '2031-03-02', to: '2031-03-10' })).paidInFull).toBe(0);

    const res = await conversionCsvRoute(
      staffRequest(`/api/admin/exports/conversion?from=${period.from}&to=${period.to}&sort=name&dir=asc`, { cookie: ownerCookie }),
      undefined,
    );
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/"reserved_value_ngn","paid_ngn","paid_in_full"$/);
    const row = lines.find((line) => line.includes('"full31"'))!;
    expect(row).toMatch(/"3002000\.00","1"$/);
  });
});
