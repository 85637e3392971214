import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLayout, readLayoutText, readNaira, type LayoutRead } from './parse-layout';

const example = (name: string) => readLayout(readFileSync(new URL(`../../../../docs/examples/${name}`, import.meta.url)));

function problemsOf(read: LayoutRead): string[] {
  if (read.ok) throw new Error('expected the file to be refused');
  return read.problems;
}

const HEADER = 'plot,block,size_sqm,price_ngn,corner,polygon';

describe('a surveyor’s layout', () => {
  it('reads the example Lugbe CSV: 120 plots in blocks A–F, 300 m², corners dearer, every plot drawn', () => {
    const read = example('d1-layout.csv');
    if (!read.ok) throw new Error(read.problems.join('\n'));
    expect(read.format).toBe('csv');
    expect(read.plots).toHaveLength(120);
    expect(new Set(read.plots.map((p) => p.block))).toEqual(new Set(['A', 'B', 'C', 'D', 'E', 'F']));
    expect(read.plots[0]).toMatchObject({
      label: 'A-01',
      block: 'A',
      sizeSqm: 300,
      priceKobo: 1_100_000_000,
      corner: true,
      place: { line: 2 },
    });
    expect(read.plots[1]).toMatchObject({ label: 'A-02', priceKobo: 1_000_000_000, corner: false });
    expect(read.plots.every((p) => p.outline?.length === 4)).toBe(true);
  });

  it('reads the example Moniya GeoJSON: 450 m² at ₦1,500,000, the ring’s closing point dropped and y turned to the south', () => {
    const read = example('d2-layout.geojson');
    if (!read.ok) throw new Error(read.problems.join('\n'));
    expect(read.format).toBe('geojson');
    expect(read.plots).toHaveLength(48);
    expect(read.plots[1]).toMatchObject({ label: 'A-02', sizeSqm: 450, priceKobo: 150_000_000, corner: false, place: { feature: 2 } });
    expect(read.plots[1].outline).toEqual([
      [18, 0],
      [36, 0],
      [36, -25],
      [18, -25],
    ]);
  });

  it('refuses a file with a bad row, naming its line and the reason', () => {
    const csv = [
      HEADER,
      'A-01,A,300,10000000,no,',
      'A-02,A,300,ten million,no,',
      'A-03,A,-300,10000000,no,',
      'A-01,A,300,10000000,no,',
    ].join('\n');
    expect(problemsOf(readLayoutText(csv))).toEqual([
      'Line 3: price_ngn "ten million" is not an amount in naira (e.g. 10000000 or 10,000,000.00).',
      'Line 4: size_sqm "-300" is not a whole number of square metres (e.g. 300).',
      'Line 5: plot A-01 appears twice (first at line 2).',
    ]);
  });

  it('counts lines as the surveyor’s editor does: blank lines and quoted line breaks included', () => {
    const csv = [HEADER, '', 'A-01,A,300,10000000,no,"[[0,0],', '[1,0],[1,1]]"', 'A-02,A,300,10000000,maybe,'].join('\r\n');
    expect(problemsOf(readLayoutText(csv))).toEqual(['Line 5: corner "maybe" is not yes or no.']);
  });

  it('refuses a header without a required column, or with an unknown one', () => {
    expect(problemsOf(readLayoutText('plot,block,size_sqm\nA-01,A,300'))).toEqual(['Line 1: the header lacks the column price_ngn.']);
    expect(problemsOf(readLayoutText('plot,block,size_sqm,price_ngn,corner_plot\nA-01,A,300,1,no'))[0]).toMatch(
      /^Line 1: the header names an unknown column "corner_plot"/,
    );
  });

  it('refuses a row with more fields than the header, and a quote never closed', () => {
    expect(problemsOf(readLayoutText('plot,block,size_sqm,price_ngn\nA-01,A,300,1\nA-02,A,300,1,extra'))).toEqual([
      'Line 3: 5 fields where the header has 4.',
    ]);
    expect(problemsOf(readLayoutText('plot,block,size_sqm,price_ngn\nA-01,"A,300,1\n'))[0]).toMatch(
      /^Line 2: a quote opened here is never closed/,
    );
  });

  it('refuses a polygon that is not a list of points', () => {
    const csv = `${HEADER}\nA-01,A,300,1000,no,"[[0,0],[1,0]]"\nA-02,A,300,1000,no,"POLYGON((0 0,1 0,1 1))"`;
    expect(problemsOf(readLayoutText(csv))).toHaveLength(2);
  });

  it('refuses GeoJSON features that are not polygons or lack a property, by feature number', () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { plot: 'A-01', block: 'A', size_sqm: 300 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { label: 'A-02', block: 'A', size_sqm: 300, price_ngn: 1 },
          geometry: { type: 'Point', coordinates: [0, 0] },
        },
      ],
    };
    expect(problemsOf(readLayoutText(JSON.stringify(collection)))).toEqual([
      'Feature 1: its properties lack price_ngn.',
      'Feature 2: its geometry is not a Polygon (a MultiPolygon or a point cannot be drawn as one plot).',
    ]);
  });

  it('refuses an empty file, a file that is not text, and one that is neither format', () => {
    expect(problemsOf(readLayoutText(HEADER + '\n'))).toEqual(['The file has no plots.']);
    expect(problemsOf(readLayout(new Uint8Array([0xff, 0xfe, 0x00])))).toEqual([
      'The file is not text (UTF-8): export it as CSV or GeoJSON.',
    ]);
    expect(problemsOf(readLayoutText('hello'))[0]).toMatch(/^The file is neither CSV/);
  });

  it('reads naira as people write them into exact kobo', () => {
    expect(readNaira('10,000,000')).toBe(1_000_000_000);
    expect(readNaira('₦1500000')).toBe(150_000_000);
    expect(readNaira('2500000.5')).toBe(250_000_050);
    expect(readNaira('0.29')).toMatch(/outside/);
    expect(readNaira('1,00,000')).toMatch(/not an amount/);
  });
});
