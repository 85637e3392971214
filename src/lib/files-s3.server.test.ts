import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../tests/support/fake-s3';
import { fileStore, FileStoreUnavailableError, s3Store, type S3Settings } from './files.server';

/**
 * The S3-compatible file store (docs/decisions/0424-files-in-a-bucket.md) against the fake bucket, which checks every
 * request's AWS Signature Version 4: what an upload, a download and an erasure do, and what staff and buyers meet when
 * the bucket is down or the keys are wrong (a FileStoreUnavailableError naming the cause, never an empty answer).
 */
describe('files in an S3-compatible bucket', () => {
  let s3: FakeS3;
  const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
    endpoint: s3.url,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    pathStyle: true,
    ...over,
  });
  beforeAll(async () => {
    s3 = await startFakeS3({ pageSize: 2 });
  });
  afterAll(() => s3.stop());

  it('puts a file under a new key, gets it back byte for byte, lists it and deletes it', async () => {
    const store = s3Store(settings());
    const scan = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256))]);
    const claim = '0b6f2a9e-2f0e-4e43-9f7e-3d1f0c2b9a11';
    const key = await store.put(scan, claim);
    expect(key).toMatch(new RegExp(`^${claim}/[0-9a-f-]{36}$`));
    expect(s3.objects.get(key)).toEqual(scan);
    expect(await store.get(key)).toEqual(scan);
    // Two keys never collide: each put is a new object.
    const second = await store.put(Buffer.from('%PDF-second'), claim);
    expect(second).not.toBe(key);
    expect((await store.keys()).sort()).toEqual([key, second].sort());

    await store.remove(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    // Deleting what is gone, or reading a key that is not ours, is nothing.
    await store.remove(key);
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    await store.remove(second);
  });

  it('lists every page of a bucket with more keys than one answer holds', async () => {
    const store = s3Store(settings());
    for (let i = 0; i < 5; i++) await store.putAt(`claim-${i}/00000000-0000-4000-8000-00000000000${i}`, Buffer.from(`file ${i}`));
    // Something else in the bucket that is not one of our keys is left out.
    s3.objects.set('notes/readme.txt', Buffer.from('not a storage key'));
    expect((await store.keys()).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `claim-${i}/00000000-0000-4000-8000-00000000000${i}`));
    expect(s3.requests.filter((r) => r.includes('list-type=2')).length).toBeGreaterThanOrEqual(3);
    s3.objects.clear();
  });

  it('is refused, with the bucket saying why, when the keys or the region are wrong', async () => {
    const wrongSecret = s3Store(settings({ secretAccessKey: 'not-the-secret-access-key-0123456789' }));
    await expect(wrongSecret.put(Buffer.from('%PDF-x'), 'claim')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(wrongSecret.get('claim/00000000-0000-4000-8000-000000000000')).rejects.toThrow(FileStoreUnavailableError);
    const wrongKey = s3Store(settings({ accessKeyId: 'AKIANOTOURS000000000' }));
    await expect(wrongKey.keys()).rejects.toThrow(/403 InvalidAccessKeyId/);
    const wrongRegion = s3Store(settings({ region: 'eu-west-1' }));
    await expect(wrongRegion.remove('claim/00000000-0000-4000-8000-000000000000')).rejects.toThrow(/400 AuthorizationHeaderMalformed/);
    // A bucket that does not exist is the operator's to fix, not "no such file".
    const noBucket = s3Store(settings({ bucket: 'no-such-bucket' }));
    await expect(noBucket.get('claim/00000000-0000-4000-8000-000000000000')).rejects.toThrow(/404 NoSuchBucket/);
    expect(s3.objects.size).toBe(0);
  });

  it('fails clearly while the bucket is down, and works again once it is back', async () => {
    const store = s3Store(settings());
    await s3.down();
    try {
      const failed = await store.put(Buffer.from('%PDF-down'), 'claim').catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(FileStoreUnavailableError);
      expect((failed as Error).message).toMatch(
        new RegExp(`Could not store a file in the file bucket ${s3.bucket} at 127\\.0\\.0\\.1:\\d+`),
      );
      await expect(store.get('claim/00000000-0000-4000-8000-000000000000')).rejects.toThrow(FileStoreUnavailableError);
    } finally {
      await s3.up();
    }
    const key = await store.put(Buffer.from('%PDF-up'), 'claim');
    expect(await store.get(key)).toEqual(Buffer.from('%PDF-up'));
    s3.objects.clear();
  });

  it('tries a request the bucket sheds (503 SlowDown) twice more, then gives up with its answer', async () => {
    const store = s3Store(settings());
    s3.failNext(2);
    const key = await store.put(Buffer.from('%PDF-retried'), 'claim');
    expect(s3.objects.get(key)).toEqual(Buffer.from('%PDF-retried'));
    s3.failNext(3);
    await expect(store.get(key)).rejects.toThrow(/503 SlowDown/);
    s3.objects.clear();
  });

  it('gives up on a bucket that takes the connection but never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const store = s3Store(settings({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 }));
      await expect(store.get('claim/00000000-0000-4000-8000-000000000000')).rejects.toThrow(/no answer in time/);
    } finally {
      silent.close();
    }
  });

  it('is the site’s store when FILES_S3_BUCKET is set, the disk otherwise', async () => {
    const key = await fileStore({ DATA_DIR: '/nonexistent', ...s3.env(), FILES_S3_PATH_STYLE: true }).put(Buffer.from('%PDF-env'), 'claim');
    expect(s3.objects.has(key)).toBe(true);
    expect(await fileStore({ DATA_DIR: '/nonexistent' }).get(key)).toBeUndefined();
    s3.objects.clear();
  });
});
