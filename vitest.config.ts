import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The files that take longest (each runs CLIs or servers as processes, or reopens databases on disk: 12-35 s), started
 * first. Without Vitest's cache of earlier durations (a clean clone, as in CI) files go largest first, and these small
 * files started last: the suite's last 35 s were the second-factor CLI file alone (docs/benchmarks/0382-ci-time.md).
 */
const LONGEST_FIRST = [
  'tests/integration/staff-reset-second-factor-cli.test.ts',
  'tests/integration/staff-cli.test.ts',
  'tests/integration/restore-staff.test.ts',
  'tests/integration/restore-payments.test.ts',
  'tests/integration/backups.test.ts',
  'src/lib/db/pglite.test.ts',
  'tests/integration/inspection-attack.test.ts',
  'tests/integration/schema-version.test.ts',
  'tests/integration/db-lock.test.ts',
];
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const order = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return order
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Route handlers and *.server.ts modules import 'server-only'; outside React's server build it throws, so
      // tests that import those modules get the package's own empty module.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'serving/**/*.test.ts', 'eslint/**/*.test.mjs', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/integration/global-setup.ts'],
    environment: 'node',
    // Staff passwords hashed cheaply (scrypt N=2^12, not 2^17): tests/integration/staff-auth.test.ts checks the strong default.
    // Backups and their ledger (written on every message sent) go to a directory of the run, not ./data.
    // The secrets key given, as in production (src/lib/security/secrets-key.server.test.ts makes the quick start's file).
    env: {
      STAFF_PASSWORD_SCRYPT_LOG2N: '12',
      BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'districts-vitest-backups-')),
      SECRETS_KEY: 'vitest-secrets-key-0123456789-abcdefghijklmn',
    },
    // Three files at a time on two cores: much of the suite waits on a database, a peer or a child process.
    maxWorkers: 3,
    // A worker keeps its modules from one file to the next (PGlite's WebAssembly, Drizzle, pg-boss are loaded once,
    // not once a file: 97 s -> 59 s for the suite); each file opens its own database, and setup-each-file.ts puts
    // process.env back after it.
    isolate: false,
    setupFiles: ['tests/setup-each-file.ts'],
    sequence: { sequencer: LongestFirst },
    // Limits for a hung test, not performance targets (those are `npm run bench`'s): opening a fresh embedded database
    // takes 8 s on an idle machine of two cores and over 30 s beside the crash and delivery tests in CI.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // server-only throws outside a React Server environment; tests import server modules directly.
    server: { deps: { inline: [] } },
  },
});
