#!/usr/bin/env node
// After `next build`: the SHA-256 of every inline script of every prerendered page, per path, for the CSP that
// src/proxy.ts sends with it (docs/decisions/0011-static-pages-csp-hashes.md). Static pages cannot carry a
// per-request nonce; their inline scripts are fixed at build time, so their hashes allow exactly them. The hashes
// change with every build, so `npm run build` runs this itself. Reads and writes $NEXT_DIST_DIR (default .next).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

const manifest = {};
for (const file of htmlFiles(appDir)) {
  const relative = path.relative(appDir, file).replace(/\\/g, '/').replace(/\.html$/, '');
  const route = relative === 'index' ? '/' : `/${relative.replace(/\/index$/, '')}`;
  const hashes = new Set();
  for (const [, attributes, body] of readFileSync(file, 'utf8').matchAll(SCRIPT)) {
    if (isExecutable(attributes)) hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  manifest[route] = [...hashes].sort();
}
writeFileSync(path.join(dist, 'csp-hashes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`csp-hashes: ${Object.keys(manifest).length} prerendered pages hashed into ${path.relative(root, dist)}/csp-hashes.json`);
