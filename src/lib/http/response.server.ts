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

/** 429 with Retry-After, the sentence counting the wait in minutes: the client's own limit (there is no other). */
export function rateLimitedResponse(retryAfterSeconds: number): Response {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return errorResponse(429, REQUEST_ERRORS.rateLimited(minutes), { 'Retry-After': String(retryAfterSeconds) });
}

/** A database or other server failure: 503 {error} with Retry-After, never a bare 500. */
export function unavailableResponse(error: string): Response {
  return errorResponse(503, error, { 'Retry-After': '5' });
}

type Handler = (request: Request) => Promise<Response>;
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof ROUTE_METHODS)[number];
// Route handlers take (request, context); `never` lets every such signature in.
type AnyHandler = (request: never, context: never) => Promise<Response> | Response;
type NotAllowed = () => Promise<Response>;

/**
 * The exports of a route file: its handlers, and for every other method 405 {error} with Allow (Next.js's own 405
 * for a method a route file does not export has no body). `export const { GET, POST, PUT, PATCH, DELETE } = ...`
 */
export function routeMethods<H extends Partial<Record<Method, AnyHandler>>>(handlers: H, sentence: string = REQUEST_ERRORS.wrongMethod) {
  const allow = ROUTE_METHODS.filter((method) => handlers[method]).join(', ');
  const notAllowed: NotAllowed = async () => errorResponse(405, sentence, { Allow: allow });
  return Object.fromEntries(ROUTE_METHODS.map((method) => [method, handlers[method] ?? notAllowed])) as H &
    Record<Exclude<Method, keyof H>, NotAllowed>;
}

/** The exports of a route file that only accepts POST (a form's): every other method answers 405 {error} with Allow: POST. */
export function postOnly(handler: Handler) {
  return routeMethods({ POST: handler }, REQUEST_ERRORS.methodNotAllowed);
}
