import 'server-only';
import type { Db } from '@/lib/db/client';
import { revokeSessions, type OpenSession, type SessionScope } from '@/modules/staff/sessions/session.server';
import { endAlerts, type AlertsToEnd } from '@/modules/staff/push/subscriptions.repository.server';

/**
 * The one way staff sessions end before their time (docs/decisions/0386-staff-sessions-round-3.md): signing out, a
 * device signed out from Your account, "sign out everywhere", a new password (changed or reset), a change of the
 * second factor, a deactivation, the CLI, a restore. The push alerts the ended sessions turned on end with them in the
 * same transaction, so a lost phone stops showing lead names when its session is ended.
 */
export type { SessionScope };

/** The alerts that end with the sessions of `scope`. */
function alertsOf(scope: SessionScope): AlertsToEnd {
  if ('session' in scope) return { session: scope.session, staffId: scope.of };
  if ('account' in scope) return { staffId: scope.account, exceptSession: scope.except };
  return { everyone: true };
}

/** Ends the sessions of `scope` and their push alerts; returns the sessions that were still open (for the audit). */
export async function endSessions(db: Db, scope: SessionScope, now: Date = new Date()): Promise<OpenSession[]> {
  return db.transaction(async (tx) => {
    const ended = await revokeSessions(tx, scope, now);
    await endAlerts(tx, alertsOf(scope));
    return ended;
  });
}

/** Every staff session ends (after a restore: the sessions in a backup are not to be trusted), with every alert. */
export const endEverySession = (db: Db, now: Date = new Date()) => endSessions(db, { everyone: true }, now);
