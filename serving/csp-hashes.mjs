#!/usr/bin/env node
// After `next build`: the CSP of every prerendered page (docs/decisions/0012-static-pages-csp-hashes.md).
// Static pages cannot carry a per-request nonce; their inline scripts are fixed at build time, so the SHA-256 of
// each allows exactly them. The policy is written into the page's own prerender headers (`<page>.meta`), which
// Next.js sends with the cached HTML, so these pages need no proxy at all; `<distDir>/csp-hashes.json` keeps the
// hashes for src/proxy.ts (the 404 page's hashes go with every nonce policy). The hashes change with every build,
// so `npm run build` runs this itself. First it moves each page's scripts behind its stylesheet
// (./lib/defer-scripts.mjs), and last it gives each page its ETag (`<distDir>/page-etags.json`, read by server.mjs).
// Reads and writes $NEXT_DIST_DIR (default .next).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy } from '../src/lib/security/headers.ts';
import { deferScripts } from './defer-scripts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const appDir = path.join(dist, 'server', 'app');
if (!existsSync(appDir)) {
  console.error(`csp-hashes: ${appDir} does not exist; run next build first`);
  process.exit(1);
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

// Executable inline scripts: no src, and a JavaScript type (or none). JSON-LD and other data blocks never run.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const isExecutable = (attributes) => {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === 'text/javascript' || type === 'module' || type === 'application/javascript';
};

// The proxy's compiled matchers: a page the proxy skips must be prerendered, or it would go out with no CSP.
const proxyMatchers = (() => {
  const file = path.join(dist, 'server', 'functions-config-manifest.json');
  const proxy = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).functions?.['/_middleware'] : undefined;
  return (proxy?.matchers ?? []).map((m) => new RegExp(m.regexp));
})();
const proxyRuns = (route) => proxyMatchers.some((re) => re.test(route));

const manifest = {};
// Each page's ETag, made once here: Next.js would hash the whole HTML again on every request (generateEtags is off in
// next.config.ts); server.mjs answers a revalidation with 304 from this list.
const etags = {};
for (const file of htmlFiles(appDir)) {
  const relative = path
    .relative(appDir, file)
    .replace(/\\/g, '/')
    .replace(/\.html$/, '');
  const route = relative === 'index' ? '/' : `/${relative.replace(/\/index$/, '')}`;
  const built = readFileSync(file, 'utf8');
  const html = deferScripts(built);
  if (html !== built) writeFileSync(file, html);
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (isExecutable(attributes)) hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  manifest[route] = [...hashes].sort();
  const metaFile = file.replace(/\.html$/, '.meta');
  if (existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    etags[route] = `"${createHash('sha256').update(html, 'utf8').digest('base64url').slice(0, 27)}"`;
    meta.headers = {
      ...meta.headers,
      'content-security-policy': contentSecurityPolicy({ hashes: manifest[route] }, false),
      etag: etags[route],
    };
    writeFileSync(metaFile, JSON.stringify(meta));
  }
}

const pageRoutes = Object.values(JSON.parse(readFileSync(path.join(dist, 'app-path-routes-manifest.json'), 'utf8'))).filter(
  (route) => !route.startsWith('/api/') && !route.startsWith('/_') && !/\.\w+$/.test(route),
);
const uncovered = pageRoutes.filter((route) => !manifest[route] && !proxyRuns(route.replace(/\[[^\]]+\]/g, 'x')));
if (uncovered.length) {
  console.error(
    `csp-hashes: ${uncovered.join(', ')} ${uncovered.length > 1 ? 'are' : 'is'} rendered per request but skipped by the proxy's matcher (src/proxy.ts), so it would have no CSP`,
  );
  process.exit(1);
}
writeFileSync(path.join(dist, 'csp-hashes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(path.join(dist, 'page-etags.json'), `${JSON.stringify(etags, null, 2)}\n`);
console.log(
  `csp-hashes: ${Object.keys(manifest).length} prerendered pages hashed into ${path.relative(root, dist)}/csp-hashes.json and their headers`,
);
