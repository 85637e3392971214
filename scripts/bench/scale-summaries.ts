/**
 * The dashboard's summaries, buyers first and the streamed backup, on the scale data set (docs/decisions/0421,
 * docs/benchmarks/0421-dashboard-summaries-and-buyers-first.md). Run against a seeded database (npm run seed:scale),
 * with the server stopped (PGlite: one process per DATA_DIR):
 *
 *   DATA_DIR=… npx tsx --conditions=react-server scripts/bench/scale-summaries.ts [--runs 20]
 *   DATABASE_URL=… npx tsx --conditions=react-server scripts/bench/scale-summaries.ts
 *
 * Each figure is timed in this process, one warm-up then `--runs` runs, against its baseline in the same run: the
 * dashboard's counts recounted from the leads (its SQL before the summaries), the team panel's overdue with working
 * time counted up to now (before the cap), a buyer's write as an ordinary call (first come, first served), and the
 * backup as PGlite's dumpDataDir in memory. Prints one JSON line per figure, then exits 1 if the summaries differ from
 * the recount.
 */
import { readFileSync, writeSync } from 'node:fs';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { leads, staffUsers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { buyerFirst } from '@/lib/db/priority';
import { lagosDayOf, workingSecondsSql } from '@/lib/working-time';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { dashboardFigures, leadsByAttribution, teamWorkload } from '@/modules/insights/server';
import { OPEN_STATUSES } from '@/modules/leads/server';
import { recount, shown } from '../../tests/support/dashboard-recount';
import { failer, openStaffDatabase } from '../lib/staff-cli';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(values.runs);
const fail = failer('bench:scale-summaries');
type DashboardRange = Parameters<typeof dashboardFigures>[1];
const print = (row: Record<string, unknown>) => writeSync(1, `${JSON.stringify(row)}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
async function timed(name: string, run: () => Promise<unknown>, runs = RUNS) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const row = { figure: name, runs, p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)) };
  print(row);
  return row;
}

/** The team panel's overdue as it was: working time counted from each open new lead's arrival up to now. */
function teamOverdueUncapped(db: Db, now: Date) {
  const time = DEFAULT_WORKING_TIME;
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({ id: staffUsers.id, overdue: count() })
    .from(staffUsers)
    .leftJoin(leads, and(eq(leads.assignedTo, staffUsers.id), eq(leads.spam, false), inArray(leads.status, OPEN_STATUSES)))
    .where(
      sql`${leads.status} = 'new' and ${leads.createdAt} <= ${at} - make_interval(mins => ${time.targetMinutes}::int)
        and ${workingSecondsSql(leads.createdAt, at, time)} >= ${time.targetMinutes * 60}::float8`,
    )
    .groupBy(staffUsers.id);
}

/** A buyer's lead as the form's transaction writes its row (the seeder's key prefix: a re-run of the seed accepts it). */
let buyerN = 0;
const buyerWrite = (db: Db) =>
  db.transaction(async (tx) => {
    await tx.insert(leads).values({
      title: 'Mrs',
      fullName: 'Bench Buyer',
      email: `bench-buyer-${process.pid}-${buyerN}@example.com`,
      phoneRaw: '0803 123 4567',
      district: 'Lugbe, Abuja',
      idempotencyKey: `seed-scale:bench-${process.pid}-${buyerN++}`,
      landingPath: '/lugbe?fbclid=bench',
    });
  });

/** p50/p95 of `write` every 50 ms for `ms`, while `load` runs in a loop (if given). */
async function writesUnder(name: string, write: () => Promise<unknown>, load: (() => Promise<unknown>) | undefined, ms = 15_000) {
  let loading = Boolean(load);
  const loop = (async () => {
    while (loading && load) {
      await load();
      // A turn of the event loop between rounds: PGlite answers through promises alone, so a loop that asks again at
      // once would never let the window's timers below fire.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const times: number[] = [];
  const end = Date.now() + ms;
  const pending: Promise<void>[] = [];
  while (Date.now() < end) {
    const start = performance.now();
    pending.push(
      write().then(() => {
        times.push(performance.now() - start);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The load stops with the window: in arrival order (no gate) a loop that asks again at once can keep the one
  // connection from the writes still waiting, and they would wait for ever.
  loading = false;
  await Promise.all(pending);
  await loop;
  times.sort((a, b) => a - b);
  print({ figure: name, writes: times.length, p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)) });
}

/** Migration 0041's backfill (its hand-written statements that fill the summaries), timed in a transaction rolled back. */
async function backfillTime(db: Db) {
  const statements = readFileSync('drizzle/0041_dashboard_summaries.sql', 'utf8')
    .split('--> statement-breakpoint')
    .map((text) => text.replace(/^\s*--.*$/gm, '').trim())
    .filter((text) => /^(UPDATE "interest_submissions"|INSERT INTO "lead_(day|source)_counts")/.test(text));
  const start = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from lead_day_counts`);
      await tx.execute(sql`delete from lead_source_counts`);
      for (const text of statements) await tx.execute(sql.raw(text));
      throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  print({
    figure: "migration 0041's backfill (rolled back)",
    statements: statements.length,
    seconds: Math.round(performance.now() - start) / 1000,
  });
}

