import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStaffCli as run } from './staff-helpers';

/**
 * npm run plots:import (docs/decisions/0413): a dry run writes nothing, the example layout imports in one go, a file with
 * a bad line is refused by its line, and a running server's embedded database is left alone with a pointer to the page.
 */
const SCRIPT = 'scripts/plots-import.ts';

describe('plots:import CLI', () => {
  it('previews, imports the example layout once, and refuses a bad file by its line', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plots-cli-'));
    const dry = await run(dir, ['--district', 'd1', 'docs/examples/d1-layout.csv', '--dry-run'], '', SCRIPT);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('New plots (120):');
    expect(dry.out).toContain('Dry run: nothing was written.');
    const applied = await run(dir, ['--district', 'd1', 'docs/examples/d1-layout.csv'], '', SCRIPT);
    expect(applied.out).toContain('Applied: 120 changes in one transaction.');
    const again = await run(dir, ['--district', 'd1', 'docs/examples/d1-layout.csv', '--dry-run'], '', SCRIPT);
    expect(again.out).toContain('Unchanged: 120. Changes to write: 0.');

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'plot,block,size_sqm,price_ngn\nA-01,A,300,10000000\nA-02,A,-5,10000000\n');
    const refused = await run(dir, ['--district', 'd1', bad], '', SCRIPT);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Line 3: size_sqm "-5" is not a whole number of square metres (e.g. 300).');
  });

  it('refuses while the server holds the database lock, pointing to the Import page', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plots-cli-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dir, 'pglite.lock'), `${holder.pid} ${hostname()}\n`);
      const result = await run(dir, ['--district', 'd1', 'docs/examples/d1-layout.csv'], '', SCRIPT);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/server is running and owns the embedded database.*\n.*\/admin\/plots\/import/);
    } finally {
      holder.kill();
    }
  });
});
