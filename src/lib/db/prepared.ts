import type { Db } from './db';

/**
 * A statement built once per database rather than on every call (Drizzle's `.prepare()` with `sql.placeholder`):
 * building a query costs more than sending it (a join of three tables, 0.5 ms of CPU each time, against 0.1 ms
 * prepared; docs/decisions/0370-a-leads-request-cost.md). For the statements every lead runs outside a transaction;
 * given a transaction, it is built for that transaction, which is correct but saves nothing.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
