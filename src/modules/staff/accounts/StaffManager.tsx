'use client';

import { useId, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { STAFF_COPY } from '@/content/staff';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = STAFF_COPY.staff;

export interface StaffListItem {
  id: string;
  email: string;
  name: string;
  role: string;
  active: boolean;
  hasSecondFactor: boolean;
  secondFactorLocked: boolean;
  /** No password chosen yet: the invitation link was not used (docs/decisions/0347-invitations-not-initial-passwords.md). */
  invited: boolean;
  lastSignIn: string | null;
}

type InvitationAnswer = { invitationSent: boolean };

/**
 * A new account: e-mail, name and role, never a password — the person gets a link to choose their own (0347). Posts
 * natively until the script runs (the API then answers with a redirect back to the Staff page).
 */
export function CreateStaffForm({ linkHours }: { linkHours: number }) {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { email: data.get('email'), name: data.get('name'), role: data.get('role') };
    const answer = await run<InvitationAnswer & { staff: { email: string } }>({ method: 'POST', url: '/api/admin/staff', body }, (done) =>
      done.invitationSent ? copy.invited(done.staff.email) : copy.invitationNotSent(done.staff.email),
    );
    if (answer) form.reset();
  }
  return (
    <form method="post" action="/api/admin/staff" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div>
        <Field id={`${id}-name`} label={copy.name}>
          {(control) => <input {...control} name="name" autoComplete="off" className="field" />}
        </Field>
      </div>
      <div>
        <Field id={`${id}-email`} label={copy.email}>
          {(control) => <input {...control} name="email" type="email" required autoComplete="off" className="field" />}
        </Field>
      </div>
      <div>
        <Field id={`${id}-role`} label={copy.role}>
          {(control) => (
            <select {...control} name="role" defaultValue="agent" className="field">
              <option value="agent">{copy.roles.agent}</option>
              <option value="owner">{copy.roles.owner}</option>
            </select>
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <p className="mb-4 text-sm text-ink-soft">{copy.inviteHint(linkHours)}</p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {copy.create}
        </button>
      </div>
    </form>
  );
}

/** The name others read (notes, history, WhatsApp greetings); owners set it for anyone, themselves included. */
function StaffNameForm({ member }: { member: StaffListItem }) {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    await run({ method: 'PATCH', url: `/api/admin/staff/${member.id}`, body: { name } }, copy.nameSaved);
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <Field id={`${id}-name`} label={copy.displayName}>
          {(control) => (
            <input
              {...control}
              name="name"
              defaultValue={member.name}
              key={member.name}
              required
              maxLength={120}
              autoComplete="off"
              className="field"
            />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-outline min-h-11 px-4" disabled={busy}>
        {copy.saveName}
        <span className="sr-only"> {member.email}</span>
      </button>
    </form>
  );
}

/** A new invitation link for someone who has not chosen a password yet; the old link ends. Posts natively too. */
function ResendInvitationForm({ member }: { member: StaffListItem }) {
  const { busy, run } = useStaffAction();
  const url = `/api/admin/staff/${member.id}/invitation`;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run<InvitationAnswer>({ method: 'POST', url }, (done) =>
      done.invitationSent ? copy.resent(member.email) : copy.invitationNotSent(member.email),
    );
  }
  return (
    <form method="post" action={url} onSubmit={onSubmit}>
      <button type="submit" className="btn-outline min-h-10 px-4" disabled={busy}>
        {copy.resendInvitation}
        <span className="sr-only"> {member.email}</span>
      </button>
    </form>
  );
}

export function StaffRowActions({ member, isSelf }: { member: StaffListItem; isSelf: boolean }) {
  const { busy, run } = useStaffAction();
  const update = (changes: Record<string, unknown>) =>
    run({ method: 'PATCH', url: `/api/admin/staff/${member.id}`, body: changes }, copy.updated);
  if (isSelf) return <StaffNameForm member={member} />;
  return (
    <div className="space-y-3">
      <StaffNameForm member={member} />
      <div className="flex flex-wrap gap-2">
        {member.invited && member.active ? <ResendInvitationForm member={member} /> : null}
        <button
          type="button"
          className="btn-outline min-h-10 px-4"
          disabled={busy}
          onClick={() => update({ role: member.role === 'owner' ? 'agent' : 'owner' })}
        >
          {member.role === 'owner' ? copy.makeAgent : copy.makeOwner}
          <span className="sr-only"> {member.email}</span>
        </button>
        <button type="button" className="btn-outline min-h-10 px-4" disabled={busy} onClick={() => update({ active: !member.active })}>
          {member.active ? copy.deactivate : copy.activate}
          <span className="sr-only"> {member.email}</span>
        </button>
        {member.secondFactorLocked ? (
          <button
            type="button"
            className="btn-outline min-h-10 px-4"
            disabled={busy}
            onClick={() =>
              void run(
                { method: 'PATCH', url: `/api/admin/staff/${member.id}`, body: { unlockSecondFactor: true } },
                copy.secondFactorUnlocked,
              )
            }
          >
            {copy.unlockSecondFactor}
            <span className="sr-only"> {member.email}</span>
          </button>
        ) : null}
        {member.hasSecondFactor ? (
          <button
            type="button"
            className="btn-outline min-h-10 px-4"
            disabled={busy}
            onClick={() => {
              if (window.confirm(copy.confirmResetSecondFactor(member.email)))
                void run(
                  { method: 'PATCH', url: `/api/admin/staff/${member.id}`, body: { resetSecondFactor: true } },
                  copy.secondFactorReset,
                );
            }}
          >
            {copy.resetSecondFactor}
            <span className="sr-only"> {member.email}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
