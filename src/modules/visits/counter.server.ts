import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/db';
import { visitCounts, visitSalts, visitVisitors } from '@/lib/db/schema';
import { beforeDatabaseCloses } from '@/lib/db/shutdown';
import { addressFromForwardedFor, widerNetworks } from '@/lib/http/client.server';
import { logError } from '@/lib/log';
import { takeNotedVisits, type VisitNote } from '@/lib/server-hand-over.mjs';
import { whatsappCampaignCode } from '@/lib/contact-links';
import { lagosDayOf } from '@/lib/working-time';
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

/**
 * New sources (a campaign or referring site with no row yet) that one client may add in a Lagos day, and that all
 * clients together may; beyond them its visit counts as "other" of its kind, so nobody can fill two years of counts
 * with invented sources (docs/decisions/0387-public-surface-round-3.md). Sources already counted keep counting.
 */
export const NEW_SOURCES_PER_CLIENT = 10;
export const NEW_SOURCES_PER_DAY = 60;
/** Where a visit from a source over the limits is counted. */
export const OTHER_SOURCE = 'other';

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
    const visits = notes.map((note) => ({ note, visit: visitOf(note, context.ownHosts, isBot) }));
    const sources = new NewSources(
      tx,
      await knownSources(
        tx,
        visits.map(({ visit }) => visit),
      ),
    );
    for (const { note, visit: found } of visits) {
      if (!found) continue;
      const day = lagosDayOf(new Date(note.at));
      let salt = salts.get(day);
      if (salt === undefined) salts.set(day, (salt = await saltOf(tx, day)));
      const address = addressFromForwardedFor(note.forwardedFor, context.trustProxy);
      const visit = (await sources.admits(found, day, salt, address))
        ? found
        : { path: found.path, kind: found.kind, source: OTHER_SOURCE, medium: '', campaign: '' };
      const key = JSON.stringify([day, visit.path, visit.kind, visit.source, visit.medium, visit.campaign]);
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { ...visit, day, visits: 0, fingerprints: new Set() }));
      row.visits += note.count;
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

type Source = Pick<VisitKey, 'kind' | 'source' | 'medium' | 'campaign'>;
const sourceKey = ({ kind, source, medium, campaign }: Source) => JSON.stringify([kind, source, medium, campaign]);
const needsAdmission = (visit: Source) => visit.kind !== 'direct' && !(visit.source === OTHER_SOURCE && !visit.medium && !visit.campaign);

/** The sources among `visits` that already have a row in visit_counts, on any day. */
async function knownSources(db: Db, visits: readonly (VisitKey | undefined)[]): Promise<Set<string>> {
  const names = [...new Set(visits.filter((visit): visit is VisitKey => !!visit && needsAdmission(visit)).map((visit) => visit.source))];
  const known = new Set<string>();
  for (let i = 0; i < names.length; i += CHUNK) {
    const found = await db
      .selectDistinct({ kind: visitCounts.kind, source: visitCounts.source, medium: visitCounts.medium, campaign: visitCounts.campaign })
      .from(visitCounts)
      .where(and(ne(visitCounts.kind, 'direct'), inArray(visitCounts.source, names.slice(i, i + CHUNK))));
    for (const source of found) known.add(sourceKey(source));
  }
  return known;
}

/**
 * Admits a new source against the day's limits. The allowances taken are kept beside the day's fingerprints, as
 * hashes under the day's salt (of the client's address, IPv6 by its /48, one home's block), and go with them when the
 * day ends: nothing about a client outlives its day.
 */
class NewSources {
  private readonly full = new Set<string>();
  constructor(
    private readonly db: Db,
    private readonly known: Set<string>,
  ) {}

  async admits(visit: Source, day: string, salt: string, address: string): Promise<boolean> {
    const key = sourceKey(visit);
    if (!needsAdmission(visit) || this.known.has(key)) return true;
    const client = widerNetworks(address).at(-1)?.network ?? address;
    if (this.full.has(day) || this.full.has(`${day} ${client}`)) return false;
    const allowance = (name: string, count: number) =>
      Array.from({ length: count }, (_, i) => createHmac('sha256', salt).update(`new source\n${name}\n${i}`).digest('hex').slice(0, 32));
    if (!(await this.take(day, allowance(`client ${client}`, NEW_SOURCES_PER_CLIENT)))) {
      this.full.add(`${day} ${client}`);
      return false;
    }
    if (!(await this.take(day, allowance('site', NEW_SOURCES_PER_DAY)))) {
      this.full.add(day);
      return false;
    }
    this.known.add(key);
    return true;
  }

  /** Takes the first of `hashes` nobody has taken that day (another instance may take one meanwhile: then the next). */
  private async take(day: string, hashes: string[]): Promise<boolean> {
    const taken = await this.db
      .select({ hash: visitVisitors.hash })
      .from(visitVisitors)
      .where(and(eq(visitVisitors.day, day), inArray(visitVisitors.hash, hashes)));
    const used = new Set(taken.map((row) => row.hash));
    for (const hash of hashes.filter((hash) => !used.has(hash))) {
      const [row] = await this.db.insert(visitVisitors).values({ day, hash }).onConflictDoNothing().returning({ hash: visitVisitors.hash });
      if (row) return true;
    }
    return false;
  }
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

/**
 * The source, medium and name a campaign's visits were counted under in the 90 days to `now`, most visited first, those
 * that landed on `path` before the rest; undefined when none were. A chat from WhatsApp names only its campaign, as
 * its link's reference writes it (`whatsappCampaignCode`: docs/decisions/0399), so the visits' names are compared
 * the same way: this places its lead on the row of the visits that brought it.
 */
export async function campaignVisitedAs(
  db: Db,
  code: string,
  path: string | null,
  now = new Date(),
): Promise<{ source: string; medium: string; campaign: string } | undefined> {
  const rows = await db
    .select({ source: visitCounts.source, medium: visitCounts.medium, campaign: visitCounts.campaign, path: visitCounts.path })
    .from(visitCounts)
    .where(and(eq(visitCounts.kind, 'campaign'), ne(visitCounts.campaign, ''), sql`${visitCounts.day} >= ${lagosDayOf(now, -90)}`))
    .groupBy(visitCounts.source, visitCounts.medium, visitCounts.campaign, visitCounts.path)
    .orderBy(sql`sum(${visitCounts.visits}) desc`);
  const same = rows.filter((row) => whatsappCampaignCode(row.campaign).toLowerCase() === code.toLowerCase());
  const found = same.find((row) => row.path === path) ?? same[0];
  return found && { source: found.source, medium: found.medium, campaign: found.campaign };
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

/** Deletes the visit counts of Lagos days before `day` (YYYY-MM-DD; the retention job); returns how many rows. */
export async function deleteVisitCountsBefore(db: Db, day: string): Promise<number> {
  const rows = await db.delete(visitCounts).where(lt(visitCounts.day, day)).returning({ day: visitCounts.day });
  return rows.length;
}
