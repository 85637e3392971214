import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { getEnv, type ServerEnv } from '@/lib/env.server';

/**
 * Where uploaded files' bytes live (docs/decisions/0419-documents-and-checks.md, 0424-files-in-a-bucket.md): outside
 * the web root, in FILES_DIR (default DATA_DIR/files), readable by the site's own user only, or in an S3-compatible
 * bucket when FILES_S3_BUCKET is set. A file is written once under a fresh random key and never changed, so the backup
 * copies only what is new.
 */
export interface FileStore {
  /** Writes `bytes` under a new key and returns it (whole or not at all). */
  put(bytes: Uint8Array, prefix: string): Promise<string>;
  /** Writes `bytes` under `key` (the restore: a key a backup holds). */
  putAt(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deletes the bytes under `key` (none there: nothing to do). */
  remove(key: string): Promise<void>;
  /** Every storage key held (for the backup and the restore). */
  keys(): Promise<string[]>;
}

/**
 * The store could not be reached or refused us (a bucket down, wrong keys, a timeout): the request fails with 503 and
 * this sentence in the log, never silently. The message names the bucket and the cause, never a buyer or a key.
 */
export class FileStoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'FileStoreUnavailableError';
  }
}

export const filesDir = (env: Pick<ServerEnv, 'FILES_DIR' | 'DATA_DIR'> = getEnv()) =>
  // The directory is the owner's, chosen at run time: nothing for the build to trace (turbopackIgnore).
  path.resolve(/*turbopackIgnore: true*/ env.FILES_DIR ?? path.join(env.DATA_DIR, 'files'));

/** A key is `<prefix>/<uuid>` of lower-case letters, digits and dashes: nothing that climbs out of the directory. */
const KEY = /^[a-z0-9-]{1,64}\/[0-9a-f-]{36}$/;
export const isStorageKey = (key: string) => KEY.test(key);

function newKey(prefix: string): string {
  const key = `${prefix}/${randomUUID()}`;
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

export function diskStore(dir = filesDir()): FileStore {
  /** Written aside, fsynced and renamed: a crash never leaves a file that looks whole but is not. */
  async function write(key: string, bytes: Uint8Array, flags = 'w') {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    const target = path.join(dir, key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.partial`;
    const handle = await open(partial, flags, 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target).catch(async (error) => {
      await unlink(partial).catch(() => {});
      throw error;
    });
  }
  return {
    async put(bytes, prefix) {
      const key = newKey(prefix);
      // A new key's half-written file is nobody else's: `wx` refuses one already there.
      await write(key, bytes, 'wx');
      return key;
    },
    putAt: (key, bytes) => write(key, bytes),
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      return readFile(path.join(dir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await unlink(path.join(dir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async keys() {
      const keys: string[] = [];
      for (const prefix of await readdir(/*turbopackIgnore: true*/ dir).catch(() => [] as string[])) {
        const names = await readdir(path.join(dir, prefix)).catch(() => [] as string[]);
        for (const name of names) if (isStorageKey(`${prefix}/${name}`)) keys.push(`${prefix}/${name}`);
      }
      return keys;
    },
  };
}

export interface S3Settings {
  /** The service's origin (and path, if any): `https://<account>.r2.cloudflarestorage.com`, `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket in the path rather than the host name (MinIO). */
  pathStyle: boolean;
  /** Each request's whole time, retries included (a 50 MB scan on a slow line: a minute). */
  timeoutMs?: number;
}

export type FilesEnv = Pick<ServerEnv, 'DATA_DIR'> &
  Partial<
    Pick<
      ServerEnv,
      | 'FILES_DIR'
      | 'FILES_S3_BUCKET'
      | 'FILES_S3_ENDPOINT'
      | 'FILES_S3_REGION'
      | 'FILES_S3_ACCESS_KEY_ID'
      | 'FILES_S3_SECRET_ACCESS_KEY'
      | 'FILES_S3_PATH_STYLE'
    >
  >;

/** The bucket's settings from the environment, or undefined when the files stay on the disk. */
export function s3SettingsOf(env: FilesEnv): S3Settings | undefined {
  if (!env.FILES_S3_BUCKET || !env.FILES_S3_ACCESS_KEY_ID || !env.FILES_S3_SECRET_ACCESS_KEY) return undefined;
  const region = env.FILES_S3_REGION ?? 'us-east-1';
  return {
    endpoint: env.FILES_S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    bucket: env.FILES_S3_BUCKET,
    region,
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY,
    pathStyle: env.FILES_S3_PATH_STYLE ?? false,
  };
}

/** S3's error body: `<Error><Code>…</Code><Message>…</Message></Error>`. */
const xmlText = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) =>
    m[1].replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!),
  );

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, DigitalOcean Spaces, Backblaze B2, MinIO) through its REST API:
 * PutObject, GetObject, DeleteObject and ListObjectsV2, each signed with AWS Signature Version 4 by aws4fetch. A
 * failure answered by the service (5xx, 429) is tried twice more; anything still failing, or refused (wrong keys, no
 * such bucket), throws FileStoreUnavailableError.
 */
