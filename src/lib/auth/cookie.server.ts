import 'server-only';
// Next.js's cookie API (what NextRequest.cookies and NextResponse.cookies are made of), on plain Request/Response.
import { RequestCookies, ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@/lib/constants';
import { servedOverHttps, wantsSecureCookies } from './transport.server';

/**
 * The session cookie, through Next.js's cookie API: HttpOnly, SameSite=Lax. Over HTTPS it is the `__Host-` cookie
 * only: Secure, host-only and Path=/, so a sibling subdomain or a plain-HTTP page cannot plant a session of its own
 * choosing (an unprefixed cookie is ignored there). Over plain HTTP (development, loopback) the unprefixed name.
 */

const sessionCookieName = (https: boolean) => (https ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The session token a request carries. */
export function sessionTokenOf(request: Request): string | undefined {
  return tokenFromCookies(new RequestCookies(request.headers), servedOverHttps(request));
}

/** The same from a Cookie header's value. */
export function tokenFromCookieHeader(header: string, https = false): string | undefined {
  return tokenFromCookies(new RequestCookies(new Headers({ cookie: header })), https);
}

/** The same from any cookie jar (route handler requests, or `cookies()` in a server component). */
export function tokenFromCookies(jar: Pick<RequestCookies, 'get'>, https: boolean): string | undefined {
  return jar.get(sessionCookieName(https))?.value || undefined;
}

export function setSessionCookie(response: Response, request: Request, token: string, maxAgeSeconds: number): void {
  const https = servedOverHttps(request);
  new ResponseCookies(response.headers).set(sessionCookieName(https), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: maxAgeSeconds,
    secure: wantsSecureCookies(request),
  });
}

/** Removes the session cookie under both names. */
export function clearSessionCookies(response: Response, request: Request): void {
  const jar = new ResponseCookies(response.headers);
  const expired = { value: '', path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 } as const;
  jar.set({ name: SECURE_SESSION_COOKIE, ...expired, secure: true });
  jar.set({ name: SESSION_COOKIE, ...expired, secure: wantsSecureCookies(request) });
}
