import { nairaToKobo, type PublicPlot } from '../plot-status';

/**
 * The list's filters, read from the page's query string (a plain GET form: sizes, a price and a block are not personal
 * data). Anything unreadable is ignored, never an error.
 */
export interface PlotFilters {
  block?: string;
  minSize?: number;
  maxSize?: number;
  /** Integer kobo. */
  maxPrice?: number;
  onlyAvailable: boolean;
}

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim().slice(0, 40) : undefined);
const whole = (value: string | undefined) => (value && /^\d{1,7}$/.test(value) ? Number(value) : undefined);

export function readPlotFilters(query: Query): PlotFilters {
  return {
    block: one(query.block) || undefined,
    minSize: whole(one(query.min)),
    maxSize: whole(one(query.max)),
    maxPrice: nairaToKobo(one(query.price)),
    onlyAvailable: one(query.available) === '1',
  };
}

export const filterPlots = (plots: PublicPlot[], f: PlotFilters) =>
  plots.filter(
    (plot) =>
      (!f.block || plot.block === f.block) &&
      (f.minSize === undefined || plot.sizeSqm >= f.minSize) &&
      (f.maxSize === undefined || plot.sizeSqm <= f.maxSize) &&
      (f.maxPrice === undefined || plot.priceKobo <= f.maxPrice) &&
      (!f.onlyAvailable || plot.status === 'available'),
  );

export const anyFilter = (f: PlotFilters) =>
  Boolean(f.block || f.minSize !== undefined || f.maxSize !== undefined || f.maxPrice !== undefined || f.onlyAvailable);
