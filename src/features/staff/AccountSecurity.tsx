'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { useStaffAction } from '@/lib/browser/use-staff-action';
import { RecoveryCodes } from './RecoveryCodes';

const copy = STAFF_COPY.account;

/** The actions on an enrolled second factor: new recovery codes (shown once), and turning it off where allowed. */
export function SecondFactorActions({ canTurnOff }: { canTurnOff: boolean }) {
  const router = useRouter();
  const { busy, run } = useStaffAction();
  const [codes, setCodes] = useState<string[]>();
  if (codes) return <RecoveryCodes codes={codes} continueLabel={STAFF_COPY.enrol.enabled} onContinue={() => (setCodes(undefined), router.refresh())} />;
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className="btn-outline min-h-11 px-4"
        disabled={busy}
        onClick={async () => {
          const answer = await run<{ recoveryCodes: string[] }>({ method: 'POST', url: '/api/admin/account/recovery-codes' }, copy.newCodesDone);
          if (answer) setCodes(answer.recoveryCodes);
        }}
      >
        {copy.newCodes}
      </button>
      {canTurnOff ? (
        <button type="button" className="btn-outline min-h-11 px-4" disabled={busy} onClick={() => run({ method: 'DELETE', url: '/api/admin/account/second-factor' }, copy.turnedOff)}>
          {copy.turnOff}
        </button>
      ) : null}
    </div>
  );
}
