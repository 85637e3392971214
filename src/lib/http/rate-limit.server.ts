import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { rateLimits } from '@/lib/db/schema';
import type { ClientIdentity, WiderPrefix } from './client.server';

/**
 * Fixed-window rate limit whose counters live in the database (table rate_limits), so every instance sharing a
 * PostgreSQL server enforces one limit. One atomic upsert per request: the row for (bucket, client, window) is
 * created or incremented and its new count decides.
 */
export interface RateLimit {
  count: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

const windowOf = (limit: RateLimit, now: number) => {
  const windowMs = limit.windowSeconds * 1000;
  const startMs = Math.floor(now / windowMs) * windowMs;
  return { start: new Date(startMs), retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - now) / 1000)) };
};

/** One counter of a request: a client's own in `bucket`, or (siteCounter) that of all clients together. */
export interface RateCounter {
  bucket: string;
  clientHash: string;
  limit: RateLimit;
}

/** A client's counter in `bucket` (e.g. 'interest'). */
export const clientCounter = (bucket: string, clientHash: string, limit: RateLimit): RateCounter => ({ bucket, clientHash, limit });

/** A client's limits in one bucket: its own (an IPv4 address or IPv6 /64), and those of the /56 and /48 around it. */
export type ClientLimits = { own: RateLimit } & Record<WiderPrefix, RateLimit>;

/**
 * The counters of a client in `bucket`: its own first, then its networks' from the narrowest to the widest
 * (docs/decisions/0343-a-flood-is-held-not-refused.md): one holder of a /48 has 65,536 /64s, so counting the /64 alone
 * does not slow them. The one rule of the lead form's and the staff sign-in's limits.
 */
export const clientCounters = (bucket: string, client: ClientIdentity, limits: ClientLimits): RateCounter[] => [
  clientCounter(bucket, client.hash, limits.own),
  ...client.networks.map(({ prefix, hash }) => clientCounter(`${bucket}:/${prefix}`, hash, limits[prefix])),
];

/** The counter of all clients together in `bucket` (its client column can never be a client's: those are hex). */
export const siteCounter = (bucket: string, limit: RateLimit): RateCounter => ({ bucket: `${bucket}:site`, clientHash: 'site', limit });

/** A request past a client's limit: the public form's route answers 429 with Retry-After. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

/**
 * Counts this request on each of `counters` (a client's own, its networks'), in one statement; past any of their
 * limits, throws RateLimited. In a transaction it counts only what commits (a throw rolls the transaction back).
 * Returns the counts with this request, in the counters' order.
 */
export async function countRequests(db: Db, counters: RateCounter[], now: number = Date.now()): Promise<number[]> {
  const decisions = await countOn(db, counters, now);
  const refused = decisions.filter((decision) => !decision.allowed);
  if (refused.length) throw new RateLimited(Math.max(...refused.map((decision) => decision.retryAfterSeconds)));
  return decisions.map((decision) => decision.count);
}

/** Counts this request on each of `counters` in one statement: each one's decision, in their order. */
async function countOn(db: Db, counters: RateCounter[], now: number): Promise<RateDecision[]> {
  const windows = counters.map((counter) => ({ counter, ...windowOf(counter.limit, now) }));
  const rows = await countedTogether(db).execute(arraysOf(windows));
  return windows.map(({ counter, retryAfterSeconds }) => {
    const { count } = rows.find((r) => r.bucket === counter.bucket && r.clientHash === counter.clientHash)!;
    return { allowed: count <= counter.limit.count, count, retryAfterSeconds };
  });
}

/** Several counters' windows as the three arrays the statements below unnest. */
const arraysOf = (windows: { counter: RateCounter; start: Date }[]) => ({
  buckets: windows.map(({ counter }) => counter.bucket),
  clientHashes: windows.map(({ counter }) => counter.clientHash),
  windowStarts: windows.map(({ start }) => start.toISOString()),
});

/** The rows (bucket, client_hash, window_start) of arraysOf's three arrays. */
const countersUnnested = sql`unnest(${sql.placeholder('buckets')}::text[], ${sql.placeholder('clientHashes')}::text[], ${sql.placeholder('windowStarts')}::timestamptz[])`;

