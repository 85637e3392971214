import type { District } from '@/content/districts';
import { INSPECTION_COPY } from '@/content/inspections';
import { PLOTS_COPY } from '@/content/plots';
import { INSPECTION_PATHS } from '@/modules/leads';
import { getEnv } from '@/lib/env.server';
import { PLOT_PATHS } from '../paths';
import { filterPlots, readPlotFilters } from '../plan/filters';
import { PlotFiltersForm, PlotList } from '../plan/PlotList';
import { PlanKey, SitePlan } from '../plan/SitePlan';
import { comparePlotLabels } from '../plot-status';
import { plotsPageData } from './pages.server';

const copy = PLOTS_COPY.page;
type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim() || undefined : undefined);

/**
 * /<district>/plots (docs/decisions/0412), rendered per request so a hold or a sale shows at once: the site plan drawn
 * on the server, the key, the list with its GET filters, and how holding works. With no plots yet it says plainly that
 * plot selection opens soon, and offers the site inspection instead. Nothing on it says who holds or bought a plot.
 */
export async function PlotsPage({ district, searchParams }: { district: District; searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const bookToken = one(params.book);
  const { plots, counts, buyer } = await plotsPageData(district, bookToken);
  const token = buyer ? bookToken : undefined;
  const hours = getEnv().PLOT_HOLD_HOURS;
  const filters = readPlotFilters(params);
  const shown = filterPlots(plots, filters);
  const blocks = [...new Set(plots.map((plot) => plot.block))].sort(comparePlotLabels);
  const hrefOf = (plot: { label: string }) => PLOT_PATHS.plot(district.slug, plot.label, token);

  return (
    <>
      <section className="bg-forest-950 pt-28 pb-14 text-ivory-50 sm:pt-36 sm:pb-20" aria-labelledby="plots-heading">
        <div className="container-page">
          <p className="eyebrow-light">{copy.eyebrow(district.area, district.city)}</p>
          <h1 id="plots-heading" className="mt-3 text-4xl text-ivory-50 sm:text-6xl">
            {copy.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ivory-100/85">{copy.intro(district.name)}</p>
          {plots.length > 0 ? (
            <p className="mt-8 inline-flex flex-wrap items-baseline gap-x-3 rounded-2xl bg-ivory-50/8 px-5 py-4 ring-1 ring-ivory-50/15">
              <span className="font-display text-3xl text-brass-300 sm:text-4xl">{PLOTS_COPY.counts(counts.available, plots.length)}</span>
              <span className="text-sm text-ivory-100/75">{copy.freshness}</span>
            </p>
          ) : null}
        </div>
      </section>

      {plots.length === 0 ? (
        <section className="container-page max-w-3xl py-16 sm:py-24" aria-label={copy.heading}>
          <p className="rounded-3xl bg-ivory-100 p-6 text-lg leading-relaxed text-forest-900 ring-1 ring-forest-900/5 sm:p-8">
            {PLOTS_COPY.openingSoon}
          </p>
          <p className="mt-8">
            <a href={INSPECTION_PATHS.book(district.slug)} className="btn-primary">
              {INSPECTION_COPY.bookAction}
            </a>
          </p>
        </section>
      ) : (
        <>
          <section className="container-page py-12 sm:py-16" aria-labelledby="plan-heading">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2 id="plan-heading" className="text-3xl sm:text-4xl">
                {copy.planHeading}
              </h2>
              <PlanKey counts={counts} />
            </div>
            <figure className="mt-6 overflow-hidden rounded-3xl bg-ivory-100 p-2 shadow-sm ring-1 ring-forest-900/10 sm:p-4">
              <SitePlan plots={plots} districtName={district.name} hrefOf={hrefOf} available={counts.available} />
            </figure>
          </section>

          <section className="bg-ivory-100 py-12 sm:py-16" aria-labelledby="list-heading">
            <div className="container-page grid gap-10 lg:grid-cols-[1fr_22rem]">
              <div className="min-w-0">
                <h2 id="list-heading" className="text-3xl sm:text-4xl">
                  {copy.listHeading}
                </h2>
                <div className="mt-6">
                  <PlotFiltersForm action={PLOT_PATHS.plan(district.slug)} blocks={blocks} filters={filters} bookToken={token} />
                </div>
                <div className="mt-6 rounded-3xl bg-white p-4 ring-1 ring-forest-900/10 sm:p-6">
                  <PlotList plots={shown} total={plots.length} hrefOf={hrefOf} />
                </div>
              </div>
              <aside aria-labelledby="how-heading" className="lg:sticky lg:top-24 lg:self-start">
                <div className="rounded-3xl bg-forest-900 p-6 text-ivory-50 sm:p-8">
                  <h2 id="how-heading" className="text-2xl text-ivory-50">
                    {copy.howHeading}
                  </h2>
                  <ol className="mt-5 space-y-4">
                    {copy.how.map((step, i) => (
                      <li key={i} className="flex gap-4">
                        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brass-400 font-display text-forest-950">
                          {i + 1}
                        </span>
                        <span className="text-ivory-100/90">{step(hours)}</span>
                      </li>
                    ))}
                  </ol>
                  <p className="mt-6 border-t border-ivory-50/15 pt-5 text-sm leading-relaxed text-ivory-100/80">{copy.trust}</p>
                </div>
              </aside>
            </div>
          </section>
        </>
      )}
    </>
  );
}
