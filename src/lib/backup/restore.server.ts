import 'server-only';
import { mkdirSync, readdirSync } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DbKind } from '@/lib/db/client';
import { acquireDirectoryLock } from '@/lib/db/lock';
import { readArchive } from './archive.server';
import { pgRestore } from './postgres-tools';

/**
 * Puts a backup file back into an empty target (docs/decisions/0111-backups-while-the-site-runs.md): a data
 * directory for the embedded database, or an empty PostgreSQL database. The database only: scripts/restore.ts then
 * opens it like the server (migrations) and applies the ledger of what happened after the backup.
 */

export class RestoreRefusedError extends Error {
  name = 'RestoreRefusedError';
}

export interface RestoreTarget {
  databaseUrl?: string;
  dataDir: string;
}

/** What a backup file holds, by its first bytes: a gzipped data-directory archive, or a pg_dump custom-format file. */
async function formatOf(file: string): Promise<DbKind> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
  } finally {
    await handle.close();
  }
  throw new RestoreRefusedError(
    `${path.basename(file)} is not a backup of this site (neither a data-directory archive nor a pg_dump file).`,
  );
}

export async function restoreDatabase(file: string, target: RestoreTarget, passphrase?: string): Promise<DbKind> {
  await stat(file).catch(() => {
    throw new RestoreRefusedError(`${file} does not exist.`);
  });
  const plain = await readArchive(file, passphrase);
  try {
    const format = await formatOf(plain.path);
    const into: DbKind = target.databaseUrl ? 'postgres' : 'pglite';
    if (format !== into) {
      throw new RestoreRefusedError(
        format === 'pglite'
          ? 'This is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.'
          : 'This is a backup of PostgreSQL: restore it with DATABASE_URL set to an empty PostgreSQL database.',
      );
    }
    if (target.databaseUrl) await restorePostgres(plain.path, target.databaseUrl);
    else await restorePglite(plain.path, target.dataDir);
    return into;
  } finally {
    await plain.dispose();
  }
}

async function restorePglite(archive: string, dataDir: string): Promise<void> {
  const root = path.resolve(dataDir);
  const dir = path.join(root, 'pglite');
  mkdirSync(root, { recursive: true });
  // The lock first: a server running on this directory must not see its files replaced.
  const lock = acquireDirectoryLock(path.join(root, 'pglite.lock'));
  try {
    if (!isEmptyDirectory(dir)) {
      throw new RestoreRefusedError(`${dir} is not empty: restore into a new, empty DATA_DIR (the site's data is never overwritten).`);
    }
    const { createPglite } = await import('@/lib/db/pglite.mjs');
    const pglite = await createPglite(dir, { loadDataDir: new Blob([await readFile(archive)], { type: 'application/gzip' }) });
    await pglite.client.close();
    await syncTree(dir);
  } finally {
    lock.release();
  }
}

async function restorePostgres(dump: string, url: string): Promise<void> {
  const pg = await import('pg');
  const client = new (pg.default?.Client ?? pg.Client)({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace
        where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
       union all
       select tablename from pg_tables where schemaname = 'public'
       limit 5`,
    );
    if (rows.length) {
      throw new RestoreRefusedError(
        `The database is not empty (it has ${rows.map((r) => r.name).join(', ')}): restore into a new, empty database (the site's data is never overwritten).`,
      );
    }
  } finally {
    await client.end();
  }
  await pgRestore(url, dump);
}

function isEmptyDirectory(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The restored files reach the disk before the command says it is done (PGlite writes them without fsync). */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(full);
    else if (entry.isFile()) {
      const handle = await open(full, 'r');
      await handle.sync().finally(() => handle.close());
    }
  }
  const handle = await open(dir, 'r');
  await handle.sync().finally(() => handle.close());
}
