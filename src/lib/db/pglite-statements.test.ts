import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPglite } from './pglite.mjs';

/**
 * The fast path's statements (src/lib/db/pglite.mjs, offerFasterStatements; docs/decisions/0456): PGlite's answers read
 * as raw bytes by pg-protocol's parser, a statement outside a transaction in two calls into PostgreSQL. Each case runs
 * on the fast path and on PGlite's own query() (DB_FAST_PATH=off) and must answer the same rows, fields, counts and
 * errors: a difference here is a difference a page, an export or a lead's form would show.
 */
const ASSUMPTION =
  'PGlite 0.5.16: execProtocolRawStream hands over PostgreSQL\'s answer as bytes, and `_runExclusiveTransaction` / `runExclusive` are the locks its query() takes. If this fails after an upgrade, run with DB_FAST_PATH=off and see src/lib/db/README.md, "The fast path".';

const SCHEMA = `
  create table t (
    id int primary key, name text, amount bigint, price numeric(12, 2), ok boolean, at timestamptz, day date,
    doc jsonb, tags text[], counts int[], raw bytea, ref uuid, note varchar(40) unique
  )`;
const ROW = [
  1,
  'Adaèze Ọ̀kọ́ 🏡',
  12_345_678_901,
  '1500000.50',
  true,
  '2026-12-02T09:00:00Z',
  '2026-12-02',
  { plot: 'A-12', kobo: 5_000_000 },
  ['lugbe', 'a "quoted", tag'],
  [1, 2, 3],
  new Uint8Array([0, 255, 16]),
  '8d0d4c4e-5f7a-4a51-9a3c-2f8b2a1c9e10',
  'first',
];

/** What a caller sees of a result or an error, comparable across the two paths. */
async function outcome(run: () => Promise<Results<unknown>>) {
  try {
    const { rows, fields, affectedRows } = await run();
    return { rows, fields, affectedRows };
  } catch (error) {
    const { name, code, constraint, message } = error as Record<string, unknown>;
    return { error: { name, code, constraint, message } };
  }
}

describe('statements on the fast path answer as PGlite itself does', () => {
  let fast: PGlite;
  let plain: PGlite;
  beforeAll(async () => {
    [fast, plain] = await Promise.all([
      createPglite(undefined).then((db) => db.client),
      createPglite(undefined, { fastPath: false }).then((db) => db.client),
    ]);
    for (const db of [fast, plain]) {
      await db.exec(SCHEMA);
      await db.query(`insert into t values (${ROW.map((_, i) => `$${i + 1}`).join(', ')})`, ROW);
    }
  });
  afterAll(async () => {
    await Promise.all([fast?.close(), plain?.close()]);
  });

  /** The same call on both databases; each database's statements in the same order, so the outcomes must match. */
  const both = async (call: (db: PGlite) => Promise<Results<unknown>>) => {
    const [onFast, onPlain] = [await outcome(() => call(fast)), await outcome(() => call(plain))];
    expect(onFast, ASSUMPTION).toEqual(onPlain);
    return onFast;
  };

  it('reads every type the schema uses, as objects and as arrays, with a caller’s own parsers', async () => {
    const read = await both((db) => db.query('select * from t where id = $1', [1]));
    expect(read.rows).toHaveLength(1);
    expect(read.rows?.[0]).toMatchObject({ name: ROW[1], amount: 12_345_678_901, doc: ROW[7], tags: ROW[8], counts: ROW[9] });
    await both((db) => db.query('select id, at, day, tags from t', [], { rowMode: 'array' }));
    // Drizzle reads timestamps as text with its own parsers: a caller's parsers win over the database's.
    const asText = (value: string) => `text:${value}`;
    const parsed = await both((db) => db.query('select at, day from t', [], { parsers: { 1184: asText, 1082: asText } }));
    expect(parsed.rows?.[0]).toEqual({ at: expect.stringMatching(/^text:2026-12-02 09:00:00/), day: 'text:2026-12-02' });
  });

  it('counts what a write changed, and answers no rows for a statement without any', async () => {
    const updated = await both((db) => db.query('update t set ok = $1 where id = $2', [false, 1]));
    expect(updated.affectedRows).toBe(1);
    await both((db) => db.query('insert into t (id, note) values ($1, $2), ($3, $4)', [2, 'second', 3, null]));
    await both((db) => db.query('delete from t where id = $1', [3]));
    await both((db) => db.query('create index t_day on t (day)'));
    await both((db) => db.query('select count(*)::int as n, max(name) as none from t where id > $1', [99]));
  });

  it('throws PostgreSQL’s error, its code and constraint, and goes on answering after it', async () => {
    const duplicate = await both((db) => db.query('insert into t (id, note) values ($1, $2)', [4, 'first']));
    expect(duplicate.error).toMatchObject({ name: 'error', code: '23505', constraint: 't_note_key' });
    expect((await both((db) => db.query('selec 1'))).error).toMatchObject({ code: '42601' });
    expect((await both((db) => db.query('select $1::int', ['not a number']))).error).toMatchObject({ code: '22P02' });
    expect((await both((db) => db.query('select count(*)::int as n from t'))).rows).toEqual([{ n: 2 }]);
  });

  it('in a transaction: the same answers, named or not, and a failed statement rolls the whole back', async () => {
    const inTransaction = (db: PGlite, run: (tx: Transaction & { namedStatements?: Pick<Transaction, 'query'> }) => Promise<unknown>) =>
      db.transaction(run);
    for (const db of [fast, plain])
      await inTransaction(db, async (tx) => {
        await tx.query('insert into t (id, note) values ($1, $2)', [5, 'fifth']);
        await (tx.namedStatements ?? tx).query('update t set name = $1 where id = $2', ['Named', 5]);
      });
    await both((db) => db.query('select id, name, note from t order by id'));
    const failed = await Promise.all(
      [fast, plain].map((db) =>
        outcome(
          () =>
            inTransaction(db, async (tx) => {
              await tx.query('insert into t (id) values ($1)', [6]);
              await tx.query('insert into t (id) values ($1)', [6]);
            }) as Promise<Results<unknown>>,
        ),
      ),
    );
    expect(failed[0], ASSUMPTION).toEqual(failed[1]);
    expect(failed[0].error).toMatchObject({ code: '23505' });
    expect((await both((db) => db.query('select id from t where id = $1', [6]))).rows).toEqual([]);
  });

  it('runs a statement outside a transaction in two calls into PostgreSQL (PGlite’s own query() makes six)', async () => {
    const calls = vi.spyOn(fast, 'execProtocolRawStream');
    try {
      await fast.query('select name from t where id = $1', [1]);
      expect(calls, ASSUMPTION).toHaveBeenCalledTimes(2);
    } finally {
      calls.mockRestore();
    }
  });
});
