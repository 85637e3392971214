import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { requireStaffPage } from '@/lib/auth/page-guard.server';
import { listOpenSessions, requiresSecondFactor } from '@/lib/auth/session.server';
import { getDatabase } from '@/lib/db/client';
import { ChangePasswordForm, SecondFactorActions } from '@/features/staff/AccountSecurity';
import { EnrolForm } from '@/features/staff/EnrolForm';
import { formRefusal } from '@/features/staff/form-post.server';
import { countRecoveryCodesLeft } from '@/features/staff/repository.server';
import { pendingEnrolment } from '@/features/staff/second-factor.server';
import { SecondFactorSetup } from '@/features/staff/SecondFactorSetup';
import { SignedInDevices } from '@/features/staff/SignedInDevices';

export const metadata: Metadata = { title: STAFF_COPY.account.title };

const copy = STAFF_COPY.account;
const SECTION = 'max-w-xl space-y-4 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6';

/**
 * The signed-in person's own account: password, two-step sign-in (owners always have it; agents may turn it on) and
 * the devices signed in to it. Its forms also post without scripts; a refusal then comes back here (`refusal`).
 */
export default async function AccountPage() {
  const me = await requireStaffPage();
  const { db } = await getDatabase();
  const now = new Date();
  const enrolment = me.hasSecondFactor ? undefined : await pendingEnrolment(db, me);
  const codesLeft = me.hasSecondFactor ? await countRecoveryCodesLeft(db, me.id) : 0;
  const sessions = await listOpenSessions(db, me.id, me.sessionId, now);
  const refusal = await formRefusal();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl sm:text-4xl">{copy.heading}</h1>
        <p className="mt-2 break-all text-ink-soft">{me.email}</p>
      </div>
      {refusal ? (
        <p role="alert" className="max-w-xl rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <section aria-labelledby="password" className={SECTION}>
        <h2 id="password" className="text-xl">
          {copy.password}
        </h2>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="second-factor" className={SECTION}>
        <h2 id="second-factor" className="text-xl">
          {copy.secondFactor}
        </h2>
        {me.hasSecondFactor ? (
          <>
            <p>{copy.secondFactorOn}</p>
            <p className="text-sm text-ink-soft">{copy.recoveryLeft(codesLeft)}</p>
            <SecondFactorActions canTurnOff={!requiresSecondFactor(me.role)} />
          </>
        ) : (
          <>
            <p>{copy.secondFactorOff}</p>
            {enrolment ? <SecondFactorSetup enrolment={enrolment} /> : null}
            <EnrolForm url="/api/admin/account/second-factor" action="/api/admin/account/second-factor" atSignIn={false} />
          </>
        )}
      </section>
      <section aria-labelledby="devices" className={SECTION}>
        <h2 id="devices" className="text-xl">
          {copy.devices}
        </h2>
        <SignedInDevices sessions={sessions} now={now} />
      </section>
    </div>
  );
}
