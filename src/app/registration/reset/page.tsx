import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { AuthCard } from '@/modules/staff/ui';
import { formRefusal } from '@/modules/staff/server';
import { ResetRequestForm } from '@/modules/staff/ui';
import { RESET_TTL_MINUTES } from '@/modules/staff/server';

export const metadata: Metadata = { title: STAFF_COPY.reset.title, robots: { index: false, follow: false } };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.reset;

/** A forgotten password: ask for a link by e-mail. */
export default async function PasswordResetPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sent = (await searchParams).sent === '1';
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()} startAgain>
      <ResetRequestForm sent={sent} linkMinutes={RESET_TTL_MINUTES} />
    </AuthCard>
  );
}
