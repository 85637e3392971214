import 'server-only';
// Next.js's cookie API (what NextRequest.cookies and NextResponse.cookies are made of), on plain Request/Response.
import { RequestCookies, ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { CHALLENGE_COOKIE, SECURE_CHALLENGE_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@/lib/constants';
import { servedOverHttps, wantsSecureCookies, type RequestLike } from './transport.server';

/**
 * The staff cookies, through Next.js's cookie API: HttpOnly, SameSite=Lax. Over HTTPS each is the `__Host-` cookie
 * only: Secure, host-only and Path=/, so a sibling subdomain or a plain-HTTP page cannot plant one of its own choosing
 * (an unprefixed cookie is ignored there). Over plain HTTP (development, loopback) the unprefixed name.
 * `session`: the signed-in session; `challenge`: a sign-in waiting for its second factor (0322).
 */
export type StaffCookie = 'session' | 'challenge';

const NAMES: Record<StaffCookie, { plain: string; secure: string }> = {
  session: { plain: SESSION_COOKIE, secure: SECURE_SESSION_COOKIE },
  challenge: { plain: CHALLENGE_COOKIE, secure: SECURE_CHALLENGE_COOKIE },
};

const cookieName = (kind: StaffCookie, https: boolean) => (https ? NAMES[kind].secure : NAMES[kind].plain);

/** The session token a request carries. */
export function sessionTokenOf(request: Request): string | undefined {
  return tokenFromCookies(new RequestCookies(request.headers), servedOverHttps(request));
}

/** The challenge token a request carries. */
export function challengeTokenOf(request: Request): string | undefined {
  return tokenFromCookies(new RequestCookies(request.headers), servedOverHttps(request), 'challenge');
}

/** The session token from a Cookie header's value. */
export function tokenFromCookieHeader(header: string, https = false): string | undefined {
  return tokenFromCookies(new RequestCookies(new Headers({ cookie: header })), https);
}

/** A token from any cookie jar (route handler requests, or `cookies()` in a server component). */
export function tokenFromCookies(jar: Pick<RequestCookies, 'get'>, https: boolean, kind: StaffCookie = 'session'): string | undefined {
  return jar.get(cookieName(kind, https))?.value || undefined;
}

export function setStaffCookie(response: Response, request: RequestLike, kind: StaffCookie, token: string, maxAgeSeconds: number): void {
  new ResponseCookies(response.headers).set(cookieName(kind, servedOverHttps(request)), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: maxAgeSeconds,
    secure: wantsSecureCookies(request),
  });
}

export const setSessionCookie = (response: Response, request: RequestLike, token: string, maxAgeSeconds: number) =>
  setStaffCookie(response, request, 'session', token, maxAgeSeconds);

/** Removes a staff cookie under both names. */
export function clearStaffCookie(response: Response, request: RequestLike, kind: StaffCookie): void {
  const jar = new ResponseCookies(response.headers);
  const expired = { value: '', path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 } as const;
  jar.set({ name: NAMES[kind].secure, ...expired, secure: true });
  jar.set({ name: NAMES[kind].plain, ...expired, secure: wantsSecureCookies(request) });
}

export const clearSessionCookies = (response: Response, request: RequestLike) => clearStaffCookie(response, request, 'session');
