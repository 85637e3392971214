import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import type { Pool } from 'pg';
import { countOrAuto, STAFF_STATEMENTS_AT_ONCE_MAX, switchFrom } from '../on-off';
import { visitorWritesUnanswered } from '../server-hand-over.mjs';

/**
 * Buyers first on PGlite's one connection (docs/decisions/0421-dashboard-from-summaries.md). PGlite runs one call at a
 * time, in the order they came, and a call runs on the event loop's thread until it ends; so a buyer's lead queued
 * behind a staff member's reads waited for all of them. Here every call (query, exec, a whole transaction) passes one
 * gate, and when one ends the next is a buyer's if any waits: a buyer waits for at most the call running now (and, in
 * a flood, one staff or job call that buyers have passed for OTHERS_WAIT_CAP_MS), and staff reads, made of short
 * statements (the dashboard reads summaries, the export reads pages), are short calls.
 * PostgreSQL has a pool: there a buyer's calls take connections of their own (buyersPoolApart, docs/decisions/0429).
 */

/**
 * The buyers' lane and how many buyers' handlers run now (while one does, the gate holds staff's calls back a little
 * for its next call). On globalThis: Next.js bundles each route with copies of its own of this module, and the gate
 * made by the route that opened the database must see the lane of a buyer's route in another bundle, as they share
 * the database handle itself (docs/decisions/0103, 0429).
 */
const shared = ((globalThis as Record<symbol, { lane: AsyncLocalStorage<'buyer' | 'system'>; running: number }>)[
  Symbol.for('districts.db.buyers-lane')
] ??= { lane: new AsyncLocalStorage<'buyer' | 'system'>(), running: 0 });
/**
 * How long staff's calls wait at most for a running buyer's next call (a buyer's handler between two statements), then
 * go unheld for as long: long enough for a buyer's whole handler under the owners' load (docs/decisions/0442).
 */
const BUYER_GRACE_MS = 200;

/**
 * How long staff's calls run one after another in one turn of the event loop before the next waits for a turn, in
 * which the server reads what has arrived: a turn before every call cost an idle year's dashboard page about 7 %
 * (docs/decisions/0442).
 */
const STAFF_SLICE_MS = 10;

/**
 * How long a staff or job call waits at most while buyers' calls go ahead of it: then it goes next, and a waiting
 * buyer's call after it. Without a cap a flood of leads starved everything else: the health check's ping timed out (a
 * load balancer would take the busiest instance out) and the sales team's alerts waited for the flood to end
 * (docs/decisions/0448). Under the health ping's 3 s timeout, for a ping with few calls ahead of it.
 */
export const OTHERS_WAIT_CAP_MS = 2_000;

/** The handler's database calls go ahead of staff's and jobs' that wait with them (a buyer's form or booking route). */
export function buyerFirst<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    shared.running++;
    try {
      return await shared.lane.run('buyer', () => handler(...args));
    } finally {
      shared.running--;
    }
  };
}

/** Whether the calling code runs for a buyer (buyerFirst). */
export const forBuyer = (): boolean => shared.lane.getStore() === 'buyer';

/**
 * Runs `run` as the system's (jobs, health checks): on PostgreSQL its statements never wait in the staff's line
 * (inLine, docs/decisions/0455). A buyer's first reply is sent by a job, a health check must not time out behind an
 * owner's read, and a long maintenance statement must not hold every staff statement back.
 */
export const outOfLine = <T>(run: () => T): T => shared.lane.run('system', run);

/** Whether the calling code runs as the system's (outOfLine). */
export const forSystem = (): boolean => shared.lane.getStore() === 'system';

/**
 * Runs `start` outside the buyers' lane: what it starts (the job queue's loops, started by whichever request needs it
 * first) must not inherit a buyer's place ahead of staff, nor the buyers' own pool on PostgreSQL.
 */
export const outsideBuyersLane = <T>(start: () => T): T => shared.lane.exit(start);

/** Buyers on their way: handlers running, and visitors' writes the server has read but Next.js not yet routed. */
const buyersComing = (): boolean => shared.running > 0 || visitorWritesUnanswered() > 0;

/**
 * Whether buyers go first (`PGLITE_BUYERS_FIRST`, on unless set to off: docs/decisions/0440): off, the gate is a plain
 * queue in arrival order, as PGlite's own is, kept so a backup's copy can hold statements back. Read from the
 * environment like DB_FAST_PATH, so scripts and tests follow it too.
 */
export const buyersFirstOn = (): boolean => switchFrom(process.env.PGLITE_BUYERS_FIRST, true) ?? true;

/**
 * A gate that runs one call at a time, buyers' before others' that wait. Between two calls that waited, and between
 * staff's calls past STAFF_SLICE_MS of a turn, it lets the event loop turn: PGlite's calls run on its thread, and a
 * staff page's calls chained by promises alone ran back to back in one turn while a buyer's request waited unread in
 * its socket, where the gate cannot see it (docs/decisions/0442). While buyers are on their way, a staff call waits up
 * to BUYER_GRACE_MS for a buyer's next statement, then staff's calls go unheld for as long again; a call that buyers'
 * calls have passed for OTHERS_WAIT_CAP_MS goes before waiting buyers, one at a time. Nothing is dropped.
 * A call that has waited WAITED_LONG_MS is reported once (`waitedLong`), with what holds the connection and what waits.
 */
