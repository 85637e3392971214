'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { useStaffAction } from '@/lib/browser/use-staff-action';
import { ACCOUNT_SESSIONS_API } from '@/lib/constants';
import { notifySuccess } from '@/lib/browser/toast';
import { PasskeyButton, usePasskeySupport } from '@/components/PasskeyButton';
import { RecoveryCodes } from '../second-factor/RecoveryCodes';

const copy = STAFF_COPY.account;
const NEW_CODES_API = '/api/admin/account/recovery-codes';
const PASSWORD_API = '/api/admin/account/password';
const REMOVE_PASSKEY_API = '/api/admin/account/passkeys/remove';

/**
 * New recovery codes (shown once; the old ones stop working). A form: posted before the scripts run, the server shows
 * them on a page of their own.
 */
export function SecondFactorActions() {
  const router = useRouter();
  const { busy, run } = useStaffAction();
  const [codes, setCodes] = useState<string[]>();
  if (codes) {
    const done = () => {
      setCodes(undefined);
      router.refresh();
    };
    return <RecoveryCodes codes={codes} continueLabel={STAFF_COPY.enrol.enabled} onContinue={done} />;
  }
  return (
    <form
      method="post"
      action={NEW_CODES_API}
      onSubmit={async (event) => {
        event.preventDefault();
        const answer = await run<{ recoveryCodes: string[] }>({ method: 'POST', url: NEW_CODES_API }, copy.newCodesDone);
        if (answer) setCodes(answer.recoveryCodes);
      }}
    >
      <button type="submit" className="btn-outline min-h-11 px-4" disabled={busy}>
        {copy.newCodes}
      </button>
    </form>
  );
}

/** Adds a passkey of this device (the password typed recently, else the dialog asks first). Needs scripts. */
export function AddPasskeyButton() {
  const router = useRouter();
  const supported = usePasskeySupport();
  if (!supported) return null;
  return (
    <PasskeyButton
      ceremony="register"
      optionsUrl="/api/admin/account/passkeys/options"
      answerUrl="/api/admin/account/passkeys"
      label={STAFF_COPY.passkey.add}
      copy={STAFF_COPY.passkey}
      primary={false}
      onDone={() => {
        notifySuccess(STAFF_COPY.passkey.added);
        router.refresh();
      }}
    />
  );
}

/** Removes one passkey (refused for the last method). A plain form, answered 303 back here without scripts. */
export function RemovePasskeyButton({ id, detail }: { id: string; detail: string }) {
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run({ method: 'POST', url: REMOVE_PASSKEY_API, body: { id } }, copy.passkeyRemoved);
  }
  return (
    <form method="post" action={REMOVE_PASSKEY_API} onSubmit={onSubmit}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn-outline min-h-11 w-full px-4 sm:w-auto" disabled={busy}>
        {copy.removePasskey}
        <span className="sr-only"> {detail}</span>
      </button>
    </form>
  );
}

/** Removes the authenticator app while a passkey remains (only offered then). Needs scripts. */
export function RemoveAppButton() {
  const { busy, run } = useStaffAction();
  return (
    <button
      type="button"
      className="btn-outline min-h-11 px-4"
      disabled={busy}
      onClick={() => run({ method: 'DELETE', url: '/api/admin/account/second-factor' }, copy.appRemoved)}
    >
      {copy.removeApp}
    </button>
  );
}

/**
 * A new password of one's own (the password typed recently, else the dialog asks for it first). Posted before the
 * scripts run, the server answers with Your account again (or the password page first), never with the password in
 * a URL.
 */
export function ChangePasswordForm() {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = { password: String(new FormData(form).get('password') ?? '') };
    if (await run({ method: 'POST', url: PASSWORD_API, body }, copy.passwordChanged)) form.reset();
  }
  return (
    <form method="post" action={PASSWORD_API} onSubmit={onSubmit} className="space-y-4">
      <div>
        <Field id={`${id}-password`} label={copy.newPassword}>
          {(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" required minLength={12} className="field" />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {copy.changePassword}
      </button>
    </form>
  );
}

/**
 * Signs out another of one's devices (`end`: its session id) or every other one (`others`). A plain form posted to the
 * sessions API, so it works before the scripts run (answered 303 back to Your account); with them, the request helper
 * sends it and the page is refreshed. `detail` names the device for screen readers (several buttons say "Sign out").
 */
export function EndSessionsButton({ end, label, detail }: { end: string; label: string; detail?: string }) {
  const router = useRouter();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await run<{ ended: number }>({ method: 'POST', url: ACCOUNT_SESSIONS_API, body: { end } }, ({ ended }) =>
      end === 'others' ? copy.othersEnded(ended) : copy.sessionEnded,
    );
    // Refused (that device had already gone): the list is out of date.
    if (!answer) router.refresh();
  }
  return (
    <form method="post" action={ACCOUNT_SESSIONS_API} onSubmit={onSubmit}>
      <input type="hidden" name="end" value={end} />
      <button type="submit" className="btn-outline min-h-11 w-full px-4 sm:w-auto" disabled={busy}>
        {label}
        {detail ? <span className="sr-only"> {detail}</span> : null}
      </button>
    </form>
  );
}
