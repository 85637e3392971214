import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice, PlotClaimEndReason, PlotEventAction, PlotStage } from '@/lib/db/enums';
import { plotClaims, plotEvents, plots, type PlotClaimRow, type PlotPoint, type PlotRow } from '@/lib/db/schema';
import { comparePlotLabels, type PlotCounts, type PublicPlot, type PublicPlotStatus } from './plot-status';

/**
 * The plots module's queries (docs/decisions/0412-plots-never-sold-twice.md): the only code that writes plots,
 * plot_claims and plot_events. The rules that change claims are in ./claims.server.ts; they lock before they write.
 */

// ---- the inventory ---------------------------------------------------------------------------------------------

export interface NewPlot {
  district: DistrictChoice;
  block: string;
  label: string;
  sizeSqm: number;
  priceKobo: number;
  corner?: boolean;
  outline?: PlotPoint[] | null;
}

/** Adds plots as given (an import, a test's fixture), each with its `imported` event; returns them as stored. */
export async function insertPlots(db: Db, rows: NewPlot[], now: Date, staffId?: string): Promise<PlotRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(plots)
      .values(rows.map((row) => ({ ...row, corner: row.corner ?? false, outline: row.outline ?? null, createdAt: now, updatedAt: now })))
      .returning();
    await tx.insert(plotEvents).values(
      stored.map((plot) => ({
        plotId: plot.id,
        at: now,
        staffId: staffId ?? null,
        action: 'imported' as const,
        after: plotSnapshot(plot),
      })),
    );
    return stored;
  });
}

/** What a plot's history keeps of it before and after a change (never anybody's personal data). */
export const plotSnapshot = (plot: PlotRow) => ({
  block: plot.block,
  label: plot.label,
  sizeSqm: plot.sizeSqm,
  priceKobo: plot.priceKobo,
  corner: plot.corner,
  withdrawn: plot.withdrawnAt !== null,
});

export async function plotById(db: Db, id: string): Promise<PlotRow | undefined> {
  const [row] = await db.select().from(plots).where(eq(plots.id, id));
  return row;
}

/** The plot, its row locked until the transaction ends: every change to its claims takes this lock first. */
export async function lockPlot(tx: Db, id: string): Promise<PlotRow | undefined> {
  const [row] = await tx.select().from(plots).where(eq(plots.id, id)).for('update');
  return row;
}

// ---- claims ----------------------------------------------------------------------------------------------------

/** The plot's claim that has not ended, if any (at most one, by plot_claims_active_uq). */
export async function activeClaimOfPlot(tx: Db, plotId: string): Promise<PlotClaimRow | undefined> {
  const [row] = await tx
    .select()
    .from(plotClaims)
    .where(and(eq(plotClaims.plotId, plotId), isNull(plotClaims.endedAt)));
  return row;
}

export async function claimById(db: Db, id: string): Promise<PlotClaimRow | undefined> {
  const [row] = await db.select().from(plotClaims).where(eq(plotClaims.id, id));
  return row;
}

/**
 * Inserts a claim unless the plot has one that has not ended: the unique index decides, so whatever arrives at once,
 * one claim stands. Undefined: the plot was taken.
 */
export async function insertClaim(
  tx: Db,
  values: Pick<PlotClaimRow, 'plotId' | 'leadId' | 'stage' | 'priceKobo' | 'heldUntil' | 'leadStatusBefore' | 'staffId'> & {
    startedAt: Date;
  },
): Promise<PlotClaimRow | undefined> {
  const [row] = await tx
    .insert(plotClaims)
    .values({ ...values, updatedAt: values.startedAt })
    .onConflictDoNothing({ target: plotClaims.plotId, where: sql`ended_at is null` })
    .returning();
  return row;
}

export async function updateClaim(
  tx: Db,
  id: string,
  values: Partial<
    Pick<
      PlotClaimRow,
      'stage' | 'heldUntil' | 'depositKobo' | 'paymentReference' | 'reservedAt' | 'soldAt' | 'allocatedAt' | 'endedAt' | 'endReason'
    >
  >,
  now: Date,
): Promise<PlotClaimRow> {
  const [row] = await tx
    .update(plotClaims)
    .set({ ...values, updatedAt: now })
    .where(eq(plotClaims.id, id))
    .returning();
  return row;
}

export const endClaimRow = (tx: Db, id: string, reason: PlotClaimEndReason, now: Date) =>
  updateClaim(tx, id, { endedAt: now, endReason: reason }, now);

/** The lead's claims that have not ended, with their plots' districts (the lead's row is locked by the caller). */
export async function activeClaimsOfLead(tx: Db, leadId: string) {
  return tx
    .select({ id: plotClaims.id, stage: plotClaims.stage, heldUntil: plotClaims.heldUntil, district: plots.district, label: plots.label })
    .from(plotClaims)
    .innerJoin(plots, eq(plots.id, plotClaims.plotId))
    .where(and(eq(plotClaims.leadId, leadId), isNull(plotClaims.endedAt)));
}

/** Holds past their time that have not ended yet, oldest first: what the lapse job ends. */
export async function expiredHolds(db: Db, now: Date, limit: number): Promise<Pick<PlotClaimRow, 'id' | 'plotId'>[]> {
  return db
    .select({ id: plotClaims.id, plotId: plotClaims.plotId })
    .from(plotClaims)
    .where(and(isNull(plotClaims.endedAt), eq(plotClaims.stage, 'held'), lte(plotClaims.heldUntil, now)))
    .orderBy(asc(plotClaims.heldUntil))
    .limit(limit);
}

