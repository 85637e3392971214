import type { Metadata } from 'next';
import { ACCOUNT_COPY } from '@/content/buyers';
import { SentPage } from '@/modules/buyers/ui';

export const metadata: Metadata = { title: ACCOUNT_COPY.sent.metaTitle, robots: { index: false, follow: false } };

/** /account/sign-in/sent: "check your e-mail", the same for any address. */
export default function SentRoute() {
  return <SentPage />;
}
