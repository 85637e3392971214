'use client';

import { useSyncExternalStore } from 'react';

const noChange = () => () => {};

/**
 * The hold's end in the visitor's own zone (a buyer abroad), when it is not Lagos's: a few lines of script on top of the
 * server's page, which says the Lagos time without scripts.
 */
export function LocalHeldTime({ at, template }: { at: string; template: string }) {
  const text = useSyncExternalStore(
    noChange,
    () => {
      const date = new Date(at);
      const lagos = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: 'numeric', day: 'numeric' }).format(date);
      const local = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', day: 'numeric' }).format(date);
      if (lagos === local) return '';
      const time = new Intl.DateTimeFormat(undefined, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(date);
      return template.replace('{time}', time);
    },
    () => '',
  );
  return text ? <p className="mt-2 text-ivory-100/85">{text}</p> : null;
}
