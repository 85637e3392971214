import 'server-only';
import { sql } from 'drizzle-orm';
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

export async function hitRateLimit(
  db: Db,
  bucket: string,
  clientHash: string,
  limit: RateLimit,
  now: number = Date.now(),
): Promise<RateDecision> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStartMs = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, clientHash, windowStart: new Date(windowStartMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.clientHash, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStartMs + windowMs - now) / 1000));
  return { allowed: row.count <= limit.count, count: row.count, retryAfterSeconds };
}
