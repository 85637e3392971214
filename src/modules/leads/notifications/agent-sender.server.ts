import 'server-only';
import type { HandOverJob } from '@/lib/jobs/queues';
import type { OutboxSender } from '@/modules/messaging/server';
import { deliverHandOver } from './hand-over.server';
import { deliverOverdueReminder } from './overdue.server';

/**
 * The outbox's sender of the staff's messages about a lead (subject `agent`: docs/decisions/0410-one-outbox.md): a
 * hand-over (its payload: whom the lead went to) and the overdue reminder, each rendered from the lead when it goes and
 * withdrawn when the lead was claimed or contacted meanwhile. Erasing the lead erases them (their `lead_id`).
 */
export const agentOutboxSender: OutboxSender<null> = {
  async load(_db, messages) {
    return new Map(messages.map((message) => [message.id, null]));
  },
  send(db, message) {
    if (message.kind === 'hand_over') return deliverHandOver(db, message.payload as unknown as HandOverJob);
    return deliverOverdueReminder(db, message.subjectId);
  },
};
