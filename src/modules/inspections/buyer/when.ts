/**
 * When an inspection is, as buyers read it (docs/decisions/0391): Lagos time, which is WAT all year; for a video tour
 * also in London, where most buyers abroad are (the page adds the visitor's own zone when scripts run).
 */
const LAGOS_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', weekday: 'long', day: 'numeric', month: 'long' });
const LAGOS_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit' });
const LONDON_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Saturday 5 December" in Lagos. */
export const lagosDay = (date: Date) => LAGOS_DAY.format(date);
/** "10:00" in Lagos. */
export const lagosTime = (date: Date) => LAGOS_TIME.format(date);
/** "Saturday 5 December, 10:00 WAT (Lagos)". */
export const lagosWhen = (date: Date, zone: string) => `${lagosDay(date)}, ${lagosTime(date)} ${zone}`;
/** "09:00 GMT" (or BST in summer) in London. */
export const londonTime = (date: Date) => LONDON_TIME.format(date);
