import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmationPage } from '@/components/ConfirmationPage';
import { FOOTER_COPY, NEWSLETTER_PAGE_COPY } from '@/content/footer';

export const metadata: Metadata = { title: NEWSLETTER_PAGE_COPY.thanksMetaTitle, robots: { index: false } };

/** Where the newsletter form lands when the browser posted it without scripts. */
export default function NewsletterThanksPage() {
  return (
    <ConfirmationPage
      id="subscribed-heading"
      heading={NEWSLETTER_PAGE_COPY.thanksHeading}
      actions={
        <Link href="/" className="btn-outline">
          {NEWSLETTER_PAGE_COPY.backHome}
        </Link>
      }
    >
      <p className="mt-5 text-lg text-ink-soft">{FOOTER_COPY.subscribed}</p>
    </ConfirmationPage>
  );
}
