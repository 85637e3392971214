import { IndicativeFigures, IndicativeNoteText } from '@/modules/districts/IndicativePrice';
import type { FxRates } from '@/modules/districts/indicative-prices';
import { InstalmentChoice, type Figure, type PlanFigures } from './InstalmentChoice';
import { formatNaira, instalmentPlan, PLAN_MONTHS } from './instalments';

/**
 * Deposit, balance and an indicative monthly schedule for 6, 12 or 18 months (no interest); with the owner's rates,
 * each figure's indicative $ and £ too, following the period chosen.
 *
 * Every period's figures are worked out and formatted here, on the server; the browser only switches between them
 * (InstalmentChoice). The page's scripts then carry no number formatting: setting up the Intl formatters and the
 * indicative figures cost the district pages' hydration about 60 ms on a phone's slowed processor
 * (docs/benchmarks/0398-main-thread-profile.md).
 */
export function InstalmentView({ price, deposit, fx }: { price: number; deposit: number; fx: FxRates | undefined }) {
  const figure = (ngn: number): Figure => ({
    amount: formatNaira(ngn),
    fx: fx ? <IndicativeFigures ngn={ngn} fx={fx} /> : undefined,
  });
  const plans: PlanFigures[] = PLAN_MONTHS.map((months) => {
    const plan = instalmentPlan(price, deposit, months);
    const monthly = figure(plan.monthly);
    return { months, monthly: monthly.amount, monthlyFx: monthly.fx, schedule: plan.schedule.map(formatNaira) };
  });
  return (
    <InstalmentChoice
      deposit={figure(deposit)}
      balance={figure(price - deposit)}
      plans={plans}
      note={fx ? <IndicativeNoteText fx={fx} /> : undefined}
    />
  );
}
