import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { STAFF_HOME_PATH } from '@/lib/constants';

const copy = STAFF_COPY.reauth;

/**
 * The password again on a page of its own (REAUTH_PATH), for a download link followed without scripts
 * (docs/decisions/0345-fresh-password-for-bulk-and-irreversible.md): a plain form posted to the re-authentication API,
 * which answers 303 on to the download, or back here with `refusal`. With scripts the staff area's dialog asks instead.
 */
export function ConfirmPasswordForm({ action, refusal, forDownload = true }: { action: string; refusal?: string; forDownload?: boolean }) {
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div>
        <h1 className="text-3xl sm:text-4xl">{copy.title}</h1>
        <p className="mt-2 text-ink-soft">{copy.intro}</p>
      </div>
      <form method="post" action={action} className="space-y-5 rounded-2xl border border-forest-900/10 bg-white p-6">
        <div>
          <Field id="confirm-password" label={copy.password} error={refusal}>
            {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required className="field" />}
          </Field>
        </div>
        <p className="text-sm text-ink-soft">{forDownload ? copy.afterwards : copy.afterwardsForm}</p>
        <button type="submit" className="btn-primary">
          {copy.confirm}
        </button>
      </form>
      <p>
        <Link href={STAFF_HOME_PATH} className="text-forest-800 underline underline-offset-4 hover:text-forest-700">
          {copy.back}
        </Link>
      </p>
    </div>
  );
}
