import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/api/health/route';
import { backupName } from '@/lib/backup/files.server';
import { setDatabaseForTests } from '@/lib/db/client';
import { forSystem } from '@/lib/db/priority';
import { appSettings, channelAlerts, leads } from '@/lib/db/schema';
import { recordFirstStart } from '@/modules/system/channel-status.server';
import { healthResponse } from '@/modules/system/health.server';
import type { DatabaseHandle } from '@/lib/db/client';
import { SOCKET_HOP_MARKER } from '@/lib/server-hand-over.mjs';
import { describeEachDriver, insertLeadNotification, setEnv } from './helpers';

/**
 * GET /api/health at its two levels (docs/decisions/0112-health-metrics-and-owner-alerts.md): the load balancer's
 * answer depends on the database alone; `?deep=1` answers 503 with the reasons when the business needs attention.
 * The details are the operator's (METRICS_TOKEN or this machine); strangers learn only up or down
 * (docs/decisions/0387-public-surface-round-3.md). The clock is a parameter: messages, backups and the first start
 * are made as old as each case needs.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const TOKEN = 'health-token-0123456789abcdef0123456789';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };
const health = (now: Date, query = '') => healthResponse(new Request(`http://localhost/api/health${query}`, { headers: OPERATOR }), now);
/** A request as serving/server.mjs hands it to the app: X-Forwarded-For ends with the socket's address. */
const asServed = (forwardedFor: string, query = '') =>
  GET(new Request(`http://localhost/api/health${query}`, { headers: { 'x-forwarded-for': forwardedFor } }));
const read = async (response: Response) => ({ status: response.status, body: await response.json() });

