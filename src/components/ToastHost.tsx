'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { setNavigate } from '@/lib/browser/request';
import { loadToasts, onToastWanted } from '@/lib/browser/toast';

const ToastContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainer })));

/**
 * One toast container for the site with the library defaults (top-right, 5 s, pause on hover and focus loss,
 * draggable, light); form and error toasts pass bottom-right themselves. The container (and the library) load
 * with the first toast, not with the page. Also lets the request helper navigate client-side so its toast
 * survives the redirect to /registration.
 */
export function ToastHost() {
  const router = useRouter();
  const [wanted, setWanted] = useState(false);
  useEffect(() => setNavigate((path) => router.push(path)), [router]);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable theme="light" />
    </Suspense>
  );
}
