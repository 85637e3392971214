import type { LayoutPlot, LayoutPoint } from './parse-layout';

/**
 * What importing a layout would change in a district's plots, worked out without writing (the dry run), and the same
 * plan is what applying writes. The rules (decision 0413):
 * - a plot new to the district is added, available;
 * - an available plot takes the file's price, size, corner, block and outline;
 * - a held or reserved plot takes the new list price only (for later buyers: the buyer's claim keeps the price it was
 *   frozen at); its size, corner, block and outline stay, and the plan shows those changes as blocked;
 * - a sold or allocated plot keeps everything (its record is the sale's);
 * - a withdrawn plot named in the file is listed again, with the file's facts;
 * - a plot missing from the file is only withdrawn when asked (`withdrawMissing`), and never while someone holds,
 *   reserved or bought it.
 */

export const PLOT_STANDINGS = ['available', 'held', 'reserved', 'sold', 'allocated', 'withdrawn'] as const;
export type PlotStanding = (typeof PLOT_STANDINGS)[number];

/** A plot of the district as it is now, with the state its claims give it. */
export interface ExistingPlot {
  id: string;
  label: string;
  block: string;
  sizeSqm: number;
  priceKobo: number;
  corner: boolean;
  outline: LayoutPoint[] | null;
  standing: PlotStanding;
}

export type PlotField = 'price' | 'size' | 'corner' | 'block' | 'outline';

export interface FieldChange {
  field: PlotField;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

export interface PlotUpdate {
  existing: ExistingPlot;
  next: LayoutPlot;
  /** Written on apply. */
  applied: FieldChange[];
  /** Left as they are because of the plot's buyer. */
  blocked: FieldChange[];
  /** A withdrawn plot the file names again. */
  relisted: boolean;
}

export interface MissingPlot {
  existing: ExistingPlot;
  /** withdraw: written on apply; keep: not asked to withdraw; blocked: asked, but the plot has a buyer. */
  outcome: 'withdraw' | 'keep' | 'blocked';
}

export interface ImportPlan {
  added: LayoutPlot[];
  updated: PlotUpdate[];
  missing: MissingPlot[];
  unchanged: number;
  /** Whether applying it writes anything. */
  changes: number;
}

const BOUND: readonly PlotStanding[] = ['held', 'reserved', 'sold', 'allocated'];
const CLAIMED: readonly PlotStanding[] = ['held', 'reserved'];

/** Plot numbers compared as a surveyor means them: `a-01` is `A-01`. */
export const plotKey = (label: string) => label.trim().toUpperCase();

const samePolygon = (a: LayoutPoint[] | null, b: LayoutPoint[] | null) => JSON.stringify(a) === JSON.stringify(b);

function fieldChanges(existing: ExistingPlot, next: LayoutPlot): FieldChange[] {
  const changes: FieldChange[] = [];
  if (existing.priceKobo !== next.priceKobo) changes.push({ field: 'price', before: existing.priceKobo, after: next.priceKobo });
  if (existing.sizeSqm !== next.sizeSqm) changes.push({ field: 'size', before: existing.sizeSqm, after: next.sizeSqm });
  if (existing.corner !== next.corner) changes.push({ field: 'corner', before: existing.corner, after: next.corner });
  if (existing.block !== next.block) changes.push({ field: 'block', before: existing.block, after: next.block });
  // A file without outlines leaves the drawn ones alone: a price list is not a new survey.
  if (next.outline !== null && !samePolygon(existing.outline, next.outline))
    changes.push({ field: 'outline', before: existing.outline ? existing.outline.length : null, after: next.outline.length });
  return changes;
}

export function planImport(existing: ExistingPlot[], layout: LayoutPlot[], options: { withdrawMissing: boolean }): ImportPlan {
  const byKey = new Map(existing.map((plot) => [plotKey(plot.label), plot]));
  const inFile = new Set(layout.map((plot) => plotKey(plot.label)));
  const plan: ImportPlan = { added: [], updated: [], missing: [], unchanged: 0, changes: 0 };
  for (const next of layout) {
    const current = byKey.get(plotKey(next.label));
    if (!current) {
      plan.added.push(next);
      continue;
    }
    const changes = fieldChanges(current, next);
    const relisted = current.standing === 'withdrawn';
    if (changes.length === 0 && !relisted) {
      plan.unchanged += 1;
      continue;
    }
    const applies = (change: FieldChange) =>
      !BOUND.includes(current.standing) || (change.field === 'price' && CLAIMED.includes(current.standing));
    plan.updated.push({ existing: current, next, applied: changes.filter(applies), blocked: changes.filter((c) => !applies(c)), relisted });
  }
  for (const current of existing) {
    if (inFile.has(plotKey(current.label)) || current.standing === 'withdrawn') continue;
    const outcome = !options.withdrawMissing ? 'keep' : BOUND.includes(current.standing) ? 'blocked' : 'withdraw';
    plan.missing.push({ existing: current, outcome });
  }
  plan.changes =
    plan.added.length +
    plan.updated.filter((update) => update.applied.length > 0 || update.relisted).length +
    plan.missing.filter((missing) => missing.outcome === 'withdraw').length;
  return plan;
}
