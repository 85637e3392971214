import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicPlot } from '../plot-status';
import { PlotOnPlan } from './PlotOnPlan';

/** `blocks` rows of `perBlock` plots, each with a surveyor's rectangle (as tests/support/plots.ts lays them out). */
function district(blocks: number, perBlock: number): PublicPlot[] {
  const plots: PublicPlot[] = [];
  for (let b = 0; b < blocks; b++)
    for (let i = 0; i < perBlock; i++) {
      const block = String.fromCharCode(65 + b);
      const [x, y] = [i * 20, b * 50];
      plots.push({
        id: `plot-${block}${i + 1}`,
        block,
        label: `${block}${i + 1}`,
        sizeSqm: 500,
        priceKobo: 15_000_000_00,
        corner: false,
        status: 'available',
        outline: [
          [x, y],
          [x + 18, y],
          [x + 18, y + 40],
          [x, y + 40],
        ],
      });
    }
  return plots;
}

function drawn(plots: PublicPlot[], label: string) {
  const html = renderToStaticMarkup(<PlotOnPlan plots={plots} mine={`plot-${label}`} districtName="District 1" />);
  const { document } = parseHTML(html);
  const svg = document.querySelector('svg')!;
  const [x, y, width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
  // The buyer's plot: the brass path; its corners must lie inside what is shown.
  const own = [...svg.querySelectorAll('path')].find((path) => path.getAttribute('fill') === '#b08d57')!;
  const corners = own
    .getAttribute('d')!
    .replace(/[MZ]/g, '')
    .split('L')
    .map((point) => point.split(',').map(Number));
  const inside = corners.every(([px, py]) => px >= x && px <= x + width && py >= y && py <= y + height);
  return { html, svg, view: { x, y, width, height }, inside, elements: svg.querySelectorAll('*').length };
}

describe("a buyer's plot on the light plan", () => {
  it('is named for a screen reader and marked on the plan, and a small plan is shown whole', () => {
    const { svg, view, inside } = drawn(district(4, 12), 'B7');
    expect(svg.getAttribute('role')).toBe('img');
    const name = svg
      .getAttribute('aria-labelledby')!
      .split(' ')
      .map((id) => svg.querySelector(`[id="${id}"]`)!.textContent)
      .join(' ');
    expect(name).toMatch(/^Your plot B7 on the site plan of District 1 .*B7 in block B/);
    expect(svg.textContent).toContain('Your plot · B7');
    expect(view).toMatchObject({ x: 0, y: 0, width: 1000 });
    expect(inside).toBe(true);
  });

  it('stays light on a 500-plot plan: a few dozen elements, the plot in view wherever it lies', () => {
    const plots = district(20, 25);
    for (const label of ['A1', 'A25', 'K13', 'T1', 'T25']) {
      const { view, inside, elements } = drawn(plots, label);
      expect(view.width).toBeLessThan(1000);
      expect(inside, label).toBe(true);
      expect(elements).toBeLessThan(60);
    }
  });

  it('draws nothing for a plot not on the plan', () => {
    expect(renderToStaticMarkup(<PlotOnPlan plots={district(2, 4)} mine="elsewhere" districtName="District 1" />)).toBe('');
  });
});
