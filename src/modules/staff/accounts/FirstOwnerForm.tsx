'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { goToStep, type SignInAnswer } from '../sign-in/sign-in-complete';

const copy = STAFF_COPY.firstOwner;
const API = '/api/staff/first-owner';

/**
 * A new install's first owner (docs/decisions/0380-first-owner-set-up-code.md): the server's set-up code, then the
 * owner's own name, e-mail and password; on to two-step sign-in. Posts natively until the script runs.
 */
export function FirstOwnerForm() {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const field = (name: string) => String(form.get(name) ?? '');
    const answer = await request<SignInAnswer>({
      method: 'POST',
      url: API,
      body: { code: field('code'), name: field('name'), email: field('email'), password: field('password') },
    });
    if (answer?.step) goToStep(answer.next);
    else setBusy(false);
  }

  return (
    <form method="post" action={API} onSubmit={onSubmit} className="mt-8 space-y-5 text-left" aria-busy={busy}>
      <div>
        <Field id={`${id}-code`} label={copy.code} hint={copy.codeHint}>
          {(control) => (
            <input
              {...control}
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={40}
              className="field font-mono tracking-wider"
            />
          )}
        </Field>
      </div>
      <div>
        <Field id={`${id}-name`} label={copy.name}>
          {(control) => <input {...control} name="name" type="text" autoComplete="name" required maxLength={120} className="field" />}
        </Field>
      </div>
      <div>
        <Field id={`${id}-email`} label={copy.email}>
          {(control) => <input {...control} name="email" type="email" autoComplete="username" required className="field" />}
        </Field>
      </div>
      <div>
        <Field id={`${id}-password`} label={copy.password} hint={copy.passwordHint}>
          {(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" required minLength={12} className="field" />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
