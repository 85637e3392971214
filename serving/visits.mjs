// Visits to the public pages, noted where the server answers them (docs/decisions/0350-visits-counted-on-the-server.md).
// Plain JavaScript: server.mjs runs it in front of Next.js, for every request, including the pages it answers from
// memory (serving/prerendered-pages.mjs), which Next.js never sees.
//
// Here only what the server knows and the app cannot: which requests were a page sent to a browser. Each is noted as
// one line (page, Host, referrer, user agent, address), counted up in memory: nothing else is done while answering. The app
// takes the notes every few seconds (src/modules/visits/counter.server.ts), drops bots and our own pages' referrers,
// reduces each to its day, page and source, and adds them to the database. The notes go from here to the app through
// src/lib/server-hand-over.mjs (serving/README.md, assumption 12).
import { handOverVisits } from '../src/lib/server-hand-over.mjs';
import { withSocketHop } from './forwarded-for.mjs';
import { NOT_THE_PAGE } from './prerendered-pages.mjs';
import { STAFF_AREA } from './staff-area.mjs';

/** @type {{ notes: Map<string, {count: number, at: number}>, dropped: number, counting: boolean }} */
const state = { notes: new Map(), dropped: 0, counting: false };

/** At most this many different notes wait in memory (the app takes them every few seconds; a database that is down
 * meanwhile must not grow the server's memory without bound). Further ones are dropped and counted. */
export const MAX_NOTES = 20_000;

/** Paths that are never a public page: Next.js's files, the API and the staff area. */
const NOT_PUBLIC = ['/_next/', '/api/', ...STAFF_AREA];
// Prefetches: the router's (its headers, NOT_THE_PAGE) and the browser's own (speculation rules, <link rel=prefetch>).
const PREFETCH = [
  ['purpose', 'prefetch'],
  ['sec-purpose', 'prefetch'],
  ['x-purpose', 'preview'],
  ['x-moz', 'prefetch'],
];

/** Whether `server.mjs` counts visits (VISIT_COUNTING); the app takes the notes through the hand-over. */
export function startCounting(on = true) {
  state.counting = on;
  handOverVisits(takeVisits);
}

/** A page a browser asked for: GET, a path with no file extension outside NOT_PUBLIC, no prefetch, no router request. */
export function isPageRequest(req) {
  if (req.method !== 'GET') return false;
  const url = req.url ?? '';
  if (url.length > 2048 || url.includes('_rsc=')) return false;
  const path = url.split('?', 1)[0];
  if (!path.startsWith('/') || NOT_PUBLIC.some((prefix) => path.startsWith(prefix) || path === prefix.replace(/\/$/, ''))) return false;
  if (path.slice(path.lastIndexOf('/')).includes('.')) return false; // /favicon.ico, /robots.txt, /media/…
  const headers = req.headers;
  if (NOT_THE_PAGE.some((name) => headers[name] !== undefined)) return false;
  return !PREFETCH.some(([name, value]) => headers[name]?.toLowerCase().includes(value));
}

/**
 * Called for every request before it is answered; notes it once it has been answered as a page (200 with HTML, or
 * 304 for a page the browser kept). The address is noted as X-Forwarded-For with the socket's hop
 * (serving/forwarded-for.mjs), as received: the app reads the client's address from it by TRUST_PROXY, as for every
 * other request (src/lib/http/client.server.ts).
 */
export function noteVisit(req, res) {
  if (!state.counting || !isPageRequest(req)) return;
  // As received: server.mjs adds the socket's hop to the request's own header before Next.js sees it.
  res[RECEIVED] = req.headers['x-forwarded-for'] ?? '';
  res.on('finish', noteAnswered); // one function for all (no closure per request): `this` is the response; finish comes once
}

const RECEIVED = Symbol('x-forwarded-for as received');

/** @this {import('node:http').ServerResponse} */
function noteAnswered() {
  // Next.js sets its headers one by one, so its answers show their type; the pages server.mjs answers from memory
  // (prerendered-pages.mjs) pass theirs to writeHead, which getHeader does not see: those are pages.
  const status = this.statusCode;
  const type = this.getHeader('content-type');
  if (status !== 304 && !(status === 200 && (type === undefined || String(type).startsWith('text/html')))) return;
  const req = this.req;
  const h = req.headers;
  const key = `${req.url}\n${h.host ?? ''}\n${h.referer ?? ''}\n${h['user-agent'] ?? ''}\n${this[RECEIVED]}\n${req.socket?.remoteAddress ?? ''}`;
  const note = state.notes.get(key);
  if (note) note.count += 1;
  else if (state.notes.size < MAX_NOTES) state.notes.set(key, { count: 1, at: Date.now() });
  else state.dropped += 1;
}

/**
 * The notes since the last call, and how many were dropped for want of room; the memory is emptied.
 * @returns {import('../src/lib/server-hand-over.d.mts').NotedVisits}
 */
export function takeVisits() {
  const taken = state.notes;
  const dropped = state.dropped;
  state.notes = new Map();
  state.dropped = 0;
  const notes = [];
  for (const [key, { count, at }] of taken) {
    const [url, host, referer, userAgent, received, socket] = key.split('\n');
    notes.push({ url, host, referer, userAgent, forwardedFor: withSocketHop(received, socket), count, at });
  }
  return { notes, dropped };
}
