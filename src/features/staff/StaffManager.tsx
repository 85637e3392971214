'use client';

import { useId, type FormEvent } from 'react';
import { STAFF_COPY } from '@/content/staff';
import { useStaffAction } from '@/lib/browser/use-staff-action';

const copy = STAFF_COPY.staff;

export interface StaffListItem {
  id: string;
  email: string;
  name: string;
  role: string;
  active: boolean;
  lastSignIn: string | null;
}

export function CreateStaffForm() {
  const id = useId();
  const { busy, run } = useStaffAction();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { email: data.get('email'), name: data.get('name'), role: data.get('role'), password: data.get('password') };
    if (await run({ method: 'POST', url: '/api/admin/staff', body }, copy.created)) form.reset();
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          {copy.name}
        </label>
        <input id={`${id}-name`} name="name" autoComplete="off" className="field" />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="field-label">
          {copy.email}
        </label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="off" className="field" />
      </div>
      <div>
        <label htmlFor={`${id}-role`} className="field-label">
          {copy.role}
        </label>
        <select id={`${id}-role`} name="role" defaultValue="agent" className="field">
          <option value="agent">{copy.roles.agent}</option>
          <option value="owner">{copy.roles.owner}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="field-label">
          {copy.password}
        </label>
        <input id={`${id}-password`} name="password" type="password" required minLength={12} autoComplete="new-password" className="field" />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {copy.create}
        </button>
      </div>
    </form>
  );
}

export function StaffRowActions({ member, isSelf }: { member: StaffListItem; isSelf: boolean }) {
  const { busy, run } = useStaffAction();
  if (isSelf) return null;
  const update = (changes: Record<string, unknown>) => run({ method: 'PATCH', url: `/api/admin/staff/${member.id}`, body: changes }, copy.updated);
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-outline min-h-10 px-4" disabled={busy} onClick={() => update({ role: member.role === 'owner' ? 'agent' : 'owner' })}>
        {member.role === 'owner' ? copy.makeAgent : copy.makeOwner}
        <span className="sr-only"> {member.email}</span>
      </button>
      <button type="button" className="btn-outline min-h-10 px-4" disabled={busy} onClick={() => update({ active: !member.active })}>
        {member.active ? copy.deactivate : copy.activate}
        <span className="sr-only"> {member.email}</span>
      </button>
    </div>
  );
}
