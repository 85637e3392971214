import { FingerprintIcon } from '@/components/icons';
import { STAFF_COPY } from '@/content/staff';
import type { StaffPasskeyRow } from '@/lib/db/schema';
import { formatDateTime } from '@/lib/format';
import { RemovePasskeyButton } from './AccountSecurity';

const copy = STAFF_COPY.account;

/**
 * Your account's passkeys: each one's label ("Passkey on Android"), when it was added and last used, and a button to
 * remove it while another method remains (`removable`). The buttons are forms, so they work before the scripts run.
 */
export function PasskeyList({
  passkeys,
  removable,
}: {
  passkeys: Pick<StaffPasskeyRow, 'id' | 'label' | 'createdAt' | 'lastUsedAt' | 'backedUp' | 'disabledAt'>[];
  removable: boolean;
}) {
  if (passkeys.length === 0) return <p className="text-sm text-ink-soft">{copy.noPasskeys}</p>;
  return (
    <ul aria-label={copy.passkeysLabel} className="divide-y divide-forest-900/10 rounded-xl border border-forest-900/10">
      {passkeys.map((passkey) => {
        const added = formatDateTime(passkey.createdAt);
        return (
          <li key={passkey.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-start gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-ivory-100 text-forest-800">
                <FingerprintIcon className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="font-medium text-forest-900">{passkey.label}</p>
                <p className="mt-0.5 text-sm text-ink-soft">
                  {copy.passkeyAdded(added)} · {copy.passkeyUsed(passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : null)}
                  {passkey.backedUp ? ` · ${copy.passkeySynced}` : null}
                </p>
                {passkey.disabledAt ? (
                  <p className="mt-1 text-sm font-medium text-red-800" data-testid="passkey-disabled">
                    {copy.passkeyDisabled(formatDateTime(passkey.disabledAt))}
                  </p>
                ) : null}
              </div>
            </div>
            {removable ? <RemovePasskeyButton id={passkey.id} detail={copy.removePasskeyDetail(passkey.label, added)} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
