'use client';

import { useId, useState } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { privacySubjectSchema } from './schema';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = STAFF_COPY.privacy;

export function PrivacyTools() {
  const id = useId();
  const [email, setEmail] = useState('');
  const { busy, run } = useStaffAction();
  const valid = privacySubjectSchema.safeParse({ email }).success;
  async function erase() {
    if (!window.confirm(copy.confirmErase(email.trim()))) return;
    await run<{ leads: number; newsletter: number }>({ method: 'POST', url: '/api/admin/privacy/erase', body: { email: email.trim() } }, (answer) =>
      copy.erased(answer.leads, answer.newsletter),
    );
  }
  return (
    <div className="space-y-4">
      <div>
        <Field id={`${id}-email`} label={copy.email}>
          {(control) => <input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} className="field" autoComplete="off" />}
        </Field>
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
