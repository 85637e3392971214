import type { Metadata } from 'next';
import Link from 'next/link';
import { CheckIcon } from '@/components/icons';
import { FOOTER_COPY, NEWSLETTER_PAGE_COPY } from '@/content/footer';

export const metadata: Metadata = { title: NEWSLETTER_PAGE_COPY.thanksMetaTitle, robots: { index: false } };

/** Where the newsletter form lands when the browser posted it without scripts. */
export default function NewsletterThanksPage() {
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 text-center sm:pt-40" aria-labelledby="subscribed-heading">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-800">
        <CheckIcon className="size-7" />
      </span>
      <h1 id="subscribed-heading" className="mt-6 text-4xl sm:text-5xl">
        {NEWSLETTER_PAGE_COPY.thanksHeading}
      </h1>
      <p className="mt-5 text-lg text-ink-soft">{FOOTER_COPY.subscribed}</p>
      <Link href="/" className="btn-outline mt-10">
        {NEWSLETTER_PAGE_COPY.backHome}
      </Link>
    </section>
  );
}
