import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import { afterTheRush } from '@/lib/server-hand-over.mjs';
import { workBatches, workEach } from '@/lib/jobs/queue';
import {
  HAND_OVER,
  LEAD_ERASED,
  NOTIFY,
  NOTIFY_PUSH,
  NOTIFY_SLOW,
  OVERDUE_REMINDER,
  type HandOverJob,
  type LeadErasedJob,
} from '@/lib/jobs/queues';
import { deliverLeadErased, deliverNotifications } from './delivery.server';
import { deliverHandOver } from './hand-over.server';
import { deliverOverdueReminder } from './overdue.server';

/**
 * When more forms wait than the server takes at once (serving/admission.mjs), a lead's messages wait for the rush to
 * pass, this long at most: the visitors waiting for their answer come first, and a message is still sent within
 * seconds (docs/decisions/0370). Below that load they go at once.
 */
const RUSH_WAIT_MS = 10_000;

/** Attaches the notification handlers to the job queue (the server process does this once at start-up). */
export async function startNotificationWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  for (const queue of [NOTIFY, NOTIFY_PUSH, NOTIFY_SLOW]) {
    // On PostgreSQL up to 40 messages in flight per process, so a burst of leads from an advert does not queue. PGlite
    // has one connection: one fetch loop (10 at a time) keeps it busy, more loops only add polling queries.
    const loops = handle.kind === 'postgres' ? 4 : 1;
    await workBatches<{ notificationId: string }>(
      boss,
      queue,
      async (jobs) => {
        await afterTheRush(RUSH_WAIT_MS);
        return deliverNotifications(
          handle.db,
          jobs.map((job) => job.data.notificationId),
          undefined,
          boss,
        );
      },
      loops,
    );
  }
  await workEach<{ leadId: string }>(boss, OVERDUE_REMINDER, ({ leadId }) => deliverOverdueReminder(handle.db, leadId));
  await workEach<HandOverJob>(boss, HAND_OVER, (job) => deliverHandOver(handle.db, job));
  await workEach<LeadErasedJob>(boss, LEAD_ERASED, (event, jobId) => deliverLeadErased(handle.db, event, jobId));
}
