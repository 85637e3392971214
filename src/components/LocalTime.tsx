'use client';

import { useSyncExternalStore } from 'react';

const noChange = () => () => {};
const LAGOS = 'Africa/Lagos';

/**
 * A time in the visitor's own zone beside the Lagos time the server wrote (a buyer abroad: a hold's end, their page): a few lines of script on top
 * of the page, which says the Lagos time without scripts. Nothing when the buyer's zone keeps Lagos's clock.
 */
export function LocalTime({
  at,
  template,
  className = 'block text-sm text-ink-soft',
  long = false,
}: {
  at: string;
  template: string;
  className?: string;
  long?: boolean;
}) {
  const text = useSyncExternalStore(
    noChange,
    () => {
      const date = new Date(at);
      const hourIn = (timeZone?: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', day: 'numeric' }).format(date);
      if (hourIn(LAGOS) === hourIn()) return '';
      const time = new Intl.DateTimeFormat(undefined, {
        weekday: long ? 'long' : 'short',
        day: 'numeric',
        month: long ? 'long' : 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(date);
      return template.replace('{time}', time);
    },
    () => '',
  );
  // The line is there before the script fills it (empty on the server, and in Lagos's own zone), so nothing below it moves.
  return <span className={`${className} min-h-[1lh]`}>{text}</span>;
}
