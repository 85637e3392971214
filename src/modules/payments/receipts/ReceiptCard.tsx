import { CheckIcon } from '@/components/icons';
import { ACCOUNT_PATHS } from '@/content/buyers';
import { PAYMENT_COPY } from '@/content/payments';
import { formatKobo } from '../money';
import { longDay } from './render';
import type { ReceiptPageView } from './receipt-page.server';

const copy = PAYMENT_COPY.receipt;

/** The public receipt (issue 59, item 4): what it covers, the buyer's initials only, and its QR code. Plain markup. */
export function ReceiptCard({ view }: { view: ReceiptPageView }) {
  const rows: [string, string][] = [
    [copy.number, view.number],
    [copy.issued, longDay(view.issuedOn)],
    [copy.paidBy, view.initials],
    [copy.plot, view.plotLabel],
    [copy.amount, formatKobo(view.amountKobo)],
    [copy.method, copy.methods[view.source] ?? view.source],
    [copy.paidSoFar, formatKobo(view.paidSoFarKobo)],
    [copy.left, formatKobo(view.leftKobo)],
    // An instalment already past its day is said as overdue, never shown as a "next" date before the receipt's own.
    ...(view.overdue
      ? [[copy.overdue, copy.overdueSince(formatKobo(view.overdue.amountKobo), longDay(view.overdue.since))] as [string, string]]
      : []),
    [
      copy.nextDue,
      view.nextDue
        ? `${formatKobo(view.nextDue.amountKobo)}, ${longDay(view.nextDue.dueOn)}`
        : view.leftKobo > 0
          ? copy.nothingMoreDue
          : copy.nothingDue,
    ],
  ];
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36" aria-labelledby="receipt-heading">
      <p className="eyebrow">{view.number}</p>
      <div className="mt-3 flex items-center gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
          <CheckIcon className="size-6" />
        </span>
        <h1 id="receipt-heading" className="text-4xl sm:text-5xl">
          {copy.heading}
        </h1>
      </div>
      <p className="mt-4 text-lg text-ink-soft">{copy.genuine}</p>
      <div className="mt-8 grid gap-8 rounded-2xl border border-forest-900/10 bg-white shadow-sm p-6 sm:grid-cols-[1fr_auto] sm:p-8">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-base">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ink-soft">{label}</dt>
              <dd className="font-medium text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made per request, nothing for the image optimiser */}
        <img
          src={view.qrDataUrl}
          alt={`QR code of receipt ${view.number}`}
          width={160}
          height={160}
          className="mx-auto self-start rounded-lg"
        />
      </div>
      <a href={ACCOUNT_PATHS.signIn} className="mt-6 inline-block text-sm font-medium text-forest-800 underline underline-offset-4">
        {copy.yourPage}
      </a>
    </section>
  );
}

/** No receipt matches what was asked: one sentence, no hint of which part was wrong. */
export function ReceiptNotFound() {
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36">
      <h1 className="text-4xl sm:text-5xl">{copy.heading}</h1>
      <p className="mt-4 text-lg text-ink-soft">{copy.notFound}</p>
    </section>
  );
}
