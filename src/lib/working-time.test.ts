import { describe, expect, it } from 'vitest';
import { describeWorkingTime, epochDayOf, lagosDayOf, lagosDayStart, lagosPeriods } from './working-time';
import { DEFAULT_WORKING_TIME } from './working-time.server';
import { parseWorkingDays } from '@/lib/env-schema';

describe('Lagos days and working time', () => {
  it('says the working time in words', () => {
    expect(describeWorkingTime(DEFAULT_WORKING_TIME)).toBe('Mon–Fri, 08:00–17:00');
    expect(describeWorkingTime({ ...DEFAULT_WORKING_TIME, days: parseWorkingDays('mon,wed-fri,sun')! })).toBe(
      'Mon, Wed–Fri, Sun, 08:00–17:00',
    );
  });

  it('counts Lagos days at UTC+1 all year', () => {
    expect(lagosDayStart('2026-03-02').toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(lagosDayOf(new Date('2026-03-01T23:10:00Z'))).toBe('2026-03-02');
    expect(lagosDayOf(new Date('2026-03-01T22:59:00Z'), -1)).toBe('2026-02-28');
    expect(epochDayOf('1970-01-02')).toBe(1);
    // Wednesday 11 March, 00:30 in Lagos: the week began on Monday 9 March.
    const periods = lagosPeriods(new Date('2026-03-10T23:30:00Z'));
    expect(periods).toEqual({ day: '2026-03-11', dayStart: new Date('2026-03-10T23:00:00Z'), weekStart: new Date('2026-03-08T23:00:00Z') });
  });
});
