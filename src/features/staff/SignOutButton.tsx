'use client';

import { useState } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { clearSessionKeys } from '@/lib/browser/session-keys';
import { SIGN_IN_PATH } from '@/lib/constants';

export function SignOutButton({ className = '' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await request({ method: 'POST', url: '/api/staff/sign-out' });
        clearSessionKeys();
        window.location.assign(SIGN_IN_PATH);
      }}
    >
      {STAFF_COPY.nav.signOut}
    </button>
  );
}
