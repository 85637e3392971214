import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmationPage } from '@/components/ConfirmationPage';
import { NEWSLETTER_CONFIRM_COPY as copy } from '@/content/newsletter';

export const metadata: Metadata = { title: copy.confirmedMetaTitle, robots: { index: false } };

/** Where the confirmation button lands: the subscription is now active. */
export default function NewsletterConfirmedPage() {
  return (
    <ConfirmationPage
      id="confirmed-heading"
      heading={copy.confirmedHeading}
      actions={
        <Link href="/" className="btn-outline">
          {copy.homeLabel}
        </Link>
      }
    >
      <p className="mt-5 text-lg text-ink-soft">{copy.confirmedBody}</p>
    </ConfirmationPage>
  );
}
