import 'server-only';
// Next.js's cookie API (what NextRequest.cookies and NextResponse.cookies are made of), on plain Request/Response.
import { RequestCookies, ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@/lib/constants';
import { servedOverHttps, wantsSecureCookies } from './transport.server';

/** The session cookie, through Next.js's cookie API: HttpOnly, SameSite=Lax, `__Host-` prefixed over HTTPS. */

/** The session token a request carries (the __Host- name first). */
export function sessionTokenOf(request: Request): string | undefined {
  return tokenFromCookies(new RequestCookies(request.headers));
}

/** The same from a Cookie header's value. */
export function tokenFromCookieHeader(header: string): string | undefined {
  return tokenFromCookies(new RequestCookies(new Headers({ cookie: header })));
}

/** The same from any cookie jar (route handler requests, or `cookies()` in a server component). */
export function tokenFromCookies(jar: Pick<RequestCookies, 'get'>): string | undefined {
  return jar.get(SECURE_SESSION_COOKIE)?.value || jar.get(SESSION_COOKIE)?.value || undefined;
}

export function setSessionCookie(response: Response, request: Request, token: string, maxAgeSeconds: number): void {
  const https = servedOverHttps(request);
  new ResponseCookies(response.headers).set(https ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
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
