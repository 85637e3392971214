import { PLOTS_COPY } from '@/content/plots';
import { PLOT_PATHS } from '../paths';
import { PLAN_IMAGE } from './plan-svg';
import { PlotCountsLine } from './PlotCountsLine';
import { PlanKey } from './SitePlan';

const copy = PLOTS_COPY.planImage;

/**
 * The live site plan on the prerendered district page (docs/decisions/0412): the plan as an image drawn per request
 * (cached 5 s), so a visitor sees what is free now without scripts, linked to the plan page where plots are chosen;
 * the key beside it and the counts line (filled by script). With no plots the image itself says selection opens soon.
 */
export function LivePlan({ slug, districtName }: { slug: string; districtName: string }) {
  const href = PLOT_PATHS.plan(slug);
  return (
    <section
      aria-labelledby={`live-plan-${slug}`}
      className="mt-14 grid items-center gap-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-forest-900/10 sm:p-8 lg:grid-cols-5 lg:gap-12 lg:p-10"
    >
      <div className="lg:col-span-2">
        <p className="eyebrow">{copy.heading}</p>
        <h3 id={`live-plan-${slug}`} className="mt-3 font-display text-3xl leading-tight text-forest-900 sm:text-4xl">
          {PLOTS_COPY.choosePlotAction}
        </h3>
        <p className="mt-4 text-base leading-relaxed text-ink-soft">{copy.intro}</p>
        <div className="mt-6 rounded-2xl bg-ivory-100 px-5 py-4 ring-1 ring-forest-900/5">
          <PlotCountsLine slug={slug} />
        </div>
        <PlanKey withPatterns className="mt-6 grid grid-cols-2 gap-x-4 gap-y-3 text-sm text-ink-soft" />
      </div>
      <a
        href={href}
        className="group block overflow-hidden rounded-2xl ring-1 ring-forest-900/10 transition-shadow hover:shadow-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-brass-400 lg:col-span-3"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a live SVG drawn per request: nothing to optimise */}
        <img
          src={PLOT_PATHS.api.planImage(slug)}
          alt={copy.alt(districtName)}
          width={PLAN_IMAGE.width}
          height={PLAN_IMAGE.height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full bg-[#f5f0e6]"
        />
        <span className="flex items-center justify-between gap-3 bg-forest-950 px-5 py-3.5 text-sm font-semibold text-ivory-50">
          {copy.openAction}
          <span aria-hidden="true" className="text-brass-300 transition-transform group-hover:translate-x-1">
            →
          </span>
        </span>
      </a>
    </section>
  );
}
