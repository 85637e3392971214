import { describe, expect, it } from 'vitest';
import { describeWorkingTime, epochDayOf, lagosDayOf, lagosDayStart, lagosPeriods, workingMinutesAgo } from './working-time';
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

  it('walks back working minutes across the evening and the weekend', () => {
    const ago = (lagos: string, minutes = 60) => workingMinutesAgo(new Date(`${lagos}+01:00`), DEFAULT_WORKING_TIME, minutes).toISOString();
    // Wednesday noon: an hour before. Monday 08:30: Friday's last half hour and Monday's first.
    expect(ago('2026-03-04T12:00:00')).toBe('2026-03-04T10:00:00.000Z');
    expect(ago('2026-03-02T08:30:00')).toBe('2026-02-27T15:30:00.000Z');
    // Monday 09:00: the hour since 08:00, so a lead of the weekend is as late as one of Monday 08:00.
    expect(ago('2026-03-02T09:00:00')).toBe('2026-03-02T07:00:00.000Z');
    // Saturday: Friday's last hour. Ten hours on Tuesday at 10:00: two on Tuesday, eight back from Monday 17:00.
    expect(ago('2026-02-28T12:00:00')).toBe('2026-02-27T15:00:00.000Z');
    expect(ago('2026-03-03T10:00:00', 600)).toBe('2026-03-02T08:00:00.000Z');
  });
});
