import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientIdentityOf, type ClientIdentity } from '@/lib/http/client.server';
import { clientCounters, countRequests, RateLimited } from '@/lib/http/rate-limit.server';
import { errorResponse } from '@/lib/http/response.server';
import { normaliseEmail } from '@/lib/validation/email';
import { acquireHashSlot } from '../password.server';
import {
  clearSignInFailures,
  clearSignInFailuresUnder,
  pruneSignInFailures,
  releaseSignInAttempts,
  reserveSignInAttempt,
  signInFailuresSince,
} from '../repository.server';

/**
 * Sign-in lockout (docs/decisions/0201-sign-in-lockout.md, 0320-sign-in-attempts.md, 0386-staff-sessions-round-3.md).
 * 10 failed attempts on one account from one client (its address or IPv6 /64), or from one client on any accounts,
 * within 15 minutes lock that pair / that client out for 15 minutes from the 10th. The account's count from every
 * client together locks nobody: it makes a client that has failed on the account wait longer before its next attempt
 * (ACCOUNT_SLOWDOWN), so a stranger's wrong passwords elsewhere never keep the person out of their own account. Each
 * attempt is reserved (recorded as a failure) before its password or code is checked, in the transaction that decides
 * whether it is refused, so a burst in parallel gets no more checks than the rule allows; a successful attempt takes
 * its reservation back and clears its pair's count. Refused attempts are not recorded, so a lock does not grow while
 * someone keeps trying. The clock is a parameter so tests can move time.
 */
export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/**
 * The wait of a client that failed on an account before its next attempt there, from the account's failures within
 * LOCKOUT.windowMs: none below `fromFailures`, then doubling from a second, up to `maxWaitMs`.
 */
export const ACCOUNT_SLOWDOWN = { fromFailures: 5, maxWaitMs: 5 * 60_000 } as const;

export const accountKey = (email: string) => `account:${normaliseEmail(email)}`;
const clientKey = (clientHash: string) => `client:${clientHash}`;
/** An account's count from one client: under the account's key, so clearing the account clears it too. */
const pairKey = (email: string, clientHash: string) => `${accountKey(email)}|${clientKey(clientHash)}`;

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

/** How long a client that failed on an account waits before trying it again, with these failures of the account. */
export function accountWaitMs(accountFailures: number): number {
  if (accountFailures < ACCOUNT_SLOWDOWN.fromFailures) return 0;
  return Math.min(1000 * 2 ** (accountFailures - ACCOUNT_SLOWDOWN.fromFailures), ACCOUNT_SLOWDOWN.maxWaitMs);
}

/** The lockout keys of an attempt on an account from a client. */
interface AttemptKeys {
  account: string;
  pair: string;
  client: string;
}

/** Why an attempt is refused before its check, and until when. */
export interface AttemptRefusal {
  kind: 'locked' | 'slowed';
  until: Date;
}

/**
 * Whether an attempt is refused, from its keys' failure times: its pair or its client locked, or its client made to
 * wait by the account's count. Undefined when it may go ahead.
 */
export function attemptRefusal(failures: Map<string, Date[]>, keys: AttemptKeys, now: Date): AttemptRefusal | undefined {
  const of = (key: string) => failures.get(key) ?? [];
  const locked = latestLockEnd(new Map([keys.pair, keys.client].map((key) => [key, of(key)])), now);
  if (locked) return { kind: 'locked', until: locked };
  const lastOwn = of(keys.pair).at(-1);
  if (!lastOwn) return undefined;
  const windowStart = now.getTime() - LOCKOUT.windowMs;
  const accountFailures = of(keys.account).filter((at) => at.getTime() > windowStart).length;
  const until = lastOwn.getTime() + accountWaitMs(accountFailures);
  return until > now.getTime() ? { kind: 'slowed', until: new Date(until) } : undefined;
}

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const minutes = (seconds: number) => Math.ceil(seconds / 60);

