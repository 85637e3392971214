import { CheckIcon, ShieldIcon } from '@/components/icons';
import { CHECK_PATH, DOCUMENTS_COPY } from '@/content/documents';
import { formatKobo } from '@/modules/payments';
import type { CheckPageView } from './check.server';
import { shortDay } from './format';

const copy = DOCUMENTS_COPY.check;

/**
 * The public check page (issue 60, item 5): a GET form of a number and its check code (neither is personal data; a QR
 * code on a receipt or letter opens this page with both filled in), and the answer under it. No scripts.
 */
export function CheckCard({ view }: { view: CheckPageView }) {
  const given = view.state === 'form' || view.state === 'too_many' ? { number: '', code: '' } : view;
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36" aria-labelledby="check-heading">
      <p className="eyebrow">{copy.eyebrow}</p>
      <h1 id="check-heading" className="mt-3 text-4xl sm:text-5xl">
        {copy.heading}
      </h1>
      <p className="mt-4 text-lg text-ink-soft">{copy.intro}</p>

      {view.state === 'genuine' ? (
        <div role="status" className="mt-8 rounded-2xl border border-forest-800/20 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex items-center gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
              <CheckIcon className="size-6" />
            </span>
            <div>
              <h2 className="text-2xl sm:text-3xl">{copy.genuine}</h2>
              <p className="text-ink-soft">{copy.genuineBody}</p>
            </div>
          </div>
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
            {(
              [
                [copy.fields.kind, copy.kind[view.document.kind]],
                [copy.fields.number, view.document.number],
                [copy.fields.district, view.document.districtName],
                [copy.fields.plot, view.document.plotLabel],
                [copy.fields.amount, formatKobo(view.document.amountKobo)],
                [copy.fields.date, shortDay(view.document.issuedOn)],
                [copy.fields.buyer, view.document.initials],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-soft">{label}</dt>
                <dd className="font-medium text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      {view.state === 'not_ours' ? (
        <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 sm:p-8">
          <div className="flex items-center gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-900">
              <ShieldIcon className="size-6" />
            </span>
            <h2 className="text-2xl text-red-950 sm:text-3xl">{copy.notOurs}</h2>
          </div>
          <p className="mt-4 text-red-950">{copy.notOursBody}</p>
        </div>
      ) : null}

      {view.state === 'too_many' || view.state === 'invalid' ? (
        <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-900">
          {view.state === 'too_many' ? copy.tooMany : copy.invalid}
        </p>
      ) : null}

      <form
        method="get"
        action={CHECK_PATH}
        className="mt-8 grid gap-5 rounded-2xl border border-forest-900/10 bg-ivory-50 p-6 sm:grid-cols-2 sm:p-8"
      >
        <div>
          <label htmlFor="check-number" className="field-label">
            {copy.number}
          </label>
          <input
            id="check-number"
            name="number"
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={given.number}
            aria-describedby="check-number-hint"
            className="field font-mono"
          />
          <p id="check-number-hint" className="mt-1.5 text-xs text-ink-soft">
            {copy.numberHint}
          </p>
        </div>
        <div>
          <label htmlFor="check-code" className="field-label">
            {copy.code}
          </label>
          <input
            id="check-code"
            name="code"
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            defaultValue={given.code}
            aria-describedby="check-code-hint"
            className="field font-mono"
          />
          <p id="check-code-hint" className="mt-1.5 text-xs text-ink-soft">
            {copy.codeHint}
          </p>
        </div>
        <button type="submit" className="btn-primary sm:col-span-2 sm:justify-self-start">
          {copy.submit}
        </button>
      </form>
    </section>
  );
}
