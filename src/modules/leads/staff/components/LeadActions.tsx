'use client';

import { useId, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { DISTRICT_NOT_SAID, STAFF_COPY } from '@/content/staff';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { LEAD_STATUSES } from '../schema';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = STAFF_COPY.lead;

export function LeadStatusForm({ leadId, status }: { leadId: string; status: string }) {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('status'));
    await run({ method: 'PATCH', url: `/api/admin/leads/${leadId}`, body: { status: next } }, copy.saved);
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <Field id={`${id}-status`} label={copy.changeStatus}>
          {(control) => (
            <select {...control} name="status" defaultValue={status} key={status} className="field">
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STAFF_COPY.statuses[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {copy.save}
      </button>
    </form>
  );
}

/** The lead's district: a chat's lead that named none says it on the call (docs/decisions/0399). */
export function LeadDistrictForm({ leadId, district }: { leadId: string; district: string | null }) {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('district'));
    await run({ method: 'PATCH', url: `/api/admin/leads/${leadId}`, body: { district: next } }, copy.district.saved);
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <Field id={`${id}-district`} label={copy.district.label}>
          {(control) => (
            <select {...control} name="district" defaultValue={district ?? ''} key={district} required className="field">
              {district ? null : (
                <option value="" disabled>
                  {DISTRICT_NOT_SAID}
                </option>
              )}
              {DISTRICT_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {copy.district.save}
      </button>
    </form>
  );
}

/** One tap after a call: the lead leaves `new` (first contact recorded by the server), no status menu to open. */
export function MarkContactedButton({ leadId }: { leadId: string }) {
  const { busy, run } = useStaffAction();
  return (
    <button
      type="button"
      className="btn-brass min-h-11 px-5"
      disabled={busy}
      onClick={() => run({ method: 'PATCH', url: `/api/admin/leads/${leadId}`, body: { status: 'contacted' } }, copy.markedContacted)}
      data-testid="mark-contacted"
    >
      {copy.markContacted}
    </button>
  );
}

export function LeadNoteForm({ leadId }: { leadId: string }) {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '');
    if (await run({ method: 'POST', url: `/api/admin/leads/${leadId}/notes`, body: { body } }, copy.noteAdded)) form.reset();
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <Field id={`${id}-note`} label={copy.noteLabel}>
        {(control) => <textarea {...control} name="body" rows={3} required maxLength={4000} className="field" />}
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>
        {copy.addNote}
      </button>
    </form>
  );
}
