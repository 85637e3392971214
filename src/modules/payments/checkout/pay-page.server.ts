import 'server-only';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { DISTRICTS } from '@/content/districts';
import { readInspectionLink } from '@/modules/leads/server';
import { planOf } from '../ledger/ledger.repository.server';
import { offerInKobo, type Standing } from '../plans';
import { claimWithPlot, plotLabelOf } from '../plot-link.server';
import { paystackConfigured } from '../paystack/client.server';
import { dedicatedAccountOf, dedicatedAccountsOffered } from '../paystack/dedicated-account.server';
import { standingOfPlan } from '../standing.server';

/**
 * The buyer's payment page (GET /payments/pay?t=<the hold's link>): the plot, its frozen price, the deposit and what is
 * due now, the plan's months to choose (until the first payment opens the plan), and how to pay: Paystack when it is set
 * up, a bank transfer quoting the claim's reference always. Reads only; the form's POST opens the plan and the checkout.
 */

/** The hold's own link (the plots module's `plot` purpose, naming the claim). */
const PLOT_LINK = 'plot';

export async function claimOfPayLink(db: Db, token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  const read = await readInspectionLink(db, PLOT_LINK, token);
  return read.ok ? read.id : undefined;
}

/** The reference a bank transfer quotes: short, the claim's own, nothing personal. */
export const transferReferenceOf = (claimId: string) => `MD-${claimId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;

export type PayPageView =
  | { state: 'bad_link' }
  | { state: 'ended' }
  | {
      state: 'open';
      token: string;
      plotLabel: string;
      priceKobo: number;
      depositKobo: number;
      dueNowKobo: number;
      paidKobo: number;
      /** The plan's months once chosen; undefined while the buyer may still choose. */
      months?: number;
      paystack: boolean;
      transfer: { account?: string; reference: string };
      dedicated?: { accountNumber: string; accountName: string; bankName: string };
      /** Whether the buyer may ask for an account number of their own (none yet, and PAYSTACK_DEDICATED_BANK is set). */
      ownAccountOffered: boolean;
      standing?: Standing;
    };

export async function payPageOf(db: Db, token: string | undefined, now = new Date()): Promise<PayPageView> {
  const claimId = await claimOfPayLink(db, token);
  if (!claimId || !token) return { state: 'bad_link' };
  const found = await claimWithPlot(db, claimId);
  if (!found) return { state: 'bad_link' };
  if (found.claim.endedAt) return { state: 'ended' };
  const plan = await planOf(db, claimId);
  const district = DISTRICTS.find((d) => d.choice === found.plot.district);
  const depositKobo = plan?.depositKobo ?? Math.min(district ? offerInKobo(district.offer).depositKobo : 0, found.claim.priceKobo);
  const standing = plan ? await standingOfPlan(db, plan, now) : undefined;
  const dedicated = await dedicatedAccountOf(db, claimId);
  return {
    state: 'open',
    token,
    plotLabel: await plotLabelOf(db, { claimId, district: found.plot.district }),
    priceKobo: found.claim.priceKobo,
    depositKobo,
    dueNowKobo: standing ? (standing.nextDue?.amountKobo ?? 0) : depositKobo,
    paidKobo: standing?.paidKobo ?? 0,
    months: plan?.months,
    paystack: paystackConfigured(),
    transfer: { account: getEnv().PAYMENT_BANK_ACCOUNT, reference: transferReferenceOf(claimId) },
    dedicated: dedicated && { accountNumber: dedicated.accountNumber, accountName: dedicated.accountName, bankName: dedicated.bankName },
    ownAccountOffered: !dedicated && dedicatedAccountsOffered(),
    standing,
  };
}
