import { lagosDayOf, lagosDayStart } from '@/lib/working-time';

/**
 * When site inspections happen, in Lagos time (docs/decisions/0391-site-inspections-booked-online.md). Pure, so the
 * booking page, the staff schedule and the tests share it.
 */

/** How far ahead buyers see and book slots. */
export const BOOKING_HORIZON_DAYS = 28;

/** A slot takes bookings until this long before it starts: the last reminder goes then, and the bus is planned. */
export const BOOKING_CLOSES_MINUTES_BEFORE = 120;

/** Minutes after Lagos midnight of `HH:MM`. */
export const minutesOf = (startTime: string) => {
  const [hours, minutes] = startTime.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * Each start of a weekly inspection (weekday 0 = Sunday, `HH:MM` Lagos time) later than `from` and within
 * `days` days of it, earliest first.
 */
export function weeklyStarts(weekday: number, startTime: string, from: Date, days = BOOKING_HORIZON_DAYS): Date[] {
  const today = lagosDayOf(from);
  const starts: Date[] = [];
  for (let day = 0; day <= days; day++) {
    const dayStart = lagosDayStart(today, day);
    if (new Date(Date.parse(`${lagosDayOf(dayStart)}T00:00:00Z`)).getUTCDay() !== weekday) continue;
    const start = new Date(dayStart.getTime() + minutesOf(startTime) * 60_000);
    if (start > from && start.getTime() <= from.getTime() + days * 86_400_000) starts.push(start);
  }
  return starts;
}

/** Whether a slot starting at `startsAt` still takes bookings at `now`. */
export const stillBookable = (startsAt: Date, now: Date) => startsAt.getTime() - now.getTime() >= BOOKING_CLOSES_MINUTES_BEFORE * 60_000;

/**
 * Whether a buyer may still move or cancel a booking for `startsAt` themselves (from the e-mail's link): up to
 * `cutoffHours` before it; after that they call the agent.
 */
export const stillChangeable = (startsAt: Date, now: Date, cutoffHours: number) =>
  startsAt.getTime() - now.getTime() >= cutoffHours * 3_600_000;
