import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { HAND_OVER, IDLE_POLL_SECONDS, LEAD_ERASED, OVERDUE_REMINDER, type HandOverJob, type LeadErasedJob } from '@/lib/jobs/queues';
import { startOutboxWorkers, type OutboxSender, type OutboxSenders } from '@/modules/messaging/server';
import { agentOutboxSender } from './agent-sender.server';
import { deliverLeadErased, erasedLeadOutboxSender, OUTBOX_SENDERS } from './delivery.server';
import { deliverHandOver } from './hand-over.server';
import { deliverOverdueReminder } from './overdue.server';

/** This module's senders of the staff's messages and the CRM's `lead.erased` (docs/decisions/0410). */
export const STAFF_AND_CRM_SENDERS: OutboxSenders = {
  agent: agentOutboxSender as OutboxSender<never>,
  erased_lead: erasedLeadOutboxSender as OutboxSender<never>,
};

/**
 * Attaches the notification handlers to the job queue (the server process does this once at start-up): the one
 * outbox's worker with the lead's sender (src/modules/messaging/outbox) and the senders of the modules above (a
 * booking's messages, the owners' alerts: the server process gives them), and the queues of the release before that
 * only drain now (hand-overs, overdue reminders: the outbox's messages of subject `agent` since 0410).
 */
export async function startNotificationWorkers(handle: DatabaseHandle, otherSenders: OutboxSenders = {}): Promise<void> {
  const boss = await handle.jobs();
  await startOutboxWorkers(handle, { ...otherSenders, ...OUTBOX_SENDERS, ...STAFF_AND_CRM_SENDERS });
  const drain = { pollSeconds: IDLE_POLL_SECONDS };
  await workEach<{ leadId: string }>(boss, { ...OVERDUE_REMINDER, ...drain }, async ({ leadId }) => {
    await deliverOverdueReminder(handle.db, leadId);
  });
  await workEach<HandOverJob>(boss, { ...HAND_OVER, ...drain }, async (job) => {
    await deliverHandOver(handle.db, job);
  });
  await workEach<LeadErasedJob>(boss, { ...LEAD_ERASED, ...drain }, async (event, jobId) => {
    await deliverLeadErased(handle.db, event, jobId);
  });
}
