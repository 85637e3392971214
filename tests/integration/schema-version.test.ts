import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import { createDatabase, dropDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * An upgrade that goes wrong and is rolled back (docs/decisions/0110-schema-changes-across-releases.md): the older
 * release must not run on a schema a newer one migrated. A newer release is played by a migration record dated
 * after this release's newest.
 */
const newestShipped = () => {
  const journal = JSON.parse(readFileSync(path.join('drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.at(-1)!.when;
};

const migrateAsANewerRelease = (handle: DatabaseHandle) =>
  handle.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a-newer-release', ${newestShipped() + 60_000})`,
  );

const REFUSAL = /migrated by a newer release of the site .*Run that release or a newer one/;

it('the embedded database: a release older than the one that migrated it refuses to open it, and says what to do', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'districts-schema-'));
  try {
    const first = await openDatabase({ dataDir: dir, pgliteFsync: false });
    await migrateAsANewerRelease(first);
    await first.close();
    await expect(openDatabase({ dataDir: dir, pgliteFsync: false })).rejects.toThrow(REFUSAL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it.skipIf(!TEST_DATABASE_URL)(
  'PostgreSQL: an instance of an older release refuses the database a newer one migrated, and says what to do',
  async () => {
    const name = `t_schema_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(name);
    try {
      const first = await openDatabase({ databaseUrl: url });
      await migrateAsANewerRelease(first);
      await first.close();
      await expect(openDatabase({ databaseUrl: url })).rejects.toThrow(REFUSAL);
    } finally {
      await dropDatabase(name);
    }
  },
);
