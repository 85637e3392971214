'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { STAFF_COPY } from '@/content/staff';
import { request, setReauthenticate } from '@/lib/browser/request';
import { REAUTH_API } from '@/lib/constants';

const copy = STAFF_COPY.reauth;

/**
 * Mounted once in the staff area: when a change or a download needs the password again (403 {reauth: true}), asks
 * for it in a dialog, confirms it with the server, and lets the request helper send the request once more.
 */
export function ReauthDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Shown beside the field: on a phone a toast would cover the dialog's buttons.
  const [error, setError] = useState<string>();
  const settle = useRef<(confirmed: boolean) => void>(undefined);

  useEffect(() => {
    setReauthenticate(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => setReauthenticate(undefined);
  }, []);

  function close(confirmed: boolean) {
    setOpen(false);
    setError(undefined);
    settle.current?.(confirmed);
    settle.current = undefined;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setError(undefined);
    const answer = await request({
      method: 'POST',
      url: REAUTH_API,
      body: { password: String(new FormData(form).get('password') ?? '') },
      showError: setError,
    });
    setBusy(false);
    if (answer) return close(true);
    form.reset();
    form.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }

  return (
    <Modal open={open} onClose={() => close(false)} title={copy.title} panelClassName="p-6 sm:p-8" hideCloseButton>
      <p className="mt-3 text-ink-soft">{copy.intro}</p>
      <form onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={busy}>
        <div>
          <Field id={`${id}-password`} label={copy.password} error={error}>
            {(control) => (
              <input
                {...control}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className="field"
                data-autofocus
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? copy.confirming : copy.confirm}
          </button>
          <button type="button" className="btn-outline" onClick={() => close(false)}>
            {copy.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
