import 'server-only';
import type { z } from 'zod';
import { ACCOUNT_ERRORS, ACCOUNT_PATHS, type AccountErrorKey } from '@/content/buyers';
import { isCrossSite } from '@/lib/auth/csrf.server';
import { deviceLabel } from '@/lib/auth/device-label';
import { getDatabase, type Db } from '@/lib/db/client';
import type { BuyerSessionMethod } from '@/lib/db/enums';
import { getEnv } from '@/lib/env.server';
import { clientIdentityOf } from '@/lib/http/client.server';
import { clientCounters, countRequests, RateLimited } from '@/lib/http/rate-limit.server';
import { isFormPost, readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { codeSchema, linkSchema, signInRequestSchema, signOutSchema } from '../contact';
import { redeemCode, redeemLink, requestSignIn } from './sign-in.server';
import { buyerSessionOf, buyerTokenOf, clearBuyerCookie, endBuyerSessions, startBuyerSession } from './sessions.server';

/**
 * The buyer's sign-in and sign-out posts (docs/decisions/0418). Each works as a plain form (a 303 to the next page, or
 * back to its page with the refusal's word in `e`: never what was typed) and as JSON (200 {ok, next} or 4xx {error}).
 * Cross-site posts are refused; every sign-in post counts against the client's limits of staff sign-in.
 */

export type Outcome =
  | { next: string; signIn?: { contact: string; channel: BuyerSessionMethod }; signOut?: boolean; json?: Record<string, unknown> }
  | { refused: AccountErrorKey; page: string; status: number; retryAfter?: number };

const withError = (page: string, key: AccountErrorKey) => `${page}${page.includes('?') ? '&' : '?'}e=${key}`;

function answer(request: Request, outcome: Outcome): Response {
  const form = isFormPost(request);
  if ('refused' in outcome) {
    const sentence =
      outcome.refused === 'tooMany' ? ACCOUNT_ERRORS.tooMany(Math.ceil((outcome.retryAfter ?? 60) / 60)) : ACCOUNT_ERRORS[outcome.refused];
    const headers: Record<string, string> = outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : {};
    if (!form) return errorResponse(outcome.status, sentence, headers);
    return new Response(null, { status: 303, headers: { location: withError(outcome.page, outcome.refused), ...headers } });
  }
  return form
    ? new Response(null, { status: 303, headers: { location: outcome.next } })
    : jsonResponse({ ok: true, next: outcome.next, ...outcome.json });
}

/**
 * One post of the buyer's area: refused cross-site, its body read and checked against `schema` (`invalid`: the
 * refusal when it does not fit), counted against the sign-in limits when `limited`, then `step`; a sign-in it answers
 * opens the session, a sign-out clears the cookie. Any failure is a 4xx with its sentence, or 503.
 */
export function accountPost<S extends z.ZodType>(
  name: string,
  schema: S,
  pageOf: (body: Record<string, unknown>) => string,
  step: (input: { request: Request; data: z.infer<S>; db: Db; now: Date; page: string }) => Promise<Outcome>,
  limited = true,
  invalid: AccountErrorKey = 'unreadable',
) {
  return async (request: Request, options: { now?: () => Date } = {}): Promise<Response> => {
    const now = (options.now ?? (() => new Date()))();
    let page = ACCOUNT_PATHS.signIn as string;
    try {
      if (isCrossSite(request)) return answer(request, { refused: 'crossSite', page, status: 403 });
      const body = await readJsonOrForm(request);
      if (!body.ok) return isFormPost(request) ? answer(request, { refused: 'unreadable', page, status: 400 }) : body.response;
      page = pageOf(body.value);
      const parsed = schema.safeParse(body.value);
      const { db } = await getDatabase();
      if (limited) {
        const env = getEnv();
        const limits = { own: env.RATE_LIMIT_SIGN_IN, 56: env.RATE_LIMIT_SIGN_IN_56, 48: env.RATE_LIMIT_SIGN_IN_48 };
        await countRequests(db, clientCounters('buyer-sign-in', await clientIdentityOf(db, request), limits), now.getTime());
      }
      if (!parsed.success) return answer(request, { refused: invalid, page, status: 400 });
      const outcome = await step({ request, data: parsed.data, db, now, page });
      if ('refused' in outcome) return answer(request, outcome);
      const response = answer(request, outcome);
      if (outcome.signIn)
        await startBuyerSession(db, request, response, outcome.signIn, deviceLabel(request.headers.get('user-agent')), now);
      if (outcome.signOut) clearBuyerCookie(response, request);
      return response;
    } catch (error) {
      if (error instanceof RateLimited)
        return answer(request, { refused: 'tooMany', page, status: 429, retryAfter: error.retryAfterSeconds });
      logError(`[buyers] ${name} failed`, error);
      return answer(request, { refused: 'unavailable', page, status: 503 });
    }
  };
}

/**
 * POST /api/account/sign-in {contact, via?}: the same answer for any address (no enumeration): "check your e-mail" for
 * an e-mail, the code's page for a number. The link or code is queued only for an address a lead carries, after the
 * answer, in the one outbox (docs/decisions/0425).
 */
export const requestSignInHandler = accountPost(
  'sign-in request',
  signInRequestSchema,
  () => ACCOUNT_PATHS.signIn,
  async ({ data, db, now }) => {
    const handle = await getDatabase();
    const { next, queue } = await requestSignIn(db, () => handle.jobs(), data.contact, data.via, now);
    void queue().catch((error) => logError('[buyers] sign-in message not queued', error));
    return { next };
  },
);

const codePage = (body: Record<string, unknown>) =>
  typeof body.request === 'string' ? ACCOUNT_PATHS.code(body.request) : ACCOUNT_PATHS.signIn;

/** POST /api/account/sign-in/code {request, code}: right → the session and /account; wrong → 400; spent → 400. */
export const codeHandler = accountPost(
  'code',
  codeSchema,
  codePage,
  async ({ data, db, now, page }) => {
    const redeemed = await redeemCode(db, data.request, data.code, now);
    if (!redeemed.ok) return { refused: redeemed.reason === 'bad_code' ? 'badCode' : 'codeSpent', page, status: 400 };
    return { next: ACCOUNT_PATHS.account, signIn: redeemed };
  },
  true,
  'badCode',
);

/** POST /api/account/sign-in/link {token}: the e-mail's link used up → the session and /account; else 400. */
export const linkHandler = accountPost(
  'link',
  linkSchema,
  () => ACCOUNT_PATHS.signIn,
  async ({ data, db, now }) => {
    const redeemed = await redeemLink(db, data.token, now);
    if (!redeemed.ok) return { refused: 'linkSpent', page: ACCOUNT_PATHS.signIn, status: 400 };
    return { next: ACCOUNT_PATHS.account, signIn: redeemed };
  },
  true,
  'linkSpent',
);

/**
 * POST /api/account/sign-out {session?, everywhere?}: this device (the cookie cleared), another of the buyer's devices,
 * or all of them. Without a live session: 401 (the form goes to the sign-in page).
 */
export const signOutHandler = accountPost(
  'sign-out',
  signOutSchema,
  () => ACCOUNT_PATHS.account,
  async ({ request, data, db, now }) => {
    const session = await buyerSessionOf(db, buyerTokenOf(request), now);
    if (!session) return { refused: 'signedOut', page: ACCOUNT_PATHS.signIn, status: 401 };
    if (data.session && data.session !== session.id) {
      await endBuyerSessions(db, session, { other: data.session }, now);
      return { next: ACCOUNT_PATHS.account };
    }
    await endBuyerSessions(db, session, data.everywhere ? { everywhere: true } : { this: true }, now);
    return { next: withError(ACCOUNT_PATHS.signIn, 'signedOut'), signOut: true };
  },
  false,
);