export function s3Store(settings: S3Settings): FileStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
    initRetryMs: 200,
  });
  const endpoint = new URL(settings.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');
  const bucketUrl = settings.pathStyle
    ? `${endpoint.origin}${base}/${settings.bucket}/`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/`;
  const where = `the file bucket ${settings.bucket} at ${endpoint.host}`;

  const unavailable = (what: string, error: unknown) =>
    new FileStoreUnavailableError(
      `Could not ${what} in ${where}: ${error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : String((error as Error).cause ?? error)}.`,
      { cause: error },
    );
  /** The request and, through `read`, its answer's body, both within the time allowed. */
  async function call<T>(what: string, url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T | undefined> {
    let response: Response;
    let body: string | undefined;
    try {
      response = await client.fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs ?? 60_000) });
      if (response.ok) return await read(response);
      body = await response.text();
    } catch (error) {
      throw unavailable(what, error);
    }
    const [code] = xmlText(body, 'Code');
    // A missing object is NoSuchKey; a missing bucket (also 404) is the operator's to fix, never "no such file".
    if (response.status === 404 && code !== 'NoSuchBucket') return undefined;
    const [message] = xmlText(body, 'Message');
    throw new FileStoreUnavailableError(
      `Could not ${what} in ${where}: it answered ${response.status}${code ? ` ${code}` : ''}${message ? ` (${message})` : ''}.`,
    );
  }
  /** An answer whose body says nothing we need: discarded, so the connection is free again. */
  const done = async (response: Response) => {
    await response.body?.cancel();
    return true;
  };
  async function putAt(key: string, bytes: Uint8Array) {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    const stored = await call(
      'store a file',
      bucketUrl + key,
      {
        method: 'PUT',
        // The payload's hash is signed: the bucket refuses bytes that changed on the way (whole or not at all).
        headers: { 'content-type': 'application/octet-stream', 'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex') },
        body: bytes as Uint8Array<ArrayBuffer>,
      },
      done,
    );
    if (!stored) throw new FileStoreUnavailableError(`Could not store a file in ${where}: it answered 404.`);
  }
  return {
    async put(bytes, prefix) {
      const key = newKey(prefix);
      await putAt(key, bytes);
      return key;
    },
    putAt,
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      return call('read a file', bucketUrl + key, {}, async (response) => Buffer.from(await response.arrayBuffer()));
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await call('delete a file', bucketUrl + key, { method: 'DELETE' }, done);
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', ...(token ? { 'continuation-token': token } : {}) });
        const page = await call('list the files', `${bucketUrl}?${query}`, {}, (response) => response.text());
        if (page === undefined) throw new FileStoreUnavailableError(`Could not list the files in ${where}: it answered 404.`);
        keys.push(...xmlText(page, 'Key').filter(isStorageKey));
        token = xmlText(page, 'IsTruncated')[0] === 'true' ? xmlText(page, 'NextContinuationToken')[0] : undefined;
      } while (token);
      return keys;
    },
  };
}

/** The site's file store: the bucket when FILES_S3_BUCKET is set, else the disk. */
export function fileStore(env: FilesEnv = getEnv()): FileStore {
  const s3 = s3SettingsOf(env);
  return s3 ? s3Store(s3) : diskStore(filesDir(env));
}
