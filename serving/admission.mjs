// Writes (form posts and every other non-GET request) handed to Next.js a few at a time
// (docs/decisions/0108-writes-admitted-a-few-at-a-time.md). Plain JavaScript: server.mjs runs it in front of Next.js.
//
// Each request inside Next.js holds a few hundred KB (its request and response objects, a gzip stream once it
// answers) until it is answered, and a burst of forms all waits for the database anyway. Waiting here, before Next.js
// has seen it, a request holds only its socket.
import pLimit from 'p-limit';
import { handOverVisitorWrites, handOverWritesWaiting } from '../src/lib/server-hand-over.mjs';
import { inStaffArea } from './staff-area.mjs';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * @param {number} limit how many writes Next.js works on at once
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, handle: () => void) => void}
 *   calls `handle` (which answers `res`) for a read at once, for a write when a place is free; the place is held until
 *   the response is closed.
 */
export function admitWrites(limit) {
  const places = pLimit(limit);
  // The lead's message senders inside Next.js wait while writes do (afterTheRush, src/lib/server-hand-over.mjs).
  handOverWritesWaiting(() => places.pendingCount);
  // From the moment a visitor's write is read until it is answered (docs/decisions/0429): staff's next statement on
  // PGlite waits a moment for it rather than starting while Next.js routes it.
  let visitorWrites = 0;
  handOverVisitorWrites(() => visitorWrites);
  return (req, res, handle) => {
    if (READS.has(req.method ?? 'GET')) return handle();
    // Every write outside the staff area is a visitor's (a form, a booking, a hold), which PGlite's gate lets go first.
    if (!inStaffArea(req.url ?? '/')) {
      visitorWrites++;
      res.once('close', () => visitorWrites--);
    }
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
