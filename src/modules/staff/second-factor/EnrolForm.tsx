'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { notifySuccess } from '@/lib/browser/toast';
import { RecoveryCodes } from './RecoveryCodes';
import { completeSignIn } from '../sign-in/sign-in-complete';

const copy = STAFF_COPY.enrol;

/**
 * Confirms the secret shown beside it with a code from the app, then shows the recovery codes once (when the app is the
 * account's first method). At sign-in
 * (`url` under /api/staff) it then signs in, and posts natively to `action` until its script runs; on Your account
 * it refreshes the page.
 */
export function EnrolForm({ url, atSignIn, action }: { url: string; atSignIn: boolean; action?: string }) {
  const id = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ email?: string; recoveryCodes: string[] }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const answer = await request<{ email?: string; recoveryCodes?: string[] }>({
      method: 'POST',
      url,
      body: { code: String(new FormData(form).get('code') ?? '') },
    });
    setBusy(false);
    if (!answer) form.reset();
    else if (answer.recoveryCodes) setDone({ email: answer.email, recoveryCodes: answer.recoveryCodes });
    else {
      // The app beside a passkey (Your account): the recovery codes stay as they were.
      notifySuccess(STAFF_COPY.account.appAdded);
      router.refresh();
    }
  }

  if (done) {
    return (
      <RecoveryCodes
        codes={done.recoveryCodes}
        continueLabel={atSignIn ? copy.continue : STAFF_COPY.enrol.enabled}
        onContinue={() => (atSignIn && done.email ? completeSignIn(done.email) : router.refresh())}
      />
    );
  }
  return (
    <form method="post" action={action} onSubmit={onSubmit} className="space-y-5 text-left" aria-busy={busy}>
      <div>
        <Field id={`${id}-code`} label={copy.confirm}>
          {(control) => (
            <input
              {...control}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              required
              maxLength={7}
              className="field"
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
