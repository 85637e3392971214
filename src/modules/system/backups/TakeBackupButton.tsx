'use client';

import type { FormEvent } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = STAFF_COPY.backups;

/**
 * "Take a backup now": a plain form that posts before any script has arrived (the server answers with the System page,
 * or the password page first); with scripts, the request helper asks for the password in its dialog when it is not
 * recent (docs/decisions/0385-backups-and-secrets-round-3.md), and a refusal shows as its toast.
 */
export function TakeBackupButton({ action }: { action: string }) {
  const { busy, run } = useStaffAction();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void run({ method: 'POST', url: action }, copy.taken);
  }
  return (
    <form method="post" action={action} onSubmit={onSubmit}>
      <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {copy.takeNow}
      </button>
    </form>
  );
}
