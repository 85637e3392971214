'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { request } from '@/lib/browser/request';
import { notifySuccess } from '@/lib/browser/toast';

const copy = STAFF_COPY.privacy;

export function PrivacyTools() {
  const router = useRouter();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = /^\S+@\S+\.\S+$/.test(email.trim());
  async function erase() {
    if (!window.confirm(copy.confirmErase(email.trim()))) return;
    setBusy(true);
    const answer = await request<{ leads: number; newsletter: number }>({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      body: { email: email.trim() },
      finish: () => setBusy(false),
    });
    if (answer) {
      notifySuccess(copy.erased(answer.leads, answer.newsletter));
      router.refresh();
    }
  }
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-email`} className="field-label">
          {copy.email}
        </label>
        <input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} className="field" autoComplete="off" />
      </div>
      <div className="flex flex-wrap gap-3">
        <a
          href={valid ? `/api/admin/privacy/export?email=${encodeURIComponent(email.trim())}` : undefined}
          aria-disabled={!valid}
          className={`btn-outline ${valid ? '' : 'pointer-events-none opacity-60'}`}
          download
        >
          {copy.exportJson}
        </a>
        <button type="button" className="btn bg-red-800 text-ivory-50 hover:bg-red-700" disabled={!valid || busy} onClick={erase}>
          {copy.erase}
        </button>
      </div>
    </div>
  );
}
