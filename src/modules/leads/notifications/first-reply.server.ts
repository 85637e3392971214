import 'server-only';
import { FIRST_REPLY_COPY } from '@/content/conversations';
import { getSiteFacts } from '@/lib/site-facts.server';
import { mayMessage, phoneChannelOn, sendToPhone } from '@/modules/leads/conversations/conversations.server';
import { firstRepliesOf } from '@/modules/leads/conversations/messages.repository.server';
import type { Outcome } from '@/modules/leads/notifications.server';
import type { Db } from '@/lib/db/client';
import type { LeadRow, OutboxMessageRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { recipientLimitAllows } from '@/modules/messaging/server';

/**
 * The buyer's first reply (docs/decisions/0394-whatsapp-and-sms.md), sent as the lead's `first_reply` notification:
 * WhatsApp's approved template naming the district, the agent who will call and from which number; by SMS when the
 * number is not on WhatsApp (Meta says so at once), when WhatsApp has not taken it within WHATSAPP_PATIENCE_MS of the
 * lead (the buyer should hear from us within the minute), or when Meta reports later that it failed (a webhook queues
 * this again: settleFailedFirstReply). Nothing goes
 * to a number that said STOP, nor more than RECIPIENT_LIMITS.first_reply (2) to one number a day (the form cannot be used to
 * message a stranger over and over at the owner's cost), nor an SMS its limits withhold (SMS_COUNTRIES, SMS_DAILY_LIMIT:
 * docs/decisions/0402). A failure is thrown: the job tries again.
 */
export const WHATSAPP_PATIENCE_MS = 60_000;

export async function sendFirstReply(
  db: Db,
  { notification, lead, agentName }: { notification: Pick<OutboxMessageRow, 'attempts'>; lead: LeadRow; agentName: string | undefined },
  now = new Date(),
): Promise<Outcome> {
  const to = lead.phoneE164;
  if (!to) return 'no_number';
  if (!(await mayMessage(db, to))) return 'opted_out';
  // Sent already, or asked of the provider by an attempt that died before its answer came (it may have gone): a retry
  // sends nothing more (docs/decisions/0396-a-message-sent-at-most-once.md). WhatsApp failed for good: SMS now.
  const earlier = await firstRepliesOf(db, lead.id);
  if (earlier.some((reply) => reply.status !== 'failed')) return 'sent';
  if (!(await recipientLimitAllows(db, 'first_reply', to, { firstAttempt: notification.attempts === 0 }))) return 'number_limit';

  if (!phoneChannelOn()) return 'not_configured';

  const facts = getSiteFacts();
  const parameters = FIRST_REPLY_COPY.parameters(lead, { agentName, brand: facts.brand, callFrom: facts.phone });
  const sent = await sendToPhone(
    db,
    {
      leadId: lead.id,
      to,
      kind: 'first_reply',
      template: getEnv().WHATSAPP_FIRST_REPLY_TEMPLATE,
      parameters,
      body: FIRST_REPLY_COPY.text(parameters),
      sms: FIRST_REPLY_COPY.sms(parameters),
    },
    {
      // WhatsApp once: after it failed for good (a webhook queued this again), SMS.
      tryWhatsApp: !earlier.some((reply) => reply.channel === 'whatsapp'),
      // Its other failures are retried by WhatsApp for the lead's first minute, then SMS goes instead.
      smsAfter: () => now.getTime() - lead.createdAt.getTime() >= WHATSAPP_PATIENCE_MS,
    },
  );
  return sent === 'unreachable' ? 'no_number' : sent === 'withheld' ? 'sms_withheld' : sent;
}
