import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmationPage } from '@/components/ConfirmationPage';
import { INTEREST_COPY, INTEREST_PAGE_COPY } from '@/content/interest';
import { getSiteFacts } from '@/content/site';
import { whatsappHref } from '@/lib/contact-links';

export const metadata: Metadata = { title: INTEREST_PAGE_COPY.thanksMetaTitle, robots: { index: false } };

/** Where a form posted without scripts lands: the spec's confirmation, and a next step. */
export default function InterestThanksPage() {
  const facts = getSiteFacts();
  return (
    <ConfirmationPage
      id="thanks-heading"
      heading={INTEREST_COPY.confirmationTitle}
      actions={
        <>
          <a
            href={whatsappHref(facts.whatsapp, INTEREST_PAGE_COPY.whatsappMessage)}
            className="btn-primary"
            target="_blank"
            rel="noopener noreferrer"
          >
            {INTEREST_PAGE_COPY.whatsapp}
          </a>
          <Link href="/" className="btn-outline">
            {INTEREST_PAGE_COPY.backHome}
          </Link>
        </>
      }
    >
      <p className="mt-5 text-xl text-forest-900">{INTEREST_COPY.confirmation}</p>
      <p className="mt-4 leading-relaxed text-ink-soft">{INTEREST_PAGE_COPY.thanksDetail}</p>
    </ConfirmationPage>
  );
}
