import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientHashOf } from '@/lib/http/client.server';
import { hitRateLimit } from '@/lib/http/rate-limit.server';
import { errorResponse } from '@/lib/http/response.server';
import { normaliseEmail } from '@/lib/validation/email';
import { acquireHashSlot } from '../password.server';
import {
  clearSignInFailures,
  pruneSignInFailures,
  releaseSignInAttempts,
  reserveSignInAttempt,
  signInFailuresSince,
} from '../repository.server';

/**
 * Sign-in lockout (docs/decisions/0201-sign-in-lockout.md, 0320-sign-in-attempts.md): 10 failed attempts for one
 * account, or from one client, within 15 minutes lock that account / client out for 15 minutes from the 10th. Each
 * attempt is reserved (recorded as a failure) before its password or code is checked, in the transaction that
 * decides whether the keys are locked, so a burst in parallel gets no more than 10 checks; a successful attempt
 * takes its reservation back and clears the account's count. Refused attempts are not recorded, so the lock does not
 * grow while someone keeps trying. The clock is a parameter so tests can move time.
 */
export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
const clientKey = (clientHash: string) => `client:${clientHash}`;

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

/** When the latest lock on any of these keys ends (failure times per key), or undefined. */
export function latestLockEnd(failures: Map<string, Date[]>, now: Date): Date | undefined {
  let latest: Date | undefined;
  for (const times of failures.values()) {
    const until = lockedUntil(times, now);
    if (until && (!latest || until > latest)) latest = until;
  }
  return latest;
}

const lockWindowStart = (now: Date) => new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs);

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const minutes = (seconds: number) => Math.ceil(seconds / 60);

/** The refusal of a locked key: 429 with Retry-After. */
function lockedOutResponse(until: Date, now: Date): Response {
  const seconds = secondsUntil(until, now);
  return errorResponse(429, STAFF_COPY.errors.lockedOut(minutes(seconds)), { 'Retry-After': String(seconds) });
}

/** The lockout key of the client that sent this request. */
export async function clientKeyOf(db: Db, request: Request): Promise<string> {
  return clientKey(await clientHashOf(db, request));
}

/** The lockout keys of an attempt on this account from this client. */
async function attemptKeys(db: Db, request: Request, email: string): Promise<{ account: string; client: string }> {
  return { account: accountKey(email), client: await clientKeyOf(db, request) };
}

/** While every password-hash slot of the process is taken. */
export const hashesBusyResponse = () => errorResponse(503, STAFF_COPY.errors.busy, { 'Retry-After': '2' });

/** The per-client limit on sign-in requests of any kind (RATE_LIMIT_SIGN_IN), whatever their outcome. */
export async function clientLimitRefusal(db: Db, clientKeyValue: string, now: Date): Promise<Response | undefined> {
  const decision = await hitRateLimit(db, 'sign-in', clientKeyValue, getEnv().RATE_LIMIT_SIGN_IN, now.getTime());
  if (decision.allowed) return undefined;
  return errorResponse(429, STAFF_COPY.errors.tooManyAttempts(minutes(decision.retryAfterSeconds)), {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}

export type AttemptResult = { outcome: 'passed' } | { outcome: 'failed' } | { outcome: 'refused'; response: Response };

/**
 * One guarded check of a secret (a password, a second-factor code) for this account: the per-client limit, a slot
 * for the password hash (`hashes`; 503 when the process is busy hashing), the reservation, then `check`. A failed
 * check stays recorded; a passed one clears the account's failures.
 */
export async function guardedAttempt(
  db: Db,
  request: Request,
  options: { email: string; now: Date; hashes: boolean },
  check: () => Promise<boolean>,
): Promise<AttemptResult> {
  const { now } = options;
  const keys = await attemptKeys(db, request, options.email);
  const limited = await clientLimitRefusal(db, keys.client, now);
  if (limited) return { outcome: 'refused', response: limited };
  const slot = options.hashes ? acquireHashSlot() : { release: () => {} };
  if (!slot) return { outcome: 'refused', response: hashesBusyResponse() };
  try {
    await pruneSignInFailures(db, now);
    const reservation = await reserveSignInAttempt(db, [keys.account, keys.client], now, lockWindowStart(now), (failures) =>
      latestLockEnd(failures, now),
    );
    if (!reservation.ok) return { outcome: 'refused', response: lockedOutResponse(reservation.lockedUntil, now) };
    let passed = false;
    try {
      passed = await check();
    } catch (error) {
      // Not the caller's failure: the attempt does not count.
      await releaseSignInAttempts(db, reservation.ids);
      throw error;
    }
    if (!passed) return { outcome: 'failed' };
    await releaseSignInAttempts(db, reservation.ids);
    await clearSignInFailures(db, keys.account);
    return { outcome: 'passed' };
  } finally {
    slot.release();
  }
}

/**
 * The refusals of a sign-in request that checks no secret (a password-reset request): the per-client limit, and the
 * lockout of the account or the client — without recording an attempt.
 */
export async function requestRefusal(db: Db, request: Request, email: string, now: Date): Promise<Response | undefined> {
  const keys = await attemptKeys(db, request, email);
  const limited = await clientLimitRefusal(db, keys.client, now);
  if (limited) return limited;
  const locked = latestLockEnd(await signInFailuresSince(db, [keys.account, keys.client], lockWindowStart(now)), now);
  return locked ? lockedOutResponse(locked, now) : undefined;
}
