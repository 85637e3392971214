import 'server-only';
import { eq } from 'drizzle-orm';
import type { District } from '@/content/districts';
import { getDatabase, type Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { readInspectionLink } from '@/modules/leads/server';
import { claimById, plotById, publicPlotByLabel, publicPlotsOfDistrict } from '../plots.repository.server';
import type { PublicPlot, PublicPlotStatus } from '../plot-status';

/**
 * What the buyer's plot pages read (docs/decisions/0412), per request so a hold or a sale shows at once: the district's
 * plots as the public sees them, and who a signed link names (title and name only, to say who is holding).
 */

export interface KnownBuyer {
  id: string;
  title: string | null;
  fullName: string;
}

export async function knownBuyer(db: Db, bookToken: string | undefined): Promise<{ buyer?: KnownBuyer; linkProblem: boolean }> {
  if (!bookToken) return { linkProblem: false };
  const link = await readInspectionLink(db, 'book', bookToken);
  if (!link.ok) return { linkProblem: true };
  const [row] = await db
    .select({ id: leads.id, title: leads.title, fullName: leads.fullName, spam: leads.spam })
    .from(leads)
    .where(eq(leads.id, link.id));
  return row && !row.spam ? { buyer: row, linkProblem: false } : { linkProblem: true };
}

export const statusCounts = (plots: PublicPlot[]): Record<PublicPlotStatus, number> => {
  const counts = { available: 0, held: 0, reserved: 0, sold: 0 };
  for (const plot of plots) counts[plot.status]++;
  return counts;
};

export async function plotsPageData(district: District, bookToken: string | undefined) {
  const { db } = await getDatabase();
  const [plots, known] = await Promise.all([publicPlotsOfDistrict(db, district.choice, new Date()), knownBuyer(db, bookToken)]);
  return { plots, counts: statusCounts(plots), ...known };
}

export async function plotPageData(district: District, label: string, bookToken: string | undefined) {
  const { db } = await getDatabase();
  const [plot, known] = await Promise.all([publicPlotByLabel(db, district.choice, label, new Date()), knownBuyer(db, bookToken)]);
  return { plot, ...known };
}

/** A hold's own page, from its signed link: the plot and the hold's stage and end (nothing of the buyer's details). */
export async function heldPageData(token: string | undefined) {
  if (!token) return undefined;
  const { db } = await getDatabase();
  const link = await readInspectionLink(db, 'plot', token);
  if (!link.ok) return undefined;
  const claim = await claimById(db, link.id);
  const plot = claim && (await plotById(db, claim.plotId));
  if (!claim || !plot) return undefined;
  const lapsed = claim.stage === 'held' && claim.heldUntil !== null && claim.heldUntil <= new Date();
  return {
    plot: { label: plot.label, block: plot.block, sizeSqm: plot.sizeSqm, district: plot.district },
    priceKobo: claim.priceKobo,
    stage: claim.stage,
    heldUntil: claim.heldUntil,
    ended: claim.endedAt !== null || lapsed,
  };
}
