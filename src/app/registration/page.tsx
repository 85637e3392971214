import Link from 'next/link';
import type { Metadata } from 'next';
import { BrandMark } from '@/components/BrandMark';
import { REGISTRATION_COPY } from '@/content/legal';

export const metadata: Metadata = { title: REGISTRATION_COPY.title, robots: { index: false, follow: false } };

/** Where an expired staff session is sent (spec §8); the staff sign-in arrives with the staff area. */
export default function RegistrationPage() {
  return (
    <main id="main" className="flex min-h-[100svh] items-center justify-center bg-forest-900 px-5 py-16">
      <div className="w-full max-w-md rounded-3xl bg-ivory-50 p-8 text-center shadow-2xl sm:p-10">
        <BrandMark className="mx-auto size-12" />
        <h1 className="mt-6 text-3xl">{REGISTRATION_COPY.heading}</h1>
        <p className="mt-4 leading-relaxed text-ink-soft">{REGISTRATION_COPY.text}</p>
        <Link href="/" className="btn-primary mt-8">
          {REGISTRATION_COPY.home}
        </Link>
      </div>
    </main>
  );
}
