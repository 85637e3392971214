import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { DatabaseLockedError } from '@/lib/db/lock';
import { countLeads, saveLead } from '@/features/interest/repository.server';
import { interestSchema } from '@/features/interest/schema';
import { validLead } from './helpers';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'districts-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('embedded database directory lock', () => {
  it('creates the lock on open, refuses a second opener, and releases on close', async () => {
    const dir = tempDir();
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
      writeFileSync(path.join(dir, 'pglite.lock'), `${holder.pid} ${hostname()}\n`);
      const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseLockedError);
      expect((error as Error).message).toMatch(new RegExp(`PID ${holder.pid}.*Only one server may open DATA_DIR`));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('recovers the stale lock of a dead process and keeps its data', async () => {
    const dir = tempDir();
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
