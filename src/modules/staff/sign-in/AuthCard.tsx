import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/BrandMark';
import { STAFF_COPY } from '@/content/staff';
import { SIGN_IN_PATH } from '@/lib/constants';

/**
 * The frame of the sign-in pages: brand, heading, a sentence, the form, and a way out (home, or back to the first
 * step with `startAgain`). `refusal` is the sentence of a form refused while its script had not run
 * (form-post.server.ts).
 */
export function AuthCard({
  heading,
  intro,
  refusal,
  children,
  startAgain = false,
}: {
  heading: string;
  intro: ReactNode;
  refusal?: string;
  children: ReactNode;
  startAgain?: boolean;
}) {
  return (
    <main id="main" className="flex min-h-[100svh] items-center justify-center bg-forest-900 px-5 py-16">
      <div className="w-full max-w-md rounded-3xl bg-ivory-50 p-8 shadow-2xl sm:p-10">
        <div className="text-center">
          <BrandMark className="mx-auto size-12" />
          <p className="eyebrow mt-6">{STAFF_COPY.signIn.eyebrow}</p>
          <h1 className="mt-2 text-3xl">{heading}</h1>
          <div className="mt-4 leading-relaxed text-ink-soft">{intro}</div>
        </div>
        {refusal ? (
          <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
        {children}
        <p className="mt-8 text-center text-sm">
          <Link href={startAgain ? SIGN_IN_PATH : '/'} className="text-forest-800 underline underline-offset-4 hover:text-forest-700">
            {startAgain ? STAFF_COPY.signIn.startAgain : STAFF_COPY.signIn.home}
          </Link>
        </p>
      </div>
    </main>
  );
}
