import 'server-only';
import { eq } from 'drizzle-orm';
import { DISTRICTS, districtLabel } from '@/content/districts';
import { PAYMENT_PLAN_MONTHS } from '@/content/payments';
import type { Db } from '@/lib/db/client';
import { plotClaims, plots, type LedgerEntryRow, type PaymentPlanRow, type PlotClaimRow, type PlotRow } from '@/lib/db/schema';
import { lagosDayOf } from '@/lib/working-time';
import { logError } from '@/lib/log';
import { reserveClaim } from '@/modules/plots/server';
import { balanceOfClaim, openPlan, planOf } from './ledger/ledger.repository.server';
import { offerInKobo } from './plans';

/**
 * Where payments meets the plots module (docs/decisions/0412, 0414): a claim's plot and price (frozen on the claim),
 * the plan opened for it, how a receipt names the plot, and the reservation a paid deposit makes of a hold (through
 * the plots module's own entry, which alone writes its tables).
 */

export async function claimWithPlot(db: Db, claimId: string): Promise<{ claim: PlotClaimRow; plot: PlotRow } | undefined> {
  const [row] = await db
    .select({ claim: plotClaims, plot: plots })
    .from(plotClaims)
    .innerJoin(plots, eq(plots.id, plotClaims.plotId))
    .where(eq(plotClaims.id, claimId));
  return row;
}

export type PlanOpening = { ok: true; plan: PaymentPlanRow } | { ok: false; reason: 'no_claim' | 'claim_ended' | 'no_buyer' | 'months' };

/**
 * Opens the payment plan of a live claim (once; later calls find it): the claim's frozen price, the district's deposit
 * (its offer, at most the price), `months` of the plan choices, starting today in Lagos.
 */
export async function openPlanForClaim(db: Db, claimId: string, months: number, now = new Date()): Promise<PlanOpening> {
  const existing = await planOf(db, claimId);
  if (existing) return { ok: true, plan: existing };
  if (!(PAYMENT_PLAN_MONTHS as readonly number[]).includes(months)) return { ok: false, reason: 'months' };
  const found = await claimWithPlot(db, claimId);
  if (!found) return { ok: false, reason: 'no_claim' };
  const { claim, plot } = found;
  if (claim.endedAt) return { ok: false, reason: 'claim_ended' };
  if (!claim.leadId) return { ok: false, reason: 'no_buyer' };
  const district = DISTRICTS.find((d) => d.choice === plot.district);
  const offerDeposit = district ? offerInKobo(district.offer).depositKobo : 0;
  const plan = await openPlan(db, {
    claimId,
    leadId: claim.leadId,
    district: plot.district,
    priceKobo: claim.priceKobo,
    depositKobo: Math.min(offerDeposit, claim.priceKobo),
    months,
    startsOn: lagosDayOf(now),
  });
  return { ok: true, plan };
}

/** "Plot A3, Block A, District 1" with its place, or the district alone when the claim's plot cannot be read. */
export async function plotLabelOf(db: Db, plan: Pick<PaymentPlanRow, 'claimId' | 'district'>): Promise<string> {
  const found = await claimWithPlot(db, plan.claimId);
  const district = DISTRICTS.find((d) => d.choice === plan.district);
  const where = district ? districtLabel(district) : plan.district;
  return found ? `Plot ${found.plot.label}, Block ${found.plot.block}, ${where}` : `a plot in ${where}`;
}

/**
 * Inside the credit's transaction: once the deposit is paid, a claim still held becomes a reservation (and its lead
 * `reserved`), by the plots module. A hold that ended before the money came is left as it is: the money stays credited
 * and the owners see it (refund or a new hold is theirs to decide).
 */
export async function reserveOnDeposit(
  tx: Db,
  claimId: string,
  paid: { depositKobo: number; reference: string; paidAt: Date },
  now: Date,
): Promise<boolean> {
  const found = await claimWithPlot(tx, claimId);
  if (!found || found.claim.stage !== 'held' || found.claim.endedAt) return false;
  const result = await reserveClaim(tx, {
    claimId,
    by: 'system',
    now,
    depositKobo: paid.depositKobo,
    paymentReference: paid.reference,
    paidAt: paid.paidAt,
  });
  if (!result.ok) logError(`[payments] a paid deposit could not reserve claim ${claimId}: ${result.refusal}`, new Error(result.refusal));
  return result.ok;
}

/** After a payment is written, in its transaction: the deposit reached turns the hold into a reservation. */
export async function afterPaymentCredited(tx: Db, entry: LedgerEntryRow, now: Date): Promise<void> {
  const plan = await planOf(tx, entry.claimId);
  if (!plan || !entry.providerReference) return;
  const paid = await balanceOfClaim(tx, entry.claimId);
  if (paid < plan.depositKobo) return;
  await reserveOnDeposit(tx, entry.claimId, { depositKobo: paid, reference: entry.providerReference, paidAt: entry.at }, now);
}
