import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { findStaffByEmail } from '@/features/staff/repository.server';
import { confirmEnrolment, pendingEnrolment } from '@/features/staff/second-factor/second-factor.server';
import { seedDataDir } from './helpers';
import { totpCode } from './staff-helpers';

/** npm run staff:create: works on a free DATA_DIR, refuses clearly while a live process holds its lock. */
function run(dataDir: string, args: string[], stdin: string, script = 'scripts/staff-create.ts'): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      join('node_modules', '.bin', 'tsx'),
      ['--conditions=react-server', script, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
    child.stdin?.end(stdin);
  });
}

describe('staff:create CLI', () => {
  it('creates the first account as owner, then refuses a duplicate', { timeout: 120_000 }, async () => {
    // An empty DATA_DIR: the CLI creates the database, as on a new machine.
    const dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
    const first = await run(dir, ['--email', 'cli-owner@example.com', '--password-stdin'], 'Lagos-Sales-Desk-2026\n');
    expect(first.out).toContain('Created owner cli-owner@example.com');
    expect(first.code).toBe(0);
    const again = await run(dir, ['--email', 'cli-owner@example.com', '--password-stdin'], 'Lagos-Sales-Desk-2026\n');
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists');
  });

  it('staff:reset-second-factor removes a lost second factor', { timeout: 120_000 }, async () => {
    // A site's database that exists (the first test creates one from nothing).
    const dir = seedDataDir(mkdtempSync(join(tmpdir(), 'staff-cli-')));
    expect((await run(dir, ['--email', 'cli-owner@example.com', '--password-stdin'], 'Lagos-Sales-Desk-2026\n')).code).toBe(0);
    const reset = (email: string) => run(dir, ['--email', email], '', 'scripts/staff-reset-second-factor.ts');
    expect((await reset('cli-owner@example.com')).out).toContain('has no two-step sign-in to reset');
    let handle = await openDatabase({ dataDir: dir });
    try {
      const user = (await findStaffByEmail(handle.db, 'cli-owner@example.com'))!;
      const enrolment = (await pendingEnrolment(handle.db, user))!;
      expect((await confirmEnrolment(handle.db, user.id, totpCode(enrolment.secret), new Date()))?.recoveryCodes).toHaveLength(10);
    } finally {
      await handle.close();
    }
    const done = await reset('CLI-Owner@Example.com');
    expect(done.code).toBe(0);
    expect(done.out).toContain('Two-step sign-in removed for cli-owner@example.com');
    handle = await openDatabase({ dataDir: dir });
    try {
      expect((await findStaffByEmail(handle.db, 'cli-owner@example.com'))!.totpEnabledAt).toBeNull();
    } finally {
      await handle.close();
    }
    expect((await reset('nobody@example.com')).out).toContain('there is no staff account');
  });

  it('refuses while the server holds the database lock', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dir, 'pglite.lock'), `${holder.pid} ${hostname()}\n`);
      const result = await run(dir, ['--email', 'x@example.com', '--password-stdin'], 'Lagos-Sales-Desk-2026\n');
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/server is running and owns the embedded database.*\n.*Staff page/);
    } finally {
      holder.kill();
    }
  });
});
