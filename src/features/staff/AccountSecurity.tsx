'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { useStaffAction } from '@/lib/browser/use-staff-action';
import { RecoveryCodes } from './RecoveryCodes';

const copy = STAFF_COPY.account;

/** The actions on an enrolled second factor: new recovery codes (shown once), and turning it off where allowed. */
export function SecondFactorActions({ canTurnOff }: { canTurnOff: boolean }) {
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
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className="btn-outline min-h-11 px-4"
        disabled={busy}
        onClick={async () => {
          const answer = await run<{ recoveryCodes: string[] }>(
            { method: 'POST', url: '/api/admin/account/recovery-codes' },
            copy.newCodesDone,
          );
          if (answer) setCodes(answer.recoveryCodes);
        }}
      >
        {copy.newCodes}
      </button>
      {canTurnOff ? (
        <button
          type="button"
          className="btn-outline min-h-11 px-4"
          disabled={busy}
          onClick={() => run({ method: 'DELETE', url: '/api/admin/account/second-factor' }, copy.turnedOff)}
        >
          {copy.turnOff}
        </button>
      ) : null}
    </div>
  );
}

/** A new password of one's own (the password typed recently, else the dialog asks for it first). */
export function ChangePasswordForm() {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = { password: String(new FormData(form).get('password') ?? '') };
    if (await run({ method: 'POST', url: '/api/admin/account/password', body }, copy.passwordChanged)) form.reset();
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
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
