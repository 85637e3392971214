import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { openDatabase, setDatabaseForTests, type DatabaseHandle } from '@/lib/db/client';
import { describeEachDriver, freshClient, jsonRequest, newKey, pgliteTemplate, setEnv, validLead } from './helpers';
import { makeStaff } from './staff-helpers';

type Rows = { rows: Record<string, unknown>[] };

/**
 * The database's fast path (src/lib/db/README.md) changes how statements travel, never what they do: a lead taken with
 * it on and one taken with DB_FAST_PATH=off leave the same rows (the lead, its notification rows and jobs, its history).
 */
describeEachDriver('the fast path on and off', (ctx) => {
  let plain: DatabaseHandle | undefined;
  afterAll(async () => {
    setEnv({ DB_FAST_PATH: undefined });
    setDatabaseForTests(ctx.handle());
    await plain?.close();
  });

  /** What a lead left, without what differs between any two leads (ids, times, the e-mail, keys, their bindings and hashes). */
  async function leadAndItsRows(handle: DatabaseHandle, id: string) {
    const run = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as Rows).rows;
    const stable = (row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(row).filter(([key]) => !/(^id$|_id$|_at$|^assigned_to$|email|key|hash|binding|^data$|search)/.test(key)),
      );
    const [lead] = await run(sql`select * from interest_submissions where id = ${id}`);
    const notifications = await run(sql`select * from outbox_messages where lead_id = ${id} order by kind`);
    const jobs = await run(
      sql`select name, state from pgboss.job where data ->> 'messageId' in (select id::text from outbox_messages where lead_id = ${id}) order by name`,
    );
    const history = await run(sql`select * from lead_activity where lead_id = ${id} order by created_at`);
    return {
      lead: { ...stable(lead), assigned: lead.assigned_to !== null },
      notifications: notifications.map(stable),
      jobs,
      history: history.map(stable),
    };
  }

  async function takeLead(handle: DatabaseHandle, fastPath: 'on' | 'off') {
    setEnv({ DB_FAST_PATH: fastPath, RATE_LIMIT_INTEREST: '100/600' });
    setDatabaseForTests(handle);
    // An agent on duty, so that the round-robin (statements built once) deals the lead out.
    await makeStaff(handle.db, 'agent');
    const res = await POST(
      jsonRequest('/api/interest', validLead({ email: `${fastPath}-${newKey()}@example.com` }), {
        headers: { ...freshClient(), 'Idempotency-Key': newKey() },
      }),
    );
    expect(res.status).toBe(201);
    return leadAndItsRows(handle, ((await res.json()) as { id: string }).id);
  }

  it("leaves the same rows for a lead's whole transaction", async () => {
    const fast = await takeLead(ctx.handle(), 'on');
    // PGlite's named statements are offered when it opens: the plain path is a database opened with it off.
    plain =
      ctx.kind === 'pglite' ? await openDatabase({ dataDir: 'memory://', pgliteTemplate: pgliteTemplate(), fastPath: false }) : undefined;
    const slow = await takeLead(plain ?? ctx.handle(), 'off');
    expect(fast.notifications.length).toBeGreaterThan(0);
    expect(fast.jobs.length).toBeGreaterThan(0);
    expect(slow).toEqual(fast);
  });
});
