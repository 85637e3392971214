import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice } from '@/lib/db/enums';
import { plotClaims, plots, type PlotRow } from '@/lib/db/schema';
import type { Actor } from '@/modules/staff/server';
import { markDraftApplied, recordDraftChanges } from '../import/drafts.repository.server';
import type { LayoutPlot } from '../import/parse-layout';
import { planImport, type ExistingPlot, type ImportPlan } from '../import/plan-import';
import { insertPlotEvent, lockPlot, plotSnapshot } from '../plots.repository.server';
import { standingOf } from './inventory.repository.server';

/**
 * The inventory's changes by staff (docs/decisions/0413): one plot edited, withdrawn or put back on sale, and a
 * surveyor's layout applied. Each is one transaction that locks the plots it changes first (as every claim's change
 * does, src/modules/plots/claims.server.ts), so a hold arriving meanwhile waits and then sees the new plot; each
 * change writes its plot_events line with who, before, after and why. A claim's price is never touched: it was frozen
 * when the claim began.
 */

export type InventoryRefusal = 'not_found' | 'bound' | 'claimed' | 'withdrawn' | 'not_withdrawn';
export type InventoryResult = { ok: true; plot: PlotRow; changed: boolean } | { ok: false; refusal: InventoryRefusal };

const refuse = (refusal: InventoryRefusal): InventoryResult => ({ ok: false, refusal });

/** The plot locked, with its standing now (its live claim read under the lock). */
async function lockedStanding(tx: Db, plotId: string, now: Date) {
  const plot = await lockPlot(tx, plotId);
  if (!plot) return undefined;
  const [claim] = await tx
    .select({ stage: plotClaims.stage, heldUntil: plotClaims.heldUntil })
    .from(plotClaims)
    .where(and(eq(plotClaims.plotId, plotId), isNull(plotClaims.endedAt)));
  return { plot, claim, standing: standingOf(plot.withdrawnAt !== null, claim?.stage ?? null, claim?.heldUntil ?? null, now) };
}

export interface PlotEdit {
  priceKobo: number;
  sizeSqm: number;
  corner: boolean;
  reason: string | null;
}

/**
 * An owner's edit of one plot, under the import's rule: a plot with a buyer takes a new list price only while held or
 * reserved (for later buyers), and nothing else.
 */
export async function editPlot(db: Db, plotId: string, edit: PlotEdit, actor: Actor, now: Date): Promise<InventoryResult> {
  return db.transaction(async (tx) => {
    const locked = await lockedStanding(tx, plotId, now);
    if (!locked) return refuse('not_found');
    const { plot, standing } = locked;
    const bound = standing === 'held' || standing === 'reserved' || standing === 'sold' || standing === 'allocated';
    const changesBesidesPrice = edit.sizeSqm !== plot.sizeSqm || edit.corner !== plot.corner;
    const priceChanges = edit.priceKobo !== Number(plot.priceKobo);
    if (bound && (changesBesidesPrice || (priceChanges && (standing === 'sold' || standing === 'allocated')))) return refuse('bound');
    if (!changesBesidesPrice && !priceChanges) return { ok: true, plot, changed: false };
    const [updated] = await tx
      .update(plots)
      .set({ priceKobo: edit.priceKobo, sizeSqm: edit.sizeSqm, corner: edit.corner, updatedAt: now })
      .where(eq(plots.id, plotId))
      .returning();
    await insertPlotEvent(tx, {
      plotId,
      at: now,
      staffId: actor.id,
      action: 'edited',
      before: plotSnapshot(plot),
      after: plotSnapshot(updated),
      reason: edit.reason,
    });
    return { ok: true, plot: updated, changed: true };
  });
}

/** Takes a plot off sale (off the public plan), with the reason; never one a buyer holds, reserved or bought. */
export async function withdrawPlot(db: Db, plotId: string, reason: string, actor: Actor, now: Date): Promise<InventoryResult> {
  return db.transaction(async (tx) => {
    const locked = await lockedStanding(tx, plotId, now);
    if (!locked) return refuse('not_found');
    if (locked.standing === 'withdrawn') return refuse('withdrawn');
    if (locked.standing !== 'available') return refuse('claimed');
    const updated = await setWithdrawn(tx, locked.plot, now, actor.id, reason, now);
    return { ok: true, plot: updated, changed: true };
  });
}

/** Puts a withdrawn plot back on sale, with the reason (optional). */
export async function restorePlot(db: Db, plotId: string, reason: string | null, actor: Actor, now: Date): Promise<InventoryResult> {
  return db.transaction(async (tx) => {
    const locked = await lockedStanding(tx, plotId, now);
    if (!locked) return refuse('not_found');
    if (locked.standing !== 'withdrawn') return refuse('not_withdrawn');
    const updated = await setWithdrawn(tx, locked.plot, null, actor.id, reason, now);
    return { ok: true, plot: updated, changed: true };
  });
}

