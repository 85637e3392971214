import { LaptopIcon, SmartphoneIcon } from '@/components/icons';
import { STAFF_COPY } from '@/content/staff';
import { formatDateTime, formatDuration } from '@/lib/format';
import { EndSessionsButton } from './AccountSecurity';

const copy = STAFF_COPY.account;
/** last_seen_at moves at most once a minute (session.server.ts): within two, the device is in use now. */
const ACTIVE_NOW_MS = 2 * 60_000;

export interface SignedInDevice {
  id: string;
  /** "Chrome on Android" (src/lib/auth/device-label.ts), or null when the browser told nothing we know. */
  deviceLabel: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

const isPhone = (label: string | null) => /\b(Android|iPhone)\b/.test(label ?? '');

/**
 * Your account's signed-in devices (docs/decisions/0321-session-hardening.md, addendum): each open session of the
 * signed-in person, this one first and marked, when it signed in and was last used; every other one can be signed out,
 * one by one or all together. The buttons are forms, so this works before (or without) the page's scripts.
 */
export function SignedInDevices({ sessions, now }: { sessions: SignedInDevice[]; now: Date }) {
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="space-y-4">
      <p className="text-ink-soft">{copy.devicesIntro}</p>
      <ul aria-label={copy.devicesLabel} className="divide-y divide-forest-900/10 rounded-xl border border-forest-900/10">
        {sessions.map((session) => {
          const device = session.deviceLabel ?? copy.unknownDevice;
          const signedIn = formatDateTime(session.signedInAt);
          const idle = now.getTime() - session.lastSeenAt.getTime();
          const Icon = isPhone(session.deviceLabel) ? SmartphoneIcon : LaptopIcon;
          return (
            <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-ivory-100 text-forest-800">
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-forest-900">
                    {device}
                    {session.current ? (
                      <span className="rounded-full bg-forest-100 px-2.5 py-0.5 text-xs font-semibold text-forest-800">
                        {copy.thisDevice}
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-sm text-ink-soft">
                    {copy.signedInAt(signedIn)} ·{' '}
                    {session.current || idle < ACTIVE_NOW_MS ? copy.activeNow : copy.lastActive(formatDuration(idle))}
                  </p>
                </div>
              </div>
              {session.current ? null : (
                <EndSessionsButton end={session.id} label={copy.endSession} detail={copy.endSessionDetail(device, signedIn)} />
              )}
            </li>
          );
        })}
      </ul>
      {others ? <EndSessionsButton end="others" label={copy.endOthers} /> : <p className="text-sm text-ink-soft">{copy.onlyThisDevice}</p>}
    </div>
  );
}
