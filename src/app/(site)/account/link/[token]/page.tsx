import type { Metadata } from 'next';
import { ACCOUNT_COPY } from '@/content/buyers';
import { LinkScreen } from '@/modules/buyers/ui.server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: ACCOUNT_COPY.link.metaTitle,
  robots: { index: false, follow: false },
  // The token is in this page's address: no Referer carries it to another site ('no-referrer' would also blank the
  // Origin of the page's own POST, which the cross-site check then refuses).
  referrer: 'same-origin',
};

/** /account/link/<token>: the e-mail's sign-in link; its button's POST signs in (a GET uses nothing up). */
export default async function LinkRoute({ params }: { params: Promise<{ token: string }> }) {
  return <LinkScreen token={(await params).token} />;
}
