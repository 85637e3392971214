/**
 * The words around the indicative foreign figures beside each naira price (issue 32, part 4). The rule (rates,
 * rounding, symbols) is src/modules/districts/indicative-prices.ts; docs/decisions/0355-indicative-prices-abroad.md says why.
 * Each sentence has a visible form with symbols ("≈ $6,200 · £4,900") and the form a screen reader hears instead
 * ("about 6,200 US dollars or 4,900 pounds"), so nobody hears "almost equal to dollar sign".
 */
import {
  formatIndicative,
  formatRate,
  formatRateDay,
  formatRateNaira,
  formatWhole,
  type FxCurrency,
  type FxRates,
  type IndicativeFigure,
} from '@/modules/districts/indicative-prices';

const CURRENCY_WORDS: Record<FxCurrency, { kind: string; one: string; many: string }> = {
  USD: { kind: 'dollar', one: 'US dollar', many: 'US dollars' },
  GBP: { kind: 'pound', one: 'pound', many: 'pounds' },
};

const and = (items: string[]) => new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(items);
const or = (items: string[]) => new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(items);

export const INDICATIVE_COPY = {
  /** Beside a naira price: "≈ $6,200 · £4,900". */
  figures: (figures: IndicativeFigure[]) => `≈ ${figures.map((f) => formatIndicative(f.amount, f.currency)).join(' · ')}`,
  /** "about 6,200 US dollars or 4,900 pounds" */
  figuresSpoken: (figures: IndicativeFigure[]) =>
    `about ${or(figures.map((f) => `${formatWhole(f.amount)} ${CURRENCY_WORDS[f.currency].many}`))}`,
  /**
   * "at ₦1,610/$ and ₦2,050/£ on 1 Nov 2026", in pieces: a line may break between them, never inside a rate or the
   * day (a phone would break "₦2,050/" from its "£").
   */
  basis: (fx: FxRates): { text: string; whole?: true }[] => [
    { text: 'at ' },
    ...new Intl.ListFormat('en-GB', { type: 'conjunction' })
      .formatToParts(fx.rates.map(formatRate))
      .map((part) => (part.type === 'element' ? { text: part.value, whole: true as const } : { text: part.value })),
    { text: ' on ' },
    { text: formatRateDay(fx.day), whole: true },
  ],
  /** "at 1,610 naira to the US dollar and 2,050 naira to the pound on 1 November 2026" */
  basisSpoken: (fx: FxRates) =>
    `at ${and(fx.rates.map((r) => `${formatRateNaira(r)} naira to the ${CURRENCY_WORDS[r.currency].one}`))} on ${formatRateDay(fx.day, 'long')}`,
  /** The word that marks a figure as a guide, beside the hero's figures. */
  indicative: 'indicative',
  /** Under a block of prices: "Prices are in Naira; dollar and pound figures are indicative, " + basis. */
  note: (fx: FxRates) => `Prices are in Naira; ${and(fx.rates.map((r) => CURRENCY_WORDS[r.currency].kind))} figures are indicative, `,
};
