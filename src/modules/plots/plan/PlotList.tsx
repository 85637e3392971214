import { PLOTS_COPY } from '@/content/plots';
import { formatNaira, type PublicPlot } from '../plot-status';
import { anyFilter, type PlotFilters } from './filters';

const copy = PLOTS_COPY.page;

/** How a status reads in the list: its name, with a mark like the plan's (never colour alone). */
const STATUS_PILL: Record<PublicPlot['status'], string> = {
  available: 'bg-forest-100 text-forest-900 ring-1 ring-inset ring-forest-700/30',
  held: 'bg-brass-300 text-forest-950 ring-1 ring-inset ring-brass-700/50',
  reserved: 'bg-ivory-200 text-forest-950 ring-1 ring-inset ring-forest-700/40',
  sold: 'bg-forest-900 text-ivory-50',
};

/**
 * The filter form: a plain GET to this page (works without scripts; a screen reader and a phone use it as a sighted
 * desktop visitor does). Sizes and a price are not personal data, so they may sit in the address.
 */
export function PlotFiltersForm({
  action,
  blocks,
  filters,
  bookToken,
}: {
  action: string;
  blocks: string[];
  filters: PlotFilters;
  bookToken?: string;
}) {
  const f = copy.filters;
  return (
    <form method="get" action={action} className="rounded-3xl border border-forest-900/10 bg-ivory-50 p-5 sm:p-6">
      <fieldset>
        <legend className="font-display text-lg text-forest-900">{f.legend}</legend>
        <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="plot-block" className="field-label">
              {f.block}
            </label>
            <select id="plot-block" name="block" defaultValue={filters.block ?? ''} className="field">
              <option value="">{f.anyBlock}</option>
              {blocks.map((block) => (
                <option key={block} value={block}>
                  {copy.block(block)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="plot-min" className="field-label">
              {f.minSize}
            </label>
            <input id="plot-min" name="min" inputMode="numeric" pattern="[0-9]*" defaultValue={filters.minSize ?? ''} className="field" />
          </div>
          <div>
            <label htmlFor="plot-max" className="field-label">
              {f.maxSize}
            </label>
            <input id="plot-max" name="max" inputMode="numeric" pattern="[0-9]*" defaultValue={filters.maxSize ?? ''} className="field" />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="plot-price" className="field-label">
              {f.maxPrice}
            </label>
            <input
              id="plot-price"
              name="price"
              inputMode="decimal"
              placeholder="25,000,000"
              defaultValue={filters.maxPrice !== undefined ? String(filters.maxPrice / 100) : ''}
              className="field"
            />
          </div>
        </div>
        <label className="mt-4 flex items-center gap-3 text-sm text-forest-900">
          <input type="checkbox" name="available" value="1" defaultChecked={filters.onlyAvailable} className="size-5 accent-forest-800" />
          {f.onlyAvailable}
        </label>
        {bookToken ? <input type="hidden" name="book" value={bookToken} /> : null}
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary">
            {f.apply}
          </button>
          {anyFilter(filters) ? (
            <a
              href={action + (bookToken ? `?book=${encodeURIComponent(bookToken)}` : '')}
              className="text-sm font-medium text-forest-800 underline underline-offset-4"
            >
              {f.clear}
            </a>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

/** The list beside the plan: every plot that matches, its number a link to its page; on a phone, rows stack as cards. */
export function PlotList({ plots, total, hrefOf }: { plots: PublicPlot[]; total: number; hrefOf: (plot: PublicPlot) => string }) {
  const c = copy.columns;
  return (
    <div>
      <p className="text-sm text-ink-soft" role="status">
        {copy.filters.shown(plots.length, total)}
      </p>
      {plots.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-ivory-100 p-5 text-forest-900">{copy.filters.none}</p>
      ) : (
        <table className="mt-3 w-full border-separate border-spacing-0 text-left text-sm">
          <caption className="sr-only">{copy.listHeading}</caption>
          <thead className="max-sm:sr-only">
            <tr className="text-xs uppercase tracking-wider text-ink-soft">
              <th scope="col" className="border-b border-forest-900/10 py-2 pr-3 font-semibold">
                {c.plot}
              </th>
              <th scope="col" className="border-b border-forest-900/10 py-2 pr-3 font-semibold">
                {c.block}
              </th>
              <th scope="col" className="border-b border-forest-900/10 py-2 pr-3 text-right font-semibold">
                {c.size}
              </th>
              <th scope="col" className="border-b border-forest-900/10 py-2 pr-3 text-right font-semibold">
                {c.price}
              </th>
              <th scope="col" className="border-b border-forest-900/10 py-2 font-semibold">
                {c.status}
              </th>
            </tr>
          </thead>
          <tbody>
            {plots.map((plot) => (
              <tr
                key={plot.id}
                className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:border-b max-sm:border-forest-900/10 max-sm:py-3"
              >
                <th scope="row" className="py-3 pr-3 font-semibold sm:border-b sm:border-forest-900/10 max-sm:py-0">
                  <a
                    href={hrefOf(plot)}
                    className="font-display text-base text-forest-900 underline decoration-brass-400 underline-offset-4 hover:decoration-forest-800"
                  >
                    {copy.view(plot.label)}
                  </a>
                  {plot.corner ? <span className="ml-2 text-xs font-normal text-brass-700">{copy.corner}</span> : null}
                </th>
                <td className="py-3 pr-3 text-ink-soft sm:border-b sm:border-forest-900/10 max-sm:col-start-1 max-sm:py-0">
                  <span className="sm:hidden">{c.block}: </span>
                  {plot.block}
                </td>
                <td className="py-3 pr-3 text-right tabular-nums sm:border-b sm:border-forest-900/10 max-sm:col-start-1 max-sm:py-0 max-sm:text-left">
                  {copy.sizeSqm(plot.sizeSqm)}
                </td>
                <td className="py-3 pr-3 text-right font-medium tabular-nums text-forest-900 sm:border-b sm:border-forest-900/10 max-sm:col-start-1 max-sm:py-0 max-sm:text-left">
                  {formatNaira(plot.priceKobo)}
                </td>
                <td className="py-3 sm:border-b sm:border-forest-900/10 max-sm:col-start-2 max-sm:row-start-1 max-sm:py-0">
                  <span
                    className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_PILL[plot.status]}`}
                  >
                    {PLOTS_COPY.statusMarks[plot.status] ? <span aria-hidden="true">{PLOTS_COPY.statusMarks[plot.status]} ·</span> : null}
                    {PLOTS_COPY.statuses[plot.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
