import { createHook } from 'node:async_hooks';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pgliteTemplate, seedDataDir } from '../../../tests/integration/helpers';
import { createPglite, PGLITE_SETTINGS } from './pglite.mjs';

/** The embedded database as the server opens it: its settings, and an answered write's WAL on disk before the answer. */
describe('createPglite', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-test-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };
  /** A database that exists (the tests' migrated template), as the server finds it at every start after its first. */
  const existingDir = () => path.join(seedDataDir(path.dirname(freshDir())), 'pglite');
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('runs with the small-server settings and answers a commit only once its WAL is fsynced, one batch for commits made together', async () => {
    const pglite = await createPglite(existingDir());
    const { client } = pglite;
    try {
      const { rows } = await client.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('shared_buffers', 'maintenance_work_mem', 'max_wal_size', 'wal_sync_method', 'fsync')`,
      );
      // shared_buffers in 8 kB pages, the others in kB and MB.
      expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({
        shared_buffers: '2048',
        maintenance_work_mem: '16384',
        max_wal_size: '64',
        wal_sync_method: 'fsync',
        fsync: 'on',
      });
      expect(PGLITE_SETTINGS).toContain('shared_buffers = 16MB');

      await client.exec('create table t (n int)');
      const before = pglite.walSyncs()!;
      await client.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
      });
      const afterOne = pglite.walSyncs()!;
      expect(afterOne.asked).toBeGreaterThan(before.asked);
      expect(afterOne.flushed).toBe(afterOne.asked);

      await Promise.all(Array.from({ length: 40 }, (_, i) => client.query('insert into t values ($1)', [i])));
      const afterMany = pglite.walSyncs()!;
      expect(afterMany.flushed).toBe(afterMany.asked);
      expect(afterMany.asked - afterOne.asked).toBeGreaterThanOrEqual(40);
      // Commits that arrive while a batch is on its way to the disk share the next one.
      expect(afterMany.batches - afterOne.batches).toBeLessThan(40);
    } finally {
      await client.close();
    }
  });

  it("off the fast path (DB_FAST_PATH=off), fsyncs each commit's WAL at once, as PostgreSQL asks, and names no statement", async () => {
    const plain = await createPglite(existingDir(), { fastPath: false });
    const { client } = plain;
    try {
      await client.exec('create table t (n int)');
      await Promise.all(Array.from({ length: 10 }, (_, i) => client.query('insert into t values ($1)', [i])));
      await client.transaction(async (tx) => {
        expect('namedStatements' in tx).toBe(false);
        await tx.query('insert into t values (10)');
      });
      const syncs = plain.walSyncs()!;
      expect(syncs.asked).toBeGreaterThanOrEqual(11);
      expect(syncs.flushed).toBe(syncs.asked);
      expect(syncs.batches).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("flushes a commit's WAL in one call to the thread pool, through handles it keeps open, at most four", async () => {
    const dir = existingDir();
    const pglite = await createPglite(dir);
    const { client } = pglite;
    // Each call to the thread pool (an open, a sync, a close) is a turn of the event loop that a buyer's answer waits for.
    const poolCalls: string[] = [];
    const hook = createHook({
      init: (_id, type) => void (['FSREQPROMISE', 'FILEHANDLECLOSEREQ'].includes(type) && poolCalls.push(type)),
    });
    const walHandles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path.join(dir, 'pg_wal'));
        } catch {
          return false;
        }
      }).length;
    try {
      await client.exec('create table t (n int)');
      hook.enable();
      for (let i = 0; i < 10; i++) await client.query('insert into t values ($1)', [i]);
      hook.disable();
      expect(poolCalls.length).toBeGreaterThan(0);
      expect(poolCalls.length).toBeLessThanOrEqual(10);

      // PostgreSQL's own handle of the segment it writes, and ours: a new segment each round, the oldest closed.
      const before = walHandles();
      for (let i = 0; i < 8; i++) {
        await client.query('select pg_switch_wal()');
        await client.query('insert into t values ($1)', [i]);
      }
      // A handle is closed in the thread pool after the flush, not awaited by the commit: the count settles soon after.
      const settled = () => vi.waitFor(() => expect(walHandles()).toBeLessThanOrEqual(before + 4), { timeout: 2000 });
      await settled();

      // One call that fills six segments (a large transaction): its flush syncs them all before any handle is closed.
      await client.exec(`do $$ begin for i in 1..6 loop insert into t values (i); perform pg_switch_wal(); end loop; end $$`);
      await settled();
      const syncs = pglite.walSyncs()!;
      expect(syncs.flushed).toBe(syncs.asked);
    } finally {
      hook.disable();
      await client.close();
    }
    expect(walHandles()).toBe(0);
  });

  // The one database created here from nothing (initdb in a child process), then opened again.
  it('keeps what was committed across a reopen', async () => {
    const dir = freshDir();
    const first = await createPglite(dir);
    await first.client.exec('create table t (n int)');
    await first.client.query('insert into t values (42)');
    await first.client.close();
    const second = await createPglite(dir);
    try {
      expect((await second.client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 42 }]);
    } finally {
      await second.client.close();
    }
  });

  it('leaves fsync to the operating system when asked, and in memory', async () => {
    const unsynced = await createPglite(existingDir(), { fsync: false });
    const inMemory = await createPglite(undefined, { loadDataDir: pgliteTemplate() });
    try {
      expect([unsynced.fsync, unsynced.walSyncs()]).toEqual([false, undefined]);
      expect([inMemory.fsync, inMemory.walSyncs()]).toEqual([false, undefined]);
      expect(
        (await unsynced.client.query<{ setting: string }>(`select setting from pg_settings where name = 'fsync'`)).rows[0].setting,
      ).toBe('off');
    } finally {
      await unsynced.client.close();
      await inMemory.client.close();
    }
  });
});
