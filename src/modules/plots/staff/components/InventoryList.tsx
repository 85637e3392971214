import Link from 'next/link';
import type { ReactNode } from 'react';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import type { DistrictChoice } from '@/lib/db/enums';
import { formatNaira } from '../../plot-status';
import type { PlotStanding } from '../../import/plan-import';
import type { InventoryPlot } from '../inventory.repository.server';
import { lagosWhen, StandingChip } from './pieces';

const copy = PLOTS_STAFF_COPY;

/** A district as the staff pages link it (by slug) and show it. */
export interface StaffDistrict {
  slug: string;
  choice: DistrictChoice;
  name: string;
}

export interface InventoryFilters {
  district: DistrictChoice;
  status?: PlotStanding;
  block?: string;
}

const FILTER_STANDINGS: PlotStanding[] = ['available', 'held', 'reserved', 'sold', 'allocated', 'withdrawn'];

/** The district chips (a link each: the page is a plain GET). */
function DistrictChips({ districts, current }: { districts: readonly StaffDistrict[]; current: DistrictChoice }) {
  return (
    <nav aria-label={copy.districtLabel}>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {districts.map((district) => {
          const on = district.choice === current;
          return (
            <li key={district.choice}>
              <Link
                href={`/admin/plots?district=${district.slug}`}
                aria-current={on ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
                  on
                    ? 'border-forest-800 bg-forest-800 text-ivory-50'
                    : 'border-forest-800/20 bg-white text-forest-900 hover:border-forest-800'
                }`}
              >
                {district.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Who holds the plot until when, the buyer's name linking to their lead page when the reader reaches it. */
export function Holder({ plot, now }: { plot: InventoryPlot; now: Date }) {
  const claim = plot.claim;
  if (!claim) return null;
  const lead =
    claim.leadId === null ? (
      copy.erasedBuyer
    ) : claim.leadInScope && claim.leadName ? (
      <Link
        href={`/admin/leads/${claim.leadId}`}
        className="font-medium text-forest-900 underline decoration-forest-800/30 underline-offset-4 hover:decoration-forest-800"
        dir="auto"
      >
        {claim.leadName}
      </Link>
    ) : (
      copy.anotherAgentsBuyer
    );
  const label = claim.stage === 'held' ? copy.heldFor : claim.stage === 'reserved' ? copy.reservedFor : copy.soldTo;
  return (
    <p className="text-sm text-ink-soft">
      {label} {lead}
      {claim.agentLabel && claim.leadInScope ? <span> · {copy.agent(claim.agentLabel)}</span> : null}
      {claim.stage === 'held' && claim.heldUntil ? (
        <span className={claim.heldUntil.getTime() - now.getTime() < 6 * 3_600_000 ? ' font-semibold text-[#7a3418]' : ''}>
          {' '}
          · {copy.until(lagosWhen(claim.heldUntil))}
        </span>
      ) : null}
    </p>
  );
}

/**
 * The Inventory page's body: the district chips, the plan (h3's renderer, given by the page), the counts, the
 * filters (a GET form: works without scripts) and the list, each plot a link to its page (actions and history).
 */
export function InventoryList({
  plots,
  filters,
  districts,
  plan,
  now,
}: {
  plots: InventoryPlot[];
  filters: InventoryFilters;
  districts: readonly StaffDistrict[];
  plan?: ReactNode;
  now: Date;
}) {
  const slug = districts.find((d) => d.choice === filters.district)?.slug ?? '';
  const count = (standing: PlotStanding) => plots.filter((plot) => plot.standing === standing).length;
  const listed = plots.filter((plot) => !plot.withdrawn);
  const blocks = [...new Set(plots.map((plot) => plot.block))];
  const shown = plots.filter(
    (plot) => (!filters.status || plot.standing === filters.status) && (!filters.block || plot.block === filters.block),
  );
  return (
    <div className="space-y-6">
      <DistrictChips districts={districts} current={filters.district} />
      {plots.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-forest-900/20 bg-white p-6 text-ink-soft">{copy.noPlots}</p>
      ) : (
        <>
          <p className="text-sm text-ink-soft" data-testid="plot-counts">
            {copy.counts({
              total: listed.length,
              available: count('available'),
              held: count('held'),
              reserved: count('reserved'),
              sold: count('sold') + count('allocated'),
            })}
          </p>
          {plan}
          <form
            method="get"
            action="/admin/plots"
            className="flex flex-wrap items-end gap-3 rounded-2xl border border-forest-900/10 bg-white p-4"
          >
            <input type="hidden" name="district" value={slug} />
            <fieldset className="contents">
              <legend className="sr-only">{copy.filters.legend}</legend>
              <label className="grid gap-1">
                <span className="field-label">{copy.filters.status}</span>
                <select name="status" defaultValue={filters.status ?? ''} className="field min-h-11 w-40">
                  <option value="">{copy.filters.anyStatus}</option>
                  {FILTER_STANDINGS.map((standing) => (
                    <option key={standing} value={standing}>
                      {copy.standings[standing]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1">
                <span className="field-label">{copy.filters.block}</span>
                <select name="block" defaultValue={filters.block ?? ''} className="field min-h-11 w-32">
                  <option value="">{copy.filters.anyBlock}</option>
                  {blocks.map((block) => (
                    <option key={block} value={block}>
                      {block}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-primary min-h-11 px-5">
                {copy.filters.apply}
              </button>
              {filters.status || filters.block ? (
                <Link
                  href={`/admin/plots?district=${slug}`}
                  className="min-h-11 content-center text-sm font-medium underline underline-offset-4"
                >
                  {copy.filters.clear}
                </Link>
              ) : null}
            </fieldset>
          </form>
          <p className="text-sm text-ink-soft" aria-live="polite">
            {copy.filters.shown(shown.length, plots.length)}
          </p>
          {shown.length === 0 ? (
            <p className="text-ink-soft">{copy.filters.none}</p>
          ) : (
            <ul
              className="divide-y divide-forest-900/10 overflow-hidden rounded-2xl border border-forest-900/10 bg-white"
              data-testid="plot-list"
            >
              {shown.map((plot) => (
                <li key={plot.id} id={`plot-${plot.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
                  <Link
                    href={`/admin/plots/${plot.id}`}
                    className="min-w-24 font-display text-lg text-forest-900 underline decoration-forest-800/20 underline-offset-4 hover:decoration-forest-800"
                  >
                    {copy.plot(plot.label)}
                  </Link>
                  <span className="text-sm text-ink-soft">
                    {copy.block(plot.block)} · {copy.sizeSqm(plot.sizeSqm)}
                    {plot.corner ? ` · ${copy.corner}` : ''}
                  </span>
                  <span className="text-sm font-medium text-forest-900 tabular-nums">{formatNaira(plot.priceKobo)}</span>
                  <span className="ml-auto">
                    <StandingChip standing={plot.standing} />
                  </span>
                  {plot.claim ? (
                    <div className="basis-full">
                      <Holder plot={plot} now={now} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
