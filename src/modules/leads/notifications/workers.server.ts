import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { HAND_OVER, LEAD_ERASED, OVERDUE_REMINDER, type HandOverJob, type LeadErasedJob } from '@/lib/jobs/queues';
import { startOutboxWorkers, type OutboxSenders } from '@/modules/messaging/server';
import { deliverLeadErased, OUTBOX_SENDERS } from './delivery.server';
import { deliverHandOver } from './hand-over.server';
import { deliverOverdueReminder } from './overdue.server';

/**
 * Attaches the notification handlers to the job queue (the server process does this once at start-up): the one
 * outbox's worker with the lead's sender (src/modules/messaging/outbox) and the senders of the modules above (a
 * booking's messages: the server process gives them), and the lead's other jobs.
 */
export async function startNotificationWorkers(handle: DatabaseHandle, otherSenders: OutboxSenders = {}): Promise<void> {
  const boss = await handle.jobs();
  await startOutboxWorkers(handle, { ...otherSenders, ...OUTBOX_SENDERS });
  await workEach<{ leadId: string }>(boss, OVERDUE_REMINDER, ({ leadId }) => deliverOverdueReminder(handle.db, leadId));
  await workEach<HandOverJob>(boss, HAND_OVER, (job) => deliverHandOver(handle.db, job));
  await workEach<LeadErasedJob>(boss, LEAD_ERASED, (event, jobId) => deliverLeadErased(handle.db, event, jobId));
}
