import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDataDir } from '../../../tests/integration/helpers';
import { openDatabase } from './client';
import { createPglite } from './pglite.mjs';

/** A PGlite database on disk, backed up as a stream and opened again from the archive as a restore opens it. */
describe('the streamed PGlite snapshot', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-snapshot-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('holds every committed row, opens with PGlite as dumpDataDir’s archive did, and leaves no copy behind', async () => {
    const dataDir = seedDataDir(fresh());
    const handle = await openDatabase({ dataDir });
    let archive: Buffer;
    try {
      await handle.db.execute('create table kept (n int)' as never);
      await handle.db.execute('insert into kept select generate_series(1, 1000)' as never);
      archive = await buffer(await handle.snapshot());
      // A write after the snapshot is not in it.
      await handle.db.execute('insert into kept values (0)' as never);
      expect(readdirSync(dataDir).filter((name) => name.startsWith('snapshot-'))).toEqual([]);
    } finally {
      await handle.close();
    }
    const file = path.join(fresh(), 'backup.tar.gz');
    await writeFile(file, archive);
    const restored = await createPglite(path.join(fresh(), 'pglite'), {
      loadDataDir: new Blob([await readFile(file)], { type: 'application/gzip' }),
    });
    try {
      const { rows } = await restored.client.query<{ n: number; least: number }>('select count(*)::int as n, min(n) as least from kept');
      expect(rows).toEqual([{ n: 1000, least: 1 }]);
    } finally {
      await restored.client.close();
    }
  });
});
