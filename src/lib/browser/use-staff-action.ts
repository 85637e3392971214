'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { request, type RequestOptions } from '@/lib/browser/request';
import { notifySuccess } from '@/lib/browser/toast';

/**
 * A staff action through the shared request helper: busy while it runs, a success toast and a refresh of the
 * server-rendered page when it succeeds (errors are the helper's toasts). Returns the answer or undefined.
 */
export function useStaffAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(options: Omit<RequestOptions, 'finish'>, success: string | ((answer: T) => string)): Promise<T | undefined> => {
      setBusy(true);
      const answer = await request<T>({ ...options, finish: () => setBusy(false) });
      if (answer) {
        notifySuccess(typeof success === 'function' ? success(answer) : success);
        router.refresh();
      }
      return answer;
    },
    [router],
  );
  return { busy, run };
}
