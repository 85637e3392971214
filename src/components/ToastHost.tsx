'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { setNavigate } from '@/lib/browser/request';
import { loadToasts, onToastWanted } from '@/lib/browser/toast';

type Container = Awaited<ReturnType<typeof loadToasts>>['ToastContainer'];

/**
 * One toast container for the site with the library defaults (top-right, 5 s, pause on hover and focus loss,
 * draggable, light); form and error toasts pass bottom-right themselves. The container (and the library) load
 * with the first toast, not with the page; the library keeps toasts shown before it mounts. Also lets the request
 * helper navigate client-side, and tells it when the page it went to is on screen (the toast of an expired session
 * is shown then, for its whole 5 s, on /registration).
 */
export function ToastHost() {
  const router = useRouter();
  const pathname = usePathname();
  // Toasts wanted so far, and the container once fetched.
  const [wanted, setWanted] = useState(0);
  const [ToastContainer, setToastContainer] = useState<Container | null>(null);
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
  useEffect(() => onToastWanted(() => setWanted((n) => n + 1)), []);
  useEffect(() => {
    if (!wanted || ToastContainer) return;
    let mounted = true;
    // A fetch that fails (the network is down) leaves the container out; the next toast wanted fetches it again, and
    // the visitor is told by an alert meanwhile (notify). Thrown into the render instead, it took the whole page down
    // to Next.js's error screen.
    loadToasts().then(
      (module) => mounted && setToastContainer(() => module.ToastContainer),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [wanted, ToastContainer]);
  if (!ToastContainer) return null;
  return <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable theme="light" />;
}
