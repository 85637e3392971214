import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice } from '@/lib/db/enums';
import { plotImports, type PlotImportRow } from '@/lib/db/schema';
import type { LayoutPlot } from './parse-layout';

/**
 * A layout uploaded on the Import page is kept here between its preview and an owner's "apply" (a form posted without
 * scripts cannot carry the file across the redirect), and stays as the record of what was imported, when and by whom.
 * A preview older than a day is not applied: the file is uploaded again.
 */

export const DRAFT_MAX_AGE_MS = 24 * 3_600_000;

export async function saveDraft(
  db: Db,
  draft: {
    district: DistrictChoice;
    fileName: string;
    format: string;
    layout: LayoutPlot[];
    withdrawMissing: boolean;
    staffId: string;
    now: Date;
  },
): Promise<PlotImportRow> {
  const [row] = await db
    .insert(plotImports)
    .values({
      district: draft.district,
      fileName: draft.fileName,
      format: draft.format,
      layout: draft.layout,
      withdrawMissing: draft.withdrawMissing,
      staffId: draft.staffId,
      createdAt: draft.now,
    })
    .returning();
  return row;
}

/** A preview still waiting to be applied (not applied, under a day old). */
export async function pendingDraft(db: Db, id: string, now: Date): Promise<PlotImportRow | undefined> {
  const [row] = await db
    .select()
    .from(plotImports)
    .where(
      and(eq(plotImports.id, id), isNull(plotImports.appliedAt), gt(plotImports.createdAt, new Date(now.getTime() - DRAFT_MAX_AGE_MS))),
    );
  return row;
}

/** Marks the preview applied, once (in the applying transaction): false when another request applied it first. */
export async function markDraftApplied(tx: Db, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(plotImports)
    .set({ appliedAt: now })
    .where(and(eq(plotImports.id, id), isNull(plotImports.appliedAt)))
    .returning({ id: plotImports.id });
  return rows.length === 1;
}

/** How many changes the applied preview made (its record on the Import page). */
export async function recordDraftChanges(tx: Db, id: string, changes: number): Promise<void> {
  await tx.update(plotImports).set({ changes }).where(eq(plotImports.id, id));
}
