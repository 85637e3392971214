import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { FOOTER_COPY, NEWSLETTER_PAGE_COPY } from '@/content/footer';
import { NewsletterForm } from '@/modules/newsletter/ui';
import { FORM_FLASH_HEADER } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { openFormFlash } from '@/lib/http/form-flash.server';

export const metadata: Metadata = { title: NEWSLETTER_PAGE_COPY.metaTitle, robots: { index: false } };

/** Where a newsletter sign-up the server refused comes back, without scripts, with the address and the reason. */
export default async function NewsletterPage() {
  // Reading the request makes the page render per request; the database is opened only when a form came back.
  const token = (await headers()).get(FORM_FLASH_HEADER);
  const flash = token ? await openFormFlash((await getDatabase()).db, token) : undefined;
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 sm:pt-40" aria-labelledby="newsletter-heading">
      <h1 id="newsletter-heading" className="text-4xl sm:text-5xl">
        {NEWSLETTER_PAGE_COPY.heading}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">{FOOTER_COPY.newsletterText}</p>
      <div className="mt-8 rounded-3xl bg-forest-900 p-6 sm:p-8">
        <NewsletterForm source="newsletter_page" initialEmail={flash?.values.email} refusal={flash?.error} />
      </div>
    </section>
  );
}
