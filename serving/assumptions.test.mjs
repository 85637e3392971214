// What serving/ relies on in Next.js without Next.js documenting it (serving/README.md lists them, numbered as
// here). Run on the production build by `npm test` (`npm run test:serving`, after build:if-stale): after a Next.js
// upgrade each broken assumption fails here, by name, instead of somewhere in the site's behaviour.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../scripts/lib/harness.mjs';
import { MALLOC_SETTINGS, v8FlagsFor } from './memory-settings.mjs';
import { NOT_THE_PAGE } from './prerendered-pages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const require = createRequire(path.join(root, 'package.json'));
const nextSource = (file) => readFileSync(require.resolve(`next/dist/${file}`), 'utf8');
const json = (file) => JSON.parse(readFileSync(path.join(dist, file), 'utf8'));
const broken = (n, what) => `serving/README.md assumption ${n} no longer holds: ${what}`;

/** Prerendered public pages that must come out of the build as files with their headers beside them. */
const PAGES = { '/': 'index', '/d1': 'd1', '/d2': 'd2', '/privacy': 'privacy', '/terms': 'terms' };

before(() =>
  assert.ok(existsSync(path.join(dist, 'BUILD_ID')), `no production build in ${path.relative(root, dist)}: run npm run build first`),
);

describe('the built configuration (serving/server.mjs)', () => {
  test('1. next build writes the resolved configuration to required-server-files.json', () => {
    const { config } = json('required-server-files.json');
    assert.equal(typeof config?.distDir, 'string', broken(1, 'required-server-files.json has no `config` with the resolved settings'));
  });

  test('2. Next.js takes that configuration from __NEXT_PRIVATE_STANDALONE_CONFIG instead of loading next.config.ts', () => {
    assert.match(
      nextSource('server/config.js'),
      /process\.env\.__NEXT_PRIVATE_STANDALONE_CONFIG/,
      broken(2, 'the config loader ignores it'),
    );
  });

  test('3. Next.js reads the server origin from __NEXT_PRIVATE_ORIGIN, as `next start` sets it', () => {
    assert.match(nextSource('server/lib/start-server.js'), /__NEXT_PRIVATE_ORIGIN/, broken(3, '`next start` no longer sets it'));
    assert.match(nextSource('server/app-render/action-handler.js'), /__NEXT_PRIVATE_ORIGIN/, broken(3, 'nothing reads it any more'));
  });
});

