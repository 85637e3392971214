import { describe, expect, it } from 'vitest';
import {
  formatIndicative,
  formatRate,
  formatRateDay,
  indicativeFigures,
  parseFxRates,
  roundIndicative,
  toIndicative,
  type FxRates,
} from './indicative-prices';

const problemOf = (text: string) => {
  const reading = parseFxRates(text);
  return reading.ok ? undefined : reading.problem;
};

describe('parseFxRates (SITE_FX_RATES)', () => {
  it('reads the owner’s rates in their order, and the day they were set', () => {
    expect(parseFxRates('USD=1610,GBP=2050@2026-11-01')).toEqual({
      ok: true,
      rates: {
        rates: [
          { currency: 'USD', ngnPerUnit: 1610 },
          { currency: 'GBP', ngnPerUnit: 2050 },
        ],
        day: '2026-11-01',
      },
    });
    expect(parseFxRates(' gbp = 2050.5 , usd=1610 @ 2026-11-01 ')).toEqual({
      ok: true,
      rates: {
        rates: [
          { currency: 'GBP', ngnPerUnit: 2050.5 },
          { currency: 'USD', ngnPerUnit: 1610 },
        ],
        day: '2026-11-01',
      },
    });
    expect(parseFxRates('USD=1610@2026-11-01')).toMatchObject({ ok: true, rates: { rates: [{ currency: 'USD' }] } });
  });

  it('wants the day the rates were set', () => {
    expect(problemOf('USD=1610,GBP=2050')).toMatch(/end it with one "@" and the day/);
    expect(problemOf('USD=1610@2026-11-01@2026-11-02')).toMatch(/one "@"/);
    expect(problemOf('USD=1610@')).toMatch(/"" is not a day written YYYY-MM-DD/);
  });

  it('refuses a day that is not one', () => {
    for (const day of ['1 Nov 2026', '2026-11-1', '2026-13-01', '2026-02-30', '26-11-01'])
      expect(problemOf(`USD=1610@${day}`)).toBe(`"${day}" is not a day written YYYY-MM-DD`);
    expect(problemOf('USD=1610@2028-02-29')).toBeUndefined(); // a leap day
  });

  it('refuses what is not CURRENCY=naira', () => {
    expect(problemOf('@2026-11-01')).toMatch(/at least one rate/);
    expect(problemOf('USD 1610@2026-11-01')).toMatch(/"USD 1610" is not CURRENCY=naira/);
    expect(problemOf('USD=1,610@2026-11-01')).toMatch(/"610" is not CURRENCY=naira, e.g. USD=1610 \(no thousands separators\)/);
    expect(problemOf('USD=,GBP=2050@2026-11-01')).toMatch(/"USD=" is not CURRENCY=naira/);
    expect(problemOf('USD=16.1.0@2026-11-01')).toMatch(/USD's rate "16.1.0" is not a number/);
    expect(problemOf('USD=1610.123@2026-11-01')).toMatch(/more than 2 decimals/);
  });

  it('refuses a rate of zero or below, and one written the wrong way round', () => {
    expect(problemOf('USD=0,GBP=2050@2026-11-01')).toBe("USD's rate must be more than 0 naira");
    expect(problemOf('USD=1610,GBP=-2050@2026-11-01')).toBe("GBP's rate must be more than 0 naira");
    expect(problemOf('USD=0.00062@2026-11-01')).toMatch(/less than one naira per USD: give naira per USD, e.g. USD=1610/);
  });

  it('refuses a currency the site does not show, or one given twice', () => {
    expect(problemOf('USD=1610,EUR=1750@2026-11-01')).toBe('EUR is not a currency the site shows (USD, GBP)');
    expect(problemOf('USD=1610,usd=1600@2026-11-01')).toBe('USD is given twice');
  });
});

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