// ---- history ---------------------------------------------------------------------------------------------------

export interface NewPlotEvent {
  plotId: string;
  claimId?: string | null;
  at: Date;
  staffId?: string | null;
  leadId?: string | null;
  action: PlotEventAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** Appends a line to the plot's history (never updated or deleted). */
export async function insertPlotEvent(tx: Db, event: NewPlotEvent): Promise<void> {
  await tx.insert(plotEvents).values(event);
}

/** A plot's history, oldest first. */
export async function eventsOfPlot(db: Db, plotId: string) {
  return db.select().from(plotEvents).where(eq(plotEvents.plotId, plotId)).orderBy(asc(plotEvents.at), asc(plotEvents.id));
}

// ---- the public plan (nothing personal: no lead, no staff, no claim id) ---------------------------------------

const publicColumns = {
  id: plots.id,
  district: plots.district,
  block: plots.block,
  label: plots.label,
  sizeSqm: plots.sizeSqm,
  priceKobo: plots.priceKobo,
  corner: plots.corner,
  outline: plots.outline,
  stage: plotClaims.stage,
  heldUntil: plotClaims.heldUntil,
};

type PublicRow = {
  id: string;
  district: DistrictChoice;
  block: string;
  label: string;
  sizeSqm: number;
  priceKobo: number;
  corner: boolean;
  outline: PlotPoint[] | null;
  stage: PlotStage | null;
  heldUntil: Date | null;
};

const statusOf = (row: PublicRow, now: Date): PublicPlotStatus => {
  if (!row.stage) return 'available';
  if (row.stage === 'held') return row.heldUntil && row.heldUntil > now ? 'held' : 'available';
  if (row.stage === 'reserved') return 'reserved';
  return 'sold';
};

const toPublic = (row: PublicRow, now: Date): PublicPlot => ({
  id: row.id,
  block: row.block,
  label: row.label,
  sizeSqm: row.sizeSqm,
  priceKobo: row.priceKobo,
  corner: row.corner,
  outline: row.outline,
  status: statusOf(row, now),
});

/** A district's plots on the public plan (withdrawn ones left out), by block and number. */
export async function publicPlotsOfDistrict(db: Db, district: DistrictChoice, now: Date): Promise<PublicPlot[]> {
  const rows = (await db
    .select(publicColumns)
    .from(plots)
    .leftJoin(plotClaims, and(eq(plotClaims.plotId, plots.id), isNull(plotClaims.endedAt)))
    .where(and(eq(plots.district, district), isNull(plots.withdrawnAt)))) as PublicRow[];
  return rows
    .map((row) => toPublic(row, now))
    .sort((a, b) => a.block.localeCompare(b.block, 'en', { numeric: true }) || comparePlotLabels(a.label, b.label));
}

/** One plot of a district as the public sees it, by its number; undefined when there is none or it was withdrawn. */
export async function publicPlotByLabel(db: Db, district: DistrictChoice, label: string, now: Date): Promise<PublicPlot | undefined> {
  const [row] = (await db
    .select(publicColumns)
    .from(plots)
    .leftJoin(plotClaims, and(eq(plotClaims.plotId, plots.id), isNull(plotClaims.endedAt)))
    .where(and(eq(plots.district, district), eq(plots.label, label), isNull(plots.withdrawnAt)))) as PublicRow[];
  return row ? toPublic(row, now) : undefined;
}

/** Every district's count of plots on the plan and of those free now. */
export async function plotCountsByDistrict(db: Db, now: Date): Promise<Map<DistrictChoice, PlotCounts>> {
  const rows = await db
    .select({
      district: plots.district,
      total: sql<number>`count(*)::int`,
      taken: sql<number>`count(${plotClaims.id}) filter (where ${plotClaims.stage} <> 'held' or ${plotClaims.heldUntil} > ${now})::int`,
    })
    .from(plots)
    .leftJoin(plotClaims, and(eq(plotClaims.plotId, plots.id), isNull(plotClaims.endedAt)))
    .where(isNull(plots.withdrawnAt))
    .groupBy(plots.district);
  return new Map(rows.map((row) => [row.district, { total: Number(row.total), available: Number(row.total) - Number(row.taken) }]));
}

/** The claims of some leads, with their plots (the lead page, the export). */
export async function claimsOfLeads(db: Db, leadIds: string[]) {
  if (leadIds.length === 0) return [];
  return db
    .select({ claim: plotClaims, plot: { district: plots.district, block: plots.block, label: plots.label, sizeSqm: plots.sizeSqm } })
    .from(plotClaims)
    .innerJoin(plots, eq(plots.id, plotClaims.plotId))
    .where(inArray(plotClaims.leadId, leadIds))
    .orderBy(asc(plotClaims.startedAt));
}

/** Holds that lapse between `from` and `to` and have not ended (the reminder's check). */
export async function holdsLapsingBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ id: plotClaims.id })
    .from(plotClaims)
    .where(and(isNull(plotClaims.endedAt), eq(plotClaims.stage, 'held'), gt(plotClaims.heldUntil, from), lte(plotClaims.heldUntil, to)));
}
