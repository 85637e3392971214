import { createHash } from 'node:crypto';
import { is, sql, type Placeholder } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Db } from './db';
import { fastPathOn } from './fast-path';

/**
 * A statement built once rather than on every call (Drizzle's `.prepare()` with `sql.placeholder`): building a query
 * costs more than sending it (docs/benchmarks/0370-a-leads-request-cost.md). A named statement is also parsed once: per connection on PostgreSQL, per
 * database in a PGlite transaction.
 *
 * Drizzle prepares a statement on the database it was built from, never on a transaction. Given a transaction (or
 * another database of the same driver), the statement built before is run on that one's connection instead, so a
 * lead's transaction builds nothing either (`onConnection`). That relies on where Drizzle keeps the connection, which
 * it does not document: fenced here, and src/lib/db/prepared.test.ts fails, naming it, should an upgrade move it.
 */
export function preparedStatement<T extends object>(build: (db: Db) => T): (db: Db) => T {
  // One statement built per driver (each builds its own kind), and its copy for each connection it ran on.
  const builtByDriver = new Map<unknown, T>();
  const byConnection = new WeakMap<object, T>();
  return (db) => {
    // DB_FAST_PATH=off: Drizzle's documented way, the statement built on the database or transaction it runs on.
    if (!fastPathOn()) return build(db);
    const connection = connectionOf(db);
    if (!connection) return build(db);
    let statement = byConnection.get(connection);
    if (statement) return statement;
    const driver = driverOf(db);
    const built = builtByDriver.get(driver);
    statement = (built && onConnection(built, connection)) ?? build(db);
    if (!built) builtByDriver.set(driver, statement);
    byConnection.set(connection, statement);
    return statement;
  };
}

/**
 * Drizzle 0.45's undocumented internals, the only place they are used: the session of a database or transaction
 * (`db._.session`, typed) holds the driver's connection in a private field `client` (node-postgres: the pool, or the
 * pool client of a transaction; PGlite: the database, or its transaction), and so does a prepared statement, which
 * runs on that connection.
 */
const sessionOf = (db: Db) => db._.session as unknown as { client?: unknown };

/**
 * The connection a statement built once runs on. A PGlite transaction offers its named statements
 * (`namedStatements` in src/lib/db/pglite.mjs): parsed once per database, as node-postgres names them per connection.
 */
function connectionOf(db: Db): object | undefined {
  const { client } = sessionOf(db);
  if (typeof client !== 'object' || client === null) return undefined;
  return (client as { namedStatements?: object }).namedStatements ?? client;
}

const driverOf = (db: Db) => sessionOf(db).constructor;

/** The statement run on another connection of its driver: the same built query, its `client` replaced. */
function onConnection<T extends object>(statement: T, connection: object): T | undefined {
  if (!('client' in statement)) return undefined;
  return Object.create(statement, { client: { value: connection } }) as T;
}

/** SQL a library sends itself (pg-boss's job insert), and its rows. */
export type SqlRunner = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Runs a library's own SQL on a database's or transaction's connection, without Drizzle building a query from it
 * (pg-boss's insert, twice in every lead's transaction); undefined should the internals above have moved. The
 * statement is named by its text: on PostgreSQL each connection parses it once, in a PGlite transaction the database.
 */
export function sqlRunnerOf(db: Db): SqlRunner | undefined {
  if (!fastPathOn()) return undefined;
  const connection = connectionOf(db) as { query?: unknown } | undefined;
  if (typeof connection?.query !== 'function') return undefined;
  const query = connection.query.bind(connection) as (...args: unknown[]) => Promise<{ rows: unknown[] }>;
  if (!is(db._.session, NodePgSession)) return (text, values) => query(text, values);
  return (text, values) => query({ name: statementName(text), text, values });
}

/**
 * A name for each text, made from the text: Next.js loads this module once per bundle (the routes', the workers'), and
 * all of them share the pool's connections, so a counter's names (`library_statement_1` for one text in one copy and
 * another text in the other) made a connection refuse the second as a different statement: a payment's job failed and
 * waited for its retry. A library's statements are a handful; past a hundred, the rest go unnamed.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < 100)
    statementNames.set(text, (name = `library_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}

/** Whether a statement from preparedStatement runs on this database's or transaction's connection (for its test). */
export const runsOn = (statement: object, db: Db): boolean => (statement as { client?: unknown }).client === connectionOf(db);

/** `{ column: sql.placeholder('column') }` for each of `columns`: the values of an insert built once. */
export const placeholdersOf = <K extends string>(columns: readonly K[]) =>
  Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])) as { [C in K]: Placeholder<C> };
