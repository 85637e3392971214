import 'server-only';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { staffPushSubscriptions, staffSessions, staffUsers } from '@/lib/db/schema';
import type { PushTarget } from '@/lib/push/endpoint';

/**
 * Every query on staff_push_subscriptions: the devices where staff turned push alerts on, and which of them an alert
 * goes to (those of active accounts only). Sending is src/lib/push's; who is alerted of a lead, src/modules/leads.
 */

const s = staffPushSubscriptions;

/**
 * Turns alerts on for a browser, in the session `sessionId`: they end with it (src/modules/staff/sessions). Its endpoint is
 * its identity: the same browser turning them on again (or signed in as someone else now) keeps one row, with the
 * latest keys, owner and session.
 */
export async function saveSubscription(
  db: Db,
  staff: { id: string; sessionId: string | null },
  target: PushTarget,
  label: string | null,
  now = new Date(),
) {
  const values = { staffId: staff.id, sessionId: staff.sessionId, p256dh: target.p256dh, auth: target.auth, label, createdAt: now };
  const [row] = await db
    .insert(s)
    .values({ ...values, endpoint: target.endpoint })
    .onConflictDoUpdate({ target: s.endpoint, set: values })
    .returning({ id: s.id });
  return row!;
}

/** A staff member's devices with alerts on, oldest first (never the endpoint: it is a capability). */
export function subscriptionsOf(db: Db, staffId: string) {
  return db
    .select({ id: s.id, label: s.label, createdAt: s.createdAt, lastSentAt: s.lastSentAt })
    .from(s)
    .where(eq(s.staffId, staffId))
    .orderBy(asc(s.createdAt), asc(s.id));
}

/** Alerts off for one device (by its id, or its endpoint from the browser itself); only the staff member's own. */
export async function removeSubscription(db: Db, staffId: string, which: { id: string } | { endpoint: string }): Promise<boolean> {
  const match = 'id' in which ? eq(s.id, which.id) : eq(s.endpoint, which.endpoint);
  return (
    (
      await db
        .delete(s)
        .where(and(eq(s.staffId, staffId), match))
        .returning({ id: s.id })
    ).length > 0
  );
}

/**
 * The devices of these staff members, while their accounts are active and the session that turned alerts on is still
 * theirs: not ended and not past its expiry (a session that simply runs out ends its alerts as a sign-out does). A
 * session only idle still gets them: alerts are for when nobody is looking. A subscription without a session (made
 * before sessions were kept with it, or whose session's row is gone) gets none: its person turns alerts on again.
 */
export function pushTargetsOf(db: Db, staffIds: string[]) {
  if (!staffIds.length) return Promise.resolve([]);
  return pushTargets(db).execute({ staffIds });
}

const pushTargets = preparedStatement((db) =>
  db
    .select({ id: s.id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .from(s)
    .innerJoin(staffUsers, and(eq(staffUsers.id, s.staffId), eq(staffUsers.active, true)))
    .innerJoin(
      staffSessions,
      and(
        eq(staffSessions.id, s.sessionId),
        eq(staffSessions.userId, s.staffId),
        isNull(staffSessions.revokedAt),
        sql`${staffSessions.expiresAt} > now()`,
      ),
    )
    .where(sql`${s.staffId} = any(${sql.placeholder('staffIds')}::uuid[])`)
    .prepare('push_targets'),
);

/** The push service said the subscription is gone (404/410): the browser dropped it, so do we. */
export async function forgetSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(s).where(inArray(s.id, ids));
}

export async function markSubscriptionsUsed(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length) await db.update(s).set({ lastSentAt: at }).where(inArray(s.id, ids));
}

/**
 * Every subscription, when the push key they were made for is lost (src/lib/push/vapid.server.ts): none can work with
 * the new key, and the browsers' alerts controls show off until their person turns alerts on again. How many.
 */
export async function forgetEverySubscription(db: Db): Promise<number> {
  return (await db.delete(s).returning({ id: s.id })).length;
}

/** Whose alerts end with sessions that end: those of one session, of an account (but one session's), or everyone's. */
export type AlertsToEnd = { session: string; staffId?: string } | { staffId: string; exceptSession?: string } | { everyone: true };

/**
 * Ends the alerts of ended sessions (called by src/modules/staff/sessions only, with the sessions). An account's are all of
 * its subscriptions but the kept session's, including those whose session is gone or unknown.
 */
export async function endAlerts(db: Db, which: AlertsToEnd): Promise<number> {
  const rows = await db
    .delete(s)
    .where(
      'session' in which
        ? and(eq(s.sessionId, which.session), which.staffId ? eq(s.staffId, which.staffId) : undefined)
        : 'staffId' in which
          ? and(
              eq(s.staffId, which.staffId),
              which.exceptSession ? or(isNull(s.sessionId), ne(s.sessionId, which.exceptSession)) : undefined,
            )
          : sql`true`,
    )
    .returning({ id: s.id });
  return rows.length;
}
