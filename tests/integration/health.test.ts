import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { GET } from '@/app/api/health/route';
import { backupName } from '@/lib/backup/files.server';
import { setDatabaseForTests } from '@/lib/db/client';
import { appSettings, channelAlerts, leads, leadNotifications } from '@/lib/db/schema';
import { recordFirstStart } from '@/domain/health/status.server';
import { healthResponse } from '@/features/system/health.server';
import { describeEachDriver, setEnv } from './helpers';

/**
 * GET /api/health at its two levels (docs/decisions/0112-health-metrics-and-owner-alerts.md): the load balancer's
 * answer depends on the database alone; `?deep=1` answers 503 with the reasons when the business needs attention.
 * The clock is a parameter: messages, backups and the first start are made as old as each case needs.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const health = (now: Date, query = '') => healthResponse(new Request(`http://localhost/api/health${query}`), now);
const read = async (response: Response) => ({ status: response.status, body: await response.json() });

describeEachDriver('GET /api/health', (ctx) => {
  let backups: string;
  // The server starts its job queue at start-up; health reads it and never starts it itself.
  beforeAll(async () => {
    await ctx.handle().jobs();
  });
  beforeEach(async () => {
    backups = mkdtempSync(path.join(tmpdir(), 'districts-health-'));
    setEnv({ BACKUP_DIR: backups });
    const { db } = ctx.handle();
    await db.delete(leads);
    await db.delete(channelAlerts);
    await db.delete(appSettings).where(eq(appSettings.name, 'first_started_at'));
  });

  /** A lead whose sales e-mail has waited since `at` (no worker runs in this file, so it stays queued). */
  async function waitingSince(at: Date) {
    const { db } = ctx.handle();
    const [lead] = await db
      .insert(leads)
      .values({
        title: 'Mr',
        fullName: 'Emeka Nwosu',
        email: 'emeka.nwosu@example.org',
        phoneRaw: '0803 000 0000',
        district: 'Lugbe, Abuja',
        createdAt: at,
      })
      .returning();
    await db
      .insert(leadNotifications)
      .values({ leadId: lead.id, channel: 'sales_email', createdAt: at, attempts: 3, lastError: 'refused by <sales@example.com>' });
  }

  const backupTakenAt = (at: Date) => writeFileSync(path.join(backups, backupName(ctx.kind, at, false)), 'backup');

  it('answers 200 {ok: true} with the facts when all is well, at both levels', async () => {
    const now = new Date();
    const plain = await read(await GET());
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ ok: true, database: 'up', driver: ctx.kind, status: 'ok', problems: [] });
    expect(plain.body.notifications).toEqual({ waiting: 0, oldestWaitingSeconds: null, failingChannels: [] });
    expect(plain.body.queue.depth).toEqual(expect.any(Number));
    expect(plain.body.backup).toEqual({ lastAgeSeconds: null, expected: false });
    expect(await read(await health(now, '?deep=1'))).toMatchObject({ status: 200, body: { ok: true, status: 'ok' } });
  });

  it('a message undelivered for 16 minutes: still in rotation, but the deep check answers 503 and says why', async () => {
    const now = new Date();
    await waitingSince(new Date(now.getTime() - 16 * MINUTE));
    const plain = await health(now);
    const text = await plain.clone().text();
    expect(plain.status).toBe(200);
    const body = await plain.json();
    expect(body).toMatchObject({ ok: true, status: 'attention', notifications: { waiting: 1, oldestWaitingSeconds: 16 * 60 } });
    expect(body.problems).toEqual([
      { code: 'notifications_delayed', message: 'The oldest undelivered message has waited 16 minutes (limit 15).' },
    ]);
    const deep = await read(await health(now, '?deep=1'));
    expect(deep).toMatchObject({ status: 503, body: { ok: false, problems: [{ code: 'notifications_delayed' }] } });
    // Counts and ages only: nothing of the lead, nor the address the error quoted.
    // The phone whole, as typed and as stored: a fragment such as "0803" can be part of a figure.
    for (const personal of ['Emeka', 'emeka.nwosu@example.org', '0803 000 0000', '08030000000', 'sales@example.com'])
      expect(text).not.toContain(personal);
    // At 14 minutes it is not late yet.
    expect((await health(new Date(now.getTime() - 2 * MINUTE), '?deep=1')).status).toBe(200);
  });

  it('backups: none expected on the first day; after it, a missing or 27-hour-old backup is a problem, a fresh one is not', async () => {
    const now = new Date();
    const { db } = ctx.handle();
    await recordFirstStart(db, new Date(now.getTime() - 20 * HOUR));
    expect(await read(await health(now, '?deep=1'))).toMatchObject({
      status: 200,
      body: { backup: { expected: false, lastAgeSeconds: null } },
    });

    // A day and more later, with no backup at all.
    const later = new Date(now.getTime() + 10 * HOUR);
    const missing = await read(await health(later, '?deep=1'));
    expect(missing).toMatchObject({ status: 503, body: { ok: false, backup: { expected: true, lastAgeSeconds: null } } });
    expect(missing.body.problems).toEqual([{ code: 'backup_missing', message: 'No backup has been taken.' }]);
    // The load balancer keeps the instance: a backup is no reason to stop serving visitors.
    expect(await read(await health(later))).toMatchObject({ status: 200, body: { ok: true, status: 'attention' } });

    backupTakenAt(new Date(later.getTime() - 27 * HOUR));
    const stale = await read(await health(later, '?deep=1'));
    expect(stale.status).toBe(503);
    expect(stale.body.problems).toEqual([{ code: 'backup_stale', message: 'The newest backup is 27 hours old (limit 26).' }]);

    backupTakenAt(new Date(later.getTime() - 2 * HOUR));
    expect(await read(await health(later, '?deep=1'))).toMatchObject({
      status: 200,
      body: { ok: true, problems: [], backup: { expected: true, lastAgeSeconds: 2 * 3600 } },
    });
    // The first start is recorded once: a later start does not move it.
    await recordFirstStart(db, later);
    expect((await read(await health(later))).body.backup.expected).toBe(true);
  });

  it('a channel the owners were alerted about is a problem until it recovers', async () => {
    const now = new Date();
    const { db } = ctx.handle();
    const since = new Date(now.getTime() - 12 * MINUTE);
    const [alert] = await db
      .insert(channelAlerts)
      .values({ channel: 'webhook', failingSince: since, openedAt: since, alertedAt: new Date(now.getTime() - 2 * MINUTE), waiting: 2 })
      .returning();
    const deep = await read(await health(now, '?deep=1'));
    expect(deep.status).toBe(503);
    expect(deep.body.problems).toEqual([{ code: 'channel_failing', message: 'Webhook (CRM) has been failing for 12 minutes.' }]);
    expect(deep.body.notifications.failingChannels).toEqual(['webhook']);
    await db.update(channelAlerts).set({ resolvedAt: now }).where(eq(channelAlerts.id, alert.id));
    expect((await health(now, '?deep=1')).status).toBe(200);
  });

  it('refuses an unreadable deep parameter with 400 {error}', async () => {
    for (const query of ['?deep=yes', '?deep=2', '?deep=%00']) {
      const res = await read(await health(new Date(), query));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/deep must be 1/);
    }
    expect((await health(new Date(), '?deep')).status).toBe(200);
    expect((await health(new Date(), '?other=1')).status).toBe(200);
  });

  it('answers 503 at both levels when the database does not answer', async () => {
    const broken = {
      ...ctx.handle(),
      ping: async () => {
        throw new Error('connection refused');
      },
    };
    setDatabaseForTests(broken);
    try {
      for (const query of ['', '?deep=1']) {
        const res = await read(await health(new Date(), query));
        expect(res).toMatchObject({ status: 503, body: { ok: false, database: 'down', problems: [{ code: 'database_down' }] } });
      }
    } finally {
      setDatabaseForTests(ctx.handle());
    }
  });
});
