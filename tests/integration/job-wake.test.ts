import { expect, it } from 'vitest';
import { forSystem } from '@/lib/db/priority';
import { wakeWorkers, workEach } from '@/lib/jobs/queue';
import type { QueueDefinition } from '@/lib/jobs/queues';
import { waitFor } from '../support/peers';
import { describeEachDriver } from './helpers';

describeEachDriver('waking the workers of a queue without NOTIFY', (ctx) => {
  it('takes a job at once when its sender wakes the workers, not at their next poll a minute later', async () => {
    const boss = await ctx.handle().jobs();
    const queue: QueueDefinition = { name: `wake-test-${Date.now()}`, options: {}, pollSeconds: 60 };
    await boss.createQueue(queue.name, queue.options);
    const handled: number[] = [];
    // Each job runs as the system's: on PostgreSQL its statements never wait behind staff's (docs/decisions/0455).
    const asSystem: boolean[] = [];
    await workEach<{ n: number }>(
      boss,
      queue,
      async ({ n }) => {
        handled.push(n);
        asSystem.push(forSystem());
      },
      2,
    );
    try {
      // The loops' first fetches find nothing; each then waits a minute.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await boss.send(queue.name, { n: 1 });
      wakeWorkers(boss, [queue]);
      expect(await waitFor(() => handled.length === 1, 10_000)).toBe(true);
      expect(handled).toEqual([1]);
      expect(asSystem).toEqual([true]);
    } finally {
      await boss.offWork(queue.name);
      await boss.deleteQueue(queue.name);
    }
  });
});
