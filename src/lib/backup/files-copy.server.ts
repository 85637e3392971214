import 'server-only';
import { Readable } from 'node:stream';
import { mkdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { diskStore, isStorageKey, type FileStore } from '@/lib/files.server';
import { readArchive, writeArchive } from './archive.server';

/**
 * Uploaded files in the backup (docs/decisions/0419-documents-and-checks.md, 0424-files-in-a-bucket.md): the file
 * store's files (on the disk or in a bucket) are written once under fresh keys and never changed, so each backup copies
 * only the ones not yet copied into BACKUP_DIR/files (each encrypted as the database's backup is, when BACKUP_KEY is
 * set), after the database's copy: every file a backed-up row names was written before its row, so it is there. A
 * backup is so whole by itself, whichever store the files were in. A restore puts back into the file store (disk or
 * bucket, whichever the restored site uses) the ones it lacks. The copies are a sale's records: they are kept as long
 * as the files (the retention rule of database backups does not apply).
 */

export const backupFilesDir = (dir: string) => path.join(dir, 'files');

/** The storage keys copied under `dir` (laid out as the disk store's files). */
const keysIn = (dir: string) => diskStore(dir).keys();

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Copies the files of `store` not yet in the backup's copy; returns how many it copied. */
export async function copyFilesToBackup(store: FileStore, backupDir: string, passphrase?: string): Promise<number> {
  const target = backupFilesDir(backupDir);
  let copied = 0;
  for (const key of await store.keys()) {
    const into = path.join(target, key);
    if (await exists(into)) continue;
    // Deleted since it was listed (the retention job): nothing to copy.
    const bytes = await store.get(key);
    if (!bytes) continue;
    await mkdir(path.dirname(into), { recursive: true, mode: 0o700 });
    const partial = `${into}.partial`;
    try {
      await writeArchive(async () => Readable.from([bytes]), partial, passphrase);
      await rename(partial, into);
    } catch (error) {
      await unlink(partial).catch(() => {});
      throw error;
    }
    copied++;
  }
  return copied;
}

/** Puts back into `store` the backup's files it lacks (decrypted with `passphrase`); returns how many. */
export async function restoreFilesFromBackup(backupDir: string, store: FileStore, passphrase?: string): Promise<number> {
  const source = backupFilesDir(backupDir);
  const held = new Set(await store.keys());
  let restored = 0;
  for (const key of await keysIn(source)) {
    if (held.has(key)) continue;
    const plain = await readArchive(path.join(source, key), passphrase);
    try {
      await store.putAt(key, await readFile(plain.path));
    } finally {
      await plain.dispose();
    }
    restored++;
  }
  return restored;
}

/** Deletes the backup's copy of a file (the retention job, when the file itself goes). */
export async function removeBackupCopy(backupDir: string, key: string): Promise<void> {
  if (!isStorageKey(key)) return;
  await unlink(path.join(backupFilesDir(backupDir), key)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
