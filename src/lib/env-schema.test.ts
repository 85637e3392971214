import { describe, expect, it } from 'vitest';
import { parseFxRates, parseWorkingDays, parseWorkingHours } from './env-schema';

// The formats of settings whose meaning is src/domain's; parseEnv's own checks are in ./env.server.test.ts.

describe('LEAD_WORKING_DAYS and LEAD_WORKING_HOURS', () => {
  it('reads working days as names, ranges and lists, and refuses anything else', () => {
    expect(parseWorkingDays('mon-fri')).toBe(0b0011111);
    expect(parseWorkingDays('Mon-Sat')).toBe(0b0111111);
    expect(parseWorkingDays('mon,wed,fri')).toBe(0b0010101);
    expect(parseWorkingDays('mon-fri, sun')).toBe(0b1011111);
    for (const bad of ['', 'monday', 'fri-mon', 'mon-tue-wed', 'mon,,tue', 'weekdays']) expect(parseWorkingDays(bad), bad).toBeUndefined();
  });

  it('reads working hours as HH:MM-HH:MM, the start first, 24:00 allowed as the end', () => {
    expect(parseWorkingHours('08:00-17:00')).toEqual({ startMinute: 480, endMinute: 1020 });
    expect(parseWorkingHours(' 7:30 - 18:15 ')).toEqual({ startMinute: 450, endMinute: 1095 });
    expect(parseWorkingHours('00:00-24:00')).toEqual({ startMinute: 0, endMinute: 1440 });
    for (const bad of ['17:00-08:00', '08:00-08:00', '22:00-06:00', '08:60-17:00', '08:00-24:30', '8-17', ''])
      expect(parseWorkingHours(bad), bad).toBeUndefined();
  });
});

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
