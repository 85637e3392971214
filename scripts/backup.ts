/**
 * npm run backup — one backup now, without stopping the site (docs/decisions/0111-backups-while-the-site-runs.md).
 * Writes one compressed, timestamped file to BACKUP_DIR (default DATA_DIR/backups), encrypted when BACKUP_KEY is
 * set, deletes backups older than BACKUP_RETENTION, and prints the file's path and size.
 * - PostgreSQL (DATABASE_URL): pg_dump, whether or not the site runs.
 * - The embedded database: the running server owns it, so the command asks the server (its control socket in
 *   DATA_DIR); when no server runs, it opens the database itself.
 */
import { backupThroughServer } from '@/lib/backup/control.server';
import { describeBackup, takeBackup, type BackupReport } from '@/lib/backup/backup.server';
import { openDatabase } from '@/lib/db/client';
import { DatabaseLockedError } from '@/lib/db/lock';
import { getEnv } from '@/lib/env.server';
import { failer, messageOf } from './lib/staff-cli';

const fail = failer('backup');

async function backupHere(env: ReturnType<typeof getEnv>): Promise<BackupReport> {
  // As it is: a backup never migrates the database it copies.
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: false });
  try {
    return await takeBackup(handle, env);
  } finally {
    await handle.close();
  }
}

async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    return fail(messageOf(error));
  }
  try {
    const report = (!env.DATABASE_URL && (await backupThroughServer(env.DATA_DIR))) || (await backupHere(env));
    console.log(`backup: ${describeBackup(report)}`);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      fail(
        `a server (PID ${error.ownerPid}) owns the embedded database but did not answer on its control socket; ` +
          'sign in as an owner and take the backup on the System page, or restart the server and try again.',
      );
    }
    fail(messageOf(error));
  }
}

await main();
