import 'server-only';
import type { z } from 'zod';
import { getDatabase, type Db } from '@/lib/db/client';
import { getEnv, type ServerEnv } from '@/lib/env.server';
import { clientAddress, hashClient } from './client.server';
import { fullRateLimit, hitRateLimit, type RateCounter, type RateLimit } from './rate-limit.server';
import { createHash } from 'node:crypto';
import { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { wantsSecureCookies } from '@/lib/auth/transport.server';
import { FORM_FLASH_COOKIE } from '@/lib/constants';
import { logError } from '@/lib/log';
import { FORM_FLASH_MAX_AGE, sealFormFlash } from './form-flash.server';
import { isFormPost, readIdempotencyKey, readJsonOrForm } from './request.server';
import { errorResponse, rateLimitedResponse, unavailableResponse } from './response.server';

/**
 * The one pipeline of the public forms' API routes: read the body (size, type, JSON), validate it with the form's
 * own schema, open the database, reduce the client to its salted hash, run the handler, and turn the outcomes
 * into answers: a refusal is 4xx {error: "<sentence>"}, too many requests 429 with Retry-After, a database
 * failure 503 {error}. Nothing a visitor sends leads to a 500.
 *
 * The same route takes the form as the browser posts it before (or without) scripts: urlencoded fields, answered
 * with a 303 to the success page, or to the form's own page with what the visitor typed and the error sentence in
 * an encrypted cookie (form-flash.server.ts). Personal data never goes into a URL.
 */

export interface PublicRequest<T> {
  request: Request;
  input: T;
  env: ServerEnv;
  db: Db;
  clientHash: string;
  /**
   * The Idempotency-Key header of a scripted post; for a browser-posted form, a digest of what was typed and the
   * day (a static page cannot give each visitor a key of their own): sending the same form twice stores it once.
   */
  idempotencyKey: string | undefined;
  /**
   * Counts this request against the client's limit; past it the route answers 429. Pass a transaction to count
   * only what it commits (a repeat of a stored form then costs nothing).
   */
  admit(db: Db): Promise<void>;
  /**
   * Counts this request against the site-wide limit (`siteRateLimit`, all clients together); past it the route
   * answers 429 with the busy sentence. Call it last in the transaction: its one counter row stays locked until commit.
   */
  admitSiteWide(db: Db): Promise<void>;
  /**
   * Refuses (429, as admit and admitSiteWide would) when the client's limit or the site-wide one is already used
   * up, before any work: a read, no count, no lock. A burst past the site-wide cap is then refused at once instead
   * of queueing on its one counter row; admit and admitSiteWide in the transaction still decide.
   */
  refuseWhenFull(db: Db): Promise<void>;
}

export interface PublicRouteOptions<S extends z.ZodType> {
  schema: S;
  /** Fields the visitor fills: their issues carry the schema's own sentences; anything else gets `errors.unreadable`. */
  visibleFields: readonly string[];
  errors: { unreadable: string; unavailable: string };
  /** Log label, e.g. 'interest'. Also the rate-limit bucket. */
  name: string;
  rateLimit: (env: ServerEnv) => RateLimit;
  /** The limit of all clients together, counted by `admitSiteWide` (e.g. new leads a minute); none when absent. */
  siteRateLimit?: (env: ServerEnv) => RateLimit;
  /** Where a browser-posted form sends the visitor: the success page, and the form's own page after a refusal. */
  formPages: { success: string; retry: string };
  handle: (context: PublicRequest<z.infer<S>>) => Promise<Response>;
}

/** The client column of the site-wide counter (client hashes are hex, so it can never be a client's). */
const SITE_WIDE = 'site';

class RateLimited extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly scope: 'client' | 'site',
  ) {
    super('rate limited');
  }
}

