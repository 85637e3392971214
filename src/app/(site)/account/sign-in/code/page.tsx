import type { Metadata } from 'next';
import { ACCOUNT_COPY } from '@/content/buyers';
import { CodePage } from '@/modules/buyers/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: ACCOUNT_COPY.code.metaTitle, robots: { index: false, follow: false } };

/** /account/sign-in/code?r=<the request's token>[&e=<refusal>]: the code sent by WhatsApp or SMS. */
export default async function CodeRoute({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <CodePage query={await searchParams} />;
}
