import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/features/staff/AuthCard';
import { requireChallengePage } from '@/features/staff/challenge.server';
import { formRefusal } from '@/features/staff/form-post.server';
import { SecondFactorForm } from '@/features/staff/SecondFactorForm';
import { stepAction } from '@/features/staff/sign-in-pages.server';

export const metadata: Metadata = { title: STAFF_COPY.secondFactor.title, robots: { index: false, follow: false } };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.secondFactor;

/** The sign-in step after the password, for accounts with two-step sign-in. */
export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireChallengePage((await getDatabase()).db, 'second-factor');
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()} startAgain>
      <SecondFactorForm action={await stepAction('/api/staff/second-factor', searchParams)} />
    </AuthCard>
  );
}
