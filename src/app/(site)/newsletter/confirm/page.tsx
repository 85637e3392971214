import type { Metadata } from 'next';
import Link from 'next/link';
import { PRIVACY } from '@/content/legal';
import { NEWSLETTER_CONFIRM_COPY as copy } from '@/content/newsletter';
import { NEWSLETTER_PATHS, withToken } from '@/modules/newsletter';
import { confirmPageState } from '@/modules/newsletter/server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: copy.metaTitle, robots: { index: false, follow: false } };

/**
 * GET /newsletter/confirm?token=... (the link in the confirmation e-mail): a button whose POST confirms. Opening
 * the page changes nothing, so a mail scanner that follows links subscribes nobody.
 */
export default async function ConfirmNewsletterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const state = await confirmPageState(typeof token === 'string' ? token : undefined);
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 sm:pt-40" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className="text-4xl sm:text-5xl">
        {copy[state].heading}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">{copy[state].body}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        {state === 'pending' && typeof token === 'string' ? (
          <form method="post" action={withToken(NEWSLETTER_PATHS.confirmApi, token.trim())}>
            <button type="submit" className="btn-primary">
              {copy.confirm}
            </button>
          </form>
        ) : null}
        <Link href="/" className={state === 'pending' ? 'btn-outline' : 'btn-primary'}>
          {copy.homeLabel}
        </Link>
      </div>
      <p className="mt-8 text-sm text-ink-soft">
        {copy.privacyLead}{' '}
        <Link href={PRIVACY.path} className="font-medium text-forest-800 underline underline-offset-4">
          {copy.privacyLink}
        </Link>
      </p>
    </section>
  );
}