/** Withdraws the plot (`at`) or puts it back on sale (null), with its history line. */
async function setWithdrawn(tx: Db, plot: PlotRow, at: Date | null, staffId: string | null, reason: string | null, now: Date) {
  const [updated] = await tx.update(plots).set({ withdrawnAt: at, updatedAt: now }).where(eq(plots.id, plot.id)).returning();
  await insertPlotEvent(tx, {
    plotId: plot.id,
    at: now,
    staffId,
    action: at ? 'withdrawn' : 'restored',
    before: plotSnapshot(plot),
    after: plotSnapshot(updated),
    reason,
  });
  return updated;
}

// ---- a layout -----------------------------------------------------------------------------------------------------

/** The district's plots as the import compares them, each with its standing now. */
async function existingPlots(
  tx: Db,
  district: DistrictChoice,
  now: Date,
  lock: boolean,
): Promise<{ rows: PlotRow[]; existing: ExistingPlot[] }> {
  const query = tx.select().from(plots).where(eq(plots.district, district));
  const rows = lock ? await query.for('update') : await query;
  const claims = rows.length
    ? await tx
        .select({ plotId: plotClaims.plotId, stage: plotClaims.stage, heldUntil: plotClaims.heldUntil })
        .from(plotClaims)
        .where(
          and(
            inArray(
              plotClaims.plotId,
              rows.map((row) => row.id),
            ),
            isNull(plotClaims.endedAt),
          ),
        )
    : [];
  const claimOf = new Map(claims.map((claim) => [claim.plotId, claim]));
  const existing = rows.map((row): ExistingPlot => {
    const claim = claimOf.get(row.id);
    return {
      id: row.id,
      label: row.label,
      block: row.block,
      sizeSqm: row.sizeSqm,
      priceKobo: Number(row.priceKobo),
      corner: row.corner,
      outline: row.outline,
      standing: standingOf(row.withdrawnAt !== null, claim?.stage ?? null, claim?.heldUntil ?? null, now),
    };
  });
  return { rows, existing };
}

/** The dry run: what applying the layout would change now. */
export async function previewLayout(
  db: Db,
  district: DistrictChoice,
  layout: LayoutPlot[],
  options: { withdrawMissing: boolean; now: Date },
): Promise<ImportPlan> {
  const { existing } = await existingPlots(db, district, options.now, false);
  return planImport(existing, layout, options);
}

/**
 * Applies a layout in one transaction: the district's plots locked, the plan worked out again under the lock (a hold
 * made since the preview is respected), then every change with its history line. `reason` names the file. With a
 * `draftId` (the Import page's preview) the preview is marked applied in the same transaction, so a second press of
 * "apply" changes nothing: undefined then.
 */
export async function applyLayout(
  db: Db,
  district: DistrictChoice,
  layout: LayoutPlot[],
  options: { withdrawMissing: boolean; now: Date; staffId: string | null; reason: string; draftId?: string },
): Promise<ImportPlan | undefined> {
  const { now, staffId, reason } = options;
  return db.transaction(async (tx) => {
    if (options.draftId && !(await markDraftApplied(tx, options.draftId, now))) return undefined;
    const { rows, existing } = await existingPlots(tx, district, now, true);
    const plan = planImport(existing, layout, options);
    const rowOf = new Map(rows.map((row) => [row.id, row]));
    if (plan.added.length) {
      const added = await tx
        .insert(plots)
        .values(
          plan.added.map((plot) => ({
            district,
            block: plot.block,
            label: plot.label,
            sizeSqm: plot.sizeSqm,
            priceKobo: plot.priceKobo,
            corner: plot.corner,
            outline: plot.outline,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
      for (const plot of added)
        await insertPlotEvent(tx, { plotId: plot.id, at: now, staffId, action: 'imported', after: plotSnapshot(plot), reason });
    }
    for (const update of plan.updated) {
      const row = rowOf.get(update.existing.id)!;
      let current = row;
      if (update.relisted) current = await setWithdrawn(tx, current, null, staffId, reason, now);
      if (update.applied.length === 0) continue;
      const next = update.next;
      const fields = new Set(update.applied.map((change) => change.field));
      const [updated] = await tx
        .update(plots)
        .set({
          ...(fields.has('price') ? { priceKobo: next.priceKobo } : {}),
          ...(fields.has('size') ? { sizeSqm: next.sizeSqm } : {}),
          ...(fields.has('corner') ? { corner: next.corner } : {}),
          ...(fields.has('block') ? { block: next.block } : {}),
          ...(fields.has('outline') ? { outline: next.outline } : {}),
          updatedAt: now,
        })
        .where(eq(plots.id, row.id))
        .returning();
      await insertPlotEvent(tx, {
        plotId: row.id,
        at: now,
        staffId,
        action: 'edited',
        before: { ...plotSnapshot(current), ...(fields.has('outline') ? { outline: current.outline?.length ?? null } : {}) },
        after: { ...plotSnapshot(updated), ...(fields.has('outline') ? { outline: updated.outline?.length ?? null } : {}) },
        reason,
      });
    }
    for (const missing of plan.missing)
      if (missing.outcome === 'withdraw') await setWithdrawn(tx, rowOf.get(missing.existing.id)!, now, staffId, reason, now);
    if (options.draftId) await recordDraftChanges(tx, options.draftId, plan.changes);
    return plan;
  });
}