const countedTogether = preparedStatement((db) =>
  db
    .insert(rateLimits)
    .select(sql`select bucket, client_hash, window_start, 1 from ${countersUnnested} as c(bucket, client_hash, window_start)`)
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.clientHash, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ bucket: rateLimits.bucket, clientHash: rateLimits.clientHash, count: rateLimits.count })
    .prepare('rate_limit_count_together'),
);

/** A place taken in a counter's window (takeIfRoom), which giveBack can return. */
export interface TakenPlace {
  counter: RateCounter;
  windowStart: Date;
}

/**
 * Counts this request on `counter` only while its window has room, in one conditional upsert: the place taken, or
 * null when the window was full (nothing counted). Concurrent requests never take more than the limit.
 */
export async function takeIfRoom(db: Db, counter: RateCounter, now: number = Date.now()): Promise<TakenPlace | null> {
  const { start } = windowOf(counter.limit, now);
  const rows = await placeTaken(db).execute({ ...keyOf(counter, start), limit: counter.limit.count });
  return rows.length > 0 ? { counter, windowStart: start } : null;
}

/** A counter's row in one window, as the prepared statements below take it. */
const keyOf = (counter: RateCounter, windowStart: Date) => ({
  bucket: counter.bucket,
  clientHash: counter.clientHash,
  windowStart: windowStart.toISOString(),
});

const placeholders = {
  bucket: sql.placeholder('bucket'),
  clientHash: sql.placeholder('clientHash'),
  windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`,
  count: 1,
};

const placeTaken = preparedStatement((db) =>
  db
    .insert(rateLimits)
    .values(placeholders)
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.clientHash, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${sql.placeholder('limit')}`,
    })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_take_if_room'),
);

/** Returns a place takeIfRoom took, to the window it was taken in. */
export async function giveBack(db: Db, { counter, windowStart }: TakenPlace): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.bucket, counter.bucket),
        eq(rateLimits.clientHash, counter.clientHash),
        eq(rateLimits.windowStart, windowStart),
        sql`${rateLimits.count} > 0`,
      ),
    );
}

/** A counter's current window as read, before this request counts. */
export interface CounterReading extends RateDecision {
  counter: RateCounter;
}

/**
 * Each counter's count in its current window, read without counting or locking (one SELECT): a refusal before any
 * work. countRequests in the request's transaction stays the count that decides.
 */
export async function readCounters(db: Db, counters: RateCounter[], now: number = Date.now()): Promise<CounterReading[]> {
  const windows = counters.map((counter) => ({ counter, ...windowOf(counter.limit, now) }));
  const rows = await countersRead(db).execute(arraysOf(windows));
  return windows.map(({ counter, start, retryAfterSeconds }) => {
    const row = rows.find(
      (r) => r.bucket === counter.bucket && r.clientHash === counter.clientHash && r.windowStart.getTime() === start.getTime(),
    );
    const count = row?.count ?? 0;
    return { counter, count, allowed: count < counter.limit.count, retryAfterSeconds };
  });
}

/** The rows of any number of counters' windows, given as three arrays of the same length, in one statement. */
const countersRead = preparedStatement((db) =>
  db
    .select({ bucket: rateLimits.bucket, clientHash: rateLimits.clientHash, windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(sql`(${rateLimits.bucket}, ${rateLimits.clientHash}, ${rateLimits.windowStart}) in (select * from ${countersUnnested})`)
    .prepare('rate_limit_read_counters'),
);

export async function hitRateLimit(
  db: Db,
  bucket: string,
  clientHash: string,
  limit: RateLimit,
  now: number = Date.now(),
): Promise<RateDecision> {
  const [decision] = await countOn(db, [{ bucket, clientHash, limit }], now);
  return decision;
}

/** Deletes the counters of windows that began before `before` (the retention job); returns how many. */
export async function deleteCountersBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.windowStart, before)).returning({ at: rateLimits.windowStart });
  return rows.length;
}