export function priorityGate(
  buyersFirst = buyersFirstOn(),
  heldLong: (ms: number, what: string) => void = logHeldLong,
  waitedLong: (report: WaitedLong) => void = logWaitedLong,
): <T>(call: () => Promise<T>, what?: string) => Promise<T> {
  let busy = false;
  const buyers: Waiter[] = [];
  const others: Waiter[] = [];
  let heldSince = 0;
  let freeUntil = 0;
  let running: { what: string; since: number } | undefined;
  let watch: ReturnType<typeof setInterval> | undefined;
  // Staff's calls made in one turn of the event loop run at once for STAFF_SLICE_MS, then wait for the next turn.
  let sliceEnds: number | undefined;
  const sliceOver = () => {
    if (sliceEnds === undefined) {
      sliceEnds = performance.now() + STAFF_SLICE_MS;
      setImmediate(() => (sliceEnds = undefined));
    }
    return performance.now() >= sliceEnds;
  };
  // A capped call went last: the next to go is a buyer's, or a staff call by the usual way, so buyers keep at least
  // every other call.
  let cappedWentLast = false;
  const pick = () => {
    const passedAt = others[0]?.passedAt;
    if (!cappedWentLast && passedAt !== undefined && Date.now() - passedAt >= OTHERS_WAIT_CAP_MS) {
      cappedWentLast = true;
      return others.shift()!.go();
    }
    const buyer = buyers.shift();
    if (buyer) {
      cappedWentLast = false;
      // The cap counts from the first buyer's call that went ahead of a waiting call, not from its arrival: a call
      // that waited behind a long staff call alone is not owed a place ahead of buyers.
      const now = Date.now();
      for (const other of others) other.passedAt ??= now;
      return buyer.go();
    }
    if (buyersFirst && others.length && buyersComing() && Date.now() >= freeUntil) {
      heldSince ||= Date.now();
      if (Date.now() - heldSince < BUYER_GRACE_MS) return void setTimeout(pick, 1);
      // Held for its grace: staff's calls then go unheld for as long, so a staff page of many short statements is not
      // held at each of them while buyers keep coming (a waiting buyer's call still goes first).
      freeUntil = Date.now() + BUYER_GRACE_MS;
    }
    heldSince = 0;
    cappedWentLast = false;
    const other = others.shift();
    if (other) other.go();
    else busy = false;
  };
  const next = () => {
    if (!buyers.length && !others.length) busy = false;
    else if (buyersFirst) setImmediate(pick);
    else pick();
  };
  // One timer while calls wait, not one per call: it looks for the first call past WAITED_LONG_MS.
  const watchWaiters = () => {
    watch ??= setInterval(() => {
      const now = Date.now();
      for (const waiter of [...buyers, ...others]) {
        if (waiter.reported || now - waiter.since < WAITED_LONG_MS) continue;
        waiter.reported = true;
        waitedLong({
          waitedMs: now - waiter.since,
          what: waiter.what,
          holder: running && { what: running.what, ms: now - running.since },
          buyersWaiting: buyers.length,
          othersWaiting: others.length,
          buyerHandlersRunning: shared.running,
          visitorWritesUnanswered: visitorWritesUnanswered(),
        });
      }
      if (!buyers.length && !others.length) {
        clearInterval(watch);
        watch = undefined;
      }
    }, WAITED_LONG_MS / 4);
    watch.unref?.();
  };
  return async (call, what = 'a call') => {
    const buyer = buyersFirst && forBuyer();
    // Buyers first: past its slice, a staff call waits for a turn of the event loop even when nothing runs.
    if (busy || (buyersFirst && !buyer && sliceOver()))
      await new Promise<void>((go) => {
        (buyer ? buyers : others).push({ go, what, since: Date.now(), reported: false });
        watchWaiters();
        // Nothing runs: the next turn picks this call, or a buyer's that came meanwhile.
        if (!busy) {
          busy = true;
          next();
        }
      });
    else busy = true;
    const started = Date.now();
    running = { what, since: started };
    try {
      return await call();
    } finally {
      running = undefined;
      const held = Date.now() - started;
      if (held >= HELD_LONG_MS) heldLong(held, what);
      next();
    }
  };
}

interface Waiter {
  go: () => void;
  what: string;
  since: number;
  /** When a buyer's call first went ahead of this one (a staff or job call). */
  passedAt?: number;
  reported: boolean;
}

