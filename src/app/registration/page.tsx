import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { AuthCard } from '@/features/staff/AuthCard';
import { formRefusal } from '@/features/staff/form-post.server';
import { SignInForm } from '@/features/staff/SignInForm';
import { stepAction } from '@/features/staff/sign-in-pages.server';

export const metadata: Metadata = { title: STAFF_COPY.signIn.title, robots: { index: false, follow: false } };

const copy = STAFF_COPY.signIn;

/** Staff sign-in; also where an expired staff session is sent (spec §8). */
export default async function RegistrationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <AuthCard heading={copy.heading} intro={<p>{copy.intro}</p>} refusal={await formRefusal()}>
      <SignInForm action={await stepAction('/api/staff/sign-in', searchParams)} />
    </AuthCard>
  );
}
