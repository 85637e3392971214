import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/modules/staff/ui';
import { requireChallengePage } from '@/modules/staff/ui.server';
import { formRefusal } from '@/modules/staff/server';
import { PasskeySignIn } from '@/modules/staff/ui';
import { listPasskeys } from '@/modules/staff/server';
import { SecondFactorForm } from '@/modules/staff/ui';
import { stepAction } from '@/modules/staff/server';

export const metadata: Metadata = { title: STAFF_COPY.secondFactor.title, robots: { index: false, follow: false } };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.secondFactor;

/** The sign-in step after the password: the passkey first when the account has one, the code form below it. */
export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await getDatabase();
  const { user } = await requireChallengePage(db, 'second-factor');
  const hasPasskey = (await listPasskeys(db, user.id)).length > 0;
  const form = <SecondFactorForm action={await stepAction('/api/staff/second-factor', searchParams)} autoFocus={!hasPasskey} />;
  return (
    <AuthCard heading={copy.heading} intro={<p>{hasPasskey ? copy.intro : copy.introApp}</p>} refusal={await formRefusal()} startAgain>
      {hasPasskey ? <PasskeySignIn ceremony="authenticate">{form}</PasskeySignIn> : form}
    </AuthCard>
  );
}
