import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NextResponse, type NextRequest } from 'next/server';
import {
  FORM_FLASH_COOKIE,
  FORM_FLASH_HEADER,
  FORM_PAGES,
  INSPECTION_FORM_PAGES,
  isDistrictBookingPage,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SIGN_IN_PATH,
} from '@/lib/constants';
import { contentSecurityPolicy } from '@/lib/security/headers';

const FORM_PAGE_PATHS = new Set<string>([...Object.values(FORM_PAGES).map((pages) => pages.retry), ...INSPECTION_FORM_PAGES]);

/** The proxy only checks that a session cookie is present; pages and handlers verify it. */
const STAFF_COOKIES = [SECURE_SESSION_COOKIE, SESSION_COOKIE];

let prerendered: Record<string, string[]> | undefined;

/**
 * The inline-script hashes of every prerendered page, written by `npm run build` (serving/csp-hashes.mjs). Without
 * the file (`next dev`, a build made without it) every page gets a nonce, as dynamic pages do.
 */
function prerenderedHashes(): Record<string, string[]> {
  if (!prerendered) {
    try {
      prerendered = JSON.parse(readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'csp-hashes.json'), 'utf8'));
    } catch {
      prerendered = {};
    }
  }
  return prerendered!;
}

/**
 * The CSP of every page (docs/decisions/0012-static-pages-csp-hashes.md). Prerendered public pages, served as built
 * and cacheable, allow exactly their own inline scripts by hash (most never reach this function: see the matcher
 * below). Pages rendered per request (sign-in, staff area,
 * the form pages) get a fresh nonce, which Next.js reads from the request's CSP header; they also allow the 404
 * page's hashes, because an unknown path is answered with the prerendered 404 page.
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

  const requestHeaders = new Headers(request.headers);
  const hashes = prerenderedHashes();
  const staticHashes = hashes[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  let csp: string;
  if (staticHashes) {
    csp = contentSecurityPolicy({ hashes: staticHashes });
  } else {
    const nonce = btoa(crypto.randomUUID());
    csp = contentSecurityPolicy({ nonce, hashes: hashes['/_not-found'] ?? [] });
    requestHeaders.set('Content-Security-Policy', csp);
  }
  // A form refused without scripts comes back to its page once, in an encrypted cookie (lib/http/form-flash.server.ts).
  requestHeaders.delete(FORM_FLASH_HEADER);
  const flash =
    FORM_PAGE_PATHS.has(pathname) || isDistrictBookingPage(pathname) ? request.cookies.get(FORM_FLASH_COOKIE)?.value : undefined;
  if (flash) requestHeaders.set(FORM_FLASH_HEADER, flash);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (flash) response.cookies.delete(FORM_FLASH_COOKIE);
  response.headers.set('Content-Security-Policy', csp);
  // The sign-in pages: the password, the second factor, its enrolment, a forgotten password.
  if (isAdmin || pathname === SIGN_IN_PATH || pathname.startsWith(`${SIGN_IN_PATH}/`)) {
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    response.headers.set('Cache-Control', 'private, no-store');
  }
  return response;
}

export const config = {
  // Every page request, prefetches included (they get the same CSP as the page), except files and the prerendered
  // public pages: `npm run build` writes their CSP into their own prerender headers, so they are served as built
  // (a district's page is /d<number>: Next.js reads this matcher as a literal, so it cannot come from the district list;
  // a district with another slug would still be served right, through this function and its hashes)
  // without running this function (the build fails if a page listed here is rendered per request). The staff app's
  // files (src/modules/staff/app/staff-app.ts) carry their own headers and need no session.
  matcher: [
    '/((?!(?:api|_next/static|_next/image|media|staff-app/|favicon.ico|icon|apple-icon|robots.txt|sitemap.xml)|(?:d\\d+|privacy|terms|newsletter/thanks)?$).*)',
  ],
};
