// Writes (form posts and every other non-GET request) handed to Next.js a few at a time
// (docs/decisions/0108-writes-admitted-a-few-at-a-time.md). Plain JavaScript: server.mjs runs it in front of Next.js.
//
// Each request inside Next.js holds a few hundred KB (its request and response objects, a gzip stream once it
// answers) until it is answered, and a burst of forms all waits for the database anyway. Waiting here, before Next.js
// has seen it, a request holds only its socket.
import pLimit from 'p-limit';

// How many writes wait here, for the lead's message senders inside Next.js (src/features/notifications/workers.server.ts):
// one `globalThis` entry, as serving/visits.mjs, since Next.js bundles its own copy of this module (serving/README.md,
// assumption 12). Without server.mjs (`next dev`, the tests) nothing ever waits.
const STATE = Symbol.for('districts.admission');
/** @type {{ waiting: () => number }} */
const state = (globalThis[STATE] ??= { waiting: () => 0 });

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * @param {number} limit how many writes Next.js works on at once
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, handle: () => void) => void}
 *   calls `handle` (which answers `res`) for a read at once, for a write when a place is free; the place is held until
 *   the response is closed.
 */
export function admitWrites(limit) {
  const places = pLimit(limit);
  state.waiting = () => places.pendingCount;
  return (req, res, handle) => {
    if (READS.has(req.method ?? 'GET')) return handle();
    // By the next turn of the event loop the parser has read the body that came with the headers (a form's does).
    setImmediate(() => {
      // A body still arriving (a slow client, a large upload) goes in at once: in the queue it would hold a place for
      // as long as its client takes.
      if (!req.complete) return handle();
      void places(
        () =>
          new Promise((resolve) => {
            // Its client left while it waited: nothing to answer.
            if (res.closed || req.socket.destroyed) return resolve();
            res.once('close', resolve);
            handle();
          }),
      );
    });
  };
}

/**
 * Resolves once no write waits for a place (at once when none does), or after `maxMs` at the latest: work that can
 * wait a few seconds, such as a lead's e-mails, gives a rush of forms the server first (docs/decisions/0370).
 * @param {number} maxMs
 * @returns {Promise<void>}
 */
export async function afterTheRush(maxMs) {
  for (const start = Date.now(); state.waiting() > 0 && Date.now() - start < maxMs;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
