import 'server-only';
import { createHash } from 'node:crypto';
import { getSiteFacts } from '@/lib/site-facts.server';
import { STAFF_APP_COPY } from '@/content/staff-app';
import { escapeHtml } from '@/lib/mail/html';
import { LOCKED_DOWN_CSP } from '@/lib/security/headers';
import { staffServiceWorker, type StaffWorkerConfig } from './service-worker';
import { STAFF_APP } from './staff-app';

/**
 * The installable staff app's three answers: its web app manifest, the page its worker shows offline, and the worker
 * itself (docs/decisions/0360-staff-app-hand-written-worker.md, 0361-staff-app-scope-and-files.md). The page and the
 * worker are made once per brand (SITE_BRAND, read at start-up), not per request.
 */

/** The brand's colours (src/app/globals.css): forest for the app's bars, ivory behind the first paint. */
const FOREST_900 = '#12302a';
const IVORY_50 = '#fbf9f4';

const sha256 = (text: string, encoding: 'base64' | 'hex') => createHash('sha256').update(text, 'utf8').digest(encoding);

/** The manifest (https://www.w3.org/TR/appmanifest/): the staff area as an app of its own, starting at the inbox. */
export function staffAppManifest() {
  const { brand } = getSiteFacts();
  return {
    // Fixed, so the installed app stays the same app whatever start_url becomes one day.
    id: STAFF_APP.startUrl,
    name: STAFF_APP_COPY.name(brand),
    short_name: STAFF_APP_COPY.shortName(brand),
    description: STAFF_APP_COPY.description,
    lang: 'en-NG',
    dir: 'ltr',
    start_url: STAFF_APP.startUrl,
    scope: STAFF_APP.scope,
    display: 'standalone',
    theme_color: FOREST_900,
    background_color: IVORY_50,
    categories: ['business', 'productivity'],
    prefer_related_applications: false,
    icons: [
      { src: STAFF_APP.icons.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: STAFF_APP.icons.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: STAFF_APP.icons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

// The brand mark of the staff area's header (src/components/BrandMark.tsx), drawn without React.
const MARK =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><circle cx="16" cy="16" r="15" fill="#12302a" stroke="#c9a66b" stroke-width="1.5"/>' +
  '<path d="M9 21.5V11l7 6 7-6v10.5" fill="none" stroke="#dcc393" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

// The sign-in card's look (src/modules/staff/sign-in/AuthCard.tsx) in plain CSS, inline: offline, nothing else can be fetched.
// Headings in the phone's own serif: the brand's web font is not kept on the phone.
const OFFLINE_CSS = [
  '*{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%}',
  `body{margin:0;min-height:100vh;min-height:100svh;display:flex;align-items:center;justify-content:center;padding:4rem 1.25rem;background:${FOREST_900};color:#1b1f1d;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.6;-webkit-font-smoothing:antialiased}`,
  `main{width:100%;max-width:28rem;border-radius:1.5rem;background:${IVORY_50};padding:2rem;text-align:center;box-shadow:0 25px 50px -12px rgba(0,0,0,.25)}`,
  'svg{display:block;width:3rem;height:3rem;margin:0 auto}',
  '.eyebrow{margin:1.5rem 0 0;font-size:.75rem;font-weight:600;letter-spacing:.18em;text-transform:uppercase;color:#7c5f2f}',
  `h1{margin:.5rem 0 0;font-family:Georgia,'Times New Roman','Noto Serif',serif;font-weight:500;font-size:1.875rem;line-height:1.2;letter-spacing:-.01em;color:${FOREST_900}}`,
  'p{margin:1rem 0 0;color:#4a524e}',
  `a{display:inline-flex;align-items:center;justify-content:center;min-height:3rem;margin-top:2rem;padding:0 1.5rem;border-radius:9999px;background:#1a4036;color:${IVORY_50};font-size:.875rem;font-weight:600;letter-spacing:.025em;text-decoration:none}`,
  'a:hover{background:#225446}',
  'a:focus-visible{outline:2px solid #b08d57;outline-offset:3px}',
  '@media (min-width:640px){main{padding:2.5rem}}',
].join('');

/**
 * The page the worker answers for a staff page while the network is down: no lead data, no script, nothing to fetch.
 * "Try again" is a link to the page itself (`href=""`), so it asks again for whatever the person opened.
 */
export const offlinePage = perBrand((brand) => {
  const copy = STAFF_APP_COPY.offline;
  const appName = escapeHtml(STAFF_APP_COPY.name(brand));
  const html =
    `<!doctype html><html lang="en-NG"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">` +
    `<meta name="theme-color" content="${FOREST_900}"><title>${escapeHtml(copy.title)} | ${appName}</title>` +
    `<style>${OFFLINE_CSS}</style></head><body><main>${MARK}<p class="eyebrow">${appName}</p>` +
    `<h1>${escapeHtml(copy.heading)}</h1><p>${escapeHtml(copy.body)}</p><p>${escapeHtml(copy.privacy)}</p>` +
    `<a href="">${escapeHtml(copy.retry)}</a></main></body></html>\n`;
  // Its one stylesheet by hash: no script may run on it, and it loads nothing.
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${sha256(OFFLINE_CSS, 'base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
});

/** The worker's source: its function (service-worker.ts) called with this site's paths and copy. */
export const workerScript = perBrand(() => {
  const source = staffServiceWorker.toString();
  const { icons } = STAFF_APP;
  const config: StaffWorkerConfig = {
    // A new version whenever the worker or its offline page changes: browsers then install it and drop the old cache.
    version: sha256(source + offlinePage().html, 'hex').slice(0, 12),
    scope: STAFF_APP.scope,
    home: STAFF_APP.startUrl,
    offline: STAFF_APP.offline,
    precache: [STAFF_APP.offline, icons.any192, icons.any512, icons.maskable512, icons.badge],
    icon: icons.any192,
    badge: icons.badge,
    pushSubscriptionApi: STAFF_APP.pushSubscriptionApi,
    copy: STAFF_APP_COPY.push,
  };
  return `'use strict';\n(${source})(self, ${JSON.stringify(config)});\n`;
});

/**
 * The answers of the three routes (src/app/staff-app). The proxy skips them (src/proxy.ts), so each carries its own
 * CSP. `no-cache`: always revalidated, so a phone gets a new worker, manifest or offline page with the next deploy.
 */
export const manifestResponse = () =>
  new Response(JSON.stringify(staffAppManifest()), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': LOCKED_DOWN_CSP,
    },
  });

export const offlineResponse = () =>
  new Response(offlinePage().html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': offlinePage().csp,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });

export const workerResponse = () =>
  new Response(workerScript(), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      // The script lives in /staff-app/; this lets it control the staff area, and nothing wider.
      'Service-Worker-Allowed': STAFF_APP.scope,
      // The worker's own policy: it fetches from this site only (staff pages, the claim, the subscription).
      'Content-Security-Policy': "default-src 'self'; object-src 'none'; base-uri 'none'",
    },
  });

function perBrand<T>(make: (brand: string) => T): () => T {
  let made: { brand: string; value: T } | undefined;
  return () => {
    const { brand } = getSiteFacts();
    if (made?.brand !== brand) made = { brand, value: make(brand) };
    return made.value;
  };
}
