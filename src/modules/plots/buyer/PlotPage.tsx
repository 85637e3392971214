import Link from 'next/link';
import { headers } from 'next/headers';
import type { District } from '@/content/districts';
import { bookingForName, INSPECTION_COPY } from '@/content/inspections';
import { INTEREST_COPY } from '@/content/interest';
import { PLOTS_COPY } from '@/content/plots';
import { FORM_FLASH_HEADER } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { leadFieldValues } from '@/modules/leads';
import { LeadFields } from '@/modules/leads/ui';
import { PLOT_PATHS } from '../paths';
import { formatNaira } from '../plot-status';
import { plotPageData } from './pages.server';

const copy = PLOTS_COPY.plot;
type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim() || undefined : undefined);

/**
 * /<district>/plots/<number>: one plot, its facts and status, and while it is free the form that holds it (a plain POST):
 * "Holding for Mrs A. Okafor" with a signed `book` link, else the interest form's own fields. A refused form comes back
 * here with what was typed and why ("this plot was just taken").
 */
export async function PlotPage({
  district,
  label,
  searchParams,
}: {
  district: District;
  label: string;
  searchParams: Promise<SearchParams>;
}) {
  const params = await searchParams;
  const bookToken = one(params.book);
  const flashToken = (await headers()).get(FORM_FLASH_HEADER);
  const [{ plot, buyer, linkProblem }, flash] = await Promise.all([
    plotPageData(district, label, bookToken),
    flashToken ? getDatabase().then(({ db }) => openFormFlash(db, flashToken)) : undefined,
  ]);
  const token = buyer ? bookToken : undefined;
  const hours = getEnv().PLOT_HOLD_HOURS;
  const typed = flash?.values ?? {};
  const back = PLOT_PATHS.plan(district.slug, token);

  if (!plot) {
    return (
      <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36">
        <p className="eyebrow">{PLOTS_COPY.page.eyebrow(district.area, district.city)}</p>
        <h1 className="mt-3 text-4xl sm:text-5xl">{copy.heading(label)}</h1>
        <p className="mt-6 text-lg text-ink-soft">{PLOTS_COPY.refusals.no_plot}</p>
        <a href={back} className="btn-outline mt-8">
          {copy.back}
        </a>
      </section>
    );
  }

  return (
    <section className="container-page max-w-4xl pt-28 pb-24 sm:pt-36" aria-labelledby="plot-heading">
      <a href={back} className="text-sm font-medium text-forest-800 underline underline-offset-4">
        ← {copy.back}
      </a>
      <p className="eyebrow mt-6">{PLOTS_COPY.page.eyebrow(district.area, district.city)}</p>
      <h1 id="plot-heading" className="mt-3 text-4xl sm:text-6xl">
        {copy.heading(plot.label)}
      </h1>
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          { term: PLOTS_COPY.page.columns.block, value: plot.block },
          { term: PLOTS_COPY.page.columns.size, value: PLOTS_COPY.page.sizeSqm(plot.sizeSqm) },
          { term: PLOTS_COPY.page.columns.price, value: formatNaira(plot.priceKobo) },
          { term: PLOTS_COPY.page.columns.status, value: PLOTS_COPY.statuses[plot.status] },
        ].map(({ term, value }) => (
          <div key={term} className="rounded-2xl bg-ivory-100 px-4 py-3 ring-1 ring-forest-900/5">
            <dt className="text-xs uppercase tracking-wider text-ink-soft">{term}</dt>
            <dd className="mt-1 font-display text-xl text-forest-900 sm:text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
      {plot.corner ? <p className="mt-3 text-sm font-medium text-brass-700">{PLOTS_COPY.page.corner}</p> : null}

      {plot.status !== 'available' ? (
        <div className="mt-10 rounded-3xl bg-forest-900 p-6 text-ivory-50 sm:p-8" role={flash?.error ? 'alert' : undefined}>
          <p className="font-display text-2xl">{flash?.error ?? copy.notAvailable[plot.status]}</p>
          <a href={back} className="btn-brass mt-6">
            {copy.back}
          </a>
        </div>
      ) : (
        <form
          id="hold"
          method="post"
          action={buyer ? PLOT_PATHS.api.holdByLink : PLOT_PATHS.api.hold}
          className="mt-10 rounded-3xl border border-forest-900/10 bg-ivory-50 p-5 shadow-sm sm:p-8"
          aria-labelledby="hold-heading"
        >
          <h2 id="hold-heading" className="text-2xl sm:text-3xl">
            {copy.formHeading}
          </h2>
          <p className="mt-2 text-ink-soft">{copy.formIntro(hours)}</p>
          {flash?.error ? (
            <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
              {flash.error}
            </div>
          ) : null}
          {linkProblem ? (
            <div role="alert" className="mt-6 rounded-xl border border-brass-400/60 bg-brass-300/20 px-4 py-3 text-sm text-ink">
              {INSPECTION_COPY.book.linkProblemHeading}
            </div>
          ) : null}
          <input type="hidden" name="plot" value={plot.id} />
          <input type="hidden" name="label" value={plot.label} />
          <input type="hidden" name="page" value={district.slug} />
          {buyer ? (
            <div className="mt-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 rounded-2xl bg-forest-900 px-5 py-4 text-ivory-50">
              <p className="font-display text-xl">{copy.knownBuyer(bookingForName(buyer.title, buyer.fullName))}</p>
              <a href={PLOT_PATHS.plot(district.slug, plot.label)} className="text-sm text-ivory-100/85 underline underline-offset-4">
                {copy.notYou}
              </a>
              <input type="hidden" name="book" value={token} />
            </div>
          ) : (
            <div className="mt-6 grid grid-cols-4 gap-4">
              <LeadFields
                idPrefix="hold"
                values={leadFieldValues(typed, [district.choice])}
                districts={[district.choice]}
                given={['district']}
                wide
              />
            </div>
          )}
          <div className="mt-8">
            <button type="submit" className="btn-primary w-full sm:w-auto sm:min-w-64">
              {copy.submit}
            </button>
            {!buyer ? (
              <p className="mt-3 text-xs text-ink-soft">
                {INSPECTION_COPY.book.privacyNote}{' '}
                <Link href="/privacy" className="underline underline-offset-2 hover:text-forest-900">
                  {INTEREST_COPY.privacyLink}
                </Link>
              </p>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
