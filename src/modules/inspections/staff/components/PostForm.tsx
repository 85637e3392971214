'use client';

import type { FormEvent, ReactNode } from 'react';
import { useStaffAction } from '@/lib/browser/use-staff-action';

/**
 * A form of the Inspections pages: a plain POST that works before (or without) the scripts, answered with a redirect
 * back to the page; once the scripts run, the same fields go as JSON through the staff request helper (its toasts, a
 * refresh of the page, no reload). The pressed button's name and value go along, as the browser would send them.
 */
export function PostForm({
  action,
  success,
  confirm,
  className,
  children,
  label,
  resetOnSuccess = false,
}: {
  action: string;
  success: string;
  /** Asked before sending (calling a slot off); without scripts the form's own wording says what it does. */
  confirm?: string;
  className?: string;
  label?: string;
  /** Empty the fields once sent (a walk-in added: ready for the next). */
  resetOnSuccess?: boolean;
  children: ReactNode;
}) {
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    if (confirm && !window.confirm(confirm)) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const fields = new FormData(form, submitter instanceof HTMLButtonElement ? submitter : null);
    const body: Record<string, string> = {};
    for (const [name, value] of fields) if (typeof value === 'string') body[name] = value;
    const answer = await run({ method: 'POST', url: action, body }, success);
    if (answer && resetOnSuccess) form.reset();
  }
  return (
    <form method="post" action={action} onSubmit={onSubmit} className={className} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </form>
  );
}
