import 'server-only';
import type { z } from 'zod';
import { getDatabase, type Db } from '@/lib/db/client';
import { getEnv, type ServerEnv } from '@/lib/env.server';
import { clientAddress, hashClient } from './client.server';
import { hitRateLimit, pruneRateLimits, type RateLimit } from './rate-limit.server';
import { readJsonObject } from './request.server';
import { errorResponse, rateLimitedResponse, unavailableResponse } from './response.server';

/**
 * The one pipeline of the public forms' API routes: read the body (size, type, JSON), validate it with the form's
 * own schema, open the database, reduce the client to its salted hash, run the handler, and turn the outcomes
 * into answers: a refusal is 4xx {error: "<sentence>"}, too many requests 429 with Retry-After, a database
 * failure 503 {error}. Nothing a visitor sends leads to a 500.
 */

export interface PublicRequest<T> {
  request: Request;
  input: T;
  env: ServerEnv;
  db: Db;
  clientHash: string;
  /**
   * Counts this request against the client's limit; past it the route answers 429. Pass a transaction to count
   * only what it commits (a repeat of a stored form then costs nothing).
   */
  admit(db: Db): Promise<void>;
}

export interface PublicRouteOptions<S extends z.ZodType> {
  schema: S;
  /** Fields the visitor fills: their issues carry the schema's own sentences; anything else gets `errors.unreadable`. */
  visibleFields: readonly string[];
  errors: { unreadable: string; unavailable: string };
  /** Log label, e.g. 'interest'. Also the rate-limit bucket. */
  name: string;
  rateLimit: (env: ServerEnv) => RateLimit;
  handle: (context: PublicRequest<z.infer<S>>) => Promise<Response>;
}

class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

export function publicRoute<S extends z.ZodType>(options: PublicRouteOptions<S>): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const body = await readJsonObject(request);
      if (!body.ok) return body.response;
      const parsed = options.schema.safeParse(body.value);
      if (!parsed.success) return errorResponse(400, visitorMessage(parsed.error, options.visibleFields, options.errors.unreadable));

      const env = getEnv();
      const { db } = await getDatabase();
      const clientHash = await hashClient(db, clientAddress(request, env.TRUST_PROXY));
      const admit = async (tx: Db) => {
        const decision = await hitRateLimit(tx, options.name, clientHash, options.rateLimit(env));
        if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
      };
      const response = await options.handle({ request, input: parsed.data, env, db, clientHash, admit });
      await pruneRateLimits(db);
      return response;
    } catch (error) {
      if (error instanceof RateLimited) return rateLimitedResponse(error.retryAfterSeconds);
      console.error(`[${options.name}] request failed:`, error);
      return unavailableResponse(options.errors.unavailable);
    }
  };
}

/** One sentence for the visitor from a Zod error: the first issue on a field they fill, else `fallback`. */
export function visitorMessage(error: z.ZodError, visibleFields: readonly string[], fallback: string): string {
  const visible = error.issues.find((issue) => issue.path.length > 0 && visibleFields.includes(String(issue.path[0])));
  return visible?.message ?? fallback;
}
