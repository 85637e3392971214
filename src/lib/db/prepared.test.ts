import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { describeEachDriver } from '../../../tests/integration/helpers';
import { fastPathOn } from './fast-path';
import { placeholdersOf, preparedStatement, runsOn, sqlRunnerOf } from './prepared';
import type { Db } from './db';
import { rateLimits } from './schema';

/** Runs `work` in a transaction that is then rolled back. */
const rolledBack = (db: Db, work: (tx: Db) => Promise<void>) =>
  db
    .transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Rollback')) throw error;
    });

const ASSUMPTION =
  "Drizzle keeps the driver's connection in a private field `client` of a session and of a prepared statement (src/lib/db/prepared.ts)";

// What these tests check is the fast path itself (src/lib/db/README.md): with DB_FAST_PATH=off there is none to check,
// and tests/integration/fast-path.test.ts finds the same rows both ways.
describeEachDriver(`a statement built once${fastPathOn() ? '' : ' (DB_FAST_PATH=off: not built once)'}`, (ctx) => {
  const db = () => ctx.handle().db as Db;
  if (!fastPathOn()) {
    it('is built on each call on the database or transaction it is given', async () => {
      let builds = 0;
      const statement = preparedStatement(
        (db) => (
          builds++,
          db
            .select({ n: sql<number>`1` })
            .from(rateLimits)
            .limit(1)
        ),
      );
      await db().transaction(async (tx) => void (await statement(tx)));
      await statement(db());
      expect(builds).toBe(2);
      expect(sqlRunnerOf(db())).toBeUndefined();
    });
    return;
  }
  // Built per suite, counting how often: once, whatever connection it runs on.
  let builds = 0;
  const counted = preparedStatement((db) => {
    builds += 1;
    return db
      .insert(rateLimits)
      .values({ ...placeholdersOf(['bucket', 'clientHash'] as const), windowStart: sql`now()`, count: 1 })
      .returning({ count: rateLimits.count })
      .prepare('prepared_test_insert');
  });
  const rowsOf = preparedStatement((db) => {
    builds += 1;
    return db
      .select({ clientHash: rateLimits.clientHash })
      .from(rateLimits)
      .where(eq(rateLimits.bucket, sql.placeholder('bucket')))
      .prepare('prepared_test_read');
  });

  it('runs on the transaction it is given: sees its rows, and its writes roll back with it', async () => {
    const bucket = `prepared-${ctx.kind}-1`;
    // Built on the database first, as the site does at its first request.
    expect(await rowsOf(db()).execute({ bucket })).toEqual([]);

    await rolledBack(db(), async (tx) => {
      expect(runsOn(rowsOf(tx), tx), ASSUMPTION).toBe(true);
      await tx.insert(rateLimits).values({ bucket, clientHash: 'plain', windowStart: new Date(), count: 1 });
      await counted(tx).execute({ bucket, clientHash: 'prepared' });
      // Another connection could not see these rows before the commit (on PGlite it would wait for it forever).
      expect((await rowsOf(tx).execute({ bucket })).map((row) => row.clientHash).sort()).toEqual(['plain', 'prepared']);
    });

    expect(await rowsOf(db()).execute({ bucket })).toEqual([]);
    expect(runsOn(rowsOf(db()), db()), ASSUMPTION).toBe(true);
  });

  it('commits with its transaction, and each transaction has its own connection', async () => {
    const bucket = `prepared-${ctx.kind}-2`;
    await db().transaction(async (tx) => {
      await counted(tx).execute({ bucket, clientHash: 'first' });
    });
    await db().transaction(async (tx) => {
      expect(runsOn(counted(tx), tx), ASSUMPTION).toBe(true);
      await counted(tx).execute({ bucket, clientHash: 'second' });
    });
    expect((await rowsOf(db()).execute({ bucket })).map((row) => row.clientHash).sort()).toEqual(['first', 'second']);
    // Each statement was built once, on the database, and every transaction ran it as built.
    expect(builds, ASSUMPTION).toBe(2);
  });

  it("runs a library's own SQL on the transaction's connection (pg-boss's insert)", async () => {
    const bucket = `prepared-${ctx.kind}-3`;
    await rolledBack(db(), async (tx) => {
      const run = sqlRunnerOf(tx);
      expect(run, ASSUMPTION).toBeDefined();
      await tx.insert(rateLimits).values({ bucket, clientHash: 'plain', windowStart: new Date(), count: 1 });
      for (let i = 0; i < 2; i++) {
        // The same text twice: on PostgreSQL, named once and parsed once on this connection.
        const { rows } = await run!('select client_hash from rate_limits where bucket = $1', [bucket]);
        expect(rows).toEqual([{ client_hash: 'plain' }]);
      }
    });
    expect(await rowsOf(db()).execute({ bucket })).toEqual([]);
  });

  it("names a library's statement by its text in every copy of the module (Next.js loads one per bundle)", async () => {
    // Two fresh copies, as a route's bundle and the workers' bundle hold, each naming its first statement.
    vi.resetModules();
    const routes = await import('./prepared');
    vi.resetModules();
    const workers = await import('./prepared');
    expect(workers.sqlRunnerOf).not.toBe(routes.sqlRunnerOf);
    await rolledBack(db(), async (tx) => {
      // The same connection (a transaction's) gets one text from each copy, then each again.
      for (let i = 0; i < 2; i++) {
        expect((await routes.sqlRunnerOf(tx)!('select 1 as routes', [])).rows).toEqual([{ routes: 1 }]);
        expect((await workers.sqlRunnerOf(tx)!('select 2 as workers', [])).rows).toEqual([{ workers: 2 }]);
      }
    });
  });

  it('is parsed once, kept named on its connection, and a failing run fails only its own transaction', async () => {
    const bucket = `prepared-${ctx.kind}-4`;
    const failed = db().transaction(async (tx) => {
      await counted(tx).execute({ bucket, clientHash: 'twice' });
      const { rows } = (await tx.execute(
        sql`select name from pg_prepared_statements where not from_sql and statement like 'insert into "rate_limits"%'`,
      )) as unknown as { rows: unknown[] };
      expect(rows, 'the insert is a named statement of this connection').toHaveLength(1);
      // now() is the transaction's start, so the same key again breaks the primary key.
      await counted(tx).execute({ bucket, clientHash: 'twice' });
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: '23505' } });

    await db().transaction(async (tx) => {
      await counted(tx).execute({ bucket, clientHash: 'after' });
    });
    expect(await rowsOf(db()).execute({ bucket })).toEqual([{ clientHash: 'after' }]);
  });
});
