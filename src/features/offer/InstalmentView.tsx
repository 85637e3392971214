'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { IndicativeFigures, IndicativeNoteText } from '@/components/IndicativePrice';
import { OFFER_COPY } from '@/content/districts';
import type { FxRates } from '@/domain/indicative-prices';
import { formatNaira, instalmentPlan, PLAN_MONTHS, type PlanMonths } from './instalments';

/**
 * Deposit, balance and an indicative monthly schedule for 6, 12 or 18 months (no interest); with the owner's rates,
 * each figure's indicative $ and £ too, following the period chosen.
 */
export function InstalmentView({ price, deposit, fx }: { price: number; deposit: number; fx: FxRates | undefined }) {
  const id = useId();
  const [months, setMonths] = useState<PlanMonths>(12);
  const plan = instalmentPlan(price, deposit, months);
  const choices = useRef<HTMLFieldSetElement>(null);

  // A period tapped before the scripts arrived is checked in the page, not yet in the state: adopt it, or the figures
  // would stay those of 12 months (and the next render would check 12 again).
  useEffect(() => {
    const tapped = PLAN_MONTHS.find((m) => String(m) === choices.current?.querySelector<HTMLInputElement>('input:checked')?.value);
    if (tapped) setMonths(tapped);
  }, []);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6">
      <h3 id={`${id}-heading`} className="font-display text-xl text-forest-900">
        {OFFER_COPY.planHeading}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">{OFFER_COPY.planIntro}</p>
      <fieldset ref={choices} className="mt-5">
        <legend className="text-sm font-medium text-forest-900">{OFFER_COPY.monthsLabel}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {PLAN_MONTHS.map((m) => (
            <label
              key={m}
              className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-forest-900/20 text-sm font-medium text-forest-900 has-[:checked]:border-forest-800 has-[:checked]:bg-forest-800 has-[:checked]:text-ivory-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brass-500"
            >
              <input
                type="radio"
                name={`${id}-months`}
                value={m}
                checked={months === m}
                onChange={() => setMonths(m)}
                className="sr-only"
              />
              {OFFER_COPY.monthsOption(m)}
            </label>
          ))}
        </div>
      </fieldset>
      <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-ink-soft">{OFFER_COPY.depositLabel}</dt>
          <dd className="mt-0.5 font-semibold text-forest-900">{formatNaira(plan.deposit)}</dd>
          {fx && (
            <dd className="text-xs text-ink-soft">
              <IndicativeFigures ngn={plan.deposit} fx={fx} />
            </dd>
          )}
        </div>
        <div>
          <dt className="text-ink-soft">{OFFER_COPY.balanceLabel}</dt>
          <dd className="mt-0.5 font-semibold text-forest-900">{formatNaira(plan.balance)}</dd>
          {fx && (
            <dd className="text-xs text-ink-soft">
              <IndicativeFigures ngn={plan.balance} fx={fx} />
            </dd>
          )}
        </div>
        <div className="col-span-2 rounded-xl bg-ivory-100 p-4" aria-live="polite">
          <dt className="text-ink-soft">{OFFER_COPY.monthlyLabel}</dt>
          <dd className="mt-0.5 font-display text-2xl text-forest-900">
            {formatNaira(plan.monthly)} <span className="font-sans text-sm text-ink-soft">× {months}</span>
          </dd>
          {fx && (
            <dd className="mt-0.5 text-sm text-ink-soft">
              <IndicativeFigures ngn={plan.monthly} fx={fx} />
            </dd>
          )}
        </div>
      </dl>
      <details className="group mt-4">
        <summary className="cursor-pointer text-sm font-medium text-forest-800 underline underline-offset-4">
          {OFFER_COPY.scheduleSummary}
        </summary>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-forest-900/10 text-left text-ink-soft">
              <th scope="col" className="py-2 font-medium">
                {OFFER_COPY.scheduleMonth}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {OFFER_COPY.scheduleAmount}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-forest-900/5">
              <td className="py-1.5">{OFFER_COPY.scheduleDeposit}</td>
              <td className="py-1.5 text-right tabular-nums">{formatNaira(plan.deposit)}</td>
            </tr>
            {plan.schedule.map((amount, index) => (
              <tr key={index} className="border-b border-forest-900/5">
                <td className="py-1.5">{index + 1}</td>
                <td className="py-1.5 text-right tabular-nums">{formatNaira(amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="mt-4 text-xs leading-relaxed text-ink-soft">
        {OFFER_COPY.indicative}
        {fx && (
          <>
            {' '}
            <IndicativeNoteText fx={fx} />
          </>
        )}
      </p>
    </section>
  );
}
