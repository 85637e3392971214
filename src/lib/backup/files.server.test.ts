import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupName, isBackupName, listBackups, partialName, pruneBackups } from './files.server';

describe('the backup directory', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'districts-backup-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string) => writeFileSync(path.join(dir, name), 'x');
  const day = 86_400_000;
  const now = new Date('2026-11-25T02:30:00Z');

  it('lists complete backups newest first, with the time in their name, and nothing else in the directory', async () => {
    const older = backupName('pglite', new Date(now.getTime() - 2 * day), false);
    const newer = backupName('postgres', now, true);
    for (const name of [older, newer, partialName(backupName('pglite', now, false)), 'notes.txt', 'ledger']) write(name);
    const listed = await listBackups(dir);
    expect(listed.map((f) => f.name)).toEqual([newer, older]);
    expect(listed[0]).toMatchObject({ database: 'postgres', encrypted: true, takenAt: now, bytes: 1 });
  });

  it('deletes backups past the retention period and leftovers of a crash, and keeps the rest', async () => {
    const kept = backupName('pglite', new Date(now.getTime() - 29 * day), true);
    const expired = backupName('pglite', new Date(now.getTime() - 31 * day), true);
    const leftover = partialName(backupName('pglite', new Date(now.getTime() - 2 * day), true));
    for (const name of [kept, expired, leftover]) write(name);
    const twoDaysAgo = (now.getTime() - 2 * day) / 1000;
    utimesSync(path.join(dir, leftover), twoDaysAgo, twoDaysAgo);
    expect((await pruneBackups(dir, 30, now)).sort()).toEqual([expired, leftover].sort());
    expect(readdirSync(dir)).toEqual([kept]);
  });

  it('accepts only its own file names, so a download can never name another file', () => {
    expect(isBackupName(backupName('postgres', now, false))).toBe(true);
    for (const name of ['../data/pglite.lock', 'districts-pglite-20261125T023000000Z.tar.gz/../x', 'ledger', '.partial']) {
      expect(isBackupName(name)).toBe(false);
    }
  });

  it('answers an empty list for a directory that does not exist yet', async () => {
    expect(await listBackups(path.join(dir, 'missing'))).toEqual([]);
  });
});
