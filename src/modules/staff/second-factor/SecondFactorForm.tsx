'use client';

import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { completeSignIn } from '../sign-in/sign-in-complete';

const copy = STAFF_COPY.secondFactor;

/** The sign-in step after the password: a code from the app, or a recovery code. Posts natively until the script runs. */
export function SecondFactorForm({ action, autoFocus = true }: { action: string; autoFocus?: boolean }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState<{ email: string; recoveryCodesLeft: number }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const answer = await request<{ email: string; recoveryCodesLeft?: number }>({
      method: 'POST',
      url: '/api/staff/second-factor',
      body: { code: String(new FormData(form).get('code') ?? '') },
    });
    if (!answer) {
      setBusy(false);
      form.reset();
      return;
    }
    // Signed in with a recovery code: say how many are left before moving on.
    if (answer.recoveryCodesLeft !== undefined) setSignedIn({ email: answer.email, recoveryCodesLeft: answer.recoveryCodesLeft });
    else completeSignIn(answer.email);
  }

  if (signedIn) {
    return (
      <div className="mt-8 space-y-5 text-left">
        <p role="status">{copy.recoveryLeft(signedIn.recoveryCodesLeft)}</p>
        <button type="button" className="btn-primary w-full" onClick={() => completeSignIn(signedIn.email)} autoFocus>
          {STAFF_COPY.enrol.continue}
        </button>
      </div>
    );
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit} className="mt-8 space-y-5 text-left" aria-busy={busy}>
      <div>
        <Field id={`${id}-code`} label={copy.code} hint={copy.codeHint}>
          {(control) => (
            <input
              {...control}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={40}
              className="field"
              autoFocus={autoFocus}
            />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
