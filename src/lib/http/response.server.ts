import 'server-only';
import { REQUEST_ERRORS } from '@/content/form-errors';

/** JSON answers of every API route: never cached, refusals always `{error: "<sentence>"}`. */

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error }, status, headers);
}

/** 429 with Retry-After, the sentence counting the wait in minutes: this client's limit, or the site-wide one. */
export function rateLimitedResponse(retryAfterSeconds: number, scope: 'client' | 'site' = 'client'): Response {
  const sentence = scope === 'site' ? REQUEST_ERRORS.busy : REQUEST_ERRORS.rateLimited;
  return errorResponse(429, sentence(Math.ceil(retryAfterSeconds / 60)), { 'Retry-After': String(retryAfterSeconds) });
}

/** A database or other server failure: 503 {error} with Retry-After, never a bare 500. */
export function unavailableResponse(error: string): Response {
  return errorResponse(503, error, { 'Retry-After': '5' });
}

type Handler = (request: Request) => Promise<Response>;

/** The exports of a route file that only accepts POST: every other method answers 405 {error} with Allow: POST. */
export function postOnly(handler: Handler) {
  const notAllowed = async () => errorResponse(405, REQUEST_ERRORS.methodNotAllowed, { Allow: 'POST' });
  return { POST: handler, GET: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed };
}
