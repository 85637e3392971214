// What the production server in front of Next.js (serving/) hands the app in the same process, and how the app reads
// it. Defined once here and imported by both sides, so that src never imports serving/ (docs/decisions/0383).
// Plain JavaScript: serving/server.mjs loads it before Next.js. Next.js bundles a copy of its own for the app, so
// what is handed over lives in one `globalThis` entry that both copies share (serving/README.md, assumption 12).
// Without serving/server.mjs (`next dev`, the tests) nothing is handed over: no write waits, no visit is noted.

/** Set in its environment by serving/server.mjs; the app's start-up warns when it is missing (plain `next start`). */
export const SOCKET_HOP_MARKER = 'DISTRICTS_SOCKET_HOP';

const ENTRY = Symbol.for('districts.server-hand-over');
/** @type {{ writesWaiting: () => number, visitorWrites: () => number, takeVisits: () => { notes: import('./server-hand-over.d.mts').VisitNote[], dropped: number } }} */
const handOver = (globalThis[ENTRY] ??= { writesWaiting: () => 0, visitorWrites: () => 0, takeVisits: () => ({ notes: [], dropped: 0 }) });
// An entry made by an older copy of this file (a server started before it had the field) still answers.
handOver.visitorWrites ??= () => 0;

// ---- the server's side ---------------------------------------------------------------------------------------------

/** serving/admission.mjs: how many writes wait for a place in Next.js (docs/decisions/0108). */
export function handOverWritesWaiting(count) {
  handOver.writesWaiting = count;
}

/**
 * serving/admission.mjs: how many visitors' writes (a form, a booking: any write outside the staff area) the server
 * has received and not yet answered, from the moment their request is read (docs/decisions/0429).
 */
export function handOverVisitorWrites(count) {
  handOver.visitorWrites = count;
}

/** serving/visits.mjs: the page requests it noted since the last call, the memory emptied (docs/decisions/0350). */
export function handOverVisits(take) {
  handOver.takeVisits = take;
}

// ---- the app's side ------------------------------------------------------------------------------------------------

/** The visits the server noted since the last call (none without serving/server.mjs). */
export function takeNotedVisits() {
  return handOver.takeVisits();
}

/** Visitors' writes received and not yet answered (0 without serving/server.mjs): PGlite's gate lets them go first. */
export function visitorWritesUnanswered() {
  return handOver.visitorWrites();
}

/**
 * Resolves once no write waits for a place (at once when none does), or after `maxMs` at the latest: work that can
 * wait a few seconds, such as a lead's e-mails, gives a rush of forms the server first (docs/decisions/0370).
 * @param {number} maxMs
 * @returns {Promise<void>}
 */
export async function afterTheRush(maxMs) {
  for (const start = Date.now(); handOver.writesWaiting() > 0 && Date.now() - start < maxMs;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---- both ------------------------------------------------------------------------------------------------------------

/**
 * The address of the server on this machine, for its own lines at start-up: its HOST, or localhost when HOST is unset
 * or means every interface.
 * @param {string | undefined} host
 * @param {number | string} port
 * @returns {string}
 */
export function localOrigin(host, port) {
  return `http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${port}`;
}
