import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { SIGN_IN_PATH } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/modules/staff/ui';
import { requireChallengePage } from '@/modules/staff/ui.server';
import { EnrolForm } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';
import { PasskeySignIn } from '@/modules/staff/ui';
import { pendingEnrolment } from '@/modules/staff/server';
import { SecondFactorSetup } from '@/modules/staff/ui';
import { stepAction } from '@/modules/staff/server';

export const metadata: Metadata = { title: STAFF_COPY.enrol.title, robots: { index: false, follow: false } };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.enrol;

/**
 * An account without two-step sign-in (any role) sets it up here after the password, before reaching the leads: a
 * passkey first where the browser has them, the authenticator app beside it (which also works without scripts).
 */
export default async function EnrolPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await getDatabase();
  const { user } = await requireChallengePage(db, 'enrol');
  const enrolment = await pendingEnrolment(db, user);
  // Enrolled meanwhile (another tab): sign in with the code instead.
  if (!enrolment) redirect(SIGN_IN_PATH);
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()} startAgain>
      <PasskeySignIn ceremony="register">
        <div className="mt-8 space-y-6">
          <SecondFactorSetup enrolment={enrolment} />
          <EnrolForm
            url="/api/staff/second-factor/enrol"
            action={await stepAction('/api/staff/second-factor/enrol', searchParams)}
            atSignIn
          />
        </div>
      </PasskeySignIn>
    </AuthCard>
  );
}
