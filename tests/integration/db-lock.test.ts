import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { DatabaseLockedError, lockLine, processIdentity } from '@/lib/db/lock';
import { countLeads, saveLead } from '@/modules/leads/submissions.repository.server';
import { interestSchema } from '@/modules/leads/form/schema';
import { seedDataDir, validLead } from './helpers';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'districts-lock-'));
  dirs.push(dir);
  return dir;
};
/** A DATA_DIR with a database in it already (the tests' migrated template): these tests are of its lock. */
const dataDir = () => seedDataDir(tempDir());
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Polls `read` until it gives a value (20 s at most). */
async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

describe('embedded database directory lock', () => {
  it('creates the lock on open, refuses a second opener, and releases on close', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir });
    const lockFile = path.join(dir, 'pglite.lock');
    expect(readFileSync(lockFile, 'utf8')).toContain(String(process.pid));
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();
    expect(existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('refuses while another live process holds the lock, with a clear message', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), lockLine(holder.pid));
      const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseLockedError);
      expect((error as Error).message).toMatch(new RegExp(`PID ${holder.pid}.*Only one server may open DATA_DIR`));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  // An on-disk database opened twice: slow beside the CI's process tests.
  it(
    'is not blocked by a live process that is not the holder: its PID reused, or the lock from before a reboot',
    { timeout: 90_000 },
    async () => {
      const dir = dataDir();
      const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      try {
        const [pid, host, boot, start] = lockLine(unrelated.pid).trim().split(' ');
        expect(Number(start)).toBeGreaterThan(0); // this machine shows processes' start times (/proc)
        const reused = `${pid} ${host} ${boot} ${Number(start) - 1}`;
        const beforeReboot = `${pid} ${host} 00000000-0000-4000-8000-000000000000 ${start}`;
        for (const line of [reused, beforeReboot]) {
          writeFileSync(path.join(dir, 'pglite.lock'), `${line}\n`);
          const handle = await openDatabase({ dataDir: dir });
          await handle.close();
        }
      } finally {
        unrelated.kill('SIGKILL');
      }
    },
  );

  it('starts at once after its holder was killed with -9 and is still a zombie, every time', { timeout: 90_000 }, async () => {
    const dir = dataDir();
    const lockFile = path.join(dir, 'pglite.lock');
    const holder = path.join(dir, 'holder.mts');
    const lockModule = JSON.stringify(path.resolve('src/lib/db/lock.ts'));
    writeFileSync(
      holder,
      `import { acquireDirectoryLock } from ${lockModule};\nacquireDirectoryLock(process.env.LOCK_PATH!);\nsetInterval(() => {}, 60_000);\n`,
    );
    for (let round = 1; round <= 5; round++) {
      // sh starts the holder and then becomes `sleep`, which never reaps it: killed, the holder stays a zombie, as a
      // server killed with -9 does until its supervisor reaps it.
      const parent = spawn('sh', ['-c', `"${process.execPath}" --import tsx "${holder}" & exec sleep 60`], {
        env: { ...process.env, LOCK_PATH: lockFile },
        stdio: 'ignore',
      });
      try {
        const pid = await waitFor(() => Number((existsSync(lockFile) && readFileSync(lockFile, 'utf8').split(' ')[0]) || 0) || undefined);
        process.kill(pid, 'SIGKILL');
        await waitFor(() => (processIdentity(pid)?.state === 'Z' ? true : undefined));
        const handle = await openDatabase({ dataDir: dir });
        await handle.close();
      } finally {
        parent.kill('SIGKILL');
      }
    }
  });

  it('recovers the stale lock of a dead process and keeps its data', { timeout: 90_000 }, async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir });
    await saveLead(first.db, { input: interestSchema.parse(validLead()), spam: false, idempotencyKey: 'lock-test-key-1' });
    await first.close();
    // A process that died without cleaning up (kill -9): its PID no longer runs.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'pglite.lock'), `${dead.pid} ${hostname()}\n`);
    const second = await openDatabase({ dataDir: dir });
    try {
      expect(await countLeads(second.db)).toBe(1);
      expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toContain(String(process.pid));
    } finally {
      await second.close();
    }
  });
});
