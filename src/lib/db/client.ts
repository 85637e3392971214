import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import type { Db } from './db';
import { fastPathOn } from './fast-path';
import { buyersFirstOn, buyersPoolApart, outsideBuyersLane, priorityGate, staffStatementsAtOnce } from './priority';
import { streamDataDir } from './pglite-snapshot';
import { acquireDirectoryLock, type HeldLock } from './lock';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate';
import type { PgBoss } from 'pg-boss';
import { startJobQueue, type QueueConnection } from '../jobs/queue';
import { logError } from '../log';
import { pgDump } from '../backup/postgres-tools';

/**
 * The one database module. Two drivers behind one Drizzle `Db` type:
 * - default: PGlite (PostgreSQL in WASM, in-process) with its files under DATA_DIR/pglite;
 * - DATABASE_URL set: node-postgres with a connection pool.
 * Opened lazily on first use (never during `next build`), migrated on open, one instance per process.
 * Nothing here imports 'server-only' because src/instrumentation.ts loads it too; it only ever runs on the server.
 */

export type { Db } from './db';
export type DbKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** What an answered write survives, in one sentence (logged at start-up; docs/decisions/0106-durability-of-an-answered-lead.md). */
  durability: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * A consistent copy of the whole database, as a stream (src/lib/backup): PGlite's data directory as a gzipped tar,
   * taken between two statements (crash-consistent, like a file-system snapshot); PostgreSQL's pg_dump.
   */
  snapshot(): Promise<Readable>;
  /** The job queue on this database (pg-boss), started on first use and stopped by close(). */
  jobs(): Promise<PgBoss>;
  /** The job queue if this process has started it, else undefined: health checks and metrics read it, never start it. */
  runningJobs(): Promise<PgBoss> | undefined;
  close(): Promise<void>;
}

/** Wraps a driver's handle: one lazily started job queue, stopped before the database closes; close is idempotent. */
function withJobs(base: Omit<DatabaseHandle, 'jobs' | 'runningJobs'>, connection: QueueConnection): DatabaseHandle {
  let jobs: Promise<PgBoss> | undefined;
  let closed = false;
  const handle: DatabaseHandle = {
    ...base,
    runningJobs: () => (closed ? undefined : jobs),
    jobs: () => {
      if (closed) return Promise.reject(new Error('The database is closed.'));
      if (!jobs) {
        jobs = outsideBuyersLane(() => startJobQueue(connection));
        jobs.catch(() => (jobs = undefined));
      }
      return jobs;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const boss = await jobs?.catch(() => undefined);
      // Running handlers get a few seconds to finish; one cut off is retried (delivery is at least once).
      await boss?.stop({ graceful: true, timeout: 5_000 }).catch((error) => logError('[jobs] stop failed', error));
      await base.close();
    },
  };
  return handle;
}

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite: directory for the data files and the lock (ignored with databaseUrl). `memory://` for a throwaway database. */
  dataDir?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** PGlite: each committing call returns once its WAL is on disk (default true; PGLITE_FSYNC). */
  pgliteFsync?: boolean;
  /** PGlite in memory: start from this data directory (a dumpDataDir() tarball), e.g. the tests' migrated template. */
  pgliteTemplate?: Blob;
  /** Bring the schema up to this release (default true); a backup command reads the database as it is. */
  migrate?: boolean;
  /** PGlite: statements in fewer calls and grouped WAL fsyncs (default: on unless DB_FAST_PATH=off; src/lib/db/README.md). */
  fastPath?: boolean;
  /** PGlite: buyers' calls before staff's waiting ones (default: PGLITE_BUYERS_FIRST; src/lib/db/priority.ts). */
  buyersFirst?: boolean;
  /** PostgreSQL: the staff's statements outside transactions run at once (default: staffStatementsAtOnce()). */
  staffStatementsAtOnce?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(
        options.dataDir ?? './data',
        options.pgliteFsync ?? true,
        options.pgliteTemplate,
        options.migrate ?? true,
        options.fastPath,
        options.buyersFirst,
      );
}

