/**
 * Prices for buyers abroad (issue 32, part 4; docs/decisions/0355-indicative-prices-abroad.md): the owner's exchange
 * rates (`SITE_FX_RATES`, e.g. "USD=1610,GBP=2050@2026-11-01": naira per unit, then the day they were set) and the one
 * rule that turns a naira price into an indicative figure in another currency. The naira price stays the price.
 * Used by the pages (prerendered) and the instalment view (in the browser too); how the owner writes the rates, and
 * their check at start-up, are in src/lib/env-schema.ts.
 */
import type { FxCurrency, FxRate, FxRates } from '@/lib/env-schema';

export type { FxCurrency, FxRate, FxRates } from '@/lib/env-schema';

/** The currencies SITE_FX_RATES may give, in the symbol a reader abroad knows (the setting's format: src/lib/env-schema.ts). */
export const FX_SYMBOLS = { USD: '$', GBP: '£' } as const satisfies Record<FxCurrency, string>;

/**
 * Two significant figures, in whole units: 6,211 → 6,200; 4,878 → 4,900; 362.3 → 360; 34.5 → 35. Precise enough
 * for a buyer to weigh a price, and never read as a quote.
 */
export function roundIndicative(amount: number): number {
  if (amount < 100) return Math.round(amount);
  const step = 10 ** (String(Math.floor(amount)).length - 2);
  return Math.round(amount / step) * step;
}

/** A naira amount in the rate's currency, rounded as above. */
export function toIndicative(ngn: number, rate: FxRate): number {
  return roundIndicative(ngn / rate.ngnPerUnit);
}

export interface IndicativeFigure {
  currency: FxCurrency;
  amount: number;
}

/** A naira price in each of the owner's currencies, in their order. */
export function indicativeFigures(ngn: number, fx: FxRates): IndicativeFigure[] {
  return fx.rates.map((rate) => ({ currency: rate.currency, amount: toIndicative(ngn, rate) }));
}

const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const NAIRA_RATE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** "6,200": the figure's digits, grouped (the symbol or the currency's name goes with it). */
export const formatWhole = (amount: number) => WHOLE.format(amount);

/** "$6,200" */
export const formatIndicative = (amount: number, currency: FxCurrency) => `${FX_SYMBOLS[currency]}${formatWhole(amount)}`;

/** "1,610" or "1,610.5": naira in one unit of the currency. */
export const formatRateNaira = (rate: FxRate) => NAIRA_RATE.format(rate.ngnPerUnit);

/** "₦1,610/$" */
export const formatRate = (rate: FxRate) => `₦${formatRateNaira(rate)}/${FX_SYMBOLS[rate.currency]}`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "1 Nov 2026", or "1 November 2026" in full (for screen readers). Written out here, not by Intl: the server's and
 * the browser's ICU differ ("Sep" or "Sept"), and the instalment view renders in both.
 */
export function formatRateDay(day: string, style: 'short' | 'long' = 'short'): string {
  const [year, month, date] = day.split('-').map(Number);
  const name = MONTHS[month - 1];
  return `${date} ${style === 'short' ? name.slice(0, 3) : name} ${year}`;
}
