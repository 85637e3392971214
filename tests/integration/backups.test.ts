import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET as downloadRoute } from '@/app/api/admin/backups/[name]/route';
import { GET as listRoute, POST as takeRoute } from '@/app/api/admin/backups/route';
import { POST as eraseRoute } from '@/app/api/admin/privacy/erase/route';
import { POST as interestRoute } from '@/app/api/interest/route';
import { deliverNotification } from '@/modules/leads/notifications/delivery.server';
import { backupsByHand } from '@/modules/system/backups/limits.server';
import { isEncrypted } from '@/lib/backup/archive.server';
import { takeBackup } from '@/lib/backup/backup.server';
import { backupDir, backupName, listBackups, partialName } from '@/lib/backup/files.server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { restoreDatabase } from '@/lib/backup/restore.server';
import { openDatabase } from '@/lib/db/client';
import { leads, outboxMessages, plotClaims, plotEvents, rateLimits, staffAudit } from '@/lib/db/schema';
import { holdPlot, insertPlots } from '@/modules/plots/server';
import { takeIfRoom } from '@/lib/http/rate-limit.server';
import { getEnv } from '@/lib/env.server';
import { startSmtpPeer, type Peer, type ReceivedMail } from '../support/peers';
import {
  createDatabase,
  describeEachDriver,
  dropDatabase,
  freshClient,
  jsonRequest,
  newKey,
  notificationsOf,
  setEnv,
  validLead,
} from './helpers';
import { formRequest, makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Backups while the site runs, and restores (docs/decisions/0111-backups-while-the-site-runs.md): what an owner
 * relies on when a disk dies. Each backup here is restored into a fresh target and read back.
 */

const run = promisify(execFile);
const KEY = 'correct-horse-battery-staple-backup';

describeEachDriver('backups and restores', (ctx) => {
  let work = '';
  let smtp: Peer<ReceivedMail>;
  const databases: string[] = [];
  let ownerCookie = '';
  let agentCookie = '';

  /** An empty target like an owner's new machine: a new DATA_DIR, or a new PostgreSQL database. */
  async function emptyTarget() {
    const dataDir = path.join(work, `target-${randomBytes(4).toString('hex')}`);
    if (ctx.kind === 'pglite') return { dataDir };
    const name = `r_${randomBytes(6).toString('hex')}`;
    databases.push(name);
    return { dataDir, databaseUrl: await createDatabase(name) };
  }

  async function submitLead(overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await interestRoute(
      jsonRequest('/api/interest', validLead({ email: `buyer-${randomBytes(4).toString('hex')}@example.com`, ...overrides }), {
        headers: { ...freshClient(), 'idempotency-key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    return (await res.json()).id;
  }

  /** Reads the restored target, as the server would open it. */
  async function leadIdsIn(target: { dataDir: string; databaseUrl?: string }, ids: string[]) {
    const handle = await openDatabase(target);
    try {
      const rows = await handle.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids));
      const sent = await handle.db
        .select({ id: outboxMessages.id, state: outboxMessages.state })
        .from(outboxMessages)
        .where(inArray(outboxMessages.leadId, ids));
      return { ids: rows.map((r) => r.id).sort(), notifications: sent };
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), `districts-backups-${ctx.kind}-`));
    smtp = await startSmtpPeer();
    setEnv({
      BACKUP_DIR: path.join(work, 'backups'),
      BACKUP_KEY: KEY,
      BACKUP_RETENTION: undefined,
      SMTP_URL: smtp.url,
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
    });
    const db = ctx.handle().db;
    ownerCookie = await sessionCookieFor(db, await makeStaff(db, 'owner'));
    agentCookie = await sessionCookieFor(db, await makeStaff(db, 'agent'));
  });
  afterAll(async () => {
    await smtp?.stop();
    for (const name of databases) await dropDatabase(name);
    rmSync(work, { recursive: true, force: true });
  });

  it('restores every lead of an encrypted backup into an empty target exactly once, and refuses a wrong key and a target with data', async () => {
    const ids = [await submitLead(), await submitLead(), await submitLead()];
    const report = await takeBackup(ctx.handle());
    expect(report.file.encrypted).toBe(true);
    expect(await isEncrypted(report.file.path)).toBe(true);
    // Nothing of a lead readable in the file without the key.
    expect(readFileSync(report.file.path).includes(Buffer.from('example.com'))).toBe(false);

    const target = await emptyTarget();
    await expect(restoreDatabase(report.file.path, target, 'not-the-backup-passphrase')).rejects.toThrow(
      /could not be decrypted: wrong BACKUP_KEY/,
    );
    await expect(restoreDatabase(report.file.path, target)).rejects.toThrow(/is encrypted: set BACKUP_KEY/);

    expect(await restoreDatabase(report.file.path, target, KEY)).toBe(ctx.kind);
    expect((await leadIdsIn(target, ids)).ids).toEqual([...ids].sort());
    // A second restore into the same target would overwrite the site's data: refused, and the data is untouched.
    await expect(restoreDatabase(report.file.path, target, KEY)).rejects.toThrow(/not empty/);
    expect((await leadIdsIn(target, ids)).ids).toEqual([...ids].sort());
  }, 120_000);

  it('restores a plot held for a buyer: the plot, its hold at its frozen price until its time, and its history', async () => {
    const db = ctx.handle().db;
    const leadId = await submitLead();
    const [plot] = await insertPlots(
      db,
      [{ district: 'Lugbe, Abuja', block: 'R', label: `R-${randomBytes(3).toString('hex')}`, sizeSqm: 300, priceKobo: 1_000_000_000 }],
      new Date(),
    );
    const held = await holdPlot(db, { plotId: plot.id, leadId, by: 'system', now: new Date() });
    if (!held.ok) throw new Error(held.message);
    const report = await takeBackup(ctx.handle());
    const target = await emptyTarget();
    await restoreDatabase(report.file.path, target, KEY);
    const handle = await openDatabase(target);
    try {
      const [claim] = await handle.db.select().from(plotClaims).where(eq(plotClaims.plotId, plot.id));
      expect(claim).toMatchObject({ leadId, stage: 'held', priceKobo: 1_000_000_000, endedAt: null, heldUntil: held.claim.heldUntil });
      const events = await handle.db.select({ action: plotEvents.action }).from(plotEvents).where(eq(plotEvents.plotId, plot.id));
      expect(events.map((e) => e.action).sort()).toEqual(['held', 'imported']);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses a file that was changed after it was written', async () => {
    const { file } = await takeBackup(ctx.handle());
    const bytes = readFileSync(file.path);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    const changed = path.join(work, file.name);
    writeFileSync(changed, bytes);
    await expect(restoreDatabase(changed, await emptyTarget(), KEY)).rejects.toThrow(/could not be decrypted/);
  });

  it('npm run restore erases again what was erased after the backup and does not send again what was sent after it', async () => {
    const erasedEmail = `erase-me-${randomBytes(4).toString('hex')}@example.com`;
    const erased = await submitLead({ email: erasedEmail });
    const kept = await submitLead();
    const { file } = await takeBackup(ctx.handle());

    // After the backup: an owner erases one person, and the other lead's messages go out.
    const erase = await eraseRoute(
      staffRequest('/api/admin/privacy/erase', { method: 'POST', cookie: ownerCookie, body: { email: erasedEmail } }),
      undefined,
    );
    expect(await erase.json()).toMatchObject({ ok: true, leads: 1 });
    const keptMessages = (await notificationsOf(ctx.handle(), kept)).filter((n) => n.channel === 'sales_email' || n.channel === 'receipt');
    for (const n of keptMessages) await deliverNotification(ctx.handle().db, n.id);
    expect((await notificationsOf(ctx.handle(), kept)).filter((n) => n.state === 'sent')).toHaveLength(keptMessages.length);
    const ledger = await readRestoreLedger(path.join(getEnv().BACKUP_DIR!, 'ledger'));
    expect(ledger.filter((e) => e.kind === 'delivered').map((e) => e.kind === 'delivered' && e.notificationId)).toEqual(
      expect.arrayContaining(keptMessages.map((n) => n.id)),
    );
    // The ledger holds no personal data: neither the address nor the name.
    expect(JSON.stringify(ledger)).not.toContain(erasedEmail);

    const target = await emptyTarget();
    const { stdout } = await run('npm', ['run', '-s', 'restore', '--', file.path], {
      env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', BACKUP_KEY: KEY },
    });
    expect(stdout).toMatch(/1 lead\(s\) and 0 newsletter sign-up\(s\) erased again, \d+ message\(s\) marked as already sent/);
    const restored = await leadIdsIn(target, [erased, kept]);
    expect(restored.ids).toEqual([kept]);
    const keptIds = new Set(keptMessages.map((n) => n.id));
    expect(restored.notifications.filter((n) => keptIds.has(n.id)).map((n) => n.state)).toEqual(keptMessages.map(() => 'sent'));
  }, 120_000);

  it('lets owners, not agents, take a backup, list and download them; the file downloaded is the file kept', async () => {
    const asAgent = await listRoute(staffRequest('/api/admin/backups', { cookie: agentCookie }), undefined);
    expect(asAgent.status).toBe(403);
    const taken = await takeRoute(staffRequest('/api/admin/backups', { method: 'POST', cookie: ownerCookie }), undefined);
    expect(taken.status).toBe(201);
    const { backup } = await taken.json();
    const listed = await (await listRoute(staffRequest('/api/admin/backups', { cookie: ownerCookie }), undefined)).json();
    expect(listed.backups[0]).toMatchObject({ name: backup.name, encrypted: true });

    const download = await downloadRoute(staffRequest(`/api/admin/backups/${backup.name}`, { cookie: ownerCookie }), {
      params: Promise.resolve({ name: backup.name }),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(backup.name);
    const kept = (await listBackups()).find((f) => f.name === backup.name)!;
    expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(kept.path))).toBe(true);

    const agentDownload = await downloadRoute(staffRequest(`/api/admin/backups/${backup.name}`, { cookie: agentCookie }), {
      params: Promise.resolve({ name: backup.name }),
    });
    expect(agentDownload.status).toBe(403);
    for (const name of ['../pglite.lock', 'ledger', `${backup.name}.partial`]) {
      const res = await downloadRoute(staffRequest(`/api/admin/backups/x`, { cookie: ownerCookie }), { params: Promise.resolve({ name }) });
      expect(res.status).toBe(404);
      expect(await res.json()).toHaveProperty('error');
    }
    const audit = await ctx
      .handle()
      .db.select()
      .from(staffAudit)
      .where(inArray(staffAudit.action, ['backup.create', 'backup.download']));
    expect(audit.map((a) => a.action).sort()).toEqual(['backup.create', 'backup.download']);
  });

  it('asks for a fresh password before taking or downloading a backup, with and without scripts, and never serves a plain file', async () => {
    const db = ctx.handle().db;
    const owner = await makeStaff(db, 'owner');
    const stale = await sessionCookieFor(db, owner, 3600, new Date(Date.now() - 11 * 60_000));
    const before = (await listBackups()).length;
    const { file } = await takeBackup(ctx.handle());
    const nameContext = (name: string) => ({ params: Promise.resolve({ name }) });

    // A session whose password was typed more than STAFF_REAUTH_SECONDS ago: the whole database does not leave.
    const take = await takeRoute(staffRequest('/api/admin/backups', { method: 'POST', cookie: stale }), undefined);
    expect(take.status).toBe(403);
    expect(await take.json()).toMatchObject({ reauth: true, error: expect.any(String) });
    const download = await downloadRoute(staffRequest(`/api/admin/backups/${file.name}`, { cookie: stale }), nameContext(file.name));
    expect(download.status).toBe(403);
    expect(await download.json()).toMatchObject({ reauth: true });
    // Without scripts the form post goes to the password page, which comes back to the System page.
    const plainForm = await takeRoute(formRequest('/api/admin/backups', {}, { cookie: stale }), undefined);
    expect(plainForm.status).toBe(303);
    expect(plainForm.headers.get('location')).toBe('/admin/confirm-password?next=%2Fadmin%2Fsystem');
    expect((await listBackups()).length).toBe(before + 1);

    // A file written without BACKUP_KEY (or a plain file named as encrypted) stays on the server.
    const fresh = await sessionCookieFor(db, owner);
    const dir = backupDir();
    for (const name of [backupName(ctx.kind, new Date(), false), backupName(ctx.kind, new Date(Date.now() + 1), true)]) {
      writeFileSync(path.join(dir, name), 'every lead, in the clear');
      const res = await downloadRoute(staffRequest(`/api/admin/backups/${name}`, { cookie: fresh }), nameContext(name));
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatch(/not encrypted.*server/);
      rmSync(path.join(dir, name));
    }
  });

  it('takes one backup by hand at a time and a few per hour, with a clear 429 and a sentence for the System page', async () => {
    const db = ctx.handle().db;
    const dir = backupDir();
    mkdirSync(dir, { recursive: true });
    const before = (await listBackups()).length;
    // Another backup is being written (by this instance or another sharing BACKUP_DIR).
    const partial = path.join(dir, partialName(backupName(ctx.kind, new Date(), true)));
    writeFileSync(partial, '');
    const busy = await takeRoute(staffRequest('/api/admin/backups', { method: 'POST', cookie: ownerCookie }), undefined);
    expect(busy.status).toBe(429);
    expect((await busy.json()).error).toMatch(/being taken now/);
    rmSync(partial);

    // The hour's backups by hand already taken.
    while (await takeIfRoom(db, backupsByHand));
    try {
      const refused = await takeRoute(staffRequest('/api/admin/backups', { method: 'POST', cookie: ownerCookie }), undefined);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatch(/At most 3 backups can be taken by hand per hour/);
      const plainForm = await takeRoute(formRequest('/api/admin/backups', {}, { cookie: ownerCookie }), undefined);
      expect(plainForm.status).toBe(303);
      expect(plainForm.headers.get('location')).toBe('/admin/system#backups');
      expect(plainForm.headers.get('set-cookie')).toMatch(/staff_form_flash=.+Path=\/admin\/system/);
      expect((await listBackups()).length).toBe(before);
    } finally {
      await db.delete(rateLimits).where(eq(rateLimits.bucket, backupsByHand.bucket));
    }
  });

  it('answers a plain form post (no scripts yet) with the System page', async () => {
    const res = await takeRoute(
      new Request('http://localhost/api/admin/backups', {
        method: 'POST',
        headers: {
          host: 'localhost',
          cookie: ownerCookie,
          origin: 'http://localhost',
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: '',
      }),
      undefined,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/system#backups');
  });
});
