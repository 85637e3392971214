import type { Metadata } from 'next';
import Link from 'next/link';
import { unsubscribeCopy } from '@/content/unsubscribe';
import { getSiteFacts } from '@/content/site';
import { unsubscribeFromLink, type UnsubscribePageOutcome } from '@/features/newsletter/unsubscribe.server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: unsubscribeCopy.metaTitle, robots: { index: false, follow: false } };

/** GET /unsubscribe?token=...: unsubscribes the address behind the token and confirms it. */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const outcome: UnsubscribePageOutcome = await unsubscribeFromLink(typeof token === 'string' ? token : undefined);
  const copy = unsubscribeCopy[outcome];
  const { email } = getSiteFacts();
  return (
    <main className="container-page flex min-h-[70vh] flex-col items-start justify-center gap-6 py-24">
      <p className="eyebrow">{unsubscribeCopy.metaTitle}</p>
      <h1 className="text-4xl sm:text-5xl">{copy.heading}</h1>
      <p className="max-w-xl text-lg text-ink-soft">{copy.body}</p>
      <p className="text-ink-soft">
        {unsubscribeCopy.contactLead}{' '}
        <a className="font-medium text-forest-800 underline underline-offset-4" href={`mailto:${email}`}>
          {email}
        </a>
        .
      </p>
      <Link href="/" className="btn-primary">
        {unsubscribeCopy.homeLabel}
      </Link>
    </main>
  );
}
