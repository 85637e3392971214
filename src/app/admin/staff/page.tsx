import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { formatDateTime } from '@/lib/format';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { formRefusal } from '@/modules/staff/server';
import { INVITATION_TTL_HOURS } from '@/modules/staff/server';
import { listStaff } from '@/modules/staff/server';
import { CreateStaffForm, StaffRowActions } from '@/modules/staff/ui';
import { getDatabase } from '@/lib/db/client';

export const metadata: Metadata = { title: STAFF_COPY.staff.title };

const copy = STAFF_COPY.staff;

export default async function StaffPage() {
  const me = await requireStaffPage({ owner: true });
  const { db } = await getDatabase();
  const staff = await listStaff(db);
  // The refusal of a form on this page posted without scripts (adding an account, a new invitation link).
  const refusal = await formRefusal();
  const now = new Date();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl sm:text-4xl">{copy.heading}</h1>
        <p className="mt-2 text-ink-soft">{copy.intro}</p>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <ul className="space-y-3" aria-label={copy.caption}>
        {staff.map((member) => (
          <li
            key={member.id}
            className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-forest-900/10 bg-white p-4"
          >
            <div className="min-w-0">
              <p className="break-all font-medium text-forest-900">
                {member.email} {member.id === me.id ? <span className="text-ink-soft">{copy.you}</span> : null}
              </p>
              <p className="text-sm text-ink-soft">
                {copy.roles[member.role]} · {member.active ? copy.active : copy.inactive} ·{' '}
                {member.hasSecondFactor ? copy.secondFactorOn : copy.secondFactorOff}
                {member.secondFactorLocked ? (
                  <strong className="font-semibold text-red-800"> · {copy.secondFactorLocked}</strong>
                ) : null} · {copy.lastSignIn}: {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : copy.never}
                {member.invited ? (
                  <>
                    {' · '}
                    {copy.invitationPending} ·{' '}
                    {member.invitationExpiresAt && member.invitationExpiresAt > now
                      ? copy.invitationUntil(formatDateTime(member.invitationExpiresAt))
                      : copy.invitationExpired}
                  </>
                ) : null}
              </p>
            </div>
            <StaffRowActions
              isSelf={member.id === me.id}
              member={{
                id: member.id,
                email: member.email,
                name: member.name,
                role: member.role,
                active: member.active,
                hasSecondFactor: member.hasSecondFactor,
                secondFactorLocked: member.secondFactorLocked,
                invited: member.invited,
                lastSignIn: member.lastSignInAt?.toISOString() ?? null,
              }}
            />
          </li>
        ))}
      </ul>
      <section aria-labelledby="add-staff" className="rounded-2xl border border-forest-900/10 bg-white p-6">
        <h2 id="add-staff" className="mb-5 text-xl">
          {copy.add}
        </h2>
        <CreateStaffForm linkHours={INVITATION_TTL_HOURS} />
      </section>
    </div>
  );
}
