import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/lib/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and with the job queue's schema, as a tarball (see helpers.ts). */
    pgliteTemplate: string;
    /** The same database as a data directory on disk, to copy (see helpers.ts, seedDataDir); never opened by a test. */
    pgliteTemplateDir: string;
  }
}

/**
 * Creating and migrating an in-memory PGlite (initdb in WebAssembly, every migration, pg-boss's schema) is slow, so
 * it is done once here and each suite starts from a copy of the result (in memory, or on disk: seedDataDir).
 */
export default async function setup(project: TestProject) {
  // Locally the PostgreSQL suites skip with a printed reason; in CI a missing database must fail, not vanish.
  if (process.env.CI && !process.env.TEST_DATABASE_URL?.trim()) {
    throw new Error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL suites are required in CI (.ci/run sets it).');
  }
  const work = mkdtempSync(path.join(tmpdir(), 'districts-vitest-'));
  const handle = await openDatabase({ dataDir: path.join(work, 'data'), pgliteFsync: false });
  await handle.jobs();
  await handle.close();
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(path.join(work, 'data', 'pglite'));
  const tarball = path.join(work, 'template.tar');
  writeFileSync(tarball, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', tarball);
  project.provide('pgliteTemplateDir', path.join(work, 'data', 'pglite'));
  return () => rmSync(work, { recursive: true, force: true });
}
