import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The Drizzle database of either driver (PGlite or node-postgres), and of a transaction on it. Its own module so
 * that what the database module starts (the job queue) can name it without importing the database module back.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
