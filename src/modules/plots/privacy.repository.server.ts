import 'server-only';
import { asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads, plotClaims, plotEvents, plots } from '@/lib/db/schema';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';

/**
 * A person's plots for the privacy module (docs/decisions/0413): what the NDPA export lists, and what an erasure does
 * to their claims. A hold that never became a reservation is theirs alone and goes with them (the plot's history keeps
 * one line that a hold was ended by an erasure, naming nobody); a reservation or a sale is the record of a sale, kept
 * for its legal period: it stays, its lead removed (lead_id set null by the database when the lead row goes), so the
 * plot stays taken and the sale's price and deposit stay in the books without the person.
 */

/** Each claim of these leads with its plot, and each line of its history. */
export async function plotRecordsOfLeads(db: Db, leadIds: string[]) {
  if (leadIds.length === 0) return [];
  const claims = await db
    .select({ claim: plotClaims, plot: { district: plots.district, block: plots.block, label: plots.label, sizeSqm: plots.sizeSqm } })
    .from(plotClaims)
    .innerJoin(plots, eq(plots.id, plotClaims.plotId))
    .where(inArray(plotClaims.leadId, leadIds))
    .orderBy(asc(plotClaims.startedAt));
  const claimIds = claims.map((row) => row.claim.id);
  const events = await db
    .select({
      claimId: plotEvents.claimId,
      leadId: plotEvents.leadId,
      at: plotEvents.at,
      action: plotEvents.action,
      before: plotEvents.before,
      after: plotEvents.after,
      reason: plotEvents.reason,
    })
    .from(plotEvents)
    .where(or(claimIds.length ? inArray(plotEvents.claimId, claimIds) : undefined, inArray(plotEvents.leadId, leadIds)))
    .orderBy(asc(plotEvents.at), asc(plotEvents.id));
  return claims.map(({ claim, plot }) => ({
    leadId: claim.leadId,
    plot,
    stage: claim.stage,
    priceKobo: Number(claim.priceKobo),
    heldUntil: claim.heldUntil,
    depositKobo: claim.depositKobo === null ? null : Number(claim.depositKobo),
    paymentReference: claim.paymentReference,
    startedAt: claim.startedAt,
    reservedAt: claim.reservedAt,
    soldAt: claim.soldAt,
    allocatedAt: claim.allocatedAt,
    endedAt: claim.endedAt,
    endReason: claim.endReason,
    history: events
      .filter((event) => event.claimId === claim.id)
      .map(({ at, action, before, after, reason }) => ({ at, action, before, after, reason })),
  }));
}

/** What an erasure did to the person's plots. */
export interface ClaimsErased {
  /** Holds deleted with their history lines (live ones ended first: their plots are free again). */
  holdsDeleted: number;
  /** Reservations and sales kept without the person, and holds with money on them (`keep`). */
  salesKept: number;
}

/**
 * In the erasure's transaction, before the leads go: deletes the holds of the leads `leadsWhere` selects (a condition
 * on the leads table) that never became a reservation or a sale, with their history; keeps the others, and the holds
 * `keep` names (those with a payment plan: the money's record, kept like a sale's, docs/decisions/0414).
 */
export async function eraseClaimsOfLeads(tx: Db, leadsWhere: SQL, keep: string[] = [], now = new Date()): Promise<ClaimsErased> {
  const ofLeads = inArray(plotClaims.leadId, tx.select({ id: leads.id }).from(leads).where(leadsWhere));
  const claims = await tx
    .select({
      id: plotClaims.id,
      plotId: plotClaims.plotId,
      reservedAt: plotClaims.reservedAt,
      soldAt: plotClaims.soldAt,
      endedAt: plotClaims.endedAt,
    })
    .from(plotClaims)
    .where(ofLeads);
  const holds = claims.filter((claim) => claim.reservedAt === null && claim.soldAt === null && !keep.includes(claim.id));
  if (holds.length) {
    const ids = holds.map((claim) => claim.id);
    await tx.delete(plotEvents).where(inArray(plotEvents.claimId, ids));
    await tx.delete(plotClaims).where(inArray(plotClaims.id, ids));
    // A hold still standing freed its plot: the plot's history says so, naming nobody.
    const freed = holds.filter((claim) => claim.endedAt === null);
    if (freed.length)
      await tx
        .insert(plotEvents)
        .values(
          freed.map((claim) => ({ plotId: claim.plotId, at: now, action: 'released' as const, reason: PLOTS_STAFF_COPY.history.erased })),
        );
  }
  return { holdsDeleted: holds.length, salesKept: claims.length - holds.length };
}
