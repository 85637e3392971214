/**
 * Every figure of the dashboard timed apart on the scale data set (docs/benchmarks/0428-dashboard-first-contact.md,
 * 0430-dashboard-conversion-from-summaries.md), with the server stopped:
 * DATA_DIR=… or DATABASE_URL=… npx tsx --conditions=react-server scripts/bench/scale-dashboard.ts
 * Runs unchanged on a tree from before the conversion summaries (0430), for the baseline.
 */
import { writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { lagosDayOf } from '@/lib/working-time';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import * as insights from '@/modules/insights/server';
import { conversionFigures, dashboardFigures, moneyFigures, teamWorkload } from '@/modules/insights/server';
import { failer, openStaffDatabase } from '../lib/staff-cli';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, only: { type: 'string' } } });
const RUNS = Number(values.runs);
const print = (row: Record<string, unknown>) => writeSync(1, `${JSON.stringify(row)}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timed(name: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  print({ figure: name, runs: RUNS, p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)) });
}

async function main() {
  const handle = await openStaffDatabase(failer('bench:scale-dashboard'), 'stop the server first');
  const db = handle.db;
  try {
    const [{ newest, total }] = (
      (await db.execute(sql`select max(created_at) as newest, count(*)::int as total from interest_submissions`)) as unknown as {
        rows: { newest: string; total: number }[];
      }
    ).rows;
    const now = new Date(newest ?? Date.now());
    const to = lagosDayOf(now);
    print({ database: handle.kind, leads: Number(total), now: now.toISOString() });
    const time = DEFAULT_WORKING_TIME;
    for (const [label, range] of [
      ['30 days', { from: lagosDayOf(now, -29), to }],
      ['a year', { from: lagosDayOf(now, -364), to }],
      ['a year, Lugbe', { from: lagosDayOf(now, -364), to, district: 'Lugbe, Abuja' as const }],
    ] as const) {
      if (values.only && !label.startsWith(values.only)) continue;
      // Every figure as the page reads them (the baseline, before dashboardWithConversion: one after the other).
      await timed(`${label}: every figure`, async () => {
        if ('dashboardWithConversion' in insights) await insights.dashboardWithConversion(db, range, time, now);
        else {
          await dashboardFigures(db, range, time, now);
          await conversionFigures(db, range);
        }
        await moneyFigures(db, range);
        await teamWorkload(db, time, now);
      });
      await timed(`${label}: dashboardFigures`, () => dashboardFigures(db, range, time, now));
      await timed(`${label}: conversion`, () => conversionFigures(db, range));
      await timed(`${label}: money`, () => moneyFigures(db, range));
      // The conversion table's groups alone (the inspection funnel adds them up): exported since the summary (0430).
      const groups = (insights as { leadsByAttribution?: (...args: Parameters<typeof moneyFigures>) => Promise<unknown> })
        .leadsByAttribution;
      if (groups) await timed(`${label}: conversion groups (and the inspection funnel's)`, () => groups(db, range));
    }
    await timed('team panel', () => teamWorkload(db, time, now));
  } finally {
    await handle.close();
  }
}

void main();
