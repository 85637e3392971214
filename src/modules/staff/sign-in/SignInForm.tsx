'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { completeSignIn, goToStep, type SignInAnswer } from './sign-in-complete';

const copy = STAFF_COPY.signIn;

/**
 * E-mail and password. Posts natively until the script runs (the API then answers with a redirect); `action` carries
 * `?next=` for that case.
 */
export function SignInForm({ action }: { action: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const answer = await request<SignInAnswer>({
      method: 'POST',
      url: '/api/staff/sign-in',
      body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
    });
    if (!answer) {
      setBusy(false);
      return;
    }
    if (answer.step) goToStep(answer.next);
    else completeSignIn(answer.email);
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit} className="mt-8 space-y-5 text-left" aria-busy={busy}>
      <div>
        <Field id={`${id}-email`} label={copy.email}>
          {(control) => <input {...control} name="email" type="email" autoComplete="username" required className="field" />}
        </Field>
      </div>
      <div>
        <Field id={`${id}-password`} label={copy.password}>
          {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required className="field" />}
        </Field>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
