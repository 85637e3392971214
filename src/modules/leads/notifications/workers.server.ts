import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { HAND_OVER, IDLE_POLL_SECONDS, LEAD_ERASED, OVERDUE_REMINDER, type HandOverJob, type LeadErasedJob } from '@/lib/jobs/queues';
import { startOutboxWorkers, type OutboxSender, type OutboxSenders } from '@/modules/messaging/server';
import { agentOutboxSender } from './agent-sender.server';
import { deliverLeadErased, OUTBOX_SENDERS } from './delivery.server';
import { deliverHandOver } from './hand-over.server';
import { deliverOverdueReminder } from './overdue.server';

/**
 * Attaches the notification handlers to the job queue (the server process does this once at start-up): the one
 * outbox's worker with the lead's sender (src/modules/messaging/outbox) and the senders of the modules above (a
 * booking's messages, the owners' alerts: the server process gives them), and the queues of the release before that
 * only drain now (hand-overs, overdue reminders: the outbox's messages of subject `agent` since 0410).
 */
export async function startNotificationWorkers(handle: DatabaseHandle, otherSenders: OutboxSenders = {}): Promise<void> {
  const boss = await handle.jobs();
  await startOutboxWorkers(handle, { ...otherSenders, ...OUTBOX_SENDERS, agent: agentOutboxSender as OutboxSender<never> });
  const drain = { pollSeconds: IDLE_POLL_SECONDS };
  await workEach<{ leadId: string }>(boss, { ...OVERDUE_REMINDER, ...drain }, async ({ leadId }) => {
    await deliverOverdueReminder(handle.db, leadId);
  });
  await workEach<HandOverJob>(boss, { ...HAND_OVER, ...drain }, async (job) => {
    await deliverHandOver(handle.db, job);
  });
  await workEach<LeadErasedJob>(boss, LEAD_ERASED, (event, jobId) => deliverLeadErased(handle.db, event, jobId));
}
