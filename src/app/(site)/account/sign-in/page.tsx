import type { Metadata } from 'next';
import { ACCOUNT_COPY } from '@/content/buyers';
import { SignInPage } from '@/modules/buyers/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: ACCOUNT_COPY.signIn.metaTitle, robots: { index: false, follow: false } };

/** /account/sign-in[?e=<refusal>]: the buyer's sign-in without a password. */
export default async function SignInRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <SignInPage query={await searchParams} />;
}