/** Peak resident memory above the start while `run` goes. */
async function peakRss(name: string, run: () => Promise<unknown>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  await run();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  print({ figure: name, seconds: Math.round((performance.now() - start) / 100) / 10, growthMb: Math.round((peak - before) / 2 ** 20) });
}

async function main() {
  const handle = await openStaffDatabase(fail, 'stop the server first');
  const db = handle.db;
  try {
    const [{ newest, total }] = (
      (await db.execute(sql`select max(created_at) as newest, count(*)::int as total from interest_submissions`)) as unknown as {
        rows: { newest: string; total: number }[];
      }
    ).rows;
    const now = new Date(newest);
    const to = lagosDayOf(now);
    const ranges: [string, DashboardRange][] = [
      ['30 days', { from: lagosDayOf(now, -29), to }],
      ['a year', { from: lagosDayOf(now, -364), to }],
    ];
    print({ database: handle.kind, leads: Number(total), now: now.toISOString() });

    let equal = true;
    for (const [label, range] of ranges) {
      await timed(`dashboard ${label}`, () => dashboardFigures(db, range, DEFAULT_WORKING_TIME, now));
      await timed(`counts ${label}: recount (before)`, () => recount(db, range), 5);
      const figures = await dashboardFigures(db, range, DEFAULT_WORKING_TIME, now);
      const same = isDeepStrictEqual(shown(figures, await leadsByAttribution(db, range)), await recount(db, range));
      equal &&= same;
      print({ figure: `summaries equal a full recount, ${label}`, equal: same });
    }
    await timed('team panel', () => teamWorkload(db, DEFAULT_WORKING_TIME, now));
    await timed('team panel overdue, uncapped (before)', () => teamOverdueUncapped(db, now), 3);

    const year = ranges[1][1];
    const staffLoad = async () => {
      await dashboardFigures(db, year, DEFAULT_WORKING_TIME, now);
      // The CSV export's steps: pages of 500 leads, newest first, by keyset.
      let cursor = sql`true`;
      for (let page = 0; page < 20; page++) {
        const rows = (
          (await db.execute(
            sql`select * from interest_submissions where ${cursor} order by created_at desc, id desc limit 500`,
          )) as unknown as { rows: { created_at: string; id: string }[] }
        ).rows;
        if (rows.length < 500) break;
        const last = rows[rows.length - 1];
        cursor = sql`(created_at, id) < (${last.created_at}::timestamptz, ${last.id}::uuid)`;
      }
    };
    const asBuyer = buyerFirst(() => buyerWrite(db));
    await writesUnder('buyer write, idle', asBuyer, undefined);
    await writesUnder('buyer write, staff loading a year and exporting', asBuyer, staffLoad);
    if (handle.kind === 'pglite') await writesUnder('buyer write as any call (before), staff loading', () => buyerWrite(db), staffLoad);

    await peakRss('backup, streamed', async () => {
      for await (const chunk of await handle.snapshot()) void chunk;
    });
    if (handle.kind === 'pglite') {
      const client = (db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
      await peakRss('backup, dumpDataDir in memory (before)', () => client.dumpDataDir('none'));
    }
    // Last: its rolled-back writes clear the visibility map of every lead's page, so index-only reads after it would
    // read the table; vacuumed after, so the buyers part (a copy of this set) meets the set as seeded.
    await backfillTime(db);
    await db.execute(sql`vacuum (analyze) interest_submissions`);
    if (!equal) process.exitCode = 1;
  } finally {
    await db.execute(sql`delete from interest_submissions where idempotency_key like 'seed-scale:bench-%'`);
    await handle.close();
  }
}

void main();
