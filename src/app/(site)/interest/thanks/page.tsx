import type { Metadata } from 'next';
import Link from 'next/link';
import { CheckIcon } from '@/components/icons';
import { INTEREST_COPY, INTEREST_PAGE_COPY } from '@/content/interest';
import { getSiteFacts } from '@/content/site';
import { whatsappHref } from '@/lib/contact-links';

export const metadata: Metadata = { title: INTEREST_PAGE_COPY.thanksMetaTitle, robots: { index: false } };

/** Where a form posted without scripts lands: the spec's confirmation, and a next step. */
export default function InterestThanksPage() {
  const facts = getSiteFacts();
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 text-center sm:pt-40" aria-labelledby="thanks-heading">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-800">
        <CheckIcon className="size-7" />
      </span>
      <h1 id="thanks-heading" className="mt-6 text-4xl sm:text-5xl">
        {INTEREST_COPY.confirmationTitle}
      </h1>
      <p className="mt-5 text-xl text-forest-900">{INTEREST_COPY.confirmation}</p>
      <p className="mt-4 leading-relaxed text-ink-soft">{INTEREST_PAGE_COPY.thanksDetail}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <a href={whatsappHref(facts.whatsapp, INTEREST_PAGE_COPY.whatsappMessage)} className="btn-primary" target="_blank" rel="noopener noreferrer">
          {INTEREST_PAGE_COPY.whatsapp}
        </a>
        <Link href="/" className="btn-outline">
          {INTEREST_PAGE_COPY.backHome}
        </Link>
      </div>
    </section>
  );
}