describeEachDriver('GET /api/health', (ctx) => {
  let backups: string;
  // The server starts its job queue at start-up; health reads it and never starts it itself.
  beforeAll(async () => {
    await ctx.handle().jobs();
  });
  beforeEach(async () => {
    backups = mkdtempSync(path.join(tmpdir(), 'districts-health-'));
    setEnv({ BACKUP_DIR: backups, METRICS_TOKEN: TOKEN, TRUST_PROXY: undefined });
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
    await insertLeadNotification(db, {
      leadId: lead.id,
      channel: 'sales_email',
      createdAt: at,
      attempts: 3,
      lastError: 'refused by <sales@example.com>',
    });
  }

  const backupTakenAt = (at: Date) => writeFileSync(path.join(backups, backupName(ctx.kind, at, false)), 'backup');

  it('answers 200 {ok: true} with the facts when all is well, at both levels', async () => {
    const now = new Date();
    const plain = await read(await GET(new Request('http://localhost/api/health', { headers: OPERATOR })));
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ ok: true, database: 'up', driver: ctx.kind, status: 'ok', problems: [] });
    expect(plain.body.notifications).toEqual({ waiting: 0, oldestWaitingSeconds: null, failingChannels: [] });
    expect(plain.body.queue.depth).toEqual(expect.any(Number));
    expect(plain.body.backup).toEqual({ lastAgeSeconds: null, expected: false });
    expect(await read(await health(now, '?deep=1'))).toMatchObject({ status: 200, body: { ok: true, status: 'ok' } });
  });

  it('asks the database as the system’s, so that on PostgreSQL it never waits behind staff’s reads (docs/decisions/0455)', async () => {
    const asSystem: boolean[] = [];
    const ping = vi.spyOn(ctx.handle(), 'ping').mockImplementation(async () => void asSystem.push(forSystem()));
    try {
      expect((await health(new Date())).status).toBe(200);
      expect((await asServed('203.0.113.9')).status).toBe(200);
    } finally {
      ping.mockRestore();
    }
    // The public answer may reuse a ping taken a moment ago: at least the operator's was taken here.
    expect(asSystem.length).toBeGreaterThan(0);
    expect(asSystem.every(Boolean)).toBe(true);
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

  describe('to anyone else', () => {
    afterEach(() => {
      delete process.env[SOCKET_HOP_MARKER];
    });

    it('a stranger learns only that the site is up, however much needs attention, and is refused the deep check', async () => {
      const now = new Date();
      await waitingSince(new Date(now.getTime() - 16 * MINUTE));
      const since = new Date(now.getTime() - 12 * MINUTE);
      await ctx
        .handle()
        .db.insert(channelAlerts)
        .values({ channel: 'webhook', failingSince: since, openedAt: since, alertedAt: since, waiting: 1 });

      for (const request of [undefined, new Request('http://localhost/api/health'), new Request('http://localhost/api/health?deep=0')]) {
        const res = await GET(request);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('{"ok":true,"status":"ok"}');
      }
      const deep = await GET(new Request('http://localhost/api/health?deep=1'));
      expect(deep.status).toBe(401);
      expect(deep.headers.get('www-authenticate')).toBe('Bearer realm="health"');
      expect((await deep.json()).error).toMatch(/^The health details need Authorization: Bearer <METRICS_TOKEN>/);
    });

    it('gives the details to the metrics token only: a wrong token, or a token while METRICS_TOKEN is unset, is 401', async () => {
      const withToken = await read(await GET(new Request('http://localhost/api/health', { headers: OPERATOR })));
      expect(withToken).toMatchObject({ status: 200, body: { ok: true, database: 'up', driver: ctx.kind, problems: [] } });
      for (const authorization of ['Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
        const res = await GET(new Request('http://localhost/api/health', { headers: { authorization } }));
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: expect.stringMatching(/METRICS_TOKEN/) });
      }
      setEnv({ METRICS_TOKEN: undefined });
      expect((await GET(new Request('http://localhost/api/health', { headers: OPERATOR }))).status).toBe(401);
    });

    it('gives the details to this machine only when the real client is on it, whatever the proxy in front', async () => {
      process.env[SOCKET_HOP_MARKER] = '1';
      const details = async (forwardedFor: string) => 'driver' in (await (await asServed(forwardedFor)).json());

      // Straight to the server: the socket is the client.
      for (const socket of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(await details(socket)).toBe(true);
      expect(await details('203.0.113.7')).toBe(false);
      // A stranger writing a loopback address in the header: the socket hop is still theirs.
      expect(await details('127.0.0.1, 203.0.113.7')).toBe(false);
      expect((await (await asServed('127.0.0.1, 203.0.113.7', '?deep=1')).json()).error).toMatch(/METRICS_TOKEN/);

      // Behind Caddy on this machine (TRUST_PROXY=1) the socket is loopback for everyone: the client is Caddy's entry.
      setEnv({ TRUST_PROXY: '1' });
      expect(await details('203.0.113.7, 127.0.0.1')).toBe(false);
      expect(await details('127.0.0.1, 203.0.113.7, 127.0.0.1')).toBe(false);
      expect(await details('127.0.0.1, 127.0.0.1')).toBe(true); // the operator's curl through Caddy
      expect(await details('127.0.0.1')).toBe(true); // Caddy's own health check, which sends no X-Forwarded-For
      // The server reached directly despite TRUST_PROXY, with a forged entry: its socket is not loopback.
      expect(await details('127.0.0.1, 203.0.113.7')).toBe(false);

      // Without serving/server.mjs (next start) nobody wrote the socket hop: the whole header is the client's.
      delete process.env[SOCKET_HOP_MARKER];
      setEnv({ TRUST_PROXY: undefined });
      expect(await details('127.0.0.1')).toBe(false);
    });

    it("a stranger's requests cost one ping between them and read nothing else; a database that does not answer is 503 down", async () => {
      let pings = 0;
      const untouchable = new Proxy({} as DatabaseHandle['db'], {
        get: () => {
          throw new Error('the public answer read the database');
        },
      });
      const counting: DatabaseHandle = {
        ...ctx.handle(),
        db: untouchable,
        ping: async () => {
          pings++;
        },
        runningJobs: () => {
          throw new Error('the public answer read the job queue');
        },
      };
      setDatabaseForTests(counting);
      try {
        const answers = await Promise.all(Array.from({ length: 20 }, () => GET(new Request('http://localhost/api/health'))));
        expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
        expect(pings).toBe(1);

        setDatabaseForTests({ ...counting, ping: async () => Promise.reject(new Error('connection refused')) });
        const down = await GET(new Request('http://localhost/api/health'));
        expect(down.status).toBe(503);
        expect(await down.text()).toBe('{"ok":false,"status":"down"}');
      } finally {
        setDatabaseForTests(ctx.handle());
      }
    });
  });
});