describe('the prerendered pages (serving/csp-hashes.mjs, serving/defer-scripts.mjs)', () => {
  test('4. each prerendered page is an .html file with its response headers in a .meta file beside it', () => {
    for (const [route, file] of Object.entries(PAGES)) {
      const base = path.join(dist, 'server', 'app', file);
      assert.ok(existsSync(`${base}.html`), broken(4, `${route} has no ${file}.html in .next/server/app`));
      const meta = JSON.parse(readFileSync(`${base}.meta`, 'utf8'));
      assert.match(
        String(meta.headers?.['content-security-policy']),
        /'sha256-/,
        broken(4, `${route}.meta carries no CSP written by the build`),
      );
      assert.equal(meta.headers?.etag, json('page-etags.json')[route], broken(4, `${route}.meta and page-etags.json disagree`));
    }
  });

  test("5. Next.js puts a page's scripts in <head> as <script src async> (the build moves them behind the paint)", () => {
    const html = readFileSync(path.join(dist, 'server', 'app', 'index.html'), 'utf8');
    assert.doesNotMatch(html, /<script src="[^"]+" async=""><\/script>/, broken(5, 'a script tag was left in <head>'));
    assert.match(html, /\/_next\/static\/chunks\/[^"]+\.js/, broken(5, 'the loader lists no chunks: the script tags changed shape'));
  });

  test("6. the proxy's matchers are in server/functions-config-manifest.json under /_middleware", () => {
    const matchers = json('server/functions-config-manifest.json').functions?.['/_middleware']?.matchers;
    assert.ok(Array.isArray(matchers) && matchers.every((m) => typeof m.regexp === 'string'), broken(6, 'no matchers found there'));
  });

  test('7. app-path-routes-manifest.json lists every page route', () => {
    // A page of a dynamic route (/d1 of /[district]) is listed by its pattern, as serving/csp-hashes.mjs reads it.
    const routes = Object.values(json('app-path-routes-manifest.json')).map((r) => new RegExp(`^${r.replace(/\[[^\]]+\]/g, '[^/]+')}$`));
    for (const route of Object.keys(PAGES))
      assert.ok(
        routes.some((r) => r.test(route)),
        broken(7, `${route} is not listed`),
      );
  });
});

describe("the app's module entries (package.json sideEffects; docs/decisions/0407)", () => {
  test("14. the bundler keeps every stylesheet src imports for its side effect: each one's rules are in the build's CSS", () => {
    const built = readdirSync(path.join(dist, 'static', 'chunks'))
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(path.join(dist, 'static', 'chunks', file), 'utf8'))
      .join('\n');
    // A class each stylesheet defines: the site's own, and the toast library's (fetched with the library, 0400).
    for (const [sheet, rule] of [
      ['src/app/globals.css', '--font-display'],
      ['src/lib/browser/toasts.css', 'Toastify__toast'],
    ])
      assert.ok(built.includes(rule), broken(14, `${sheet} is missing from the build's CSS: is it in package.json's sideEffects?`));
  });

  test('15. no server chunk holds a copy of a package of serverExternalPackages: every layer loads it from node_modules', () => {
    const external = json('required-server-files.json').config.serverExternalPackages;
    const server = path.join(dist, 'server');
    // The packages each server chunk was built from, as its source map names them (node_modules/<package>/...).
    const bundled = new Set();
    for (const file of readdirSync(server, { recursive: true }).filter((name) => name.endsWith('.js.map'))) {
      const map = JSON.parse(readFileSync(path.join(server, file), 'utf8'));
      for (const { map: section } of map.sections ?? [{ map }])
        for (const source of section.sources ?? [])
          bundled.add(/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(decodeURIComponent(source))?.[1]);
    }
    assert.ok(bundled.has('next'), broken(15, "the server chunks' source maps name no package: their shape changed"));
    for (const name of ['pg-boss', 'tldts', 'zod']) assert.ok(external.includes(name), `next.config.ts no longer lists ${name}`);
    for (const name of external)
      assert.ok(!bundled.has(name), broken(15, `${name} is bundled into a server chunk despite serverExternalPackages`));
  });
});

describe('requests (serving/prerendered-pages.mjs)', () => {
  test('8. the router asks for anything but the HTML with these headers and the _rsc query', async () => {
    const headers = await import(require.resolve('next/dist/client/components/app-router-headers.js'));
    const used = [headers.RSC_HEADER, headers.NEXT_ROUTER_PREFETCH_HEADER, headers.NEXT_ROUTER_SEGMENT_PREFETCH_HEADER];
    for (const name of [...used, headers.NEXT_ROUTER_STATE_TREE_HEADER]) {
      assert.ok(
        NOT_THE_PAGE.includes(name),
        broken(8, `the router now sends "${name}", which serving/prerendered-pages.mjs does not know`),
      );
    }
    assert.equal(headers.NEXT_RSC_UNION_QUERY, '_rsc', broken(8, 'the RSC query parameter changed'));
  });

  test('9. next/dist/server/web/spec-extension/cookies exports the cookie classes NextRequest and NextResponse use', async () => {
    const cookies = await import(require.resolve('next/dist/server/web/spec-extension/cookies'));
    assert.equal(typeof cookies.RequestCookies, 'function', broken(9, 'RequestCookies is gone'));
    assert.equal(typeof cookies.ResponseCookies, 'function', broken(9, 'ResponseCookies is gone'));
  });
});

describe('the production server on this build (server.mjs)', () => {
  let server;
  let base;
  const work = mkdtempSync(path.join(tmpdir(), 'districts-serving-'));
  before(async () => {
    const port = freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['server.mjs', '-H', '127.0.0.1', '-p', port], {
      cwd: root,
      env: {
        ...process.env,
        // Unset, so that the server sets its own (an operator's values win: the test checks the server's).
        ...Object.fromEntries(Object.keys(MALLOC_SETTINGS).map((name) => [name, undefined])),
        DATA_DIR: path.join(work, 'data'),
        DATABASE_URL: '',
        PGLITE_SMALL_HEAP: 'on',
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdio: 'ignore',
    });
    for (let waited = 0; ; waited += 100) {
      if ((await fetch(`${base}/d1`).catch(() => undefined))?.ok) break;
      // Three minutes: in CI the server starts beside the type check, lint and the process tests' own servers on two
      // cores, and its start took over a minute there; how fast it starts is the bench's to say, not this check's.
      assert.ok(waited < 180_000 && server.exitCode === null, 'server.mjs did not start on the build');
      await sleep(100);
    }
  });
  after(async () => {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  });

  test('10. Next.js sends a prerendered page with the headers of its .meta file; server.mjs then answers it from memory', async () => {
    const meta = JSON.parse(readFileSync(path.join(dist, 'server', 'app', 'd2.meta'), 'utf8'));
    for (const attempt of ['from Next.js', 'from memory']) {
      const res = await fetch(`${base}/d2`);
      assert.equal(res.headers.get('content-security-policy'), meta.headers['content-security-policy'], broken(10, `the CSP ${attempt}`));
      assert.equal(res.headers.get('etag'), meta.headers.etag, broken(10, `the ETag ${attempt}`));
    }
    const revalidated = await fetch(`${base}/d2`, { headers: { 'if-none-match': meta.headers.etag } });
    assert.equal(revalidated.status, 304, broken(10, 'a revalidation with the build’s ETag is not answered 304'));
  });

  test("11. an RSC request for a prerendered page is Next.js's, never the kept HTML", async () => {
    const res = await fetch(`${base}/d2`, { headers: { rsc: '1' } });
    assert.doesNotMatch(res.headers.get('content-type') ?? '', /text\/html/, broken(11, 'the router got the HTML page'));
  });

  test("13. Next.js renders a page per request with its scripts in <head> carrying the page's nonce; server.mjs moves them behind the paint", async () => {
    const res = await fetch(`${base}/d1/inspection`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-encoding'), 'br', broken(13, 'the page was not compressed after its scripts were moved'));
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    assert.ok(nonce, broken(13, 'the page has no nonce in its CSP (src/proxy.ts)'));
    const html = await res.text();
    assert.doesNotMatch(
      html,
      /<script src="[^"]+"[^>]* async=""[^>]*><\/script>/,
      broken(13, 'a script tag was left in <head>: the tags changed shape'),
    );
    assert.match(
      html,
      new RegExp(`<script nonce="${nonce}">\\(function[^<]+/_next/static/chunks/`),
      broken(13, "the loader is missing or lacks the page's nonce"),
    );
  });

  test('the server runs with its memory settings: it replaced itself with V8’s flags and glibc’s allocator settings (docs/decisions/0105, 0449)', () => {
    // process.execve keeps the PID: the process spawned is the one that serves.
    const argv = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    for (const flag of v8FlagsFor({ DATABASE_URL: '', PGLITE_SMALL_HEAP: true }))
      assert.ok(argv.includes(flag), `server.mjs runs without ${flag}`);
    const environment = readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(MALLOC_SETTINGS))
      assert.ok(environment.includes(`${name}=${value}`), `server.mjs runs without ${name}=${value}`);
  });

  test('12. the app runs in the process and realm of server.mjs: a visit it notes reaches the counter (last: stops the server)', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const res = await fetch(`${base}/d1?utm_source=assumption-12`, { headers: { 'user-agent': browser } });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    server.kill('SIGTERM'); // the counter writes what it holds before the database closes
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(work, 'data', 'pglite'));
    try {
      const { rows } = await db.query(`select visits from visit_counts where source = 'assumption-12'`);
      assert.deepEqual(rows, [{ visits: 1 }], broken(12, 'the visit server.mjs noted never reached src/modules/visits'));
    } finally {
      await db.close();
    }
  });
});
