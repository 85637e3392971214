'use client';

import { useEffect } from 'react';
import { staffWorkerRegistration } from './staff-worker';

/**
 * Registers the staff app's worker (scope /admin) once the page has loaded, so it never competes with the page for the
 * network. On the staff and sign-in pages only; never on the public site. Renders nothing.
 */
export function StaffWorker() {
  useEffect(() => {
    const start = () => void staffWorkerRegistration();
    if (document.readyState === 'complete') start();
    else {
      window.addEventListener('load', start, { once: true });
      return () => window.removeEventListener('load', start);
    }
  }, []);
  return null;
}
