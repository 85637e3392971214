import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../support/fake-s3';
import { takeBackup } from '@/lib/backup/backup.server';
import { restoreFilesFromBackup } from '@/lib/backup/files-copy.server';
import { diskStore, fileStore, s3Store } from '@/lib/files.server';
import { POST as uploadRoute } from '@/app/api/admin/documents/upload/route';
import { GET as fileRoute } from '@/app/api/admin/documents/files/[id]/route';
import { GET as buyerFileRoute } from '@/app/(site)/account/documents/[id]/route';
import { documentFiles, leads, paymentPlans } from '@/lib/db/schema';
import { appendEntry } from '@/modules/payments/server';
import { issueReceipt } from '@/modules/payments/receipts/receipts.repository.server';
import { startBuyerSession } from '@/modules/buyers/server';
import { documentRecordsOfClaims, forgetDocumentsOfErasedBuyersBefore } from '@/modules/documents/server';
import { DOCUMENTS_COPY } from '@/content/documents';
import { ACCOUNT_ERRORS } from '@/content/buyers';
import { createDatabase, describeEachDriver, dropDatabase, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { makeStaff, sessionCookieFor } from './staff-helpers';

/**
 * A buyer's signed scans in an S3-compatible bucket (docs/decisions/0424-files-in-a-bucket.md), against the fake bucket
 * that checks every request's signature: what staff and buyers do with the files is what they did with the disk's
 * (0419), the bytes are in the bucket and nowhere on the disk, the backup holds its own copy that a restore puts back
 * into a bucket or a disk, and a bucket that is down is said plainly, never lost silently.
 */

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const BACKUP_KEY = 'documents-bucket-backup-passphrase';

const run = promisify(execFile);

describeEachDriver('documents with the files in an S3-compatible bucket', ({ handle, kind: driver }) => {
  let s3: FakeS3;
  let database: string | undefined;
  let owner: { cookie: string };
  let agent: { cookie: string };
  const work = mkdtempSync(path.join(tmpdir(), 'documents-bucket-'));
  const filesDir = path.join(work, 'files');
  const backups = path.join(work, 'backups');
  const env = () => ({
    SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
    SITE_URL: 'https://meridian.example',
    DOCUMENT_UPLOAD_MAX_MB: '1',
    FILES_DIR: filesDir,
    BACKUP_DIR: backups,
    BACKUP_KEY,
    ...s3.env(),
  });
  beforeAll(async () => {
    s3 = await startFakeS3();
    setEnv(env());
    const db = handle().db;
    owner = { cookie: await sessionCookieFor(db, await makeStaff(db, 'owner')) };
    agent = { cookie: await sessionCookieFor(db, await makeStaff(db, 'agent')) };
  });
  beforeEach(() => setEnv(env()));
  afterAll(async () => {
    setEnv(Object.fromEntries(Object.keys(s3.env()).map((name) => [name, undefined])));
    await s3.stop();
    if (database) await dropDatabase(database);
  });

  /** A buyer whose deposit is paid (so their documents' clocks run), signed in on their page. */
  async function buyerWithDeposit() {
    const buyer = await buyerWithPlan(handle().db);
    const jobs = await handle().jobs();
    await handle().db.transaction(async (tx) => {
      const written = await appendEntry(tx, {
        claimId: buyer.claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `ref-${buyer.claimId}`,
        amountKobo: buyer.plan.depositKobo,
        at: new Date('2026-12-04T10:00:00Z'),
      });
      if (written.outcome !== 'written') throw new Error(written.outcome);
      await issueReceipt(tx, jobs, written.entry);
    });
    const [lead] = await handle().db.select().from(leads).where(eq(leads.id, buyer.leadId));
    const request = new Request('http://localhost/account', { headers: { host: 'localhost' } });
    const response = new Response(null);
    await startBuyerSession(handle().db, request, response, { contact: lead.email!, channel: 'email' }, null, new Date());
    const cookie = response.headers.getSetCookie()[0].split(';')[0];
    return { ...buyer, cookie };
  }

  const upload = (claimId: string, bytes: Uint8Array<ArrayBuffer> = PNG) => {
    const form = new FormData();
    form.set('claimId', claimId);
    form.set('stage', 'survey_plan');
    form.set('file', new Blob([bytes]), 'survey.png');
    return uploadRoute(
      new Request('http://localhost/api/admin/documents/upload?district=d1', {
        method: 'POST',
        headers: {
          host: 'localhost',
          cookie: owner.cookie,
          origin: 'http://localhost',
          'sec-fetch-site': 'same-origin',
          accept: 'application/json',
        },
        body: form,
      }),
      undefined,
    );
  };
  const staffDownload = (cookie: string, id: string) =>
    fileRoute(new Request(`http://localhost/api/admin/documents/files/${id}`, { headers: { host: 'localhost', cookie } }), {
      params: Promise.resolve({ id }),
    });
  const buyerDownload = (cookie: string, id: string) =>
    buyerFileRoute(new Request(`http://localhost/account/documents/${id}`, { headers: { host: 'localhost', cookie } }), {
      params: Promise.resolve({ id }),
    });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('keeps an upload in the bucket for its buyer and the owners only, in the NDPA export, and deletes it six years after an erasure', async () => {
    const db = handle().db;
    const buyer = await buyerWithDeposit();
    const other = await buyerWithDeposit();
    expect((await upload(buyer.claimId)).status).toBe(201);
    const [file] = await db.select().from(documentFiles).where(eq(documentFiles.claimId, buyer.claimId));
    expect(s3.objects.get(file.storageKey)).toEqual(Buffer.from(PNG));
    expect(existsSync(filesDir) ? readdirSync(filesDir) : []).toEqual([]);

    const forOwner = await staffDownload(owner.cookie, file.id);
    expect(forOwner.status).toBe(200);
    expect(forOwner.headers.get('cache-control')).toBe('private, no-store');
    expect(await bytesOf(forOwner)).toEqual(Buffer.from(PNG));
    expect((await staffDownload(agent.cookie, file.id)).status).toBe(403);
    const forBuyer = await buyerDownload(buyer.cookie, file.id);
    expect(forBuyer.status).toBe(200);
    expect(await bytesOf(forBuyer)).toEqual(Buffer.from(PNG));
    expect((await buyerDownload(other.cookie, file.id)).status).toBe(404);

    const [exported] = await documentRecordsOfClaims(db, [buyer.claimId]);
    expect(Buffer.from(exported.files[0].base64!, 'base64')).toEqual(Buffer.from(PNG));

    // The backup copies it out of the bucket (encrypted as the database's copy is).
    expect((await takeBackup(handle())).filesCopied).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(backups, 'files', file.storageKey))).toBe(true);

    await db
      .update(paymentPlans)
      .set({ leadId: null, buyerErasedAt: new Date('2027-01-01T00:00:00Z') })
      .where(eq(paymentPlans.claimId, buyer.claimId));
    const sixYearsOn = new Date('2033-01-02T00:00:00Z');
    // The bucket down when the period ends: the job fails and keeps the row, to try again; nothing is left unnamed.
    await s3.down();
    try {
      await expect(forgetDocumentsOfErasedBuyersBefore(db, sixYearsOn)).rejects.toThrow(/Could not delete a file in the file bucket/);
    } finally {
      await s3.up();
    }
    expect(await db.select().from(documentFiles).where(eq(documentFiles.id, file.id))).toHaveLength(1);
    expect(await forgetDocumentsOfErasedBuyersBefore(db, sixYearsOn)).toBeGreaterThanOrEqual(1);
    expect(s3.objects.has(file.storageKey)).toBe(false);
    expect(existsSync(path.join(backups, 'files', file.storageKey))).toBe(false);
    expect(await db.select().from(documentFiles).where(eq(documentFiles.id, file.id))).toHaveLength(0);
    // The other buyer, not erased, keeps theirs.
    expect((await upload(other.claimId)).status).toBe(201);
    expect(await forgetDocumentsOfErasedBuyersBefore(db, sixYearsOn)).toBe(0);
    expect(await db.select().from(documentFiles).where(eq(documentFiles.claimId, other.claimId))).toHaveLength(1);
  });

  it('says plainly when the bucket is down: the upload is refused and not recorded, downloads ask to try again', async () => {
    const db = handle().db;
    const buyer = await buyerWithDeposit();
    expect((await upload(buyer.claimId)).status).toBe(201);
    const [file] = await db.select().from(documentFiles).where(eq(documentFiles.claimId, buyer.claimId));
    await s3.down();
    try {
      const refused = await upload(buyer.claimId, Uint8Array.from([...PNG, 1]));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: DOCUMENTS_COPY.staff.errors.storeDownUpload });
      // No row names bytes that were never stored: the earlier file is still the stage's only one.
      expect(await db.select().from(documentFiles).where(eq(documentFiles.claimId, buyer.claimId))).toHaveLength(1);
      const forOwner = await staffDownload(owner.cookie, file.id);
      expect(forOwner.status).toBe(503);
      expect(await forOwner.json()).toEqual({ error: DOCUMENTS_COPY.staff.errors.storeDown });
      const forBuyer = await buyerDownload(buyer.cookie, file.id);
      expect(forBuyer.status).toBe(503);
      expect(await forBuyer.json()).toEqual({ error: ACCOUNT_ERRORS.documentUnavailable });
    } finally {
      await s3.up();
    }
    expect((await staffDownload(owner.cookie, file.id)).status).toBe(200);
    // Wrong keys are as plain: the same 503, never an empty file.
    setEnv({ FILES_S3_SECRET_ACCESS_KEY: 'a-secret-the-bucket-never-gave-us' });
    expect((await staffDownload(owner.cookie, file.id)).status).toBe(503);
    expect((await buyerDownload(buyer.cookie, file.id)).status).toBe(503);
  });

  // The restore command opens a database of its own (PGlite: a minute or more on a busy machine).
  it('restores the backup’s copy of a bucket’s file into an empty bucket (npm run restore), or onto the disk', async () => {
    const scan = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 7)]);
    const key = await fileStore().put(scan, 'restore-drill');
    const { file } = await takeBackup(handle());
    // Copied once: the next backup copies nothing it already holds.
    expect((await takeBackup(handle())).filesCopied).toBe(0);

    const fresh = await startFakeS3({ bucket: 'restored-documents', pageSize: 3 });
    try {
      const target = { DATA_DIR: path.join(work, 'target'), DATABASE_URL: '' };
      if (driver === 'postgres') target.DATABASE_URL = await createDatabase((database = `r_${randomBytes(6).toString('hex')}`));
      const { stdout } = await run('npm', ['run', '-s', 'restore', '--', file.path], {
        env: { ...process.env, ...target, ...fresh.env() },
      });
      expect(stdout).toContain(`; ${s3.objects.size} uploaded file(s) copied back;`);
      expect(fresh.objects.get(key)).toEqual(scan);
      expect(await restoreFilesFromBackup(backups, s3Store(freshSettings(fresh)), BACKUP_KEY)).toBe(0);
    } finally {
      await fresh.stop();
    }
    const disk = diskStore(path.join(work, 'restored-files'));
    expect(await restoreFilesFromBackup(backups, disk, BACKUP_KEY)).toBe(s3.objects.size);
    expect(await disk.get(key)).toEqual(scan);
  }, 300_000);
});

const freshSettings = (fake: FakeS3) => ({
  endpoint: fake.url,
  bucket: fake.bucket,
  region: fake.region,
  accessKeyId: fake.accessKeyId,
  secretAccessKey: fake.secretAccessKey,
  pathStyle: true,
});
