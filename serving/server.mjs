// The production server (`npm start`): Next.js's own request handler behind a plain node:http server, for one
// reason: route handlers get no socket, and `next start` passes on an X-Forwarded-For the client wrote itself, so any
// client could choose its rate-limit bucket. Here the connection's address is appended to X-Forwarded-For before
// Next.js sees the request (docs/decisions/0304-client-address-from-the-socket.md).
//
//   node server.mjs [-p PORT] [-H HOSTNAME]      (or PORT / HOST in the environment; defaults 3000, all interfaces)
//
// Its settings are the app's, read and checked by the same module (src/lib/env-schema.ts, whose types Node.js strips
// itself): a bad value stops the server here, before Next.js starts, with the one error that names every problem.
//
// SIGTERM/SIGINT: after SHUTDOWN_DRAIN_SECONDS (default 0; 5 behind deploy/'s Caddy, see below), stop accepting
// connections, let running requests finish, close Next.js, exit 143/130 (the exit closes the database first:
// src/lib/db/shutdown.ts).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '../src/lib/env-schema.ts';
import { localOrigin, SOCKET_HOP_MARKER } from '../src/lib/server-hand-over.mjs';
import { admitWrites } from './admission.mjs';
import { withSocketHop } from './forwarded-for.mjs';
import { paintFirst } from './per-request-pages.mjs';
import { prerenderedPages } from './prerendered-pages.mjs';
import { noteVisit, startCounting } from './visits.mjs';
import { MALLOC_SETTINGS, heapChoice, v8FlagsFor } from './memory-settings.mjs';

// As `next start`: a production server unless told otherwise; set before the settings are checked (some are required
// in production only) and before Next.js and the config are loaded. -p and -H stand for PORT and HOST.
process.env.NODE_ENV ??= 'production';
const { values: flags } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: false,
});
if (flags.port !== undefined) process.env.PORT = flags.port;
if (flags.hostname !== undefined) process.env.HOST = flags.hostname;
const settings = (() => {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();

// Memory settings (serving/memory-settings.mjs): V8's flags per database, and glibc's allocator's. These only work from
// the command line and the environment, so without them the process replaces itself (same PID, arguments) with one that
// has them.
const V8_FLAGS = v8FlagsFor(settings);
const missing =
  V8_FLAGS.some((flag) => !process.execArgv.includes(flag)) || Object.keys(MALLOC_SETTINGS).some((name) => process.env[name] === undefined);
if (missing && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...V8_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    ...MALLOC_SETTINGS,
    ...process.env,
  });
} else if (missing) {
  console.warn(
    `[server] Node.js ${process.version} cannot restart itself with ${V8_FLAGS.join(' ')}: running with V8's defaults, which take more memory (Node.js 22.15 or newer can).`,
  );
}

process.env[SOCKET_HOP_MARKER] = '1';

const port = settings.PORT;
const hostname = settings.HOST;
// Behind a load balancer (deploy/), a stopping instance first leaves its rotation: for this long after SIGTERM it answers
// every request as usual except /api/health, which says 503, so the balancer's health check (every 2 s in
// deploy/Caddyfile) sends new requests elsewhere before this one stops listening. Closing at once would let requests
// meet a closed port or a closed idle connection, and the balancer can resend neither a POST's body (Caddy 2.6).
const drainSeconds = settings.SHUTDOWN_DRAIN_SECONDS;

// Visits to the public pages, counted without scripts or cookies (serving/visits.mjs, docs/decisions/0350): on unless
// VISIT_COUNTING=off.
startCounting(settings.VISIT_COUNTING);

// The configuration as the build resolved it, handed over the way Next.js's own standalone server.js does:
// next.config.ts is not reloaded, since SWC's native module would stay in memory.
const appDir = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next'; // as next.config.ts reads it
const { config: builtConfig } = JSON.parse(readFileSync(path.join(appDir, distDir, 'required-server-files.json'), 'utf8'));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(builtConfig);

// Prerendered pages, answered from memory once Next.js has answered each of them once, and revalidated with the ETags
// the build made (serving/csp-hashes.mjs; next.config.ts turns off Next.js's own, which hashed the whole page on every
// request). docs/decisions/0015 and 0016.
const etags = (() => {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(path.join(appDir, distDir, 'page-etags.json'), 'utf8'))));
  } catch {
    return new Map(); // a build made without `npm run build`: every request goes to Next.js
  }
})();
const pages = prerenderedPages(etags);
// The public pages rendered per request get their scripts moved behind the paint as the build moves the prerendered
// pages' (serving/per-request-pages.mjs, docs/decisions/0393); PAGES_PAINT_FIRST=off sends them as Next.js makes them.
const paintPageFirst = settings.PAGES_PAINT_FIRST ? paintFirst({ prerendered: (page) => etags.has(page) }) : () => {};

const { default: next } = await import('next');
// quiet: Next.js does not log a request's uncaught error itself; src/instrumentation.ts's onRequestError logs it without
// what a person typed (docs/decisions/0302).
const app = next({ dev: false, dir: appDir, hostname: hostname ?? 'localhost', port, quiet: true });
const handle = app.getRequestHandler();

// How many form posts and other writes Next.js works on at once; more wait here, holding only their socket
// (serving/admission.mjs, docs/decisions/0108). Above the PostgreSQL pool's 10 connections; PGlite runs one
// statement at a time whatever this is.
const WRITES_AT_ONCE = 16;
const admit = admitWrites(WRITES_AT_ONCE);

let stopping = false;
const isHealthCheck = (url = '') => url === '/api/health' || url.startsWith('/api/health?');

const server = createServer((req, res) => {
  // Stopping (SHUTDOWN_DRAIN_SECONDS above): out of the balancer's rotation, but every other request is still answered.
  if (stopping && isHealthCheck(req.url)) {
    res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    return res.end('{"ok":false,"status":"stopping"}');
  }
  noteVisit(req, res);
  pages.serve(req, res, () =>
    admit(req, res, () => {
      req.headers['x-forwarded-for'] = withSocketHop(req.headers['x-forwarded-for'], req.socket.remoteAddress);
      paintPageFirst(req, res);
      handle(req, res).catch((error) => {
        // Next.js answers its own errors; this is a failure of the handler itself. No message: it may quote the request.
        console.error(`[server] ${req.method} request failed: ${error instanceof Error ? error.name : typeof error}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal Server Error');
      });
    }),
  );
});

function stop(signal) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => close(signal), drainSeconds * 1000);
}
function close(signal) {
  const code = signal === 'SIGINT' ? 130 : 143;
  // Idle keep-alive connections would hold close() open; running requests finish first.
  const idle = setInterval(() => server.closeIdleConnections(), 250);
  idle.unref();
  server.close(() => {
    clearInterval(idle);
    app
      .close()
      .catch((error) => console.error(`[server] Next.js did not close cleanly: ${error instanceof Error ? error.name : typeof error}`))
      .finally(() => process.exit(code));
  });
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

server.on('error', (error) => {
  console.error(`server: could not listen on ${hostname ?? 'all interfaces'}:${port} (${error.code ?? error.name})`);
  process.exit(1);
});

await app.prepare();
server.listen(port, hostname, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = localOrigin(hostname, actualPort);
  // What `next start` exposes to the app once it listens.
  process.env.PORT = String(actualPort);
  process.env.__NEXT_PRIVATE_ORIGIN = origin;
  console.log(`> ready on ${origin}\n  the site:        ${origin}/\n  the staff area:  ${origin}/admin`);
  if (!settings.DATABASE_URL) console.log(`  memory:          ${heapChoice(settings.PGLITE_SMALL_HEAP)}`);
});
