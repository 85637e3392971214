import Link from 'next/link';
import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { FIRST_OWNER_PATH, PASSWORD_RESET_PATH } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { AuthCard } from '@/modules/staff/ui';
import { awaitsFirstOwner } from '@/modules/staff/server';
import { formRefusal } from '@/modules/staff/server';
import { SignInForm } from '@/modules/staff/ui';
import { stepAction } from '@/modules/staff/server';

export const metadata: Metadata = { title: STAFF_COPY.signIn.title, robots: { index: false, follow: false } };
// Per request: it reads the sign-in's cookies (and the database).
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.signIn;

/** Staff sign-in; also where an expired staff session is sent (spec §8). */
export default async function RegistrationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const reset = (await searchParams).reset === 'done';
  // A new install: no password opens this form yet, so the page says so and leads to the first owner's set-up.
  if (await awaitsFirstOwner((await getDatabase()).db)) {
    return (
      <AuthCard heading={STAFF_COPY.firstOwner.noticeHeading} intro={<p>{STAFF_COPY.firstOwner.notice}</p>}>
        <Link href={FIRST_OWNER_PATH} className="btn-primary mt-8 w-full">
          {STAFF_COPY.firstOwner.start}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()}>
      {reset ? (
        <p role="status" className="mt-6 rounded-xl bg-forest-900/5 px-4 py-3 text-sm">
          {copy.passwordReset}
        </p>
      ) : null}
      <SignInForm action={await stepAction('/api/staff/sign-in', searchParams)} />
      <p className="mt-6 text-center text-sm">
        <Link href={PASSWORD_RESET_PATH} className="text-forest-800 underline underline-offset-4 hover:text-forest-700">
          {copy.forgot}
        </Link>
      </p>
    </AuthCard>
  );
}