/** A call that waited WAITED_LONG_MS at the gate, with the gate's state then. */
export interface WaitedLong {
  waitedMs: number;
  what: string;
  /** The call holding the connection, and for how long (none: the gate is between two calls). */
  holder: { what: string; ms: number } | undefined;
  buyersWaiting: number;
  othersWaiting: number;
  buyerHandlersRunning: number;
  visitorWritesUnanswered: number;
}

/**
 * A call waiting this long means the connection is stuck or starved, not busy (the longest statements hold it for
 * hundreds of milliseconds): logged, so an operator sees what held it (docs/decisions/0440).
 */
export const WAITED_LONG_MS = 10_000;

const brief = (what: string) => what.replace(/\s+/g, ' ').trim().slice(0, 160);

function logWaitedLong(report: WaitedLong) {
  const holder = report.holder ? `held for ${Math.round(report.holder.ms)} ms by ${brief(report.holder.what)}` : 'between two calls';
  console.warn(
    `[db] a call waited ${Math.round(report.waitedMs / 1000)} s for PGlite's connection: ${brief(report.what)}; the connection is ${holder}; ` +
      `waiting: ${report.buyersWaiting} buyers' and ${report.othersWaiting} other calls; buyers' handlers running: ` +
      `${report.buyerHandlersRunning}; visitors' writes unanswered: ${report.visitorWritesUnanswered}`,
  );
}

/**
 * A call holding the connection this long makes a buyer who comes meanwhile wait as long (nothing interrupts a
 * statement): logged with what it was, so the statement to split or summarise is known (docs/decisions/0429).
 */
export const HELD_LONG_MS = 250;

function logHeldLong(ms: number, what: string) {
  // The statement's text only (its values are parameters): the first words say which one it is.
  console.warn(`[db] PGlite's connection held ${Math.round(ms)} ms by ${brief(what)}`);
}

/**
 * PostgreSQL: how many of the staff's statements (pages, exports) an instance runs at once outside a transaction:
 * `POSTGRES_STAFF_STATEMENTS_AT_ONCE`, a number, or `auto` (unset): half this machine's cores, at least one.
 * PostgreSQL gives each backend an equal share of the CPU, and no session a lower one: two owners' reads in two
 * backends took both cores of a small machine from a buyer's lead (docs/decisions/0455).
 */
export function staffStatementsAtOnce(setting = process.env.POSTGRES_STAFF_STATEMENTS_AT_ONCE, cores = availableParallelism()): number {
  // A value the settings refuse (the server checks them at start; a script may not) counts as auto.
  const count = countOrAuto(setting, STAFF_STATEMENTS_AT_ONCE_MAX);
  return typeof count === 'number' ? count : Math.max(1, Math.floor(cores / 2));
}

/**
 * Runs calls at most `atOnce` at a time, in the order they came. A call that has waited OTHERS_WAIT_CAP_MS goes anyway:
 * no wait in line is longer, and a statement waiting in PostgreSQL for one still in line (a lock, an advisory lock)
 * holds it back that long at most.
 */
export function inLine(atOnce: number, capMs = OTHERS_WAIT_CAP_MS): <T>(call: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: { go: () => void; timer?: ReturnType<typeof setTimeout> }[] = [];
  const start = (waiter: (typeof waiting)[number]) => {
    clearTimeout(waiter.timer);
    running++;
    waiter.go();
  };
  return async (call) => {
    if (running < atOnce && !waiting.length) running++;
    else
      await new Promise<void>((go) => {
        const waiter: (typeof waiting)[number] = { go };
        waiter.timer = setTimeout(() => start(waiting.splice(waiting.indexOf(waiter), 1)[0]), capMs);
        waiter.timer.unref?.();
        waiting.push(waiter);
      });
    try {
      return await call();
    } finally {
      running--;
      while (running < atOnce && waiting.length) start(waiting.shift()!);
    }
  };
}

/**
 * PostgreSQL: one pool for Drizzle that hands a buyer's calls (buyerFirst) to a pool of their own and every other call
 * to the main one, where the staff's statements outside a transaction go `staffAtOnce` at a time (inLine); the
 * system's (outOfLine) never wait, nor a transaction's, so one never waits behind a statement that waits for its
 * locks. Ending it ends both. The main pool's other members (events, counts) answer as themselves.
 */
export function buyersPoolApart(main: Pool, buyers: Pool, staffAtOnce = Infinity): Pool {
  const staffInLine = inLine(staffAtOnce);
  const mainQuery = main.query.bind(main) as (...args: unknown[]) => unknown;
  const query = (...args: unknown[]) =>
    // A callback or a streaming query (a cursor) is answered as pg answers it, not in line.
    typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function'
      ? mainQuery(...args)
      : staffInLine(async () => mainQuery(...args));
  return new Proxy(main, {
    get(target, key) {
      if (key === 'query') return forBuyer() ? buyers.query.bind(buyers) : forSystem() ? mainQuery : query;
      if (key === 'connect') {
        const pool = forBuyer() ? buyers : target;
        return pool.connect.bind(pool);
      }
      if (key === 'end') return () => Promise.all([target.end(), buyers.end()]).then(() => undefined);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
