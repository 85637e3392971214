import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { INTEREST_COPY, INTEREST_PAGE_COPY } from '@/content/interest';
import { InterestForm } from '@/modules/leads/ui';
import { leadFieldValues } from '@/modules/leads';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { FORM_FLASH_HEADER } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { openFormFlash } from '@/lib/http/form-flash.server';

export const metadata: Metadata = {
  title: INTEREST_PAGE_COPY.metaTitle,
  description: INTEREST_PAGE_COPY.metaDescription,
  robots: { index: false },
};

/**
 * The interest form on a page of its own: where Submit Interest leads before the scripts arrive, and where a post
 * the server refused comes back with what the visitor typed and why.
 */
export default async function InterestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { district } = await searchParams;
  // Reading the request makes the page render per request; the database is opened only when a form came back.
  const token = (await headers()).get(FORM_FLASH_HEADER);
  const flash = token ? await openFormFlash((await getDatabase()).db, token) : undefined;
  // What was typed, else the district the visitor came from (`?district=`), else the defaults.
  const fields = leadFieldValues(flash?.values ?? {}, DISTRICT_CHOICES, { district: typeof district === 'string' ? district : undefined });
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 sm:pt-40" aria-labelledby="interest-heading">
      <p className="eyebrow">{INTEREST_PAGE_COPY.eyebrow}</p>
      <h1 id="interest-heading" className="mt-3 text-4xl sm:text-5xl">
        {INTEREST_COPY.dialogTitle}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">{INTEREST_COPY.dialogIntro}</p>
      <div className="mt-8 rounded-3xl border border-forest-900/10 bg-white p-6 shadow-sm sm:p-8">
        <InterestForm fields={fields} districts={DISTRICT_CHOICES} refusal={flash?.error} className="" />
      </div>
    </section>
  );
}
