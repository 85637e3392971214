import 'server-only';
import type { DatabaseHandle } from '@/lib/db/client';
import { workEach } from '@/lib/jobs/queue';
import { INSPECTION_MESSAGE, type InspectionMessageJob } from '@/lib/jobs/queues';
import { deliverInspectionMessage } from './delivery.server';

/** Attaches the booking messages' sender to the job queue (the server process does this once at start-up). */
export async function startInspectionMessageWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  await workEach<InspectionMessageJob>(boss, INSPECTION_MESSAGE, ({ messageId }) => deliverInspectionMessage(handle.db, messageId));
}
