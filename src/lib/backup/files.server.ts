import 'server-only';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DbKind } from '@/lib/db/client';
import { getEnv, type ServerEnv } from '@/lib/env.server';

/**
 * The backup directory (docs/decisions/0111-backups-while-the-site-runs.md): one file per backup, named
 * `districts-<database>-<UTC time>.<format>[.enc]`, written under a `.partial` name and renamed when complete, so a
 * listed file is always a whole backup. The erasure and delivery ledger (./ledger.server.ts) lives beside them.
 */

export interface BackupFile {
  name: string;
  path: string;
  bytes: number;
  takenAt: Date;
  database: DbKind;
  encrypted: boolean;
}

/** A data-directory archive of the embedded database, or a pg_dump custom-format file of PostgreSQL. */
export const BACKUP_FORMAT: Record<DbKind, string> = { pglite: 'tar.gz', postgres: 'pgdump' };
const NAME = /^districts-(pglite|postgres)-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.(?:tar\.gz|pgdump)(\.enc)?$/;
const PARTIAL = '.partial';

export const backupDir = (env: Pick<ServerEnv, 'BACKUP_DIR' | 'DATA_DIR'> = getEnv()) =>
  // The directory is the owner's, chosen at run time: nothing for the build to trace (turbopackIgnore).
  path.resolve(/*turbopackIgnore: true*/ env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));

/** The file name of a backup taken at `at` (milliseconds included, so two backups in one second do not collide). */
export function backupName(database: DbKind, at: Date, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `districts-${database}-${stamp}.${BACKUP_FORMAT[database]}${encrypted ? '.enc' : ''}`;
}

/** Whether `name` is a backup's file name (and so safe to join to the directory: no separators, no dots to climb). */
export const isBackupName = (name: string) => NAME.test(name);

export const partialName = (name: string) => name + PARTIAL;

export async function ensureBackupDir(dir = backupDir()): Promise<string> {
  // Backups hold every lead: readable by the site's own user only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The complete backups in `dir`, newest first; a missing directory has none. */
export async function listBackups(dir = backupDir()): Promise<BackupFile[]> {
  const names = await readdir(/*turbopackIgnore: true*/ dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, database, y, mo, d, h, mi, s, ms, enc] = match;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    files.push({
      name,
      path: path.join(dir, name),
      bytes: info.size,
      takenAt: new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, +ms)),
      database: database as DbKind,
      encrypted: Boolean(enc),
    });
  }
  return files.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Whether a backup is being written in `dir` now, by any instance sharing it: a `.partial` file written to within the
 * last hour (an older one is a crash's leftover, which the retention rule deletes).
 */
export async function backupInProgress(dir = backupDir(), now = Date.now()): Promise<boolean> {
  for (const name of await readdir(/*turbopackIgnore: true*/ dir).catch(() => [] as string[])) {
    if (!name.endsWith(PARTIAL)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && info.mtimeMs > now - 3_600_000) return true;
  }
  return false;
}

/**
 * Deletes the backups taken more than `keepDays` days before `now` (the privacy notice's promise, kept even when it
 * leaves no backup: /api/health reports a missing or old backup) and `.partial` files a crash left over a day ago.
 */
export async function pruneBackups(dir: string, keepDays: number, now = new Date()): Promise<string[]> {
  const before = now.getTime() - keepDays * 86_400_000;
  const deleted: string[] = [];
  for (const file of await listBackups(dir)) {
    if (file.takenAt.getTime() < before) {
      await unlink(file.path);
      deleted.push(file.name);
    }
  }
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(PARTIAL)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && info.mtimeMs < now.getTime() - 86_400_000) {
      await unlink(path.join(dir, name));
      deleted.push(name);
    }
  }
  return deleted;
}
