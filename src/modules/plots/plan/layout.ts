import type { PlotPoint } from '@/lib/db/schema';
import type { PublicPlot } from '../plot-status';

/**
 * Where each plot is drawn on the site plan (docs/decisions/0412): the surveyor's outline when every plot of the
 * district has one (scaled into the plan's box), else a clean grid, one row of blocks under another, plots in number
 * order. Pure: the same plots always give the same drawing.
 */

export interface DrawnPlot {
  plot: PublicPlot;
  /** The outline as an SVG `points` list, in the plan's coordinates. */
  points: string;
  /** Where its number goes. */
  cx: number;
  cy: number;
  /** Its size on the plan, to size its number. */
  w: number;
  h: number;
}

export interface DrawnBlock {
  block: string;
  x: number;
  y: number;
}

export interface DrawnPlan {
  width: number;
  height: number;
  plots: DrawnPlot[];
  /** Block names, placed above their rows (the grid) or at their plots' top left (outlines). */
  blocks: DrawnBlock[];
}

const WIDTH = 1000;
const PAD = 16;

export function drawPlan(plots: PublicPlot[]): DrawnPlan {
  if (plots.length > 0 && plots.every((plot) => plot.outline && plot.outline.length >= 3)) return fromOutlines(plots);
  return grid(plots);
}

const pointsOf = (outline: PlotPoint[]) => outline.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
const round = (n: number) => Math.round(n * 10) / 10;

function fromOutlines(plots: PublicPlot[]): DrawnPlan {
  const all = plots.flatMap((plot) => plot.outline!);
  const minX = Math.min(...all.map(([x]) => x));
  const maxX = Math.max(...all.map(([x]) => x));
  const minY = Math.min(...all.map(([, y]) => y));
  const maxY = Math.max(...all.map(([, y]) => y));
  const scale = (WIDTH - 2 * PAD) / Math.max(maxX - minX, 1e-9);
  const at = ([x, y]: PlotPoint): PlotPoint => [PAD + (x - minX) * scale, PAD + 18 + (y - minY) * scale];
  const drawn = plots.map((plot) => {
    const outline = plot.outline!.map(at);
    const xs = outline.map(([x]) => x);
    const ys = outline.map(([, y]) => y);
    return {
      plot,
      points: pointsOf(outline),
      cx: round(xs.reduce((a, b) => a + b, 0) / xs.length),
      cy: round(ys.reduce((a, b) => a + b, 0) / ys.length),
      w: Math.max(...xs) - Math.min(...xs),
      h: Math.max(...ys) - Math.min(...ys),
    };
  });
  const blocks = [...new Set(plots.map((plot) => plot.block))].map((block) => {
    const mine = drawn.filter((d) => d.plot.block === block).flatMap((d) => d.points.split(' ').map((p) => p.split(',').map(Number)));
    return { block, x: round(Math.min(...mine.map(([x]) => x))), y: round(Math.min(...mine.map(([, y]) => y)) - 6) };
  });
  return { width: WIDTH, height: Math.ceil(PAD * 2 + 18 + (maxY - minY) * scale), plots: drawn, blocks };
}

/** Rows of up to `perRow` plots per block, each block under a road (a gap) with its name above it. */
function grid(plots: PublicPlot[]): DrawnPlan {
  const byBlock = new Map<string, PublicPlot[]>();
  for (const plot of plots) byBlock.set(plot.block, [...(byBlock.get(plot.block) ?? []), plot]);
  const perRow = 16;
  const cell = (WIDTH - 2 * PAD) / perRow;
  const plotH = cell * 1.35;
  const drawn: DrawnPlot[] = [];
  const blocks: DrawnBlock[] = [];
  let y = PAD;
  for (const [block, list] of byBlock) {
    blocks.push({ block, x: PAD, y: y + 14 });
    y += 24;
    list.forEach((plot, i) => {
      const x = PAD + (i % perRow) * cell;
      const top = y + Math.floor(i / perRow) * plotH;
      const gap = 2;
      const outline: PlotPoint[] = [
        [x + gap, top + gap],
        [x + cell - gap, top + gap],
        [x + cell - gap, top + plotH - gap],
        [x + gap, top + plotH - gap],
      ];
      drawn.push({ plot, points: pointsOf(outline), cx: round(x + cell / 2), cy: round(top + plotH / 2), w: cell, h: plotH });
    });
    y += Math.ceil(list.length / perRow) * plotH + 18;
  }
  return { width: WIDTH, height: Math.ceil(y + PAD), plots: drawn, blocks };
}
