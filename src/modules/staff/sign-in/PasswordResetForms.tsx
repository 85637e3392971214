'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { completeSignIn } from './sign-in-complete';

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

/**
 * The new password, sent with the link's token: a reset (then on to sign in), or an invitation's first password
 * (`invitedEmail`, docs/decisions/0347-invitations-not-initial-passwords.md: then on as after a sign-in, an owner to
 * set up two-step sign-in). Posts natively until the script runs.
 */
export function NewPasswordForm({ token, invitedEmail }: { token: string; invitedEmail?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const welcome = invitedEmail !== undefined;
  const api = welcome ? '/api/staff/welcome' : '/api/staff/password-reset/confirm';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await request<{ next?: string; step?: string; email?: string }>({
      method: 'POST',
      url: api,
      body: { token, password: String(new FormData(event.currentTarget).get('password') ?? '') },
    });
    if (!answer) setBusy(false);
    // Signed in at once (a new agent), or on to the next page (sign-in after a reset, an owner's set-up).
    else if (answer.email && !answer.step) completeSignIn(answer.email);
    else if (answer.next) window.location.assign(answer.next);
  }

  return (
    <form method="post" action={api} onSubmit={onSubmit} className="mt-8 space-y-5 text-left" aria-busy={busy}>
      <input type="hidden" name="token" value={token} />
      {welcome ? (
        <div>
          {/* Read-only, for password managers to save the new password under the right account. */}
          <Field id={`${id}-email`} label={STAFF_COPY.welcome.email}>
            {(control) => <input {...control} type="email" value={invitedEmail} readOnly autoComplete="username" className="field" />}
          </Field>
        </div>
      ) : null}
      <div>
        <Field id={`${id}-password`} label={welcome ? STAFF_COPY.welcome.password : copy.newPassword}>
          {(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" required minLength={12} className="field" />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {welcome ? (busy ? STAFF_COPY.welcome.saving : STAFF_COPY.welcome.save) : busy ? copy.saving : copy.save}
      </button>
    </form>
  );
}
