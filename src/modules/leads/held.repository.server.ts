import 'server-only';
import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';

/**
 * Leads held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md): stored and answered as usual, flagged
 * as spam for the reason `flood`, and nobody told of them until an owner releases or discards them.
 */

const isHeld = eq(leads.spamReason, 'flood');

/** A lead by its id alone. */
const leadIdColumns = { id: leads.id };

/** What a released lead is dealt out and notified with. */
const releasedLeadColumns = { id: leads.id, email: leads.email };

/**
 * Sets leads aside as held, in the flood's lead's transaction; one dealt out already goes back to nobody (its agent
 * was told nothing yet).
 */
export async function holdLeads(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx.update(leads).set({ spam: true, spamReason: 'flood', assignedTo: null, offeredAt: null }).where(inArray(leads.id, ids));
}

/** The leads taken as usual from the IPv6 block `networkHash` since `since`, other than `exceptId`. */
export async function recentLeadsOfNetwork(tx: Db, networkHash: string, since: Date, exceptId: string): Promise<string[]> {
  const t = leads;
  const rows = await tx
    .select(leadIdColumns)
    .from(t)
    .where(and(eq(t.networkHash, networkHash), gte(t.createdAt, since), eq(t.spam, false), ne(t.id, exceptId)));
  return rows.map((row) => row.id);
}

/** How many leads are held and since when (the oldest's arrival), or undefined when none is. */
export async function heldLeadsSummary(db: Db): Promise<{ count: number; since: Date } | undefined> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, since: sql<Date | null>`min(${leads.createdAt})` })
    .from(leads)
    .where(isHeld);
  return row && row.count > 0 && row.since ? { count: Number(row.count), since: new Date(row.since) } : undefined;
}

/**
 * The held leads now, locked in the caller's transaction until it ends: what a release confirmed is exactly what it
 * releases, and a lead held meanwhile waits for the next verdict.
 */
export async function lockHeldLeads(tx: Db): Promise<string[]> {
  const rows = await tx.select(leadIdColumns).from(leads).where(isHeld).for('update');
  return rows.map((row) => row.id);
}

/** These held leads become ordinary new leads, in the caller's transaction (which then deals them out and notifies). */
export function unholdLeads(tx: Db, ids: string[]): Promise<{ id: string; email: string | null }[]> {
  if (!ids.length) return Promise.resolve([]);
  return tx
    .update(leads)
    .set({ spam: false, spamReason: null, updatedAt: new Date() })
    .where(and(isHeld, inArray(leads.id, ids)))
    .returning(releasedLeadColumns);
}

/** Deletes every held lead (nobody was told of them, so nobody is told now). Returns how many. */
export async function deleteHeldLeads(db: Db): Promise<number> {
  const rows = await db.delete(leads).where(isHeld).returning(leadIdColumns);
  return rows.length;
}

// ---- the owners' flood alert (src/modules/system/alerts.server.ts) ------------------------------------------

/** Whether a lead other than `leadId` was held since `since`: a flood is going on. */
export async function otherLeadHeldSince(tx: Db, leadId: string, since: Date): Promise<boolean> {
  const [earlier] = await tx
    .select(leadIdColumns)
    .from(leads)
    .where(and(isHeld, ne(leads.id, leadId), gte(leads.createdAt, since)))
    .limit(1);
  return Boolean(earlier);
}

/** When the lead arrived; undefined when it is gone (discarded, or erased). */
export async function arrivalOf(db: Db, leadId: string): Promise<Date | undefined> {
  const [lead] = await db.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, leadId));
  return lead?.createdAt;
}

/** How many leads that arrived since `since` are held now. */
export async function countHeldSince(db: Db, since: Date): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(isHeld, gte(leads.createdAt, since)));
  return n;
}
