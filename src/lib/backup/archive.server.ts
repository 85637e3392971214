import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A backup file's bytes, encrypted when BACKUP_KEY is set (docs/decisions/0111-backups-while-the-site-runs.md):
 * AES-256-GCM from node:crypto (authenticated: a changed or truncated file is refused, never restored), with a key
 * derived from the passphrase by scrypt and a fresh salt and IV per file. Layout:
 * MAGIC | salt (16) | IV (12) | ciphertext | tag (16). Streamed both ways, so a large dump never sits in memory.
 */

const MAGIC = Buffer.from('DISTRICTS-BACKUP-AES256GCM-1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// 2^15 × 8 × 128 bytes = 32 MiB of memory per derivation, once per backup or restore.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(passphrase, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))));
}

async function deriveKeyFor(passphrase: string): Promise<{ salt: Buffer; key: Buffer }> {
  const salt = randomBytes(SALT_BYTES);
  return { salt, key: await deriveKey(passphrase, salt) };
}

export class BackupKeyError extends Error {
  name = 'BackupKeyError';
}

/**
 * Writes what `openSource` streams to `file` (encrypted with `passphrase` when given), fsynced; returns the bytes
 * written. The source is opened last, once the key is derived, so that nothing it reports goes unheard.
 */
export async function writeArchive(openSource: () => Promise<Readable>, file: string, passphrase?: string): Promise<number> {
  const key = passphrase ? await deriveKeyFor(passphrase) : undefined;
  const out = createWriteStream(file, { mode: 0o600 });
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const source = await openSource();
  if (!key) {
    await pipeline(source, count, out);
  } else {
    const { salt, key: derived } = key;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', derived, iv);
    // The header goes first; the tag last, once the cipher has ended (its flush runs after the cipher's final()).
    const frame = new Transform({
      construct(done) {
        this.push(Buffer.concat([MAGIC, salt, iv]));
        done();
      },
      transform: (chunk: Buffer, _encoding, done) => done(null, chunk),
      flush: (done) => done(null, cipher.getAuthTag()),
    });
    await pipeline(source, cipher, frame, count, out);
  }
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return bytes;
}

/** Whether a backup file is encrypted (by its first bytes, whatever its name says). */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The plain bytes of a backup file as a file on disk: the file itself when it is not encrypted, else a decrypted copy
 * in a private temporary directory, verified (tag checked) before it is returned. `dispose` removes the copy.
 */
export async function readArchive(file: string, passphrase?: string): Promise<{ path: string; dispose: () => Promise<void> }> {
  if (!(await isEncrypted(file))) return { path: file, dispose: async () => {} };
  if (!passphrase) throw new BackupKeyError(`${path.basename(file)} is encrypted: set BACKUP_KEY to the passphrase it was made with.`);
  const handle = await open(file, 'r');
  let header: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    if (size < MAGIC.length + SALT_BYTES + IV_BYTES + TAG_BYTES) throw new BackupKeyError(`${path.basename(file)} is truncated.`);
    header = Buffer.alloc(SALT_BYTES + IV_BYTES);
    await handle.read(header, 0, header.length, MAGIC.length);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(0, SALT_BYTES);
  const iv = header.subarray(SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  decipher.setAuthTag(tag);
  const dir = await mkdtemp(path.join(tmpdir(), 'districts-restore-'));
  const plain = path.join(dir, path.basename(file).replace(/\.enc$/, ''));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const start = MAGIC.length + SALT_BYTES + IV_BYTES;
    await pipeline(createReadStream(file, { start, end: size - TAG_BYTES - 1 }), decipher, createWriteStream(plain, { mode: 0o600 }));
  } catch (error) {
    await dispose();
    // GCM's final check fails for a wrong passphrase and for a changed file alike.
    if (error instanceof Error && /unable to authenticate|auth/i.test(error.message)) {
      throw new BackupKeyError(`${path.basename(file)} could not be decrypted: wrong BACKUP_KEY, or the file was changed or damaged.`);
    }
    throw error;
  }
  return { path: plain, dispose };
}
