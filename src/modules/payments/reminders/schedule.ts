import type { Standing } from '../plans';

/**
 * An instalment's reminders (issue 59, item 3; docs/decisions/0415): three days before its day, on the day and three
 * days after, each only while the instalment is not paid. Each reminder has a window of Lagos days it may go on, ending
 * where the next one's begins, so a day missed (the server down, the job not run) is caught up the next day without
 * two reminders of one instalment ever going the same day, and a "three days before" never goes on or after the day.
 */

export const REMINDERS = ['before', 'due', 'after'] as const;
export type Reminder = (typeof REMINDERS)[number];

/** The first and last Lagos day (YYYY-MM-DD, inclusive) a reminder of an instalment due on `dueOn` may go. */
export function reminderWindow(which: Reminder, dueOn: string): { from: string; to: string } {
  if (which === 'before') return { from: addDays(dueOn, -3), to: addDays(dueOn, -1) };
  if (which === 'due') return { from: dueOn, to: addDays(dueOn, 2) };
  // A week to catch up the last one; past it, the owners' Late list is where a late payer is followed up.
  return { from: addDays(dueOn, 3), to: addDays(dueOn, 9) };
}

export const inWindow = (which: Reminder, dueOn: string, day: string) => {
  const { from, to } = reminderWindow(which, dueOn);
  return from <= day && day <= to;
};

export interface DueReminder {
  /** The instalment's index in the schedule (1..months). */
  index: number;
  dueOn: string;
  which: Reminder;
}

/**
 * The reminders a plan's buyer is owed on Lagos day `today`: at most one per instalment not fully paid (the windows do
 * not overlap). The deposit has none: a hold's own messages ask for it (docs/decisions/0412).
 */
export function remindersDue(standing: Standing, today: string): DueReminder[] {
  return standing.items.flatMap((item) => {
    if (item.index === 0 || item.state === 'paid') return [];
    const which = REMINDERS.find((w) => inWindow(w, item.dueOn, today));
    return which ? [{ index: item.index, dueOn: item.dueOn, which }] : [];
  });
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
