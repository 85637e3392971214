'use client';

import { useId, useState } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { privacySubjectSchema } from './schema';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = STAFF_COPY.privacy;

/** Saves an answer as a file the browser downloads. */
function download(data: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** Export or erase what is held about one person, found by e-mail address, phone number or both. */
export function PrivacyTools() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const { busy, run } = useStaffAction();
  const subject = { email: email.trim(), phone: phone.trim() };
  const valid = privacySubjectSchema.safeParse(subject).success;
  const who = [subject.email, subject.phone].filter(Boolean).join(' / ');

  async function exportData() {
    const data = await run<object>({ method: 'POST', url: '/api/admin/privacy/export', body: subject }, copy.exported);
    if (data) download(data, 'personal-data.json');
  }
  async function erase() {
    if (!window.confirm(copy.confirmErase(who))) return;
    await run<{ leads: number; newsletter: number; kept?: { paymentPlans: number; plotClaims: number; why?: string } }>(
      { method: 'POST', url: '/api/admin/privacy/erase', body: subject },
      (answer) =>
        [copy.erased(answer.leads, answer.newsletter), answer.kept?.why && copy.kept(answer.kept.paymentPlans, answer.kept.plotClaims)]
          .filter(Boolean)
          .join(' '),
    );
  }
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Field id={`${id}-email`} label={copy.email}>
            {(control) => (
              <input
                {...control}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className="field"
                autoComplete="off"
              />
            )}
          </Field>
        </div>
        <div>
          <Field id={`${id}-phone`} label={copy.phone} hint={copy.phoneHint}>
            {(control) => (
              <input
                {...control}
                type="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                className="field"
                autoComplete="off"
              />
            )}
          </Field>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" disabled={!valid || busy} onClick={exportData}>
          {copy.exportJson}
        </button>
        <button type="button" className="btn bg-red-800 text-ivory-50 hover:bg-red-700" disabled={!valid || busy} onClick={erase}>
          {copy.erase}
        </button>
      </div>
    </div>
  );
}
