import { PAYMENT_COPY, PAYMENT_PLAN_MONTHS, DEFAULT_PLAN_MONTHS } from '@/content/payments';
import { formatKobo } from '../money';
import type { PayPageView } from './pay-page.server';

const copy = PAYMENT_COPY.pay;
const own = PAYMENT_COPY.ownAccount;
const PAY_FORM = 'pay-form';

/**
 * The buyer's payment page (issue 59, item 5): plain markup and one plain form (POST, then 303), so it works without
 * scripts on a slow phone. With no Paystack settings only the bank transfer is offered.
 */
export function PayPage({ view, failed, accountFailed }: { view: PayPageView; failed?: boolean; accountFailed?: string }) {
  if (view.state !== 'open')
    return (
      <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36">
        <h1 className="text-4xl sm:text-5xl">{copy.title}</h1>
        <p className="mt-4 text-lg text-ink-soft">{view.state === 'ended' ? copy.ended : copy.badLink}</p>
      </section>
    );
  const facts: [string, string][] = [
    [copy.price, formatKobo(view.priceKobo)],
    [copy.deposit, formatKobo(view.depositKobo)],
    ...(view.paidKobo ? ([[copy.paidSoFar, formatKobo(view.paidKobo)]] as [string, string][]) : []),
    [copy.dueNow, formatKobo(view.dueNowKobo)],
  ];
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36" aria-labelledby="pay-heading">
      <p className="eyebrow">{copy.eyebrow}</p>
      <h1 id="pay-heading" className="mt-3 text-4xl sm:text-5xl">
        {view.plotLabel}
      </h1>
      <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-2xl border border-forest-900/10 bg-white p-6 text-base shadow-sm sm:p-8">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {failed ? (
        <p role="alert" className="mt-6 rounded-xl bg-brass-300/30 p-4 text-ink">
          {copy.refused}
        </p>
      ) : null}
      {view.dueNowKobo === 0 ? (
        <p className="mt-8 text-lg text-ink-soft">{copy.paidInFull}</p>
      ) : view.paystack ? (
        <form id={PAY_FORM} method="post" action="/api/payments/checkout" className="mt-8 grid gap-6">
          <input type="hidden" name="t" value={view.token} />
          {view.months ? null : (
            <fieldset className="grid gap-3">
              <legend className="field-label">{PAYMENT_COPY.planLabel}</legend>
              <div className="flex flex-wrap gap-3">
                {PAYMENT_PLAN_MONTHS.map((months) => (
                  <label key={months} className="flex items-center gap-2 rounded-xl border border-forest-900/20 bg-white px-4 py-3">
                    <input type="radio" name="months" value={months} defaultChecked={months === DEFAULT_PLAN_MONTHS} />
                    {PAYMENT_COPY.planOption(months)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div>
            <button type="submit" className="btn-primary w-full sm:w-auto">
              {view.paidKobo < view.depositKobo ? PAYMENT_COPY.payDeposit : PAYMENT_COPY.payNext} · {formatKobo(view.dueNowKobo)}
            </button>
            <p className="mt-3 text-sm text-ink-soft">{PAYMENT_COPY.payByCard}</p>
          </div>
        </form>
      ) : null}
      {view.dueNowKobo > 0 && view.dedicated ? <OwnAccount account={view.dedicated} /> : null}
      {view.dueNowKobo > 0 && view.ownAccountOffered ? (
        <div id="own-account" className="mt-10 scroll-mt-28 rounded-2xl border border-forest-900/10 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-2xl">{own.heading}</h2>
          <p className="mt-3 text-ink-soft">{own.offer}</p>
          {accountFailed ? (
            <p role="alert" className="mt-4 rounded-xl bg-brass-300/30 p-4 text-ink">
              {own.failed[accountFailed] ?? own.failed.unavailable}
            </p>
          ) : null}
          {/* The pay form's own fields (the link, the months) go with it, to the account's handler. */}
          <button type="submit" form={PAY_FORM} formAction="/api/payments/account" className="btn-outline mt-6 w-full sm:w-auto">
            {own.button}
          </button>
        </div>
      ) : null}
      {view.dueNowKobo > 0 && !view.dedicated ? (
        <div className="mt-10 rounded-2xl bg-ivory-100 p-6 sm:p-8">
          <h2 className="text-2xl">{PAYMENT_COPY.transferHeading}</h2>
          <p className="mt-3 text-ink">{PAYMENT_COPY.transferInstead(view.transfer.reference)}</p>
          {view.transfer.account ? <p className="mt-3 text-lg font-medium text-ink">{view.transfer.account}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** The buyer's own account number: what to type into a bank app, large and plain. */
function OwnAccount({ account }: { account: { accountNumber: string; accountName: string; bankName: string } }) {
  const rows: [string, string][] = [
    [own.bank, account.bankName],
    [own.number, account.accountNumber],
    [own.name, account.accountName],
  ];
  return (
    <div id="own-account" className="mt-10 scroll-mt-28 rounded-2xl bg-forest-900 p-6 text-ivory-50 sm:p-8">
      <h2 className="text-2xl text-ivory-50">{own.heading}</h2>
      <dl className="mt-6 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-x-12">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ivory-100/80">{label}</dt>
            <dd className={label === own.number ? 'mt-1 text-3xl font-semibold tracking-wider tabular-nums' : 'mt-1 text-lg font-medium'}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-ivory-100/90">{own.howTo}</p>
    </div>
  );
}

/** Our own page between the form and Paystack: a refresh and a link take the browser on (no script needed). */
export function ContinueToPaystack({ checkout }: { checkout?: { authorizationUrl: string; amountKobo: number } }) {
  if (!checkout)
    return (
      <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36">
        <h1 className="text-4xl sm:text-5xl">{copy.title}</h1>
        <p className="mt-4 text-lg text-ink-soft">{PAYMENT_COPY.callback.unknownBody}</p>
      </section>
    );
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36">
      <meta httpEquiv="refresh" content={`0;url=${checkout.authorizationUrl}`} />
      <h1 className="text-4xl sm:text-5xl">{copy.continueHeading}</h1>
      <p className="mt-4 text-lg text-ink-soft">{copy.continueBody(formatKobo(checkout.amountKobo))}</p>
      <p className="mt-8">
        <a className="btn-primary" href={checkout.authorizationUrl} rel="noreferrer">
          {copy.continueLink}
        </a>
      </p>
    </section>
  );
}
