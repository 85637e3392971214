/**
 * npm run plots:import -- --district d1 FILE [--dry-run] [--withdraw-missing]
 *
 * Imports a surveyor's layout (CSV or GeoJSON; the format in the README and docs/decisions/0413) into a district's
 * plots: prints what would change (new plots, price and size changes, what a buyer's hold keeps as it is, plots missing
 * from the file), then applies it in one transaction unless --dry-run. A bad file is refused with each bad line and
 * why, and nothing is written. Plots missing from the file are withdrawn only with --withdraw-missing, and never one a
 * buyer holds, reserved or bought. With the embedded database a running server owns DATA_DIR: then this refuses and
 * points to the Import page (/admin/plots/import) instead, as npm run staff:create does. Runs with tsx under the
 * react-server condition, so the server-only modules load outside Next.js.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLOTS_IMPORT_COPY } from '@/content/plots-import';
import { districtChoiceOf } from '@/lib/db/districts';
import { describePlan, LAYOUT_MAX_BYTES, readLayout } from '@/modules/plots';
import { applyLayout, previewLayout } from '@/modules/plots/server';
import { failer, messageOf, openStaffDatabase } from './lib/staff-cli';

const fail: (message: string) => never = failer('plots:import');

const USAGE = 'Usage: npm run plots:import -- --district d1 FILE [--dry-run] [--withdraw-missing]';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      district: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'withdraw-missing': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.district || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const district = districtChoiceOf(values.district.trim().toLowerCase());
  if (!district) fail(`unknown district "${values.district}" (give its slug, e.g. d1).`);
  const file = positionals[0];
  const size = await stat(file).then(
    (s) => s.size,
    () => fail(`cannot read ${file}.`),
  );
  if (size > LAYOUT_MAX_BYTES) fail(PLOTS_IMPORT_COPY.fileTooLarge(`${LAYOUT_MAX_BYTES / 1024 / 1024} MB`));
  const read = readLayout(new Uint8Array(await readFile(file)));
  if (!read.ok) fail(`${PLOTS_IMPORT_COPY.refusedHeading}\n  ${read.problems.join('\n  ')}`);
  const fileName = path.basename(file);
  console.log(`plots:import: ${fileName} (${read.format}, ${read.plots.length} plots) into ${district}`);

  const handle = await openStaffDatabase(fail, 'import the layout on the Import page (/admin/plots/import)');
  try {
    const now = new Date();
    const options = { withdrawMissing: values['withdraw-missing'], now };
    if (values['dry-run']) {
      const plan = await previewLayout(handle.db, district, read.plots, options);
      for (const line of describePlan(plan)) console.log(line);
      console.log('Dry run: nothing was written.');
      return;
    }
    const plan = await applyLayout(handle.db, district, read.plots, {
      ...options,
      staffId: null,
      reason: `import ${fileName} (npm run plots:import)`,
    });
    for (const line of describePlan(plan!)) console.log(line);
    console.log(`Applied: ${plan!.changes} ${plan!.changes === 1 ? 'change' : 'changes'} in one transaction.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => fail(messageOf(error)));
