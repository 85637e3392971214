'use client';

import { useRouter } from 'next/navigation';
import { PasskeyButton, usePasskeySupport } from '@/components/PasskeyButton';
import { ACCOUNT_COPY, ACCOUNT_PATHS } from '@/content/buyers';
import { notifySuccess } from '@/lib/browser/toast';

const copy = ACCOUNT_COPY.passkeys;

/** Adds a passkey of this device to the buyer's page (docs/decisions/0423). Needs scripts, as WebAuthn does. */
export function AddPasskey() {
  const router = useRouter();
  if (!usePasskeySupport()) return null;
  return (
    <PasskeyButton
      ceremony="register"
      optionsUrl={ACCOUNT_PATHS.api.passkeyOptions}
      answerUrl={ACCOUNT_PATHS.api.passkeys}
      label={copy.add}
      copy={copy}
      primary={false}
      onDone={() => {
        notifySuccess(copy.added);
        router.refresh();
      }}
    />
  );
}

/**
 * "Sign in with a passkey" above the link-or-code form, where the browser has passkeys; elsewhere (and before the
 * scripts arrive) the page is the form alone, which always works.
 */
export function PasskeySignIn() {
  if (!usePasskeySupport()) return null;
  return (
    <div className="mb-8 space-y-3">
      <PasskeyButton<{ next: string }>
        ceremony="authenticate"
        optionsUrl={ACCOUNT_PATHS.api.passkeySignInOptions}
        answerUrl={ACCOUNT_PATHS.api.passkeySignIn}
        label={copy.signIn}
        copy={copy}
        onDone={(answer) => window.location.assign(answer.next)}
      />
      <p className="text-center text-sm text-ink-soft">{copy.signInHint}</p>
      <p className="flex items-center gap-3 pt-5 text-xs font-semibold tracking-[0.14em] text-ink-soft uppercase">
        <span aria-hidden className="h-px flex-1 bg-forest-900/15" />
        {copy.orLinkOrCode}
        <span aria-hidden className="h-px flex-1 bg-forest-900/15" />
      </p>
    </div>
  );
}
