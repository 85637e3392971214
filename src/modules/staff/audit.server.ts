import 'server-only';
import { desc, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { staffAudit } from '@/lib/db/schema';

/** The staff-area audit trail: staff accounts created and changed, privacy exports and erasures. */

/** Who did what the server did by itself (a round-robin assignment, a scheduled reminder) in audit and lead history. */
export const SYSTEM_ACTOR_EMAIL = 'system';

export interface Actor {
  id: string;
  email: string;
}

export async function recordAudit(
  db: Db,
  actor: Actor | undefined,
  action: string,
  subject: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(staffAudit)
    .values({ actorId: actor?.id ?? null, actorEmail: actor?.email ?? SYSTEM_ACTOR_EMAIL, action, subject, detail });
}

export async function listAudit(db: Db, actions: string[], limit = 20) {
  return db
    .select()
    .from(staffAudit)
    .where(actions.length ? inArray(staffAudit.action, actions) : undefined)
    .orderBy(desc(staffAudit.createdAt))
    .limit(limit);
}
