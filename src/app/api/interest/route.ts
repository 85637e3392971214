import { interestPostHandler } from '@/features/interest/handler.server';
import { queueLeadNotifications } from '@/features/notifications/delivery.server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

// A new lead and its notifications (sales e-mail, receipt, webhook) commit in one transaction.
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(interestPostHandler({ onStored: queueLeadNotifications }));
