'use client';

import { useState } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { clearSessionKeys } from '@/lib/browser/session-keys';
import { SIGN_IN_PATH } from '@/lib/constants';

const SIGN_OUT_ENDPOINT = '/api/staff/sign-out';

/**
 * A form, so that a press before the scripts have run still signs out (the server answers the post with the sign-in
 * page); once they have, the request helper sends it and the session keys are cleared too.
 */
export function SignOutButton({ className = '' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action={SIGN_OUT_ENDPOINT}
      className="contents"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        await request({ method: 'POST', url: SIGN_OUT_ENDPOINT });
        clearSessionKeys();
        window.location.assign(SIGN_IN_PATH);
      }}
    >
      <button type="submit" className={className} disabled={busy}>
        {STAFF_COPY.nav.signOut}
      </button>
    </form>
  );
}
