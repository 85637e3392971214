import { describe, expect, it } from 'vitest';
import {
  describeWorkingTime,
  epochDayOf,
  lagosDayOf,
  lagosDayStart,
  lagosPeriods,
  parseWorkingDays,
  parseWorkingHours,
  DEFAULT_WORKING_TIME,
} from './working-time';

describe('Lagos days and working time', () => {
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
