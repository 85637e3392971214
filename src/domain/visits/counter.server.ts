import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/db';
import { visitCounts, visitSalts, visitVisitors } from '@/lib/db/schema';
import { beforeDatabaseCloses } from '@/lib/db/shutdown';
import { addressFromForwardedFor } from '@/lib/http/client.server';
import { logError } from '@/lib/log';
import { takeNotedVisits, type VisitNote } from '@/lib/server-hand-over.mjs';
import { lagosDayOf } from '../working-time';
import { visitOf, type VisitKey } from './source';

/**
 * The visit counter (docs/decisions/0350-visits-counted-on-the-server.md): every few seconds it takes the visits the
 * server noted in memory (serving/visits.mjs, handed over through src/lib/server-hand-over.mjs) and adds them to `visit_counts`, one row per Lagos day, page and source.
 *
 * Visitors are told apart the way Plausible does it, without cookies: a fingerprint of address, user agent and row
 * under a random salt of the day. The salt and the day's fingerprints are deleted once the Lagos day is over (at the
 * first write of the next day, and by the retention job), so no address or identifier is kept past it; the counts stay.
 */

/** How often the noted visits are written: a crash of the server loses at most this much of them. */
export const VISIT_WRITE_INTERVAL_MS = 5_000;
const CHUNK = 1_000;

export interface VisitContext {
  /** TRUST_PROXY: which X-Forwarded-For entry is the client's (src/lib/http/client.server.ts). */
  trustProxy: number;
  /** The site's host names (SITE_URL's): a referrer there is a step between our pages, not a visit. */
  ownHosts: readonly string[];
}

export interface Added {
  visits: number;
  visitors: number;
}

/** Adds noted page requests to the counters, in one transaction; bots and steps between our pages are left out. */
export async function addVisits(db: Db, notes: readonly VisitNote[], context: VisitContext, now = new Date()): Promise<Added> {
  type Row = VisitKey & { day: string; visits: number; fingerprints: Set<string> };
  const rows = new Map<string, Row>();
  const salts = new Map<string, string>();
  const today = lagosDayOf(now);
  // A batch holds many requests of few browsers: each user agent is looked up in the bot list once.
  const bots = new Map<string, boolean>();
  const isBot = (userAgent: string) => bots.get(userAgent) ?? bots.set(userAgent, isbot(userAgent)).get(userAgent)!;

  return db.transaction(async (tx) => {
    for (const note of notes) {
      const visit = visitOf(note, context.ownHosts, isBot);
      if (!visit) continue;
      const day = lagosDayOf(new Date(note.at));
      const key = JSON.stringify([day, visit.path, visit.kind, visit.source, visit.medium, visit.campaign]);
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { ...visit, day, visits: 0, fingerprints: new Set() }));
      row.visits += note.count;
      let salt = salts.get(day);
      if (salt === undefined) salts.set(day, (salt = await saltOf(tx, day)));
      const address = addressFromForwardedFor(note.forwardedFor, context.trustProxy);
      row.fingerprints.add(createHmac('sha256', salt).update(`${address}\n${note.userAgent}\n${key}`).digest('hex').slice(0, 32));
    }
    const all = [...rows.values()];
    const fresh = new Set<string>();
    const fingerprints = all.flatMap((row) => [...row.fingerprints].map((hash) => ({ day: row.day, hash })));
    for (let i = 0; i < fingerprints.length; i += CHUNK) {
      const inserted = await tx
        .insert(visitVisitors)
        .values(fingerprints.slice(i, i + CHUNK))
        .onConflictDoNothing()
        .returning({ day: visitVisitors.day, hash: visitVisitors.hash });
      for (const { day, hash } of inserted) fresh.add(`${day} ${hash}`);
    }
    const values = all.map(({ fingerprints: seen, ...row }) => ({
      ...row,
      visitors: [...seen].filter((hash) => fresh.has(`${row.day} ${hash}`)).length,
    }));
    const pk = [visitCounts.day, visitCounts.path, visitCounts.kind, visitCounts.source, visitCounts.medium, visitCounts.campaign];
    for (let i = 0; i < values.length; i += CHUNK) {
      await tx
        .insert(visitCounts)
        .values(values.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: pk,
          set: {
            visits: sql`${visitCounts.visits} + excluded.visits`,
            visitors: sql`${visitCounts.visitors} + excluded.visitors`,
          },
        });
    }
    await forgetPastVisitors(tx, today);
    return { visits: values.reduce((n, v) => n + v.visits, 0), visitors: values.reduce((n, v) => n + v.visitors, 0) };
  });
}

/** The salt of a Lagos day: made by the first instance that needs it, read by the others. */
async function saltOf(db: Db, day: string): Promise<string> {
  await db
    .insert(visitSalts)
    .values({ day, salt: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ salt: visitSalts.salt }).from(visitSalts).where(eq(visitSalts.day, day));
  return row.salt;
}

/** Deletes the salts and visitor fingerprints of the days before `today` (a Lagos day, YYYY-MM-DD). */
export async function forgetPastVisitors(db: Db, today: string): Promise<{ salts: number; fingerprints: number }> {
  const salts = await db.delete(visitSalts).where(lt(visitSalts.day, today)).returning({ day: visitSalts.day });
  const fingerprints = await db.delete(visitVisitors).where(lt(visitVisitors.day, today)).returning({ day: visitVisitors.day });
  return { salts: salts.length, fingerprints: fingerprints.length };
}

export interface VisitCounter {
  /** Writes what was noted so far (the timer does this every interval). */
  flush(): Promise<void>;
  /** Stops the timer after a last write. */
  stop(): Promise<void>;
}

/**
 * Writes the noted visits every `intervalMs`, and once more before the database closes on SIGTERM/SIGINT. A write
 * that fails (database down) keeps its notes for the next one, up to what serving/visits.mjs would keep.
 */
export function startVisitCounter(
  db: Db,
  context: VisitContext,
  { intervalMs = VISIT_WRITE_INTERVAL_MS, take = takeNotedVisits }: { intervalMs?: number; take?: typeof takeNotedVisits } = {},
): VisitCounter {
  let waiting: VisitNote[] = [];
  let running: Promise<void> | undefined;
  let dropped = 0;
  let clearedFor = '';
  const write = async () => {
    const taken = take();
    dropped += taken.dropped;
    const notes = waiting.length ? [...waiting, ...taken.notes] : taken.notes;
    waiting = [];
    if (notes.length === 0) {
      // No visit yet today: yesterday's salt and fingerprints go all the same, seconds after midnight.
      const today = lagosDayOf(new Date());
      if (today !== clearedFor)
        await forgetPastVisitors(db, today).then(
          () => (clearedFor = today),
          (error) => logError('[visits] could not delete past fingerprints', error),
        );
      return;
    }
    try {
      await addVisits(db, notes, context);
      if (dropped > 0) console.warn(`[visits] ${dropped} page requests were not counted: too many waiting to be written`);
      dropped = 0;
    } catch (error) {
      waiting = notes.slice(-20_000);
      logError('[visits] could not write the counts, trying again', error);
    }
  };
  const flush = () => (running ??= write().finally(() => (running = undefined)));
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    forget();
    await running;
    await flush();
  };
  const forget = beforeDatabaseCloses(stop);
  return { flush, stop };
}
