import 'server-only';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '@/lib/db/client';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { DB_BACKUP } from '@/lib/jobs/queues';
import { getEnv, type ServerEnv } from '@/lib/env.server';
import { formatBytes } from '@/lib/format';
import { writeArchive } from './archive.server';
import { copyFilesToBackup } from './files-copy.server';
import { fileStore, type FilesEnv } from '@/lib/files.server';
import { backupDir, backupName, ensureBackupDir, listBackups, partialName, pruneBackups, type BackupFile } from './files.server';
import { ledgerDir, pruneLedger } from './ledger.server';

/**
 * Takes one backup of the running database (docs/decisions/0111-backups-while-the-site-runs.md): the copy is
 * written under a `.partial` name, fsynced, renamed, and the directory fsynced, so a crash never leaves a file that
 * looks whole but is not. Then the backups (and ledger days) past BACKUP_RETENTION are deleted.
 */

export interface BackupReport {
  file: BackupFile;
  seconds: number;
  /** Backups and leftovers deleted by the retention rule. */
  deleted: string[];
  /** Uploaded files copied into the backup's files this time (those not copied before). */
  filesCopied: number;
}

type BackupEnv = Pick<ServerEnv, 'BACKUP_DIR' | 'DATA_DIR' | 'BACKUP_KEY' | 'BACKUP_RETENTION'> & FilesEnv;

// One backup at a time per process: a second request (the nightly job and an owner's button) waits for the first.
let running: Promise<unknown> = Promise.resolve();

export function takeBackup(handle: DatabaseHandle, env: BackupEnv = getEnv(), now = () => new Date()): Promise<BackupReport> {
  const next = running.catch(() => {}).then(() => backupOnce(handle, env, now));
  running = next;
  return next;
}

async function backupOnce(handle: DatabaseHandle, env: BackupEnv, now: () => Date): Promise<BackupReport> {
  const started = performance.now();
  const dir = await ensureBackupDir(backupDir(env));
  const takenAt = now();
  const name = backupName(handle.kind, takenAt, Boolean(env.BACKUP_KEY));
  const partial = path.join(dir, partialName(name));
  try {
    await writeArchive(() => handle.snapshot(), partial, env.BACKUP_KEY);
    await rename(partial, path.join(dir, name));
    await syncDirectory(dir);
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
  // The uploaded files after the database (from the disk or the bucket): every file a copied row names was written
  // before its row.
  const filesCopied = await copyFilesToBackup(fileStore(env), dir, env.BACKUP_KEY);
  const deleted = await pruneBackups(dir, env.BACKUP_RETENTION, takenAt);
  await pruneLedger(env.BACKUP_RETENTION, takenAt, ledgerDir(dir));
  const file = (await listBackups(dir)).find((f) => f.name === name);
  if (!file) throw new Error(`The backup ${name} was written but is not in ${dir} any more.`);
  return { file, seconds: (performance.now() - started) / 1000, deleted, filesCopied };
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One line for logs and the command line: no personal data, only the file, its size and the time it took. */
export const describeBackup = ({ file, seconds, deleted, filesCopied }: BackupReport) =>
  `${file.path} (${formatBytes(file.bytes)}${file.encrypted ? ', encrypted' : ''}) in ${seconds.toFixed(1)} s` +
  (filesCopied ? `; ${filesCopied} new uploaded file(s) copied to files/` : '') +
  (deleted.length ? `; ${deleted.length} older backup(s) deleted (BACKUP_RETENTION)` : '');

/** Every night at 02:30 Lagos time, when the fewest visitors submit; one instance runs it (pg-boss schedules). */
export function nightlyBackupJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: DB_BACKUP,
    cron: '30 2 * * *',
    run: async () => {
      try {
        console.log(`[backup] nightly: ${describeBackup(await takeBackup(handle))}`);
      } catch (error) {
        // The message names the cause an owner must fix (pg_dump missing, disk full); it holds no personal data.
        console.error(`[backup] nightly backup failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
  };
}
