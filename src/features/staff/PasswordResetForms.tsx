'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';

const copy = STAFF_COPY.reset;

/** The address to send a link to. Posts natively until the script runs. */
export function ResetRequestForm({ sent: sentBefore, linkMinutes }: { sent: boolean; linkMinutes: number }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(sentBefore);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await request({
      method: 'POST',
      url: '/api/staff/password-reset',
      body: { email: String(new FormData(event.currentTarget).get('email') ?? '') },
    });
    setBusy(false);
    if (answer) setSent(true);
  }

  return (
    <form method="post" action="/api/staff/password-reset" onSubmit={onSubmit} className="mt-8 space-y-5 text-left" aria-busy={busy}>
      {sent ? (
        <p role="status" className="rounded-xl bg-forest-900/5 px-4 py-3 text-sm">
          {copy.sent(linkMinutes)}
        </p>
      ) : null}
      <div>
        <Field id={`${id}-email`} label={copy.email}>
          {(control) => <input {...control} name="email" type="email" autoComplete="username" required className="field" />}
        </Field>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}

/** The new password, sent with the link's token. Posts natively until the script runs. */
export function NewPasswordForm({ token }: { token: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await request<{ next: string }>({
      method: 'POST',
      url: '/api/staff/password-reset/confirm',
      body: { token, password: String(new FormData(event.currentTarget).get('password') ?? '') },
    });
    if (answer) window.location.assign(answer.next);
    else setBusy(false);
  }

  return (
    <form
      method="post"
      action="/api/staff/password-reset/confirm"
      onSubmit={onSubmit}
      className="mt-8 space-y-5 text-left"
      aria-busy={busy}
    >
      <input type="hidden" name="token" value={token} />
      <div>
        <Field id={`${id}-password`} label={copy.newPassword}>
          {(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" required minLength={12} className="field" />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? copy.saving : copy.save}
      </button>
    </form>
  );
}
