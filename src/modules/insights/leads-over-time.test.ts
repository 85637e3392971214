import { describe, expect, it } from 'vitest';
import { DAILY_BARS_UP_TO_DAYS, daysIn, leadsOverTime } from './leads-over-time';

const LUGBE = 'Lugbe, Abuja';
const MONIYA = 'Moniya, Ibadan';

/** A count for each day from `from` on, for both districts: Lugbe 2 a day, Moniya 1. */
function perDay(from: string, days: number) {
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  ).flatMap((day) => [
    { day, district: LUGBE, count: 2 },
    { day, district: MONIYA, count: 1 },
  ]);
}

describe('leads over time: a bar per day up to a quarter, per week beyond', () => {
  it('counts both days of a range', () => {
    expect(daysIn('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysIn('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('keeps a bar per day for the 90-day quick range', () => {
    const { unit, bars } = leadsOverTime(perDay('2026-01-01', 90), 90);
    expect(leadsOverTime(perDay('2026-01-01', DAILY_BARS_UP_TO_DAYS + 1), DAILY_BARS_UP_TO_DAYS + 1).unit).toBe('week');
    expect(unit).toBe('day');
    expect(bars).toHaveLength(180);
    expect(bars[0]).toEqual({ start: '2026-01-01', district: LUGBE, count: 2 });
  });

  it('adds up a longer range by Lagos week, from its Monday, the cut weeks at the ends with the days they hold', () => {
    // Thursday 1 January 2026 to Thursday 31 December 2026.
    const { unit, bars } = leadsOverTime(perDay('2026-01-01', 365), 365);
    expect(unit).toBe('week');
    const lugbe = bars.filter((bar) => bar.district === LUGBE);
    expect(lugbe).toHaveLength(53);
    // Monday 29 December 2025 holds Thursday to Sunday: 4 days.
    expect(lugbe[0]).toEqual({ start: '2025-12-29', district: LUGBE, count: 8 });
    expect(lugbe[1]).toEqual({ start: '2026-01-05', district: LUGBE, count: 14 });
    expect(lugbe.at(-1)).toEqual({ start: '2026-12-28', district: LUGBE, count: 8 });
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(365 * 3);
  });
});
