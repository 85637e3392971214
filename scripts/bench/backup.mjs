// Bench, backup part: BENCH_BACKUP_LEADS (50,000) leads with their messages, one backup (encrypted, as production
// should run it) and its restore into an empty target, on PGlite and (with TEST_DATABASE_URL) PostgreSQL
// (./backup-restore.ts). Targets: the backup within BACKUP_TARGET_S growing its process by at most
// BACKUP_GROWTH_TARGET_MB, no statement waiting longer than STATEMENT_WAIT_TARGET_MS meanwhile, the restore within
// RESTORE_TARGET_S, every lead back.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freshDatabase, pgUrl, root } from '../lib/harness.mjs';
import { MB, noneShort, printRows } from './server-common.mjs';

const BACKUP_TARGET_S = 60;
const RESTORE_TARGET_S = 120;
// A lead submitted while the backup runs still answers within the popup's patience (PGlite copies its files under its lock).
const STATEMENT_WAIT_TARGET_MS = 5_000;
// What a backup may add to the resident memory of the process taking it, the server's (issue 61): streamed, not held.
const BACKUP_GROWTH_TARGET_MB = 100;

async function measure(kind) {
  const database = await freshDatabase(kind, 'bench_backup');
  const target = await freshDatabase(kind, 'bench_restore');
  try {
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['--conditions=react-server', path.join(import.meta.dirname, 'backup-restore.ts')],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          ...database.env,
          BACKUP_DIR: path.join(database.work, 'backups'),
          BACKUP_KEY: 'bench-backup-passphrase-0123',
          TARGET_DATA_DIR: target.env.DATA_DIR,
          TARGET_DATABASE_URL: target.env.DATABASE_URL,
        },
      },
    );
    if (run.status !== 0) throw new Error(`backup-restore failed: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1));
  } finally {
    await database.dispose();
    await target.dispose();
  }
}

export async function benchBackup(log) {
  const kinds = ['pglite', ...(pgUrl ? ['postgres'] : [])];
  if (!pgUrl) log('backup: PostgreSQL skipped (TEST_DATABASE_URL unset)');
  const rows = [];
  const results = [];
  for (const kind of kinds) {
    const r = await measure(kind);
    results.push({ driver: kind, ...r });
    const leads = r.leads.toLocaleString('en');
    rows.push(
      {
        driver: kind,
        figure: `backup of ${leads} leads (encrypted file)`,
        value: `${r.backupSeconds.toFixed(1)} s, ${(r.bytes / MB).toFixed(1)} MB`,
        target: `≤ ${BACKUP_TARGET_S} s`,
        pass: r.backupSeconds <= BACKUP_TARGET_S,
      },
      {
        driver: kind,
        figure: "the backup's peak resident memory above its start (in the process taking it, as in the server)",
        value: `+${r.backupGrowthMb} MB`,
        target: `≤ +${BACKUP_GROWTH_TARGET_MB} MB`,
        pass: r.backupGrowthMb <= BACKUP_GROWTH_TARGET_MB,
      },
      {
        driver: kind,
        figure: 'longest a statement waited while the backup ran',
        value: `${r.statementWaitMs} ms`,
        target: `≤ ${STATEMENT_WAIT_TARGET_MS} ms`,
        pass: r.statementWaitMs <= STATEMENT_WAIT_TARGET_MS,
      },
      {
        driver: kind,
        figure: 'restore into an empty target, opened and counted',
        value: `${r.restoreSeconds.toFixed(1)} s, ${r.restoredLeads.toLocaleString('en')} leads back`,
        target: `≤ ${RESTORE_TARGET_S} s, all back`,
        pass: r.restoreSeconds <= RESTORE_TARGET_S && r.restoredLeads === r.leads,
      },
    );
  }
  printRows('Backup and restore', rows);
  return { results, rows, pass: noneShort(rows) };
}
