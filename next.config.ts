import type { NextConfig } from 'next';
import { assetSecurityHeaders, LOCKED_DOWN_CSP, staticSecurityHeaders } from './src/lib/security/headers';

const production = process.env.NODE_ENV === 'production';

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR: a second build beside .next (e.g. to compare two builds); every test shares .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Prerendered pages get their ETag at build time (serving/csp-hashes.mjs) and their 304 from server.mjs; Next.js
  // would hash each page's whole HTML on every request (a quarter of the server's time for GET /).
  generateEtags: false,
  reactStrictMode: true,
  // The types are checked once, by `npm run typecheck` (route types from `next typegen`, then tsc) in `npm test`, which
  // gates every change; checking them again in each build cost every build 20 s (docs/decisions/0395).
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Each route's code is loaded by its first request, not all at start-up: a public server that never serves the
    // staff area never holds its code (12-16 MB resident here; docs/decisions/0108). The first request of a route
    // waits for its load.
    preloadEntriesOnStart: false,
  },
  // The embedded database and Postgres driver are server-only Node packages; never bundle them. web-push too: bundled,
  // its url.parse (a CommonJS dependency's) warns at run time (DEP0169); from node_modules Node keeps quiet.
  // The server libraries after them are loaded from node_modules too, so that the process holds one copy of each:
  // bundled, each layer of the build (src/instrumentation.ts and the job workers it starts, route handlers, pages)
  // evaluated its own, and a public server held two of pg-boss, nodemailer, zod, drizzle-orm, libphonenumber-js...
  // (docs/decisions/0427; serving/ assumption 15 checks that the build leaves them out).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'web-push',
    'pg-boss',
    'nodemailer',
    'drizzle-orm',
    'zod',
    'libphonenumber-js',
    'jose',
    'prom-client',
    'tldts',
    'ical-generator',
    'pdf-lib',
    '@zxcvbn-ts/core',
    '@zxcvbn-ts/language-common',
    'otpauth',
    'ipaddr.js',
    'standardwebhooks',
  ],
  async headers() {
    return [
      { source: '/_next/static/:path*', headers: assetSecurityHeaders(production) },
      { source: '/((?!_next/static/).*)', headers: staticSecurityHeaders(production) },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: LOCKED_DOWN_CSP }] },
    ];
  },
};

export default nextConfig;
