'use client';

import { useState, type ReactNode } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { PasskeyButton, usePasskeySupport } from '@/components/PasskeyButton';
import { RecoveryCodes } from './RecoveryCodes';
import { completeSignIn } from '../sign-in/sign-in-complete';

const copy = STAFF_COPY.passkey;

/**
 * The passkey of a sign-in step, first and beside the code form (`children`, which works without scripts): setting one
 * up (`register`, then the recovery codes once) or signing in with it (`authenticate`). Shown only where the browser
 * has passkeys; elsewhere the page is the code form alone.
 */
export function PasskeySignIn({ ceremony, children }: { ceremony: 'register' | 'authenticate'; children: ReactNode }) {
  const supported = usePasskeySupport();
  const [codes, setCodes] = useState<{ email: string; recoveryCodes: string[] }>();
  if (codes) {
    return (
      <div className="mt-8">
        <RecoveryCodes
          codes={codes.recoveryCodes}
          continueLabel={STAFF_COPY.enrol.continue}
          onContinue={() => completeSignIn(codes.email)}
        />
      </div>
    );
  }
  const register = ceremony === 'register';
  return (
    <>
      {supported ? (
        <div className="mt-8 space-y-3">
          <PasskeyButton<{ email: string; recoveryCodes?: string[] }>
            ceremony={ceremony}
            optionsUrl="/api/staff/passkey/options"
            answerUrl="/api/staff/passkey"
            label={register ? copy.setUp : copy.signIn}
            copy={copy}
            onDone={(answer) =>
              answer.recoveryCodes ? setCodes({ email: answer.email, recoveryCodes: answer.recoveryCodes }) : completeSignIn(answer.email)
            }
          />
          <p className="text-center text-sm text-ink-soft">{register ? copy.setUpHint : copy.signInHint}</p>
          <p className="flex items-center gap-3 pt-5 text-xs font-semibold tracking-[0.14em] text-ink-soft uppercase">
            <span aria-hidden className="h-px flex-1 bg-forest-900/15" />
            {register ? copy.orApp : copy.orCode}
            <span aria-hidden className="h-px flex-1 bg-forest-900/15" />
          </p>
        </div>
      ) : null}
      {children}
    </>
  );
}
