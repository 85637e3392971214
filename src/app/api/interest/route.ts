import { interestPostHandler } from '@/features/interest/handler.server';
import { queueLeadNotifications } from '@/features/notifications/delivery.server';
import { assignNewLead } from '@/lib/leads/assignment.server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

// A new lead, its agent (round-robin) and its notifications (sales e-mail, receipt, webhook) commit in one
// transaction; the agent is chosen first so the sales e-mail goes to them too.
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(
  interestPostHandler({
    onStored: async (tx, lead, jobs) => {
      await assignNewLead(tx, lead);
      await queueLeadNotifications(tx, lead, jobs);
    },
  }),
);
