import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, dropDatabase, setEnv, type DriverContext } from './helpers';

const run = promisify(execFile);

/**
 * A restore test's ground (call it inside describeEachDriver): the file's backups in a work directory of its own
 * (BACKUP_DIR, BACKUP_KEY `key`), empty targets like an owner's new machine (a new DATA_DIR, or a new PostgreSQL
 * database), and `npm run restore` into one as an owner runs it; all removed after the file.
 */
export function restoreGround(ctx: DriverContext, name: string, key: string) {
  let work = '';
  const databases: string[] = [];
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), `districts-${name}-${ctx.kind}-`));
    setEnv({ BACKUP_DIR: path.join(work, 'backups'), BACKUP_KEY: key, BACKUP_RETENTION: undefined });
  });
  afterAll(async () => {
    for (const database of databases) await dropDatabase(database);
    rmSync(work, { recursive: true, force: true });
  });
  async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
    const dataDir = path.join(work, `target-${randomBytes(4).toString('hex')}`);
    if (ctx.kind === 'pglite') return { dataDir };
    const database = `r_${randomBytes(6).toString('hex')}`;
    databases.push(database);
    return { dataDir, databaseUrl: await createDatabase(database) };
  }
  /** `npm run restore -- FILE` into `target`: its output. */
  const restore = (file: string, target: { dataDir: string; databaseUrl?: string }) =>
    run('npm', ['run', '-s', 'restore', '--', file], {
      env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', BACKUP_KEY: key },
    });
  return { emptyTarget, restore };
}
