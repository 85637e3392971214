/**
 * The process tests' buyers (restore drill, crash test, the bench's payment part), written before the server starts
 * (PGlite belongs to one process at a time): SEED_BUYERS leads, each holding a plot of its own in Lugbe (₦10,000,000,
 * a ₦3,000,000 deposit), and the hold's own link, the `t` of the pay page. Prints one JSON line per buyer.
 *
 *   DATA_DIR=… | DATABASE_URL=… SEED_BUYERS=50 SEED_LABEL=bench tsx --conditions=react-server scripts/lib/seed-buyers.ts
 */
import { openDatabase } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { signInspectionLink } from '@/modules/leads/server';
import { holdPlot, insertPlots } from '@/modules/plots/server';

const count = Number(process.env.SEED_BUYERS ?? 1);
const label = (process.env.SEED_LABEL ?? 'buyer').replace(/\W/g, '');
const databaseUrl = process.env.DATABASE_URL || undefined;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  const now = new Date();
  // Holds last as long as the test: nothing lapses while it runs.
  const plots = await insertPlots(
    handle.db,
    Array.from({ length: count }, (_, i) => ({
      district: 'Lugbe, Abuja' as const,
      block: 'Z',
      label: `Z${label}${i + 1}`,
      sizeSqm: 300,
      priceKobo: 1_000_000_000,
    })),
    now,
  );
  for (const [i, plot] of plots.entries()) {
    const email = `${label.toLowerCase()}-payer-${i + 1}@example.com`;
    const [lead] = await handle.db
      .insert(leads)
      .values({ title: 'Mrs', fullName: `Amaka Payer ${i + 1}`, email, phoneRaw: '08030000000', district: 'Lugbe, Abuja' })
      .returning({ id: leads.id });
    const held = await holdPlot(handle.db, { plotId: plot.id, leadId: lead.id, by: 'system', now, hours: 24 * 14 });
    if (!held.ok) throw new Error(`hold refused: ${held.refusal}`);
    const token = await signInspectionLink(handle.db, 'plot', held.claim.id);
    console.log(JSON.stringify({ claimId: held.claim.id, leadId: lead.id, email, token }));
  }
} finally {
  await handle.close();
}
