'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { BellIcon } from '@/components/icons';
import { STAFF_COPY } from '@/content/staff';
import { formatDateTime } from '@/lib/format';
import { notifyError } from '@/lib/browser/toast';
import { useStaffAction } from '@/lib/browser/use-staff-action';
import { madeForKey } from './push-key';
import { STAFF_APP } from './staff-app';
import { staffWorkerRegistration } from './staff-worker';

const copy = STAFF_COPY.account;
const PUSH_API = STAFF_APP.pushSubscriptionApi;
const REMOVE_API = `${PUSH_API}/remove`;

export interface PushDevice {
  id: string;
  label: string | null;
  createdAt: Date;
  lastSentAt: Date | null;
}

type Here = 'loading' | 'unavailable' | 'unsupported' | 'blocked' | 'off' | 'on';

/**
 * Your account's push alerts (docs/decisions/0364-push-alerts-on-the-agents-phone.md): this device's switch, which
 * needs the page's script (the browser makes the subscription, after asking the person), and the devices with alerts
 * on, each removable by a plain form that works without scripts too.
 */
export function PushAlerts({ devices, publicKey }: { devices: PushDevice[]; publicKey: string | undefined }) {
  const router = useRouter();
  const { busy, run } = useStaffAction();
  const [here, setHere] = useState<Here>('loading');
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!publicKey) return setHere('unavailable');
      const registration = 'PushManager' in window && 'Notification' in window ? await staffWorkerRegistration() : undefined;
      if (cancelled) return;
      if (!registration) return setHere('unsupported');
      if (Notification.permission === 'denied') return setHere('blocked');
      let existing = await registration.pushManager.getSubscription();
      // Made for a key the site lost and replaced: it gets no alerts, and a new one cannot be made beside it. It goes,
      // and the switch shows off so its person turns alerts on again.
      if (existing && !madeForKey(existing.options?.applicationServerKey, publicKey)) {
        await existing.unsubscribe().catch(() => undefined);
        existing = null;
      }
      if (cancelled) return;
      setSubscription(existing);
      setHere(existing ? 'on' : 'off');
    })().catch(() => setHere('unsupported'));
    return () => {
      cancelled = true;
    };
  }, [publicKey]);

  async function turnOn() {
    const registration = await staffWorkerRegistration();
    if (!registration || !publicKey) return setHere('unsupported');
    if ((await Notification.requestPermission()) !== 'granted') return setHere('blocked');
    let made: PushSubscription;
    try {
      made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
    } catch {
      return notifyError(copy.alertsFailed);
    }
    if (await run({ method: 'POST', url: PUSH_API, body: { subscription: made.toJSON() } }, copy.alertsTurnedOn)) {
      setSubscription(made);
      setHere('on');
    } else await made.unsubscribe().catch(() => undefined);
  }

  async function turnOff() {
    if (!subscription) return;
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe().catch(() => undefined);
    setSubscription(null);
    setHere('off');
    // Gone from the browser either way; the server forgets it now (or at the next alert, when the service says 410).
    if (!(await run({ method: 'POST', url: REMOVE_API, body: { endpoint } }, copy.alertsTurnedOff))) router.refresh();
  }

  return (
    <div className="space-y-4">
      <p className="text-ink-soft">{copy.alertsIntro}</p>
      <div aria-live="polite" data-testid="push-here" data-state={here}>
        {here === 'loading' ? <p className="text-sm text-ink-soft">{copy.alertsNeedScript}</p> : null}
        {here === 'unavailable' ? <p className="text-sm text-ink-soft">{copy.alertsUnavailable}</p> : null}
        {here === 'unsupported' ? <p className="text-sm text-ink-soft">{copy.alertsUnsupported}</p> : null}
        {here === 'blocked' ? <p className="text-sm text-ink-soft">{copy.alertsBlocked}</p> : null}
        {here === 'on' || here === 'off' ? (
          // One button that changes with the state, so the keyboard's and screen reader's place stays on it.
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            {here === 'on' ? <p className="font-medium text-forest-800">{copy.alertsOnHere}</p> : null}
            <button
              type="button"
              className={`${here === 'on' ? 'btn-outline' : 'btn-primary'} min-h-11 w-full px-5 sm:w-auto`}
              disabled={busy}
              onClick={here === 'on' ? turnOff : turnOn}
            >
              {here === 'off' ? <BellIcon className="size-5" aria-hidden="true" /> : null}
              {here === 'on' ? copy.alertsOff : busy ? copy.alertsTurningOn : copy.alertsOn}
            </button>
          </div>
        ) : null}
      </div>
      {devices.length ? (
        <ul aria-label={copy.alertsLabel} className="divide-y divide-forest-900/10 rounded-xl border border-forest-900/10">
          {devices.map((device) => (
            <PushDeviceRow key={device.id} device={device} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">{copy.alertsNone}</p>
      )}
    </div>
  );
}

function PushDeviceRow({ device }: { device: PushDevice }) {
  const { busy, run } = useStaffAction();
  const name = device.label ?? copy.unknownDevice;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run({ method: 'POST', url: REMOVE_API, body: { id: device.id } }, copy.alertsTurnedOff);
  }
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="push-device">
      <div className="min-w-0">
        <p className="font-medium text-forest-900">{name}</p>
        <p className="mt-0.5 text-sm text-ink-soft">
          {copy.alertsAdded(formatDateTime(device.createdAt))}
          {device.lastSentAt ? ` · ${copy.alertsLastSent(formatDateTime(device.lastSentAt))}` : null}
        </p>
      </div>
      <form method="post" action={REMOVE_API} onSubmit={onSubmit}>
        <input type="hidden" name="id" value={device.id} />
        <button type="submit" className="btn-outline min-h-11 w-full px-4 sm:w-auto" disabled={busy}>
          {copy.alertsRemove}
          <span className="sr-only"> {copy.alertsRemoveDetail(name)}</span>
        </button>
      </form>
    </li>
  );
}
