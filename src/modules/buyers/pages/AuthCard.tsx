import Link from 'next/link';
import { ACCOUNT_ERRORS } from '@/content/buyers';
import { PRIVACY } from '@/content/legal';

/** A refusal's sentence from the page's `e` (a known word only: anything else shows nothing). */
export function errorSentence(e: unknown): string | undefined {
  if (e === 'tooMany') return ACCOUNT_ERRORS.tooMany(15);
  return typeof e === 'string' && e in ACCOUNT_ERRORS && e !== 'tooMany'
    ? ACCOUNT_ERRORS[e as Exclude<keyof typeof ACCOUNT_ERRORS, 'tooMany'>]
    : undefined;
}

/**
 * The sign-in pages' one frame: a deep-green head with the brand's brass eyebrow, the step's heading and lead, then
 * its form on ivory. Plain markup: every step is a form that works without scripts.
 */
export function AuthCard({
  eyebrow,
  heading,
  lead,
  error,
  children,
  footer,
}: {
  eyebrow: string;
  heading: string;
  lead: string;
  error?: string;
  children?: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <section className="container-page max-w-xl pt-28 pb-24 sm:pt-36" aria-labelledby="auth-heading">
      <div className="overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-forest-900/10">
        <div className="bg-forest-950 p-6 text-ivory-50 sm:p-10">
          <p className="eyebrow-light">{eyebrow}</p>
          <h1 id="auth-heading" className="mt-3 text-4xl text-ivory-50 sm:text-5xl">
            {heading}
          </h1>
          <p className="mt-4 text-ivory-100/85">{lead}</p>
        </div>
        <div className="p-6 sm:p-10">
          {error ? (
            <p role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {error}
            </p>
          ) : null}
          {children}
        </div>
      </div>
      {footer ? <div className="mt-6 text-sm text-ink-soft">{footer}</div> : null}
    </section>
  );
}

export function PrivacyLine({ lead }: { lead: string }) {
  return (
    <p>
      {lead}{' '}
      <Link href={PRIVACY.path} className="font-medium text-forest-800 underline underline-offset-4">
        {PRIVACY.title}
      </Link>
      .
    </p>
  );
}
