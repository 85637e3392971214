/**
 * Before the e2e server starts (playwright.config.ts's webServer), District 1 gets a layout of plots with outlines,
 * inserted through the plots module's repository (tests/support/plots.ts) until the importer of docs/examples/ is
 * merged; District 2 keeps none, so its plan says plot selection opens soon. Runs once per data directory.
 */
import { openDatabase } from '@/lib/db/client';
import { publicPlotsOfDistrict } from '@/modules/plots/server';
import { seedPlots } from '../support/plots';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR!.trim() });
try {
  if ((await publicPlotsOfDistrict(handle.db, 'Lugbe, Abuja', new Date())).length === 0)
    await seedPlots(handle.db, 'Lugbe, Abuja', { blocks: 4, perBlock: 12, outlines: true });
} finally {
  await handle.close();
}
