import 'server-only';
import type { Db } from '@/lib/db/client';
import { normaliseEmail } from '@/lib/validation/email';
import { clearSignInFailures, recordSignInFailure, signInFailuresSince } from './repository.server';

/**
 * Sign-in lockout (docs/decisions/0201-sign-in-lockout.md): 10 failed sign-ins for one account, or from one client,
 * within 15 minutes lock that account / client out for 15 minutes from the 10th failure. Refused attempts are not
 * counted, so the lock does not grow while someone keeps trying; a successful sign-in clears the account's count.
 * The clock is a parameter so tests can move time.
 */
export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
export const clientKey = (clientHash: string) => `client:${clientHash}`;

/** When the lock ends, from one key's failure times (oldest first); undefined when not locked at `now`. */
export function lockedUntil(times: Date[], now: Date, rule = LOCKOUT): Date | undefined {
  let until: number | undefined;
  for (let i = rule.maxFailures - 1; i < times.length; i++) {
    const first = times[i - (rule.maxFailures - 1)].getTime();
    const tenth = times[i].getTime();
    if (tenth - first <= rule.windowMs) until = Math.max(until ?? 0, tenth + rule.lockMs);
  }
  return until !== undefined && until > now.getTime() ? new Date(until) : undefined;
}

/** The latest end of a lock on any of these keys, or undefined. */
export async function checkLockout(db: Db, keys: string[], now: Date): Promise<Date | undefined> {
  const since = new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs);
  const failures = await signInFailuresSince(db, keys, since);
  let latest: Date | undefined;
  for (const times of failures.values()) {
    const until = lockedUntil(times, now);
    if (until && (!latest || until > latest)) latest = until;
  }
  return latest;
}

export const recordFailure = (db: Db, keys: string[], now: Date) => recordSignInFailure(db, keys, now);
export const clearAccountFailures = (db: Db, email: string) => clearSignInFailures(db, accountKey(email));
