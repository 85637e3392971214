import { NextResponse, type NextRequest } from 'next/server';
import { FORM_FLASH_COOKIE, FORM_FLASH_HEADER, FORM_PAGES, SECURE_SESSION_COOKIE, SESSION_COOKIE, SIGN_IN_PATH } from '@/lib/constants';
import { contentSecurityPolicy } from '@/lib/security/headers';

const FORM_PAGE_PATHS = new Set<string>(Object.values(FORM_PAGES).map((pages) => pages.retry));

/** The proxy only checks that a session cookie is present; pages and handlers verify it. */
const STAFF_COOKIES = [SECURE_SESSION_COOKIE, SESSION_COOKIE];

/**
 * Gives every page request a fresh CSP nonce; Next.js reads it from the request's CSP header.
 * /admin pages: a request without any staff session cookie is sent to /registration at once (the pages verify
 * the session itself), and staff pages are never indexed.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  if (isAdmin && !STAFF_COOKIES.some((name) => request.cookies.get(name)?.value)) {
    const target = new URL(SIGN_IN_PATH, request.url);
    target.searchParams.set('next', pathname + search);
    const redirect = NextResponse.redirect(target, 307);
    redirect.headers.set('X-Robots-Tag', 'noindex, nofollow');
    return redirect;
  }

  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  // A form refused without scripts comes back to its page once, in an encrypted cookie (lib/http/form-flash.server.ts).
  requestHeaders.delete(FORM_FLASH_HEADER);
  const flash = FORM_PAGE_PATHS.has(pathname) ? request.cookies.get(FORM_FLASH_COOKIE)?.value : undefined;
  if (flash) requestHeaders.set(FORM_FLASH_HEADER, flash);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (flash) response.cookies.delete(FORM_FLASH_COOKIE);
  response.headers.set('Content-Security-Policy', csp);
  if (isAdmin || pathname === SIGN_IN_PATH) {
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    response.headers.set('Cache-Control', 'private, no-store');
  }
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!api|_next/static|_next/image|media|favicon.ico|icon|apple-icon|robots.txt|sitemap.xml).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
