'use client';

import { useSyncExternalStore } from 'react';

const LAGOS_OFFSET_MINUTES = 60;
const noChange = () => () => {};

/**
 * A video tour's time in the visitor's own zone, when it is neither Lagos nor London (already shown): a few lines of
 * script on top of the server's page, which shows nothing here without scripts.
 */
export function LocalTime({ at, label }: { at: string; label: string }) {
  const text = useSyncExternalStore(
    noChange,
    () => {
      const date = new Date(at);
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone === 'Europe/London' || -date.getTimezoneOffset() === LAGOS_OFFSET_MINUTES) return '';
      const time = new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(date);
      return label.replace('{time}', time);
    },
    () => '',
  );
  return text ? <span className="block">{text}</span> : null;
}
