import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { buyerFirst } from '@/lib/db/priority';
import { createDatabase, dropDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * PostgreSQL runs our queries without parallel workers (docs/decisions/0436): staff's and buyers' connections alike, so
 * a staff read keeps to one core. An operator's own `options` in DATABASE_URL still decide.
 */
const workers = async (url: string) => {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    const read = async () =>
      (
        (await handle.db.execute(sql`show max_parallel_workers_per_gather`)) as unknown as {
          rows: { max_parallel_workers_per_gather: string }[];
        }
      ).rows[0].max_parallel_workers_per_gather;
    return { staff: await read(), buyer: await buyerFirst(read)() };
  } finally {
    await handle.close();
  }
};

it.skipIf(!TEST_DATABASE_URL)(
  'PostgreSQL: no parallel workers on staff or buyers connections, unless DATABASE_URL says otherwise',
  async () => {
    const name = `t_workers_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(name);
    try {
      expect(await workers(url)).toEqual({ staff: '0', buyer: '0' });
      const own = new URL(url);
      own.searchParams.set('options', '-c max_parallel_workers_per_gather=3');
      expect(await workers(own.toString())).toEqual({ staff: '3', buyer: '3' });
    } finally {
      await dropDatabase(name);
    }
  },
);
