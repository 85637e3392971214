import type { Db } from '@/lib/db/client';
import type { DistrictChoice } from '@/lib/db/enums';
import type { PlotPoint } from '@/lib/db/schema';
import { insertPlots, type NewPlot } from '@/modules/plots/server';

/**
 * A test's layout, inserted through the plots module's repository (until the importer of docs/examples/ is merged):
 * `blocks` blocks of `perBlock` plots each, numbered across the district (A1, A2 … B1 …), sizes 450–648 m², prices
 * ₦15m–₦27m in whole naira. With `outlines`, each plot gets a rectangle of its block's row, as a surveyor's layout would.
 */
export function layout(
  district: DistrictChoice,
  {
    blocks = 3,
    perBlock = 8,
    outlines = false,
    prefix = '',
  }: { blocks?: number; perBlock?: number; outlines?: boolean; prefix?: string } = {},
): NewPlot[] {
  const rows: NewPlot[] = [];
  for (let b = 0; b < blocks; b++) {
    const block = String.fromCharCode(65 + b);
    for (let i = 0; i < perBlock; i++) {
      const sizeSqm = 450 + ((i * 3 + b * 5) % 12) * 18;
      const x = i * 20;
      const y = b * 50;
      const outline: PlotPoint[] = [
        [x, y],
        [x + 18, y],
        [x + 18, y + 40],
        [x, y + 40],
      ];
      rows.push({
        district,
        block,
        label: `${prefix}${block}${i + 1}`,
        sizeSqm,
        priceKobo: (15_000_000 + ((i + b) % 13) * 1_000_000) * 100,
        corner: i === 0 || i === perBlock - 1,
        outline: outlines ? outline : null,
      });
    }
  }
  return rows;
}

export const seedPlots = (db: Db, district: DistrictChoice, options?: Parameters<typeof layout>[1]) =>
  insertPlots(db, layout(district, options), new Date());
