import { describe, expect, it } from 'vitest';
import type { LayoutPlot } from './parse-layout';
import { planImport, type ExistingPlot, type PlotStanding } from './plan-import';

const square = (x: number): [number, number][] => [
  [x, 0],
  [x + 15, 0],
  [x + 15, 20],
  [x, 20],
];

const existing = (plot: string, standing: PlotStanding, over: Partial<ExistingPlot> = {}): ExistingPlot => ({
  id: `id-${plot}`,
  label: plot,
  block: 'A',
  sizeSqm: 300,
  priceKobo: 1_000_000_000,
  corner: false,
  outline: square(0),
  standing,
  ...over,
});

const inFile = (plot: string, over: Partial<LayoutPlot> = {}): LayoutPlot => ({
  label: plot,
  block: 'A',
  sizeSqm: 300,
  priceKobo: 1_000_000_000,
  corner: false,
  outline: square(0),
  place: { line: 2 },
  ...over,
});

describe('what an import would change', () => {
  it('adds new plots and counts the unchanged ones', () => {
    const plan = planImport([existing('A-01', 'available')], [inFile('a-01'), inFile('A-02')], { withdrawMissing: false });
    expect(plan.added.map((p) => p.label)).toEqual(['A-02']);
    expect(plan.unchanged).toBe(1);
    expect(plan.changes).toBe(1);
  });

  it('changes everything of an available plot', () => {
    const plan = planImport([existing('A-01', 'available')], [inFile('A-01', { priceKobo: 1_200_000_000, sizeSqm: 320, corner: true })], {
      withdrawMissing: false,
    });
    expect(plan.updated[0].applied.map((c) => c.field)).toEqual(['price', 'size', 'corner']);
    expect(plan.updated[0].blocked).toEqual([]);
  });

  it('changes only the list price of a held or reserved plot, and blocks the rest', () => {
    for (const standing of ['held', 'reserved'] as const) {
      const plan = planImport([existing('A-01', standing)], [inFile('A-01', { priceKobo: 1_200_000_000, sizeSqm: 320 })], {
        withdrawMissing: false,
      });
      expect(plan.updated[0].applied).toEqual([{ field: 'price', before: 1_000_000_000, after: 1_200_000_000 }]);
      expect(plan.updated[0].blocked.map((c) => c.field)).toEqual(['size']);
    }
  });

  it('changes nothing of a sold or allocated plot', () => {
    const plan = planImport(
      [existing('A-01', 'sold'), existing('A-02', 'allocated')],
      [inFile('A-01', { priceKobo: 1 }), inFile('A-02', { corner: true })],
      {
        withdrawMissing: false,
      },
    );
    expect(plan.updated.flatMap((u) => u.applied)).toEqual([]);
    expect(plan.updated.flatMap((u) => u.blocked.map((c) => c.field))).toEqual(['price', 'corner']);
    expect(plan.changes).toBe(0);
  });

  it('leaves a drawn outline alone when the file has none', () => {
    const plan = planImport([existing('A-01', 'available')], [inFile('A-01', { outline: null })], { withdrawMissing: false });
    expect(plan.unchanged).toBe(1);
  });

  it('withdraws plots missing from the file only when asked, and never one with a buyer', () => {
    const plots = [existing('A-01', 'available'), existing('A-02', 'available'), existing('A-03', 'held'), existing('A-04', 'withdrawn')];
    const kept = planImport(plots, [inFile('A-01')], { withdrawMissing: false });
    expect(kept.missing.map((m) => [m.existing.label, m.outcome])).toEqual([
      ['A-02', 'keep'],
      ['A-03', 'keep'],
    ]);
    const asked = planImport(plots, [inFile('A-01')], { withdrawMissing: true });
    expect(asked.missing.map((m) => [m.existing.label, m.outcome])).toEqual([
      ['A-02', 'withdraw'],
      ['A-03', 'blocked'],
    ]);
    expect(asked.changes).toBe(1);
  });

  it('lists a withdrawn plot again when the file names it', () => {
    const plan = planImport([existing('A-04', 'withdrawn')], [inFile('A-04')], { withdrawMissing: false });
    expect(plan.updated[0]).toMatchObject({ relisted: true, applied: [] });
    expect(plan.changes).toBe(1);
  });
});
