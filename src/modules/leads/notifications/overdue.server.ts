import 'server-only';
import { getSiteUrl } from '@/lib/site-facts.server';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { getWorkingTime } from '@/lib/working-time.server';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { OVERDUE_CHECK } from '@/lib/jobs/queues';
import { emailChannel, type NotSent } from '@/modules/messaging/server';
import { findLeadWithAssignee } from '@/modules/leads/notifications.repository.server';
import { noteOverdueReminder, queueOverdueReminders } from '@/modules/leads/operations.server';
import { salesAddresses } from './delivery.server';
import { overdueReminderEmail } from './messages';

/**
 * The one reminder about a lead still new after its first working hour (docs/decisions/0206-overdue-leads.md): a
 * scheduled check marks such leads and queues their reminder in one transaction (queueOverdueReminders,
 * src/modules/leads), so each lead is reminded once however many instances run the check; the reminder goes to the
 * lead's agent, or to sales while nobody has it.
 */

/**
 * An overdue reminder (an outbox message, subject `agent`; or an `overdue-reminder` job of the release before): sends
 * it unless the lead was contacted (or erased) meanwhile, and notes it in the lead's history.
 */
export async function deliverOverdueReminder(db: Db, leadId: string, now = new Date()): Promise<'sent' | NotSent> {
  const found = await findLeadWithAssignee(db, leadId);
  if (!found || found.lead.status !== 'new' || found.lead.spam)
    return { state: 'withdrawn', lastError: 'the lead was contacted meanwhile' };
  const agent = found.assignee?.email ? found.assignee : undefined;
  const message = overdueReminderEmail(found.lead, getSiteUrl(), getWorkingTime().targetMinutes);
  const outcome = await emailChannel.send(db, { ...message, to: agent ? [agent.email] : salesAddresses(), recordId: leadId });
  await noteOverdueReminder(db, leadId, { toName: agent?.label ?? null, sent: outcome.sent }, now);
  return 'sent';
}

/** The scheduled check, every five minutes (Lagos time; the working-time rule decides who is overdue). */
export function overdueCheckJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: OVERDUE_CHECK,
    cron: '*/5 * * * *',
    run: async () => {
      await queueOverdueReminders(handle.db, await handle.jobs());
    },
  };
}
