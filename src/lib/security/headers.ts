/**
 * Security headers. The CSP of a page allows its own files ('self') and its inline scripts: by hash on prerendered
 * pages, by a per-request nonce on pages rendered per request (both chosen in src/proxy.ts). Everything else is
 * static and set in next.config.ts so it also covers API routes and files in public/.
 */
export function contentSecurityPolicy(
  { nonce, hashes = [] }: { nonce?: string; hashes?: string[] },
  isDev = process.env.NODE_ENV === 'development',
): string {
  const inline = [...(nonce ? [`'nonce-${nonce}'`] : []), ...hashes];
  return [
    "default-src 'self'",
    // No unsafe-inline / unsafe-eval in production: inline scripts must match a hash or carry the nonce.
    ['script-src', "'self'", ...inline, ...(isDev ? ["'unsafe-eval'"] : [])].join(' '),
    // React style attributes (positions of toasts, progress bars) need inline styles; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(isDev ? [] : ['upgrade-insecure-requests']),
  ].join('; ');
}

/** For responses that are never HTML pages rendered with a nonce (API, files). */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * What every response carries, the build's scripts and stylesheets included: a type that is not sniffed, no reading by
 * other sites, HTTPS only.
 */
export const assetSecurityHeaders = (production: boolean) => [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
];

/**
 * What a document adds (pages, API answers, files in public/ such as the service worker): the browser reads these of
 * documents and workers only, so the build's own files (/_next/static) go without them (docs/decisions/0398).
 */
export const staticSecurityHeaders = (production: boolean) => [
  ...assetSecurityHeaders(production),
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];
