import type { OfferFigures } from '@/content/buying';
import { OFFER_COPY, type LandOffer } from '@/content/districts';
import { formatNaira, instalmentPlan, PLAN_MONTHS } from '@/modules/districts/offer/instalments';

/** "6, 12 or 18" */
const MONTHS_LIST = new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(PLAN_MONTHS.map(String));

/** A district's offer as the buyer-confidence sections quote it, from the same figures and rules as the land offer. */
export function offerFigures(offer: LandOffer): OfferFigures {
  const longestPlan = instalmentPlan(offer.priceNgn, offer.depositNgn, Math.max(...PLAN_MONTHS));
  return {
    plotSize: OFFER_COPY.perPlot(offer.sizeSqm),
    price: formatNaira(offer.priceNgn),
    deposit: formatNaira(offer.depositNgn),
    balance: formatNaira(longestPlan.balance),
    planMonths: OFFER_COPY.monthsOption(MONTHS_LIST),
    lowestMonthly: formatNaira(longestPlan.monthly),
  };
}
