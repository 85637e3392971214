import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FxRates } from '@/modules/districts/indicative-prices';
import { InstalmentView } from '@/modules/districts/offer/InstalmentView';
import { EntryPrice } from './EntryPrice';
import { IndicativeFigures, IndicativeNote } from './IndicativePrice';

const fx: FxRates = {
  rates: [
    { currency: 'USD', ngnPerUnit: 1610 },
    { currency: 'GBP', ngnPerUnit: 2050 },
  ],
  day: '2026-11-01',
};

/** The text a sighted reader sees (screen-reader-only text left out), and what a screen reader hears (aria-hidden left out). */
function readings(html: string) {
  const without = (selector: string) => {
    const { document } = parseHTML(`<div>${html}</div>`);
    for (const element of document.querySelectorAll(selector)) element.remove();
    return (document.querySelector('div')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  return { seen: without('.sr-only'), heard: without('[aria-hidden="true"]') };
}

describe('indicative prices beside the naira price', () => {
  it('show nothing without the owner’s rates', () => {
    expect(renderToStaticMarkup(<IndicativeFigures ngn={10_000_000} fx={undefined} />)).toBe('');
    expect(renderToStaticMarkup(<IndicativeNote fx={undefined} />)).toBe('');
    expect(readings(renderToStaticMarkup(<EntryPrice depositNgn={500_000} fx={undefined} />)).seen).toBe('Plots from ₦500,000 deposit');
    expect(renderToStaticMarkup(<InstalmentView price={10_000_000} deposit={3_000_000} fx={undefined} />)).not.toMatch(
      /[$£]|indicative, at/,
    );
  });

  it('read "≈ $6,200 · £4,900" and are heard as "about 6,200 US dollars or 4,900 pounds"', () => {
    expect(readings(renderToStaticMarkup(<IndicativeFigures ngn={10_000_000} fx={fx} />))).toEqual({
      seen: '≈ $6,200 · £4,900',
      heard: 'about 6,200 US dollars or 4,900 pounds',
    });
  });

  it('say once per block that the naira price is the price, with the rates and their day', () => {
    expect(readings(renderToStaticMarkup(<IndicativeNote fx={fx} />))).toEqual({
      seen: 'Prices are in Naira; dollar and pound figures are indicative, at ₦1,610/$ and ₦2,050/£ on 1 Nov 2026.',
      heard:
        'Prices are in Naira; dollar and pound figures are indicative, at 1,610 naira to the US dollar and 2,050 naira to the pound on 1 November 2026.',
    });
    const dollarsOnly: FxRates = { rates: [fx.rates[0]], day: '2026-11-01' };
    expect(readings(renderToStaticMarkup(<IndicativeNote fx={dollarsOnly} />)).seen).toBe(
      'Prices are in Naira; dollar figures are indicative, at ₦1,610/$ on 1 Nov 2026.',
    );
  });

  it('follow the hero’s entry price and the instalment view’s figures, rendered on the server', () => {
    expect(readings(renderToStaticMarkup(<EntryPrice depositNgn={500_000} fx={fx} />)).seen).toBe(
      'Plots from ₦500,000 deposit≈ $310 · £240 indicative, at ₦1,610/$ and ₦2,050/£ on 1 Nov 2026',
    );
    const plan = readings(renderToStaticMarkup(<InstalmentView price={10_000_000} deposit={3_000_000} fx={fx} />)).seen;
    // 12 months by default: deposit ₦3,000,000, balance ₦7,000,000, ₦583,334 a month.
    expect(plan).toContain('₦3,000,000≈ $1,900 · £1,500');
    expect(plan).toContain('₦7,000,000≈ $4,300 · £3,400');
    expect(plan).toContain('₦583,334 × 12≈ $360 · £280');
    expect(plan).toContain(
      'in writing. Prices are in Naira; dollar and pound figures are indicative, at ₦1,610/$ and ₦2,050/£ on 1 Nov 2026.',
    );
  });
});
