import Link from 'next/link';
import { ACCOUNT_COPY, ACCOUNT_PATHS } from '@/content/buyers';
import { AuthCard, errorSentence, PrivacyLine } from './AuthCard';
import { PasskeySignIn } from './PasskeyButtons';

type Query = Record<string, string | string[] | undefined>;
const copy = ACCOUNT_COPY;

/**
 * /account/sign-in: the e-mail or number they gave us; a link by e-mail, or a code by WhatsApp or SMS. Above it, where
 * the browser has passkeys, signing in with one (docs/decisions/0423).
 */
export function SignInPage({ query }: { query: Query }) {
  const c = copy.signIn;
  return (
    <AuthCard
      eyebrow={c.eyebrow}
      heading={c.heading}
      lead={c.lead}
      error={errorSentence(query.e)}
      footer={<PrivacyLine lead={c.privacy} />}
    >
      <PasskeySignIn />
      <form method="post" action={ACCOUNT_PATHS.api.request} className="space-y-6">
        <div>
          <label htmlFor="contact" className="field-label">
            {c.contactLabel}
          </label>
          <input
            id="contact"
            name="contact"
            type="text"
            required
            maxLength={300}
            autoComplete="username"
            spellCheck={false}
            aria-describedby="contact-hint"
            className="field"
          />
          <p id="contact-hint" className="mt-2 text-sm text-ink-soft">
            {c.contactHint}
          </p>
        </div>
        <fieldset>
          <legend className="field-label">{c.viaLegend}</legend>
          <div className="flex gap-3">
            {(['whatsapp', 'sms'] as const).map((via) => (
              <label
                key={via}
                className="flex min-h-12 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-forest-900/20 px-4 has-checked:border-forest-700 has-checked:bg-forest-100/60"
              >
                <input type="radio" name="via" value={via} defaultChecked={via === 'whatsapp'} className="size-4 accent-forest-800" />
                <span className="font-medium text-forest-900">{c.via[via]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary w-full">
          {c.submit}
        </button>
        <p className="text-center text-sm text-ink-soft">{c.whyNoPassword}</p>
      </form>
    </AuthCard>
  );
}

/** /account/sign-in/sent: the same words whether or not the address is known. */
export function SentPage() {
  const c = copy.sent;
  return (
    <AuthCard eyebrow={copy.signIn.eyebrow} heading={c.heading} lead={c.body}>
      <p className="text-ink-soft">{c.spam}</p>
      <Link href={ACCOUNT_PATHS.signIn} className="btn-outline mt-6 w-full">
        {c.again}
      </Link>
    </AuthCard>
  );
}

/** /account/sign-in/code?r=<the request's token>: the 6-digit code. */
export function CodePage({ query }: { query: Query }) {
  const c = copy.code;
  const request = typeof query.r === 'string' ? query.r : '';
  return (
    <AuthCard eyebrow={copy.signIn.eyebrow} heading={c.heading} lead={c.body} error={errorSentence(query.e)}>
      <form method="post" action={ACCOUNT_PATHS.api.code} className="space-y-6">
        <input type="hidden" name="request" value={request} />
        <div>
          <label htmlFor="code" className="field-label">
            {c.label}
          </label>
          <input
            id="code"
            name="code"
            type="text"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\s*(\d\s*){6}"
            maxLength={12}
            className="field text-center font-display text-3xl tracking-[0.5em]"
          />
        </div>
        <button type="submit" className="btn-primary w-full">
          {c.submit}
        </button>
      </form>
      <Link href={ACCOUNT_PATHS.signIn} className="btn-outline mt-4 w-full">
        {c.again}
      </Link>
    </AuthCard>
  );
}

/** /account/link/<token>: the e-mail's link; a button whose POST signs in (opening the page uses nothing up). */
export function LinkPage({ token, live }: { token: string; live: boolean }) {
  const c = copy.link;
  if (!live)
    return (
      <AuthCard eyebrow={copy.signIn.eyebrow} heading={c.spent} lead={copy.sent.spam}>
        <Link href={ACCOUNT_PATHS.signIn} className="btn-primary w-full">
          {c.again}
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard eyebrow={copy.signIn.eyebrow} heading={c.heading} lead={c.body}>
      <form method="post" action={ACCOUNT_PATHS.api.link}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn-primary w-full">
          {c.submit}
        </button>
      </form>
    </AuthCard>
  );
}
