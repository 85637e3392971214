'use client';

import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useState, useSyncExternalStore } from 'react';
import { FingerprintIcon } from '@/components/icons';
import { request } from '@/lib/browser/request';
import { notifyError } from '@/lib/browser/toast';

const noSubscription = () => () => {};

/** Whether this browser can use passkeys (PublicKeyCredential): false on the server and before hydration. */
export const usePasskeySupport = () => useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);

/**
 * One passkey ceremony, staff's or a buyer's (docs/decisions/0348 and 0423): the options from `optionsUrl`, the
 * browser's own dialog (fingerprint, face or screen lock), its answer to `answerUrl`; `onDone` gets the server's answer.
 * Refusals are the request helper's toasts; a dialog cancelled or failed says so once (`copy.cancelled`).
 */
export function PasskeyButton<T>({
  ceremony,
  optionsUrl,
  answerUrl,
  label,
  copy,
  onDone,
  primary = true,
}: {
  ceremony: 'register' | 'authenticate';
  optionsUrl: string;
  answerUrl: string;
  label: string;
  /** What the button says while the browser's dialog is open, and when the dialog was cancelled or failed. */
  copy: { working: string; cancelled: string };
  onDone: (answer: T) => void;
  primary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      const got = await request<{ options: PublicKeyCredentialCreationOptionsJSON & PublicKeyCredentialRequestOptionsJSON }>({
        method: 'POST',
        url: optionsUrl,
        body: {},
      });
      if (!got) return;
      let response: unknown;
      try {
        response =
          ceremony === 'register'
            ? await startRegistration({ optionsJSON: got.options })
            : await startAuthentication({ optionsJSON: got.options });
      } catch {
        notifyError(copy.cancelled);
        return;
      }
      const answer = await request<T>({ method: 'POST', url: answerUrl, body: { response } });
      if (answer) onDone(answer);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      className={`${primary ? 'btn-primary w-full' : 'btn-outline min-h-11 px-4'} inline-flex items-center justify-center gap-2`}
    >
      <FingerprintIcon className="size-5 shrink-0" />
      {busy ? copy.working : label}
    </button>
  );
}
