/**
 * Prices for buyers abroad (issue 32, part 4; docs/decisions/0355-indicative-prices-abroad.md): the owner's exchange
 * rates (`SITE_FX_RATES`, e.g. "USD=1610,GBP=2050@2026-11-01": naira per unit, then the day they were set) and the one
 * rule that turns a naira price into an indicative figure in another currency. The naira price stays the price.
 * Used by src/lib/env.server.ts (validation), the pages (prerendered) and the instalment view (in the browser too).
 */

/** The currencies the site can show, in the symbol a reader abroad knows. */
export const FX_SYMBOLS = { USD: '$', GBP: '£' } as const;
export type FxCurrency = keyof typeof FX_SYMBOLS;

export interface FxRate {
  currency: FxCurrency;
  /** Naira for one unit of the currency (1610: ₦1,610 to the dollar). */
  ngnPerUnit: number;
}

/** What `SITE_FX_RATES` gives: its rates in the owner's order, and the day they were set (YYYY-MM-DD). */
export interface FxRates {
  rates: FxRate[];
  day: string;
}

export type FxRatesReading = { ok: true; rates: FxRates } | { ok: false; problem: string };

const isCurrency = (code: string): code is FxCurrency => Object.hasOwn(FX_SYMBOLS, code);

/** A real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads `USD=1610,GBP=2050@2026-11-01` (currency codes in any case, spaces allowed, at most 2 decimals). A problem is
 * a phrase to follow "SITE_FX_RATES …:" in the start-up error.
 */
export function parseFxRates(text: string): FxRatesReading {
  const fail = (problem: string): FxRatesReading => ({ ok: false, problem });
  const parts = text.trim().split('@');
  if (parts.length !== 2) return fail('end it with one "@" and the day the rates were set');
  const [list, day] = [parts[0].trim(), parts[1].trim()];
  if (!isDay(day)) return fail(`"${day}" is not a day written YYYY-MM-DD`);
  if (!list) return fail('give at least one rate before the "@"');
  const rates: FxRate[] = [];
  for (const item of list.split(',')) {
    const match = /^\s*([A-Za-z]+)\s*=\s*(-?[\d.]+)\s*$/.exec(item);
    if (!match) return fail(`"${item.trim()}" is not CURRENCY=naira, e.g. USD=1610 (no thousands separators)`);
    const currency = match[1].toUpperCase();
    if (!isCurrency(currency)) return fail(`${currency} is not a currency the site shows (${Object.keys(FX_SYMBOLS).join(', ')})`);
    if (rates.some((rate) => rate.currency === currency)) return fail(`${currency} is given twice`);
    if (!/^-?\d+(\.\d+)?$/.test(match[2])) return fail(`${currency}'s rate "${match[2]}" is not a number of naira`);
    const ngnPerUnit = Number(match[2]);
    if (ngnPerUnit <= 0) return fail(`${currency}'s rate must be more than 0 naira`);
    // Fewer than one naira to the dollar or pound is a rate written the wrong way round (dollars per naira).
    if (ngnPerUnit < 1)
      return fail(`${currency}=${match[2]} is less than one naira per ${currency}: give naira per ${currency}, e.g. ${currency}=1610`);
    if (/\.\d{3}/.test(match[2])) return fail(`${currency}'s rate "${match[2]}" has more than 2 decimals (kobo)`);
    rates.push({ currency, ngnPerUnit });
  }
  return { ok: true, rates: { rates, day } };
}

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
