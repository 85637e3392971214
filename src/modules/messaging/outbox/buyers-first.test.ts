import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { OUTBOX } from '@/lib/jobs/queues';
import type { OutboxJob } from '@/lib/jobs/queues';
import { describeEachDriver } from '../../../../tests/integration/helpers';
import type { NewOutboxMessage } from './outbox.repository.server';
import { queueMessages } from './outbox.server';

/**
 * An advert's burst of leads leaves hundreds of their messages waiting in the outbox; a buyer waiting on a screen for a
 * sign-in code or a payment's receipt is not served after them (docs/decisions/0437-a-buyer-at-a-screen-first.md).
 */

const message = (subjectType: NewOutboxMessage['subjectType'], kind: string, channel: NewOutboxMessage['channel']): NewOutboxMessage => ({
  subjectType,
  subjectId: randomUUID(),
  leadId: null,
  kind,
  channel,
  dedupeKey: `${subjectType}:${kind}:${randomUUID()}`,
});

describeEachDriver('the outbox takes the messages a buyer at a screen waits for first', (ctx) => {
  it("a sign-in code and a receipt queued after 30 leads' messages are the first the sender takes", async () => {
    const { db } = ctx.handle();
    const boss = await ctx.handle().jobs();
    const leads = [
      ...Array.from({ length: 10 }, () => message('lead', 'sales_email', 'email')),
      ...Array.from({ length: 10 }, () => message('lead', 'receipt', 'email')),
      ...Array.from({ length: 10 }, () => message('lead', 'webhook', 'webhook')),
    ];
    const queuedBefore = await db.transaction((tx) => queueMessages(tx, boss, leads));
    const signIn = message('buyer_sign_in', 'sign_in_code', 'email');
    const receipt = message('receipt', 'payment_receipt', 'email');
    const firstReply = message('lead', 'first_reply', 'phone');
    const queuedAfter = await db.transaction((tx) => queueMessages(tx, boss, [firstReply, signIn, receipt]));
    const idOf = (queued: NewOutboxMessage) => queuedAfter.find((row) => row.dedupeKey === queued.dedupeKey)?.id;

    // A sender takes a batch at a time (in no order within it): two, then the rest, the leads' in the order they came.
    const take = async (batchSize: number) => (await boss.fetch<OutboxJob>(OUTBOX.name, { batchSize })).map((job) => job.data.messageId);
    expect(new Set(await take(2))).toEqual(new Set([idOf(signIn), idOf(receipt)]));
    expect(new Set(await take(30))).toEqual(new Set(queuedBefore.map((row) => row.id)));
    expect(await take(10)).toEqual([idOf(firstReply)]);
  });
});
