import { describe, expect, it } from 'vitest';
import {
  formatIndicative,
  formatRate,
  formatRateDay,
  indicativeFigures,
  roundIndicative,
  toIndicative,
  type FxRates,
} from './indicative-prices';

describe('indicative figures', () => {
  it('round to two significant figures in whole units', () => {
    expect(roundIndicative(6211.18)).toBe(6200);
    expect(roundIndicative(4878.05)).toBe(4900);
    expect(roundIndicative(362.31)).toBe(360);
    expect(roundIndicative(995)).toBe(1000);
    expect(roundIndicative(99.6)).toBe(100);
    expect(roundIndicative(34.5)).toBe(35);
    expect(roundIndicative(7.4)).toBe(7);
    expect(roundIndicative(62_111)).toBe(62_000);
  });

  it('convert the offers at the owner’s rates, as the pages show them', () => {
    const usd = { currency: 'USD', ngnPerUnit: 1610 } as const;
    const gbp = { currency: 'GBP', ngnPerUnit: 2050 } as const;
    // District 1: ₦10,000,000, deposit ₦3,000,000, 12 months of ₦583,334; District 2: ₦1,500,000, deposit ₦500,000.
    expect([10_000_000, 3_000_000, 583_334, 1_500_000, 500_000].map((ngn) => toIndicative(ngn, usd))).toEqual([6200, 1900, 360, 930, 310]);
    expect([10_000_000, 3_000_000, 583_334, 1_500_000, 500_000].map((ngn) => toIndicative(ngn, gbp))).toEqual([4900, 1500, 280, 730, 240]);
    const fx: FxRates = { rates: [usd, gbp], day: '2026-11-01' };
    expect(indicativeFigures(10_000_000, fx)).toEqual([
      { currency: 'USD', amount: 6200 },
      { currency: 'GBP', amount: 4900 },
    ]);
  });

  it('are written with their symbol, the rate as ₦/unit and the day as "1 Nov 2026"', () => {
    expect(formatIndicative(6200, 'USD')).toBe('$6,200');
    expect(formatIndicative(4900, 'GBP')).toBe('£4,900');
    expect(formatRate({ currency: 'USD', ngnPerUnit: 1610 })).toBe('₦1,610/$');
    expect(formatRate({ currency: 'GBP', ngnPerUnit: 2050.5 })).toBe('₦2,050.5/£');
    expect(formatRateDay('2026-11-01')).toBe('1 Nov 2026');
    expect(formatRateDay('2026-09-30')).toBe('30 Sep 2026');
    expect(formatRateDay('2026-11-01', 'long')).toBe('1 November 2026');
  });
});
