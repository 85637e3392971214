import 'server-only';
import { and, isNotNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';

/**
 * What the retention job (src/modules/system/retention.server.ts, docs/decisions/0311-retention-matches-the-notice.md)
 * does to leads: their address fingerprints go first, the leads themselves later (erased by ./erasure.server.ts).
 */

/** Clears the client hash of leads that arrived before `before`. Returns how many had one. */
export async function clearLeadFingerprints(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(leads)
    .set({ clientHash: null })
    .where(and(isNotNull(leads.clientHash), lt(leads.createdAt, before)))
    .returning({ id: leads.id });
  return rows.length;
}

/**
 * Leads no longer kept: untouched since `before`, unless won or reserved (a customer's lead, or one whose deposit is
 * paid, is kept with their contract records: docs/decisions/0412).
 */
export const leadsPastRetention = (before: Date, kept: SQL = sql`(select null::uuid where false)`): SQL =>
  and(notInArray(leads.status, ['won', 'reserved']), lt(leads.updatedAt, before), sql`${leads.id} not in ${kept}`)!;
