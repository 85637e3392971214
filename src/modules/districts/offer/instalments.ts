/** Naira with en-NG grouping and no kobo: ₦10,000,000. */
const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0, minimumFractionDigits: 0 });
export const formatNaira = (amount: number) => NAIRA.format(amount);

export const PLAN_MONTHS = [6, 12, 18] as const;
export type PlanMonths = (typeof PLAN_MONTHS)[number];

export interface InstalmentPlan {
  deposit: number;
  balance: number;
  months: number;
  /** The usual monthly payment (the last one may be smaller so the total is exact). */
  monthly: number;
  /** One amount per month; they add up to the balance exactly. */
  schedule: number[];
}

/**
 * An indicative plan with no interest: the balance after the deposit in equal whole-naira monthly payments,
 * rounded up, with the last payment absorbing the rounding so the schedule adds up to the balance.
 */
export function instalmentPlan(price: number, deposit: number, months: number): InstalmentPlan {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be a positive integer');
  if (deposit < 0 || deposit > price) throw new RangeError('deposit must be between 0 and the price');
  const balance = price - deposit;
  const monthly = Math.ceil(balance / months);
  const schedule = Array.from({ length: months }, () => monthly);
  schedule[months - 1] = balance - monthly * (months - 1);
  return { deposit, balance, months, monthly, schedule };
}
