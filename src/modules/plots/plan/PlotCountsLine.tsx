import { PLOTS_COPY } from '@/content/plots';
import { PLOT_PATHS } from '../paths';

/**
 * The line on the prerendered district and home pages (docs/decisions/0412): a link to the live plan that is true
 * without scripts, and the live count ("37 of 120 plots available", or "plot selection opens soon") filled in by
 * PLOT_COUNTS_SCRIPT from GET /api/plots/counts (cached 5 s). A page built once cannot hold a count that changes with
 * every sale, so without scripts it shows none rather than a stale one.
 */
export function PlotCountsLine({ slug, tone = 'light' }: { slug: string; tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  return (
    <p data-plot-counts={slug} className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 ${dark ? 'text-ivory-50' : 'text-forest-900'}`}>
      <span data-plot-counts-text className={`font-display text-xl empty:hidden ${dark ? 'text-brass-300' : 'text-forest-900'}`} />
      <a
        href={PLOT_PATHS.plan(slug)}
        className={`text-sm font-semibold underline underline-offset-4 ${dark ? 'text-ivory-50 decoration-brass-300' : 'text-forest-800 decoration-brass-400'}`}
      >
        {PLOTS_COPY.choosePlotAction} →
      </a>
    </p>
  );
}

/**
 * Fills every PlotCountsLine of the page from one small request; the texts come with the counts (copy stays in
 * src/content). Inline, so the page's hash CSP lists it (serving/csp-hashes.mjs); it never throws.
 */
export const PLOT_COUNTS_SCRIPT = `(function(){var e=document.querySelectorAll('[data-plot-counts]');if(!e.length||!window.fetch)return;fetch('${PLOT_PATHS.api.counts}').then(function(r){return r.ok?r.json():null}).then(function(d){if(!d)return;e.forEach(function(p){var c=d.districts[p.getAttribute('data-plot-counts')],t=p.querySelector('[data-plot-counts-text]');if(t)t.textContent=c&&c.total?c.text:d.openingSoon})}).catch(function(){})})()`;

export function PlotCountsScript() {
  return <script dangerouslySetInnerHTML={{ __html: PLOT_COUNTS_SCRIPT }} />;
}
