import { PLOTS_COPY } from '@/content/plots';
import type { PublicPlotStatus } from '../plot-status';
import type { DrawnPlot } from './layout';

/**
 * How the site plan draws each status, shared by the page's plan (SitePlan.tsx) and the live plan image
 * (plan-svg.ts), so both say the same thing: a fill AND a pattern or mark, never colour alone (WCAG 1.4.1). Available
 * plots are light and plain; held ones brass with diagonal hatching and "H"; reserved ones pale green with dots and
 * "R"; sold ones dark and solid with "S". The same styles make the key.
 */
export const STATUS_STYLE: Record<PublicPlotStatus, { fill: string; text: string; stroke: string }> = {
  available: { fill: '#fbf9f4', text: '#12302a', stroke: '#225446' },
  held: { fill: 'url(#plot-held)', text: '#0b211a', stroke: '#7c5f2f' },
  reserved: { fill: 'url(#plot-reserved)', text: '#0b211a', stroke: '#225446' },
  sold: { fill: '#12302a', text: '#fbf9f4', stroke: '#0b211a' },
};

/** The plan's ground and its block names. */
export const PLAN_GROUND = { fill: '#f5f0e6', blockText: '#7c5f2f' } as const;

/** The patterns behind `url(#plot-held)` and `url(#plot-reserved)`, as data both drawings render. */
export const PLAN_PATTERNS = {
  held: { id: 'plot-held', size: 8, ground: '#dcc393', hatch: { colour: '#7c5f2f', width: 3 } },
  reserved: { id: 'plot-reserved', size: 7, ground: '#dfe9e3', dot: { colour: '#225446', r: 1.6 } },
} as const;

/**
 * Where a plot's number and status letter go and how big: the number fills the plot's width without spilling, the
 * letter sits under it (a plain number, centred, for an available plot).
 */
export function plotText({ plot, cy, w, h }: Pick<DrawnPlot, 'plot' | 'cy' | 'w' | 'h'>) {
  const size = Math.round(Math.max(7, Math.min(13, w / Math.max(3, plot.label.length) / 0.62, h / 3)));
  const mark = PLOTS_COPY.statusMarks[plot.status];
  return {
    size,
    mark,
    labelY: Math.round(mark ? cy - size * 0.15 : cy + size * 0.35),
    markY: Math.round(cy + size * 1.05),
  };
}
