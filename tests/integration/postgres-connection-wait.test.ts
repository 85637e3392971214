import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { buyerFirst } from '@/lib/db/priority';
import { createDatabase, dropDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * A buyer whose connections are all taken waits for one rather than being refused (src/lib/db/client.ts): on a starved
 * machine a lead waited past staff's 5 s and was answered 503. Staff's calls still fail after 5 s.
 */
it.skipIf(!TEST_DATABASE_URL)(
  "PostgreSQL: a buyer's call waits past 5 s for a free connection; a staff call fails after 5 s",
  async () => {
    const name = `t_wait_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(name);
    // Two staff calls at once (not in line), so that the second waits for the pool itself.
    const handle = await openDatabase({ databaseUrl: url, poolMax: 1, staffStatementsAtOnce: 2 });
    try {
      // Awaited inside: a Drizzle query starts when awaited, and must start in the buyer's lane to take a buyer's connection.
      const hold = async () => await handle.db.execute(sql`select pg_sleep(6.5)`);
      const busyStaff = hold();
      const busyBuyers = Array.from({ length: 4 }, () => buyerFirst(hold)());
      await new Promise((resolve) => setTimeout(resolve, 300)); // every connection taken
      const started = Date.now();
      const [buyer, staff] = await Promise.allSettled([
        buyerFirst(async () => await handle.db.execute(sql`select 1 as one`))(),
        handle.db.execute(sql`select 1 as one`),
      ]);
      expect(buyer.status).toBe('fulfilled');
      expect(Date.now() - started).toBeGreaterThan(5_000);
      expect(staff.status).toBe('rejected');
      expect(String((staff as PromiseRejectedResult).reason?.cause?.message ?? (staff as PromiseRejectedResult).reason)).toMatch(
        /timeout exceeded when trying to connect/,
      );
      await Promise.all([busyStaff, ...busyBuyers]);
    } finally {
      await handle.close();
      await dropDatabase(name);
    }
  },
  30_000,
);
