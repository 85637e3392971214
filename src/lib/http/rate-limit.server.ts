import 'server-only';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rateLimits } from '@/lib/db/schema';

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

export interface RateCounter {
  bucket: string;
  clientHash: string;
  limit: RateLimit;
}

/**
 * The first of `counters` whose current window is already used up, read without counting or locking (one SELECT):
 * a refusal before any work. hitRateLimit in the request's transaction stays the count that decides.
 */
export async function fullRateLimit(
  db: Db,
  counters: RateCounter[],
  now: number = Date.now(),
): Promise<(RateDecision & { counter: RateCounter }) | undefined> {
  const windows = counters.map((counter) => ({ counter, ...windowOf(counter.limit, now) }));
  const rows = await db
    .select({ bucket: rateLimits.bucket, clientHash: rateLimits.clientHash, count: rateLimits.count })
    .from(rateLimits)
    .where(
      or(
        ...windows.map(({ counter, start }) =>
          and(eq(rateLimits.bucket, counter.bucket), eq(rateLimits.clientHash, counter.clientHash), eq(rateLimits.windowStart, start)),
        ),
      ),
    );
  for (const { counter, retryAfterSeconds } of windows) {
    const count = rows.find((row) => row.bucket === counter.bucket && row.clientHash === counter.clientHash)?.count ?? 0;
    if (count >= counter.limit.count) return { allowed: false, count, retryAfterSeconds, counter };
  }
  return undefined;
}

export async function hitRateLimit(
  db: Db,
  bucket: string,
  clientHash: string,
  limit: RateLimit,
  now: number = Date.now(),
): Promise<RateDecision> {
  const { start, retryAfterSeconds } = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, clientHash, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.clientHash, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return { allowed: row.count <= limit.count, count: row.count, retryAfterSeconds };
}
