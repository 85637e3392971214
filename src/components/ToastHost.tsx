'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { ToastContainer } from 'react-toastify/unstyled';
import { setNavigate } from '@/lib/browser/request';

/**
 * One toast container for the site with the library defaults (top-right, 5 s, pause on hover and focus loss,
 * draggable, light); form and error toasts pass bottom-right themselves. Also lets the request helper
 * navigate client-side so its toast survives the redirect to /registration.
 */
export function ToastHost() {
  const router = useRouter();
  useEffect(() => setNavigate((path) => router.push(path)), [router]);
  return <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable theme="light" />;
}
