'use client';

import { useId, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
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
