'use client';

import { useId, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = ASSIGNMENT_COPY;

/** An owner gives the lead to a staff member, or to nobody. */
export function AssigneeForm({
  leadId,
  assignedTo,
  staff,
}: {
  leadId: string;
  assignedTo: string | null;
  staff: { id: string; label: string }[];
}) {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('assignedTo') ?? '');
    await run({ method: 'PUT', url: `/api/admin/leads/${leadId}/assignee`, body: { assignedTo: chosen || null } }, copy.saved);
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <Field id={`${id}-assignee`} label={copy.reassign}>
          {(control) => (
            <select {...control} name="assignedTo" defaultValue={assignedTo ?? ''} key={assignedTo ?? ''} className="field">
              <option value="">{copy.nobody}</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.label}
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

/**
 * One agent joins or leaves the round-robin: the agent themself ("Take new leads") or an owner in the team table
 * ("Give new leads", with the agent's name for screen readers).
 */
export function TakesNewLeadsButton({ staffId, takes, name }: { staffId: string; takes: boolean; name?: string }) {
  const { busy, run } = useStaffAction();
  const label =
    name === undefined ? (takes ? copy.myLeads.stopTaking : copy.myLeads.startTaking) : takes ? copy.panel.stop : copy.panel.start;
  return (
    <button
      type="button"
      // In the owners' team list it shares a phone's row with two figures, so it is smaller there.
      className={
        name === undefined ? 'btn-outline min-h-11 px-4' : 'btn-outline min-h-11 whitespace-nowrap px-3.5 text-xs sm:px-4 sm:text-sm'
      }
      disabled={busy}
      onClick={() => run({ method: 'PATCH', url: '/api/admin/assignment', body: { staffId, takesNewLeads: !takes } }, copy.myLeads.saved)}
    >
      {label}
      {name === undefined ? null : <span className="sr-only"> {name}</span>}
    </button>
  );
}

/** One of the owners' switches of the assignment panel: the round-robin, or alerts to everyone. */
export function AssignmentSwitch({
  name,
  on,
  turnOn,
  turnOff,
}: {
  name: 'autoAssign' | 'alertEveryone';
  on: boolean;
  turnOn: string;
  turnOff: string;
}) {
  const { busy, run } = useStaffAction();
  return (
    <button
      type="button"
      className={on ? 'btn-outline min-h-11 px-4' : 'btn-primary min-h-11 px-4'}
      disabled={busy}
      onClick={() => run({ method: 'PATCH', url: '/api/admin/assignment', body: { [name]: !on } }, copy.panel.switched)}
      data-testid={`switch-${name}`}
    >
      {on ? turnOff : turnOn}
    </button>
  );
}

/**
 * Owners: whether agents see and change every lead or only theirs (docs/decisions/0388). The server asks for the
 * password first when it was typed a while ago, as for a role change; the shared request helper shows the dialog.
 */
export function LeadAccessSwitch({ every }: { every: boolean }) {
  const { busy, run } = useStaffAction();
  return (
    <button
      type="button"
      className="btn-outline min-h-11 px-4"
      disabled={busy}
      onClick={() => run({ method: 'PUT', url: '/api/admin/lead-access', body: { agentsSeeEveryLead: !every } }, copy.access.saved)}
      data-testid="switch-lead-access"
    >
      {every ? copy.access.showOwn : copy.access.showEvery}
    </button>
  );
}
