import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildLargeIndexes, LARGE_INDEXES, RETIRED_LARGE_INDEXES } from '@/lib/db/large-indexes';
import { describeEachDriver } from './helpers';

/**
 * The indexes the staff pages read at a million leads (src/lib/db/large-indexes.ts): an install has each of them,
 * valid, once it started, and none of those a wider one replaced (two indexes where one serves would cost every lead's
 * write twice). An index that a start built and a later one retired is dropped by that later start.
 */
describeEachDriver('the large indexes', (ctx) => {
  const indexes = async () => {
    const result = (await ctx
      .handle()
      .db.execute(
        sql`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid`,
      )) as unknown as { rows: { name: string; valid: boolean }[] };
    return new Map(result.rows.map((row) => [row.name, row.valid]));
  };

  it('are all built and valid at start, and a retired one left by an earlier release is dropped by the next start', async () => {
    const built = await indexes();
    for (const index of LARGE_INDEXES) expect([index.name, built.get(index.name)]).toEqual([index.name, true]);
    for (const name of RETIRED_LARGE_INDEXES) expect(built.has(name)).toBe(false);

    // The release before built the narrower index; this one's start (as src/lib/db/migrate.ts runs it) drops it.
    const retired = RETIRED_LARGE_INDEXES[0];
    const run = (statement: string) => ctx.handle().db.execute(sql.raw(statement)) as never;
    await run(`create index ${retired} on interest_submissions (assigned_to, status) where spam = false`);
    expect((await indexes()).has(retired)).toBe(true);
    expect(await buildLargeIndexes(run, ctx.kind === 'postgres')).toEqual([]);
    expect((await indexes()).has(retired)).toBe(false);
  });
});
