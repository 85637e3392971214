import Link from 'next/link';
import type { Metadata } from 'next';
import { BrandMark } from '@/components/BrandMark';
import { STAFF_COPY } from '@/content/staff';
import { SignInForm } from '@/features/staff/SignInForm';

export const metadata: Metadata = { title: STAFF_COPY.signIn.title, robots: { index: false, follow: false } };

const copy = STAFF_COPY.signIn;

/** Staff sign-in; also where an expired staff session is sent (spec §8). */
export default function RegistrationPage() {
  return (
    <main id="main" className="flex min-h-[100svh] items-center justify-center bg-forest-900 px-5 py-16">
      <div className="w-full max-w-md rounded-3xl bg-ivory-50 p-8 shadow-2xl sm:p-10">
        <div className="text-center">
          <BrandMark className="mx-auto size-12" />
          <p className="eyebrow mt-6">{copy.eyebrow}</p>
          <h1 className="mt-2 text-3xl">{copy.heading}</h1>
          <p className="mt-4 leading-relaxed text-ink-soft">{copy.intro}</p>
        </div>
        <SignInForm />
        <p className="mt-8 text-center text-sm">
          <Link href="/" className="text-forest-800 underline underline-offset-4 hover:text-forest-700">
            {copy.home}
          </Link>
        </p>
      </div>
    </main>
  );
}
