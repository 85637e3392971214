'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { OFFER_COPY } from '@/content/offer';
import type { PlanMonths } from './instalments';

/** One period's figures, formatted on the server; the indicative $ and £ as rendered there (absent without rates). */
export interface PlanFigures {
  months: PlanMonths;
  monthly: string;
  monthlyFx?: ReactNode;
  /** One formatted amount per month. */
  schedule: string[];
}

/** A fixed figure (the deposit, the balance) with its indicative $ and £. */
export interface Figure {
  amount: string;
  fx?: ReactNode;
}

/** The months chosen before any tap, as before. */
const DEFAULT_MONTHS: PlanMonths = 12;

/**
 * The instalment view's markup and the choice of period (./InstalmentView.tsx works out every figure on the server).
 * The browser only switches between the periods' figures it is given: no number formatting or price arithmetic runs
 * in the page.
 */
export function InstalmentChoice({
  deposit,
  balance,
  plans,
  note,
}: {
  deposit: Figure;
  balance: Figure;
  plans: PlanFigures[];
  /** The rates and their day, after the indicative line; absent without rates. */
  note?: ReactNode;
}) {
  const id = useId();
  const [months, setMonths] = useState<PlanMonths>(DEFAULT_MONTHS);
  const plan = plans.find((p) => p.months === months) ?? plans[0];
  const choices = useRef<HTMLFieldSetElement>(null);

  // A period tapped before the scripts arrived is checked in the page, not yet in the state: adopt it, or the figures
  // would stay those of 12 months (and the next render would check 12 again).
  useEffect(() => {
    const checked = choices.current?.querySelector<HTMLInputElement>('input:checked')?.value;
    const tapped = plans.find((p) => String(p.months) === checked);
    if (tapped) setMonths(tapped.months);
  }, [plans]);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6">
      <h3 id={`${id}-heading`} className="font-display text-xl text-forest-900">
        {OFFER_COPY.planHeading}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">{OFFER_COPY.planIntro}</p>
      <fieldset ref={choices} className="mt-5">
        <legend className="text-sm font-medium text-forest-900">{OFFER_COPY.monthsLabel}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {plans.map(({ months: m }) => (
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
          <dd className="mt-0.5 font-semibold text-forest-900">{deposit.amount}</dd>
          {deposit.fx && <dd className="text-xs text-ink-soft">{deposit.fx}</dd>}
        </div>
        <div>
          <dt className="text-ink-soft">{OFFER_COPY.balanceLabel}</dt>
          <dd className="mt-0.5 font-semibold text-forest-900">{balance.amount}</dd>
          {balance.fx && <dd className="text-xs text-ink-soft">{balance.fx}</dd>}
        </div>
        <div className="col-span-2 rounded-xl bg-ivory-100 p-4" aria-live="polite">
          <dt className="text-ink-soft">{OFFER_COPY.monthlyLabel}</dt>
          <dd className="mt-0.5 font-display text-2xl text-forest-900">
            {plan.monthly} <span className="font-sans text-sm text-ink-soft">× {months}</span>
          </dd>
          {plan.monthlyFx && <dd className="mt-0.5 text-sm text-ink-soft">{plan.monthlyFx}</dd>}
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
              <td className="py-1.5 text-right tabular-nums">{deposit.amount}</td>
            </tr>
            {plan.schedule.map((amount, index) => (
              <tr key={index} className="border-b border-forest-900/5">
                <td className="py-1.5">{index + 1}</td>
                <td className="py-1.5 text-right tabular-nums">{amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="mt-4 text-xs leading-relaxed text-ink-soft">
        {OFFER_COPY.indicative}
        {note && <> {note}</>}
      </p>
    </section>
  );
}
