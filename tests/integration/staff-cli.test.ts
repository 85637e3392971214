import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStaffCli as run } from './staff-helpers';

/** npm run staff:create: works on a free DATA_DIR, refuses clearly while a live process holds its lock. */
describe('staff:create CLI', () => {
  // Limits for a hung run, not speed targets: each CLI run starts the app's modules anew (several times slower at the
  // start of CI's unit tests, beside the process tests on two cores).
  it('creates the first account as owner, then refuses a duplicate', { timeout: 300_000 }, async () => {
    // An empty DATA_DIR: the CLI creates the database, as on a new machine.
    const dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
    const first = await run(dir, ['--email', 'cli-owner@example.com', '--password-stdin'], 'Lagos-Sales-Desk-2026\n');
    expect(first.out).toContain('Created owner cli-owner@example.com');
    expect(first.code).toBe(0);
    const again = await run(dir, ['--email', 'cli-owner@example.com', '--password-stdin'], 'Lagos-Sales-Desk-2026\n');
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists');
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
