import { CheckIcon } from '@/components/icons';
import { PAYMENT_COPY } from '@/content/payments';
import { formatKobo } from '../money';
import type { CallbackView } from './callback.server';

const copy = PAYMENT_COPY.callback;

/** What the callback page says: only the state the server established (./callback.server.ts). Plain markup. */
export function CallbackCard({ view, receiptHref }: { view: CallbackView; receiptHref?: string }) {
  const [heading, body, done] =
    view.state === 'credited'
      ? [copy.credited, copy.creditedBody(formatKobo(view.amountKobo)), true]
      : view.state === 'confirmed'
        ? [copy.confirmed, copy.confirmedBody(formatKobo(view.amountKobo)), true]
        : view.state === 'pending'
          ? [copy.pending, copy.pendingBody, false]
          : view.state === 'not_paid'
            ? [copy.notPaid, copy.notPaidBody, false]
            : [copy.unknown, copy.unknownBody, false];
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36" aria-labelledby="payment-heading">
      <p className="eyebrow">{copy.title}</p>
      <div className="mt-3 flex items-center gap-4">
        {done ? (
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
            <CheckIcon className="size-6" />
          </span>
        ) : null}
        <h1 id="payment-heading" className="text-4xl sm:text-5xl">
          {heading}
        </h1>
      </div>
      <p className="mt-4 text-lg text-ink-soft">{body}</p>
      {receiptHref ? (
        <p className="mt-8">
          <a className="btn-primary" href={receiptHref}>
            {copy.receiptLink}
          </a>
        </p>
      ) : null}
    </section>
  );
}
