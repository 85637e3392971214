import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { listOpenSessions } from '@/modules/staff/server';
import { getDatabase } from '@/lib/db/client';
import { AddPasskeyButton, ChangePasswordForm, RemoveAppButton, SecondFactorActions } from '@/modules/staff/ui';
import { EnrolForm } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';
import { PasskeyList } from '@/modules/staff/ui';
import { countRecoveryCodesLeft, findStaffRowById, listPasskeys } from '@/modules/staff/server';
import { pendingEnrolment } from '@/modules/staff/server';
import { SecondFactorSetup } from '@/modules/staff/ui';
import { SignedInDevices } from '@/modules/staff/ui';
import { PushAlerts } from '@/modules/staff/ui';
import { subscriptionsOf } from '@/modules/staff/server';
import { vapidPublicKey } from '@/lib/push/vapid.server';

export const metadata: Metadata = { title: STAFF_COPY.account.title };

const copy = STAFF_COPY.account;
const SECTION = 'max-w-xl space-y-4 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6';
const SUBSECTION = 'space-y-3 border-t border-forest-900/10 pt-4';

/**
 * The signed-in person's own account: password, two-step sign-in (everyone has it: passkeys and the authenticator app,
 * at least one of them, and recovery codes; docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md) and the
 * devices signed in to it. Its forms also post without scripts (adding a passkey needs them, as WebAuthn does); a
 * refusal then comes back here (`refusal`).
 */
export default async function AccountPage() {
  const me = await requireStaffPage();
  const { db } = await getDatabase();
  const now = new Date();
  const [row, passkeys, codesLeft, sessions, pushDevices, publicKey] = await Promise.all([
    findStaffRowById(db, me.id),
    listPasskeys(db, me.id),
    countRecoveryCodesLeft(db, me.id),
    listOpenSessions(db, me.id, me.sessionId, now),
    subscriptionsOf(db, me.id),
    // Without it (the key cannot be opened), the rest of the page still works; the alerts say they are unavailable.
    vapidPublicKey(db).catch(() => undefined),
  ]);
  const appOn = Boolean(row?.totpEnabledAt);
  const enrolment = appOn ? undefined : await pendingEnrolment(db, me);
  const methods = passkeys.length + (appOn ? 1 : 0);
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
      <section aria-labelledby="alerts" className={SECTION}>
        <h2 id="alerts" className="text-xl">
          {copy.alerts}
        </h2>
        <PushAlerts devices={pushDevices} publicKey={publicKey} />
      </section>
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
        <p className="text-ink-soft">{copy.secondFactorIntro}</p>
        <div className={SUBSECTION}>
          <h3 className="font-display text-lg text-forest-900">{copy.passkeys}</h3>
          <PasskeyList passkeys={passkeys} removable={methods > 1} />
          <AddPasskeyButton />
        </div>
        <div className={SUBSECTION}>
          <h3 className="font-display text-lg text-forest-900">{copy.app}</h3>
          {appOn ? (
            <>
              <p>{copy.appOn}</p>
              {methods > 1 ? <RemoveAppButton /> : null}
            </>
          ) : (
            <>
              <p>{copy.appOff}</p>
              {enrolment ? <SecondFactorSetup enrolment={enrolment} /> : null}
              <EnrolForm url="/api/admin/account/second-factor" action="/api/admin/account/second-factor" atSignIn={false} />
            </>
          )}
        </div>
        <div className={SUBSECTION}>
          <h3 className="font-display text-lg text-forest-900">{copy.recoveryCodes}</h3>
          <p className="text-sm text-ink-soft">{copy.recoveryLeft(codesLeft)}</p>
          <SecondFactorActions />
        </div>
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
