import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { LEAD_CREATED, NOTIFY, NOTIFY_SLOW } from '@/lib/jobs/queues';
import { deliverNotification, fanOutLead } from './delivery.server';

/** Attaches the notification handlers to the job queue (the server process does this once at start-up). */
export async function startNotificationWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  await workEach<{ leadId: string }>(boss, LEAD_CREATED, ({ leadId }) => fanOutLead(handle.db, boss, leadId));
  for (const queue of [NOTIFY, NOTIFY_SLOW]) {
    await workEach<{ notificationId: string }>(boss, queue, ({ notificationId }) => deliverNotification(handle.db, notificationId));
  }
}
