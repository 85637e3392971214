'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { SESSION_KEYS } from '@/lib/browser/session-keys';

const copy = STAFF_COPY.signIn;

/** A non-secret marker stored under the spec's JWT key: the token itself stays in the HttpOnly cookie. */
export const SESSION_MARKER = 'cookie-session';

interface SignInAnswer {
  ok: true;
  email: string;
  role: string;
}

/** Where to go after signing in: only paths inside /admin are followed. */
function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && /^\/admin(\/[\w\-/]*)?(\?[^#]*)?$/.test(next) ? next : '/admin';
}

export function SignInForm() {
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
    window.localStorage.setItem(SESSION_KEYS.jwt, SESSION_MARKER);
    window.localStorage.setItem(SESSION_KEYS.active, 'true');
    window.localStorage.setItem(SESSION_KEYS.email, answer.email);
    window.location.assign(nextPath());
  }

  return (
    <form onSubmit={onSubmit} className="mt-8 space-y-5 text-left" aria-busy={busy}>
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
