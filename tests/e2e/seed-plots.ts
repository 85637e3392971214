/**
 * Before the e2e server starts (playwright.config.ts's webServer), District 1 gets a layout of plots with outlines,
 * inserted through the plots module's repository (tests/support/plots.ts) until the importer of docs/examples/ is
 * merged; District 2 keeps none, so its plan says plot selection opens soon. Runs once per data directory.
 * `SEED_PLOT_LAYOUT=<blocks>x<plots per block>` (4x12 unless set): `npm run bench` seeds 20x25, a 500-plot layout.
 */
import { openDatabase } from '@/lib/db/client';
import { publicPlotsOfDistrict } from '@/modules/plots/server';
import { seedPlots } from '../support/plots';

const [blocks, perBlock] = (process.env.SEED_PLOT_LAYOUT ?? '4x12').split('x').map(Number);
const handle = await openDatabase({ dataDir: process.env.DATA_DIR!.trim() });
try {
  if ((await publicPlotsOfDistrict(handle.db, 'Lugbe, Abuja', new Date())).length === 0)
    await seedPlots(handle.db, 'Lugbe, Abuja', { blocks, perBlock, outlines: true });
} finally {
  await handle.close();
}
