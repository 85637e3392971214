import Link from 'next/link';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { DISTRICTS } from '@/content/districts';
import { STAFF_DOWNLOADS } from '@/lib/constants';
import { formatKobo } from '../money';
import type { PaymentsPage } from './payments-page.server';

const copy = PAYMENT_STAFF_COPY;

/** The Payments page's list of plans, each to its own page (docs/decisions/0416). */
export function PlansList({ plans }: { plans: PaymentsPage['plans'] }) {
  return (
    <section
      className="rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
      aria-labelledby="plans-heading"
    >
      <h2 id="plans-heading" className="text-xl">
        {copy.plansHeading}
      </h2>
      {plans.length === 0 ? (
        <p className="mt-3 text-ink-soft">{copy.plansNone}</p>
      ) : (
        <ul className="mt-3 divide-y divide-forest-900/10">
          {plans.map((plan) => (
            <li key={plan.claimId}>
              <Link
                href={`/admin/payments/${plan.claimId}`}
                className="grid gap-1 py-3 hover:bg-forest-900/[0.03] focus-visible:bg-forest-900/[0.03] sm:grid-cols-[1fr_auto] sm:items-baseline sm:gap-3"
              >
                <span className="min-w-0">
                  <span className="font-medium underline underline-offset-4 decoration-forest-900/30">{plan.buyer}</span>
                  <span className="block text-sm text-ink-soft">
                    {plan.plot}
                    {plan.ended ? ` · ${copy.planEnded}` : ''}
                  </span>
                </span>
                <span className="text-sm sm:text-right">
                  {copy.paidOfPrice(formatKobo(plan.paidKobo), formatKobo(plan.priceKobo))}
                  <span aria-hidden="true" className="ml-2 text-ink-soft">
                    ›
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The accountant's ledger CSV (docs/decisions/0416): a plain GET form to the download's page, which asks for the
 * password when it is not recent and then hands over the file (no scripts needed).
 */
export function LedgerExportForm() {
  const x = copy.export;
  return (
    <section
      className="rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
      aria-labelledby="export-heading"
    >
      <h2 id="export-heading" className="text-xl">
        {x.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{x.intro}</p>
      <form method="get" action={STAFF_DOWNLOADS.ledger.page} className="mt-4 grid gap-4 sm:grid-cols-4 sm:items-end">
        <label className="grid gap-1">
          <span className="field-label">{x.district}</span>
          <select name="district" className="field min-h-11" defaultValue="">
            <option value="">{x.allDistricts}</option>
            {DISTRICTS.map((d) => (
              <option key={d.slug} value={d.choice}>
                {d.choice}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="field-label">{x.from}</span>
          <input type="date" name="from" className="field min-h-11" />
        </label>
        <label className="grid gap-1">
          <span className="field-label">{x.to}</span>
          <input type="date" name="to" className="field min-h-11" />
        </label>
        <button type="submit" className="btn-outline min-h-11">
          {x.download}
        </button>
      </form>
    </section>
  );
}
