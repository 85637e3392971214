import { describe, expect, it } from 'vitest';
import { stillBookable, stillChangeable, weeklyStarts } from './slot-times';

describe('weekly inspection times', () => {
  // Friday 27 November 2026, 12:00 Lagos time (11:00 UTC).
  const friday = new Date('2026-11-27T11:00:00Z');

  it('gives every Saturday 10:00 Lagos time of the next four weeks', () => {
    expect(weeklyStarts(6, '10:00', friday).map((d) => d.toISOString())).toEqual([
      '2026-11-28T09:00:00.000Z',
      '2026-12-05T09:00:00.000Z',
      '2026-12-12T09:00:00.000Z',
      '2026-12-19T09:00:00.000Z',
    ]);
  });

  it('skips a time already past today and starts on the same day when it is still ahead', () => {
    expect(weeklyStarts(5, '09:00', friday)[0].toISOString()).toBe('2026-12-04T08:00:00.000Z');
    expect(weeklyStarts(5, '18:30', friday)[0].toISOString()).toBe('2026-11-27T17:30:00.000Z');
  });

  it('reads a Lagos day, not the server’s: 00:30 on Saturday in Lagos is still Friday in UTC', () => {
    expect(weeklyStarts(6, '00:30', friday)[0].toISOString()).toBe('2026-11-27T23:30:00.000Z');
  });

  it('closes bookings two hours before and changes by the buyer at the owner’s cut-off', () => {
    const start = new Date('2026-11-28T09:00:00Z');
    expect(stillBookable(start, new Date('2026-11-28T06:59:00Z'))).toBe(true);
    expect(stillBookable(start, new Date('2026-11-28T07:01:00Z'))).toBe(false);
    expect(stillChangeable(start, new Date('2026-11-27T20:59:00Z'), 12)).toBe(true);
    expect(stillChangeable(start, new Date('2026-11-27T21:01:00Z'), 12)).toBe(false);
  });
});
