'use client';

import { useId, useState } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { RecoveryCodeList } from './RecoveryCodeList';

const copy = STAFF_COPY.enrol;

/** Fresh recovery codes, shown once; the way on waits until the person says they saved them. */
export function RecoveryCodes({ codes, continueLabel, onContinue }: { codes: string[]; continueLabel: string; onContinue: () => void }) {
  const id = useId();
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 text-left">
      <h2 id={`${id}-heading`} className="text-xl" tabIndex={-1} autoFocus>
        {copy.codesHeading}
      </h2>
      <p className="text-sm text-ink-soft">{copy.codesIntro}</p>
      <RecoveryCodeList codes={codes} />
      <label className="flex items-center gap-3 text-sm">
        <input type="checkbox" className="size-5" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {copy.codesSaved}
      </label>
      <button type="button" className="btn-primary w-full" disabled={!saved} onClick={onContinue}>
        {continueLabel}
      </button>
    </section>
  );
}