/** The refusal of an attempt before its check: 429 with Retry-After, and what to do in words. */
function refusalResponse({ kind, until }: AttemptRefusal, now: Date): Response {
  const seconds = secondsUntil(until, now);
  const error = kind === 'locked' ? STAFF_COPY.errors.lockedOut(minutes(seconds)) : STAFF_COPY.errors.slowedDown(seconds);
  return errorResponse(429, error, { 'Retry-After': String(seconds) });
}

/** The lockout keys of an attempt on this account from this client. */
function attemptKeys(email: string, client: ClientIdentity): AttemptKeys {
  return { account: accountKey(email), pair: pairKey(email, client.hash), client: clientKey(client.hash) };
}

/** While every password-hash slot of the process is taken. */
export const hashesBusyResponse = () => errorResponse(503, STAFF_COPY.errors.busy, { 'Retry-After': '2' });

/**
 * The per-client limit on sign-in requests of any kind, whatever their outcome: RATE_LIMIT_SIGN_IN for the client,
 * and RATE_LIMIT_SIGN_IN_56 and _48 for the IPv6 networks around it, as the lead form counts.
 */
export async function clientLimitRefusal(db: Db, client: ClientIdentity, now: Date): Promise<Response | undefined> {
  const env = getEnv();
  const limits = { own: env.RATE_LIMIT_SIGN_IN, 56: env.RATE_LIMIT_SIGN_IN_56, 48: env.RATE_LIMIT_SIGN_IN_48 };
  try {
    await countRequests(db, clientCounters('sign-in', client, limits), now.getTime());
    return undefined;
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return errorResponse(429, STAFF_COPY.errors.tooManyAttempts(minutes(error.retryAfterSeconds)), {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
}

/** The client that sent this request, with its networks: what the limits and the lockout count. */
export const clientOf = (db: Db, request: Request): Promise<ClientIdentity> => clientIdentityOf(db, request);

export type AttemptResult = { outcome: 'passed' } | { outcome: 'failed' } | { outcome: 'refused'; response: Response };

/**
 * One guarded check of a secret (a password, a second-factor code) for this account: the per-client limit, a slot
 * for the password hash (`hashes`; 503 when the process is busy hashing), the reservation, then `check`. A failed
 * check stays recorded; a passed one clears its pair's failures.
 */
export async function guardedAttempt(
  db: Db,
  request: Request,
  options: { email: string; now: Date; hashes: boolean },
  check: () => Promise<boolean>,
): Promise<AttemptResult> {
  const { now } = options;
  const client = await clientOf(db, request);
  const keys = attemptKeys(options.email, client);
  const limited = await clientLimitRefusal(db, client, now);
  if (limited) return { outcome: 'refused', response: limited };
  const slot = options.hashes ? acquireHashSlot() : { release: () => {} };
  if (!slot) return { outcome: 'refused', response: hashesBusyResponse() };
  try {
    await pruneSignInFailures(db, now);
    const reservation = await reserveSignInAttempt(db, [keys.account, keys.pair, keys.client], now, lockWindowStart(now), (failures) =>
      attemptRefusal(failures, keys, now),
    );
    if (!reservation.ok) return { outcome: 'refused', response: refusalResponse(reservation.refusal, now) };
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
    await clearSignInFailures(db, keys.pair);
    return { outcome: 'passed' };
  } finally {
    slot.release();
  }
}

/**
 * The refusals of a sign-in request that checks no secret (a password-reset request): the per-client limit, and the
 * lockout of the pair or the client, or the client's wait — without recording an attempt.
 */
export async function requestRefusal(db: Db, request: Request, email: string, now: Date): Promise<Response | undefined> {
  const client = await clientOf(db, request);
  const keys = attemptKeys(email, client);
  const limited = await clientLimitRefusal(db, client, now);
  if (limited) return limited;
  const failures = await signInFailuresSince(db, [keys.account, keys.pair, keys.client], lockWindowStart(now));
  const refusal = attemptRefusal(failures, keys, now);
  return refusal ? refusalResponse(refusal, now) : undefined;
}

/** A new password ends the account's counts (its own and per client): the person starts afresh. */
export const forgetAccountFailures = (db: Db, email: string) => clearSignInFailuresUnder(db, accountKey(email));