async function openPglite(
  dataDir: string,
  fsync: boolean,
  template: Blob | undefined,
  migrate: boolean,
  fastPath = fastPathOn(),
  buyersFirst = buyersFirstOn(),
): Promise<DatabaseHandle> {
  const { createPglite } = await import('./pglite.mjs');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir.startsWith('memory://');
  let lock: HeldLock | undefined;
  let dir: string | undefined;
  if (!inMemory) {
    const root = path.resolve(dataDir);
    mkdirSync(root, { recursive: true });
    lock = acquireDirectoryLock(path.join(root, 'pglite.lock'));
    dir = path.join(root, 'pglite');
  }
  try {
    const exclusive = priorityGate(buyersFirst);
    const pglite = await createPglite(dir, { fsync, loadDataDir: template, fastPath, exclusive });
    const { client } = pglite;
    const db = drizzle({ client, schema });
    if (migrate) await migratePgliteDatabase(db as never);
    return withJobs(
      {
        db: db as Db,
        kind: 'pglite',
        durability: !dir
          ? 'in memory: nothing survives the process'
          : pglite.fsync
            ? 'an answered write is on disk (WAL fsynced) and survives a crash of the process or a power loss'
            : 'PGLITE_FSYNC is off: an answered write survives a crash of the process, not a power loss or a crash of the operating system',
        ping: async () => {
          await client.query('select 1');
        },
        snapshot: async () => {
          // Written back first, so a restore replays little WAL; a write answered before this call is in the copy.
          await client.query('CHECKPOINT');
          // On disk: the files copied while statements wait, then packed in a child process (memory stays flat).
          if (dir) return streamDataDir(dir, exclusive);
          // In memory: PGlite copies its files under its query lock, compressed after it.
          const archive = await client.dumpDataDir('none');
          return Readable.fromWeb(archive.stream() as import('node:stream/web').ReadableStream).pipe(createGzip());
        },
        close: async () => {
          try {
            await client.close();
          } finally {
            lock?.release();
          }
        },
      },
      { kind: 'pglite', client },
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** PostgreSQL: connections kept apart for buyers' calls (a lead and its booking use one or two at a time). */
const BUYERS_POOL_MAX = 4;
/**
 * How long a call waits for a free connection before it fails: staff's 5 s, a buyer's 30 s. On a starved machine (CI's
 * two cores under every test at once) a buyer's lead can wait past 5 s for one of its four connections; refused then
 * with a 503, a visitor without scripts would be turned away by others' traffic, where a longer wait stores the lead.
 */
const CONNECTION_WAIT_MS = { staff: 5_000, buyers: 30_000 };
/**
 * No parallel workers for our queries: on the small machines this runs on, starting them cost more than they saved (a
 * year's dashboard 250 → 160 ms at 1,000,000 leads), and a staff read using every core left none for a buyer's lead
 * (docs/decisions/0436). An `options` parameter in DATABASE_URL takes precedence (node-postgres reads the URL last).
 */
const ONE_CORE_A_QUERY = '-c max_parallel_workers_per_gather=0';

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const Pool = pg.default?.Pool ?? pg.Pool;
  const poolOf = (max: number, connectionTimeoutMillis: number) => {
    const pool = new Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis,
      idleTimeoutMillis: 30_000,
      options: ONE_CORE_A_QUERY,
    });
    // An idle client losing its server connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => logError('[db] idle PostgreSQL connection failed', error));
    return pool;
  };
  // Buyers' calls take connections of their own (src/lib/db/priority.ts), so staff reads holding every connection of
  // the main pool never make a buyer's lead queue, or fail once connectionTimeoutMillis has passed.
  const pool = buyersPoolApart(
    poolOf(options.poolMax ?? 10, CONNECTION_WAIT_MS.staff),
    poolOf(BUYERS_POOL_MAX, CONNECTION_WAIT_MS.buyers),
    options.staffStatementsAtOnce ?? staffStatementsAtOnce(),
  );
  try {
    if (options.migrate ?? true) await migratePostgresDatabase(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db = drizzle({ client: pool, schema });
  let durability: string;
  try {
    durability = await postgresDurability(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return withJobs(
    {
      db: db as Db,
      kind: 'postgres',
      durability,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      snapshot: async () => pgDump(url),
      close: () => pool.end(),
    },
    { kind: 'postgres', url },
  );
}

/** What the server's own settings promise for a committed write (both on by default in PostgreSQL). */
async function postgresDurability(pool: import('pg').Pool): Promise<string> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit')`,
  );
  const setting = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  if (setting.fsync === 'on' && setting.synchronous_commit !== 'off') {
    return `fsync=on, synchronous_commit=${setting.synchronous_commit}: an answered write survives a crash or a power loss of the database server`;
  }
  return `fsync=${setting.fsync}, synchronous_commit=${setting.synchronous_commit}: an answered write can be lost if the database server crashes or loses power`;
}

// ---- the process-wide instance -------------------------------------------------------------------------------

interface Holder {
  opening?: Promise<DatabaseHandle>;
  handle?: DatabaseHandle;
  override?: DatabaseHandle;
}

// On globalThis so that separately bundled route modules of one server process share a single instance.
const HOLDER = Symbol.for('districts.db.holder');
const holder: Holder = ((globalThis as Record<symbol, Holder>)[HOLDER] ??= {});

/** The process's database, opened (and migrated) on first call from DATA_DIR / DATABASE_URL. */
export function getDatabase(): Promise<DatabaseHandle> {
  if (holder.override) return Promise.resolve(holder.override);
  if (holder.handle) return Promise.resolve(holder.handle);
  if (!holder.opening) {
    if (process.env.NEXT_PHASE === 'phase-production-build') {
      return Promise.reject(new Error('The database is not opened during `next build`.'));
    }
    holder.opening = (async () => {
      const { getEnv } = await import('../env.server');
      const env = getEnv();
      const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, pgliteFsync: env.PGLITE_FSYNC });
      holder.handle = handle;
      return handle;
    })();
    // A failed open (database down, lock held) is retried on the next call rather than cached.
    holder.opening.catch(() => {
      holder.opening = undefined;
    });
  }
  return holder.opening;
}

/** Closes the process's database (idempotent). */
export async function closeDatabase(): Promise<void> {
  const opening = holder.opening;
  holder.opening = undefined;
  const handle = holder.handle ?? (await opening?.catch(() => undefined));
  holder.handle = undefined;
  await handle?.close();
}

/** Tests: route handlers use this handle instead of opening one from the environment (undefined to undo). */
export function setDatabaseForTests(handle: DatabaseHandle | undefined): void {
  holder.override = handle;
}
