'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { setNavigate } from '@/lib/browser/request';
import { loadToasts, onToastWanted } from '@/lib/browser/toast';

const ToastContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainer })));

/**
 * One toast container for the site with the library defaults (top-right, 5 s, pause on hover and focus loss,
 * draggable, light); form and error toasts pass bottom-right themselves. The container (and the library) load
 * with the first toast, not with the page. Also lets the request helper navigate client-side, and tells it when the
 * page it went to is on screen (the toast of an expired session is shown then, for its whole 5 s, on /registration).
 */
export function ToastHost() {
  const router = useRouter();
  const pathname = usePathname();
  const [wanted, setWanted] = useState(false);
  // The navigation under way: where it started, and what to do once another page is shown.
  const arrival = useRef<{ from: string; arrived: () => void } | undefined>(undefined);
  useEffect(
    () =>
      setNavigate((path, arrived) => {
        // Already there: nothing will change, so it has arrived.
        if (window.location.pathname === path) arrived();
        else arrival.current = { from: window.location.pathname, arrived };
        router.push(path);
      }),
    [router],
  );
  useEffect(() => {
    const pending = arrival.current;
    if (pending && pending.from !== pathname) {
      arrival.current = undefined;
      pending.arrived();
    }
  }, [pathname]);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable theme="light" />
    </Suspense>
  );
}
