import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase, describeEachDriver, dropDatabase, TEST_DATABASE_URL } from '../../../tests/integration/helpers';
import { openDatabase, type DatabaseHandle } from './client';
import { lockKeysInOrder, sqlStateOf, transactionRetried } from './conflicts';
import type { Db } from './db';
import { rowsOf } from './rows';
import { leads } from './schema';

/**
 * Two transactions that take the same two rows in opposite orders: PostgreSQL breaks the deadlock by rolling one back
 * (40P01). PostgreSQL only: PGlite runs one transaction at a time.
 */
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: a transaction rolled back to break a deadlock', () => {
  async function withTwoConnections(body: (first: DatabaseHandle, second: DatabaseHandle, ids: [string, string]) => Promise<void>) {
    const name = `t_conflicts_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(name);
    const first = await openDatabase({ databaseUrl: url });
    const second = await openDatabase({ databaseUrl: url, migrate: false });
    try {
      const [a, b] = await first.db
        .insert(leads)
        .values(
          ['Ada', 'Bola'].map((given) => ({
            title: 'Mrs' as const,
            fullName: `${given} Deadlock`,
            email: `${given.toLowerCase()}@example.com`,
            phoneRaw: '0803 123 4567',
            district: 'Lugbe, Abuja' as const,
          })),
        )
        .returning({ id: leads.id });
      await body(first, second, [a.id, b.id]);
    } finally {
      await first.close();
      await second.close();
      await dropDatabase(name);
    }
  }

  /** Renames `one`, waits until the other transaction holds its first row too, then renames `other`. */
  const crossing = (arrived: () => Promise<void>, one: string, other: string, to: string, runs: { count: number }) => async (tx: Db) => {
    runs.count++;
    await tx.update(leads).set({ fullName: to }).where(eq(leads.id, one));
    await arrived();
    await tx.update(leads).set({ fullName: to }).where(eq(leads.id, other));
  };

  /** A barrier for two: each waits until both have arrived (once; later arrivals pass at once). */
  function barrier() {
    let release!: () => void;
    const both = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    return () => {
      if (++waiting === 2) release();
      return both;
    };
  }

  it('runs again and commits: both changes are kept, the loser after the winner', async () => {
    await withTwoConnections(async (first, second, [a, b]) => {
      const arrived = barrier();
      const runs = { count: 0 };
      await Promise.all([
        transactionRetried(first.db, crossing(arrived, a, b, 'First Writer', runs)),
        transactionRetried(second.db, crossing(arrived, b, a, 'Second Writer', runs)),
      ]);
      // Three runs: the two that crossed, and the loser's second. Both leads carry the later commit's name.
      expect(runs.count).toBe(3);
      const names = await first.db.select({ fullName: leads.fullName }).from(leads);
      expect(new Set(names.map((row) => row.fullName)).size).toBe(1);
    });
  });

  it('without a second attempt the loser fails with 40P01 (what a buyer would have met as a 503)', async () => {
    await withTwoConnections(async (first, second, [a, b]) => {
      const arrived = barrier();
      const runs = { count: 0 };
      const outcomes = await Promise.allSettled([
        transactionRetried(first.db, crossing(arrived, a, b, 'First Writer', runs), 1),
        transactionRetried(second.db, crossing(arrived, b, a, 'Second Writer', runs), 1),
      ]);
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failed).toHaveLength(1);
      expect(sqlStateOf((failed[0] as PromiseRejectedResult).reason)).toBe('40P01');
    });
  });

  it('any other failure is not run again', async () => {
    await withTwoConnections(async (first) => {
      let runs = 0;
      await expect(
        transactionRetried(first.db, async () => {
          runs++;
          throw new Error('a rule said no');
        }),
      ).rejects.toThrow('a rule said no');
      expect(runs).toBe(1);
    });
  });
});

describeEachDriver('key locks', (ctx) => {
  it('locks each key once, whatever the order and repeats it is given', async () => {
    const locks = await ctx.handle().db.transaction(async (tx) => {
      await lockKeysInOrder(tx, ['network:2', 'phone:+2348031234567', 'network:2', "email:o'neil@example.com"]);
      await lockKeysInOrder(tx, []);
      const [row] = await rowsOf<{ count: number }>(
        tx,
        sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      return row.count;
    });
    expect(locks).toBe(3);
  });

  // PGlite runs one transaction at a time: nothing waits there.
  if (ctx.kind === 'postgres')
    it("takes a transaction's key locks in sorted order, and holds them to its end", async () => {
      const first = ctx.handle();
      const second = await ctx.openSecond();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const firstDone = first.db.transaction(async (tx) => {
        await lockKeysInOrder(tx, ['key:b']);
        holding();
        await released;
      });
      await held;
      let secondEnded = false;
      const secondDone = second.db.transaction((tx) => lockKeysInOrder(tx, ['key:b', 'key:a'])).then(() => (secondEnded = true));
      // The second took key:a first (sorted), then waits for key:b: key:a is no longer free.
      await expect.poll(async () => await freeNow(first.db, 'key:a'), { timeout: 5_000 }).toBe(false);
      expect(secondEnded).toBe(false);
      release();
      await Promise.all([firstDone, secondDone]);
      expect(await freeNow(first.db, 'key:a')).toBe(true);
    });
});

/** Whether no transaction holds the lock of `key` (asked outside any transaction: nothing is kept). */
const freeNow = async (db: Db, key: string) => {
  const [row] = await rowsOf<{ free: boolean }>(db, sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as free`);
  return row.free;
};
