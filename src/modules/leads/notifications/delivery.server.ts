import 'server-only';
import { randomUUID } from 'node:crypto';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import type { Db } from '@/lib/db/client';
import type { NotificationChannel } from '@/lib/db/enums';
import type { OutboxMessageRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import type { LeadErasedJob } from '@/lib/jobs/queues';
import { logError } from '@/lib/log';
import { observeDelivery } from '@/lib/ops/metrics.server';
import { GIVE_UP_AFTER_MS } from '@/modules/messaging';
import {
  buyerMessageAllowed,
  deliverMessage,
  deliverMessages,
  emailChannel,
  recipientLimitAllows,
  webhookChannel,
  type NewOutboxMessage,
  type NotSent,
  type OutboxSender,
} from '@/modules/messaging/server';
import { pushToStaff } from '@/modules/staff/server';
import { leadAlertRecipients } from '@/modules/leads/assignment.server';
import { signInspectionLink } from '@/modules/leads/booking-links.server';
import { bookPathOf } from '@/modules/leads/booking-paths';
import { NOT_SENT, webhookTarget, type Outcome } from '@/modules/leads/notifications.server';
import { leadsForDelivery } from '@/modules/leads/notifications.repository.server';
import { leadErasedPayload, leadPushMessage, receiptEmail, salesEmail, webhookPayload } from './messages';
import { FIRST_REPLY_GIVE_UP_MS, firstReplyFailedMeanwhile } from '@/modules/leads/conversations/conversations.server';
import type { PgBoss } from 'pg-boss';
import { sendFirstReply } from './first-reply.server';

/**
 * Sending a lead's messages: the lead's sender of the one outbox (src/modules/messaging/outbox;
 * docs/decisions/0410-one-outbox.md), which renders each message from its lead when it goes; and the CRM's
 * `lead.erased`. The messages are queued with the lead (src/modules/leads/notifications.server.ts).
 */

/** The Standard Webhooks message id of a message: stable across its retries. */
export const webhookId = (notification: Pick<OutboxMessageRow, 'id'>) => `msg_${notification.id.replace(/-/g, '')}`;

/** Where the sales team's e-mails go: LEADS_NOTIFY_TO, or without it the site's contact address. */
export const salesAddresses = () => getEnv().LEADS_NOTIFY_TO ?? [getSiteFacts().email];

/** What a lead's message is sent with: its lead and the lead's agent (null when nobody active has it). */
type Delivery = Awaited<ReturnType<typeof leadsForDelivery>>[number];

/** Push alerts to staff phones (src/modules/staff/push: booking alerts use it too). */
export { pushToStaff };

async function send(db: Db, notification: OutboxMessageRow, { lead, assignee }: Delivery): Promise<Outcome> {
  const facts = getSiteFacts();
  switch (notification.kind as NotificationChannel) {
    case 'sales_email': {
      // The lead's agent gets it as well as the sales addresses (docs/decisions/0205-lead-assignment.md).
      const agent = assignee?.email ? assignee : undefined;
      const message = salesEmail(lead, facts, getSiteUrl(), agent?.label);
      const result = await emailChannel.send(db, {
        ...message,
        to: [...new Set([...salesAddresses(), ...(agent ? [agent.email] : [])])],
        replyTo: lead.email ?? undefined,
        recordId: lead.id,
      });
      return result.sent ? 'sent' : 'not_configured';
    }
    case 'receipt': {
      // A chat's lead (docs/decisions/0399) has no address, even when its receipt is asked for again.
      const { email } = lead;
      if (!email) return 'no_email';
      // At most RECIPIENT_LIMITS.receipt receipts to one address a day (the messaging module's limits per recipient).
      if (!(await recipientLimitAllows(db, 'receipt', email, { firstAttempt: notification.attempts === 0 }))) return 'skipped';
      if (!(await buyerMessageAllowed(db, { email }, { firstAttempt: notification.attempts === 0 }))) return 'buyer_limit';
      // A signed link to book a site inspection as this lead (docs/decisions/0391): only an id in it, never a detail.
      const bookUrl = `${getSiteUrl()}${bookPathOf(lead.district, await signInspectionLink(db, 'book', lead.id))}`;
      const result = await emailChannel.send(db, {
        ...receiptEmail(lead, facts, bookUrl),
        to: [email],
        replyTo: facts.email,
        recordId: lead.id,
      });
      return result.sent ? 'sent' : 'not_configured';
    }
    case 'webhook': {
      const webhook = webhookTarget();
      if (!webhook) return 'not_configured';
      await webhookChannel.send(db, { ...webhook, id: webhookId(notification), payload: webhookPayload(lead) });
      return 'sent';
    }
    case 'push':
      return pushToStaff(db, await leadAlertRecipients(db, lead), leadPushMessage(lead));
    case 'first_reply':
      // To the buyer's phone: within the one cap on messages to a number (docs/decisions/0401).
      if (lead.phoneE164 && !(await buyerMessageAllowed(db, { phone: lead.phoneE164 }, { firstAttempt: notification.attempts === 0 })))
        return 'buyer_limit';
      return sendFirstReply(db, { notification, lead, agentName: assignee?.label ?? undefined });
  }
}

/**
 * A lead's messages for the one outbox: each read with its lead and agent (one statement a batch), sent, and given up
 * by the one policy, a first reply after two hours (of no use later). With the queue (`jobs`, as the workers run it),
 * a first reply recorded as sent is checked once more for a failure its provider reported meanwhile.
 */
export const leadOutboxSender: OutboxSender<Delivery> = {
  async load(db, messages) {
    const leads = new Map(
      (
        await leadsForDelivery(
          db,
          messages.map((m) => m.subjectId),
        )
      ).map((row) => [row.lead.id, row]),
    );
    const found = new Map<string, Delivery>();
    for (const message of messages) {
      const delivery = leads.get(message.subjectId);
      if (delivery) found.set(message.id, delivery);
    }
    return found;
  },
  async send(db, message, delivery) {
    const outcome = await send(db, message, delivery);
    return outcome === 'sent' ? 'sent' : NOT_SENT[outcome];
  },
  // The one give-up policy, from the lead's arrival; a first reply is of no use after two hours.
  giveUp: (message, { lead }) => ({
    from: lead.createdAt,
    afterMs: message.kind === 'first_reply' ? FIRST_REPLY_GIVE_UP_MS : GIVE_UP_AFTER_MS,
  }),
  async afterSent(db, sent, jobs) {
    for (const { message, context, at } of sent) observeDelivery(message.kind as NotificationChannel, context.lead.createdAt, at);
    // A failure reported before the attempt was recorded found the message queued and was left for this.
    if (jobs)
      for (const { message, context } of sent)
        if (message.kind === 'first_reply') await firstReplyFailedMeanwhile(db, jobs, context.lead.id);
  },
};

const LEAD_SENDERS = { lead: leadOutboxSender as OutboxSender<never> };

/** Lead messages by id, a batch (the outbox's worker does this for their jobs). */
export function deliverNotifications(
  db: Db,
  notificationIds: string[],
  now = () => new Date(),
  jobs?: PgBoss,
): Promise<PromiseSettledResult<void>[]> {
  return deliverMessages(db, LEAD_SENDERS, notificationIds, now, jobs);
}

/** One lead message (deliverNotifications for one): throws when it is to be tried again. */
export const deliverNotification = (db: Db, notificationId: string, now = () => new Date()): Promise<void> =>
  deliverMessage(db, LEAD_SENDERS, notificationId, now);

/** This module's senders of the outbox (a lead's messages; a booking's are the inspections module's: 0410). */
export const OUTBOX_SENDERS = LEAD_SENDERS;

/**
 * `lead.erased` (an outbox message of subject `erased_lead`, queued by an erasure, src/modules/privacy/erasure.server.ts;
 * or a `lead-erased` job of the release before): tells the CRM which leads to delete, signed like every webhook, its
 * webhook-id made from the message's (the job's) id so retries keep it. Without a webhook the CRM got no copy. A failure
 * is thrown: the outbox retries it, and gives it up after a day as every message.
 */
export async function deliverLeadErased(db: Db, event: LeadErasedJob, id: string): Promise<'sent' | NotSent> {
  const webhook = webhookTarget();
  if (!webhook) return { state: 'not_configured', lastError: 'no webhook address' };
  try {
    await webhookChannel.send(db, { ...webhook, id: webhookId({ id }), payload: leadErasedPayload(event) });
    return 'sent';
  } catch (error) {
    logError(`[notifications] lead.erased ${id} not delivered, will be retried`, error);
    throw error;
  }
}

/** The outbox's sender of `lead.erased`: the payload is the event (the erased leads' ids, the reason, the time). */
export const erasedLeadOutboxSender: OutboxSender<null> = {
  async load(_db, messages) {
    return new Map(messages.map((message) => [message.id, null]));
  },
  send: (db, message) => deliverLeadErased(db, message.payload as unknown as LeadErasedJob, message.id),
};

/** `lead.erased` as an outbox message, about the event (its own id): no lead row is left to name. */
export function leadErasedMessage(event: LeadErasedJob): NewOutboxMessage {
  const eventId = randomUUID();
  return {
    subjectType: 'erased_lead',
    subjectId: eventId,
    leadId: null,
    kind: 'lead_erased',
    channel: 'webhook',
    dedupeKey: `erased_lead:${eventId}`,
    payload: { ...event },
  };
}