export function publicRoute<S extends z.ZodType>(options: PublicRouteOptions<S>): (request: Request) => Promise<Response> {
  return async (request) => {
    const form = isFormPost(request);
    let fields: Record<string, unknown> = {};
    let db: Db | undefined;
    const answer = (response: Response) =>
      form ? formAnswer(request, response, options, visibleValues(fields, options.visibleFields), db) : response;
    try {
      const body = await readJsonOrForm(request);
      if (!body.ok) return await answer(body.response);
      fields = body.value;
      const key = form ? { ok: true as const, key: formKey(fields, options.visibleFields) } : readIdempotencyKey(request);
      if (!key.ok) return await answer(key.response);
      const parsed = options.schema.safeParse(fields);
      if (!parsed.success)
        return await answer(errorResponse(400, visitorMessage(parsed.error, options.visibleFields, options.errors.unreadable)));

      const env = getEnv();
      db = (await getDatabase()).db;
      const clientHash = await hashClient(db, clientAddress(request, env.TRUST_PROXY));
      // The visitor's counter and the site-wide one (all clients together), when the form has one.
      const client: RateCounter = { bucket: options.name, clientHash, limit: options.rateLimit(env) };
      const site: RateCounter | undefined = options.siteRateLimit && {
        bucket: `${options.name}:site`,
        clientHash: SITE_WIDE,
        limit: options.siteRateLimit(env),
      };
      const count = async (tx: Db, counter: RateCounter, scope: RateLimited['scope']) => {
        const decision = await hitRateLimit(tx, counter.bucket, counter.clientHash, counter.limit);
        if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds, scope);
      };
      const admit = (tx: Db) => count(tx, client, 'client');
      const admitSiteWide = async (tx: Db) => {
        if (site) await count(tx, site, 'site');
      };
      const refuseWhenFull = async (db: Db) => {
        const full = await fullRateLimit(db, site ? [client, site] : [client]);
        if (full) throw new RateLimited(full.retryAfterSeconds, full.counter === client ? 'client' : 'site');
      };
      // Old counters are deleted by the hourly retention job (src/lib/retention), not here.
      const response = await options.handle({
        request,
        input: parsed.data,
        env,
        db,
        clientHash,
        idempotencyKey: key.key,
        admit,
        admitSiteWide,
        refuseWhenFull,
      });
      return await answer(response);
    } catch (error) {
      if (error instanceof RateLimited) return answer(rateLimitedResponse(error.retryAfterSeconds, error.scope));
      logError(`[${options.name}] request failed`, error);
      return answer(unavailableResponse(options.errors.unavailable));
    }
  };
}

/** The fields the visitor typed, as text (what goes back into the form after a refusal). */
function visibleValues(fields: Record<string, unknown>, visible: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    visible.filter((name) => typeof fields[name] === 'string').map((name) => [name, String(fields[name]).slice(0, 300)]),
  );
}

function formKey(fields: Record<string, unknown>, visible: readonly string[]): string {
  const typed = visible.map((name) =>
    String(fields[name] ?? '')
      .trim()
      .toLowerCase(),
  );
  return `form-${createHash('sha256')
    .update(JSON.stringify([...typed, new Date().toISOString().slice(0, 10)]))
    .digest('hex')
    .slice(0, 48)}`;
}

/** A browser-posted form's answer: 303 to the success page, or back to the form with the typed values and the error. */
async function formAnswer(
  request: Request,
  response: Response,
  options: PublicRouteOptions<z.ZodType>,
  values: Record<string, string>,
  db: Db | undefined,
): Promise<Response> {
  // Relative locations: behind a proxy the request's own URL may name another host, and a form may only be
  // redirected to its own origin (CSP form-action 'self').
  const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  if (response.ok) return seeOther(options.formPages.success);
  const redirect = seeOther(options.formPages.retry);
  try {
    const { error } = (await response.json()) as { error: string };
    const token = await sealFormFlash(db ?? (await getDatabase()).db, { values, error });
    new ResponseCookies(redirect.headers).set(FORM_FLASH_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: FORM_FLASH_MAX_AGE,
      secure: wantsSecureCookies(request),
    });
  } catch (error) {
    // Without the database the form page opens empty; the visitor still lands on the form, not on an error page.
    logError(`[${options.name}] could not keep the form for the visitor`, error);
  }
  return redirect;
}

/** One sentence for the visitor from a Zod error: the first issue on a field they fill, else `fallback`. */
export function visitorMessage(error: z.ZodError, visibleFields: readonly string[], fallback: string): string {
  const visible = error.issues.find((issue) => issue.path.length > 0 && visibleFields.includes(String(issue.path[0])));
  return visible?.message ?? fallback;
}
