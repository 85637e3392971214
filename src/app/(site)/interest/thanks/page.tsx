import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmationPage } from '@/components/ConfirmationPage';
import { INSPECTION_COPY } from '@/content/inspections';
import { INTEREST_COPY, INTEREST_PAGE_COPY } from '@/content/interest';
import { getSiteFacts } from '@/lib/site-facts.server';
import { bookPageOfLink } from '@/modules/inspections/server';
import { whatsappHref, whatsappRef } from '@/lib/contact-links';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: INTEREST_PAGE_COPY.thanksMetaTitle, robots: { index: false } };

/**
 * Where a form posted without scripts lands: the spec's confirmation, and the next steps: booking a site inspection (the
 * answer's signed `book` link, naming the lead only, so the buyer just picks a slot) and WhatsApp.
 */
export default async function InterestThanksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { book } = await searchParams;
  const bookingHref = await bookPageOfLink(typeof book === 'string' ? book : undefined);
  const facts = getSiteFacts();
  return (
    <ConfirmationPage
      id="thanks-heading"
      heading={INTEREST_COPY.confirmationTitle}
      actions={
        <>
          {bookingHref ? (
            <a href={bookingHref} className="btn-primary">
              {INSPECTION_COPY.bookAction}
            </a>
          ) : null}
          <a
            href={whatsappHref(facts.whatsapp, INTEREST_PAGE_COPY.whatsappMessage(whatsappRef('FORM')))}
            className={bookingHref ? 'btn-outline' : 'btn-primary'}
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
