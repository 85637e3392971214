import type { Metadata } from 'next';
import { ACCOUNT_COPY } from '@/content/buyers';
import { AccountScreen } from '@/modules/buyers/ui.server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: ACCOUNT_COPY.page.metaTitle, robots: { index: false, follow: false } };

/** /account: the buyer's own page, signed in (docs/decisions/0418); without a session, the sign-in page. */
export default function AccountRoute() {
  return <AccountScreen />;
}
