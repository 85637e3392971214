import type { Metadata } from 'next';
import Link from 'next/link';
import { unsubscribeCopy } from '@/content/unsubscribe';
import { getSiteFacts } from '@/lib/site-facts.server';
import { NEWSLETTER_PATHS, withToken } from '@/modules/newsletter';
import { unsubscribePageState } from '@/modules/newsletter/server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: unsubscribeCopy.metaTitle, robots: { index: false, follow: false } };

/**
 * GET /unsubscribe?token=...: shows the subscription's state and, while subscribed, a button whose POST
 * unsubscribes (a link scanner opening the page changes nothing).
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const state = await unsubscribePageState(typeof token === 'string' ? token : undefined);
  const copy = unsubscribeCopy[state];
  const { email } = getSiteFacts();
  return (
    <main className="container-page flex min-h-[70vh] flex-col items-start justify-center gap-6 py-24">
      <p className="eyebrow">{unsubscribeCopy.metaTitle}</p>
      <h1 className="text-4xl sm:text-5xl">{copy.heading}</h1>
      <p className="max-w-xl text-lg text-ink-soft">{copy.body}</p>
      {state === 'subscribed' && typeof token === 'string' ? (
        <form method="post" action={withToken(NEWSLETTER_PATHS.unsubscribeApi, token.trim())}>
          <button type="submit" className="btn-primary">
            {unsubscribeCopy.unsubscribe}
          </button>
        </form>
      ) : null}
      <p className="text-ink-soft">
        {unsubscribeCopy.contactLead}{' '}
        <a className="font-medium text-forest-800 underline underline-offset-4" href={`mailto:${email}`}>
          {email}
        </a>
        .
      </p>
      <Link href="/" className={state === 'subscribed' ? 'btn-outline' : 'btn-primary'}>
        {unsubscribeCopy.homeLabel}
      </Link>
    </main>
  );
}
