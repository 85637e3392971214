import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStore } from '@/lib/files.server';
import { copyFilesToBackup, restoreFilesFromBackup } from './files-copy.server';

describe('uploaded files in the backup', () => {
  it('copies each file once, encrypted with the backup key, and a restore brings back only what is missing', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'files-copy-'));
    const files = path.join(root, 'files');
    const backups = path.join(root, 'backups');
    const store = diskStore(files);
    const scan = Buffer.from('%PDF-1.7\nsigned deed of assignment\n');
    const key = await store.put(scan, '0b6f2a9e-2f0e-4e43-9f7e-3d1f0c2b9a11');
    // A crash's half-written file is never copied.
    mkdirSync(path.join(files, 'x'), { recursive: true });
    writeFileSync(path.join(files, 'x', 'leftover.partial'), 'half');

    expect(await copyFilesToBackup(store, backups, 'a-long-enough-passphrase')).toBe(1);
    expect(await copyFilesToBackup(store, backups, 'a-long-enough-passphrase')).toBe(0);
    const copy = readFileSync(path.join(backups, 'files', key));
    expect(copy.includes(Buffer.from('signed deed'))).toBe(false);

    const fresh = path.join(root, 'restored');
    await expect(restoreFilesFromBackup(backups, diskStore(fresh))).rejects.toThrow(/BACKUP_KEY/);
    expect(await restoreFilesFromBackup(backups, diskStore(fresh), 'a-long-enough-passphrase')).toBe(1);
    expect(await diskStore(fresh).get(key)).toEqual(scan);
    expect(await restoreFilesFromBackup(backups, diskStore(fresh), 'a-long-enough-passphrase')).toBe(0);
    expect(readdirSync(path.join(fresh, key.split('/')[0]))).toEqual([key.split('/')[1]]);
  });

  it('refuses a key that could climb out of the directory', async () => {
    const store = diskStore(mkdtempSync(path.join(tmpdir(), 'files-key-')));
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    await expect(store.put(Buffer.from('x'), '../up')).rejects.toThrow(/not a storage key/);
  });
});
