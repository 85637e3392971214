import { describe, expect, it } from 'vitest';
import { epochDayOf } from '@/lib/working-time';
import { monthsOfRange } from './summaries.server';

const days = (...pairs: [string, string][]) => pairs.map(([first, last]) => [epochDayOf(first), epochDayOf(last)]);

describe('a range read from the month summaries (docs/decisions/0445)', () => {
  it('reads whole months from the months and the days around them from the days', () => {
    expect(monthsOfRange({ from: '2025-12-02', to: '2026-12-01' })).toEqual({
      months: [epochDayOf('2026-01-01'), epochDayOf('2026-11-01')],
      days: days(['2025-12-02', '2025-12-31'], ['2026-12-01', '2026-12-01']),
    });
  });

  it('takes a range of whole months, a leap February included, from the months alone', () => {
    expect(monthsOfRange({ from: '2028-02-01', to: '2028-02-29' })).toEqual({
      months: [epochDayOf('2028-02-01'), epochDayOf('2028-02-01')],
      days: [],
    });
    expect(monthsOfRange({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      months: [epochDayOf('2026-01-01'), epochDayOf('2026-03-01')],
      days: [],
    });
  });

  it('reads a range without a whole month from the days', () => {
    expect(monthsOfRange({ from: '2026-01-15', to: '2026-02-10' })).toEqual({ months: null, days: days(['2026-01-15', '2026-02-10']) });
    expect(monthsOfRange({ from: '2026-02-01', to: '2026-02-27' })).toEqual({ months: null, days: days(['2026-02-01', '2026-02-27']) });
    expect(monthsOfRange({ from: '2026-03-04', to: '2026-03-04' })).toEqual({ months: null, days: days(['2026-03-04', '2026-03-04']) });
  });
});
