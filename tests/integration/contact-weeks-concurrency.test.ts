import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { leadContactWeekChanges, leads } from '@/lib/db/schema';
import { DEFAULT_WORKING_TIME } from '@/lib/working-time.server';
import { contactFigures } from '@/modules/insights/first-contact.server';
import { createDatabase, dropDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * Two transactions moving leads of the same ended week never wait for each other on the week's first-contact version
 * (docs/decisions/0433, amended by drizzle/0050): the outbox's senders marking leads' first messages sent while an agent
 * moved one of those leads deadlocked when both waited for one counter row. PostgreSQL only: PGlite runs one
 * transaction at a time.
 */
const WEEK = { from: '2026-03-02', to: '2026-03-08' };

it.skipIf(!TEST_DATABASE_URL)(
  "PostgreSQL: a change to a lead of an ended week does not wait for another open transaction's change to the same week, and the dashboard shows both",
  async () => {
    const name = `t_weeks_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(name);
    const agent = await openDatabase({ databaseUrl: url });
    const sender = await openDatabase({ databaseUrl: url });
    try {
      const [a, b] = await agent.db
        .insert(leads)
        .values(
          ['Ada', 'Bola'].map((first) => ({
            title: 'Mrs' as const,
            fullName: `${first} Concurrency`,
            email: `${first.toLowerCase()}@example.com`,
            phoneRaw: '0803 123 4567',
            district: 'Lugbe, Abuja' as const,
            createdAt: new Date('2026-03-03T10:00:00+01:00'),
          })),
        )
        .returning({ id: leads.id });
      const messaged = async () =>
        (await contactFigures(agent.db, WEEK, DEFAULT_WORKING_TIME)).speed.reduce((sum, row) => sum + row.messaged, 0);
      // The week is kept as nobody having had a first reply.
      expect(await messaged()).toBe(0);

      // Two senders (two instances) mark a first reply sent, each on its lead, in transactions that overlap.
      const firstReply = { firstMessageAt: new Date('2026-03-03T10:00:05+01:00') };
      await agent.db.transaction(async (tx) => {
        await tx.update(leads).set(firstReply).where(eq(leads.id, a.id));
        await sender.db.transaction(async (other) => {
          await other.execute(sql`set local lock_timeout = '2s'`);
          await other.update(leads).set(firstReply).where(eq(leads.id, b.id));
        });
      });

      // The kept week is worked out again with both, and kept: its change rows folded into one.
      expect(await messaged()).toBe(2);
      expect(await agent.db.select().from(leadContactWeekChanges)).toHaveLength(1);
      expect(await messaged()).toBe(2);
    } finally {
      await agent.close();
      await sender.close();
      await dropDatabase(name);
    }
  },
);
