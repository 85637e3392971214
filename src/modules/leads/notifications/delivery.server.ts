import 'server-only';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import type { Db } from '@/lib/db/client';
import type { LeadNotificationRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { hashClient } from '@/lib/http/client.server';
import { hitRateLimit } from '@/lib/http/rate-limit.server';
import type { LeadErasedJob } from '@/lib/jobs/queues';
import { logError, withoutContactDetails } from '@/lib/log';
import { observeDelivery } from '@/lib/ops/metrics.server';
import { GIVE_UP_AFTER_MS, givenUp } from '@/modules/messaging';
import { buyerMessageAllowed, emailChannel, webhookChannel } from '@/modules/messaging/server';
import { pushToStaff } from '@/modules/staff/server';
import { leadAlertRecipients } from '@/modules/leads/assignment.server';
import { signInspectionLink } from '@/modules/leads/booking-links.server';
import { bookPathOf } from '@/modules/leads/booking-paths';
import { NOT_SENT, webhookTarget, type Outcome } from '@/modules/leads/notifications.server';
import { findForDelivery, recordAttempts, type Attempt } from '@/modules/leads/notifications.repository.server';
import { recordDeliveries } from '@/lib/backup/restore-ledger.server';
import { leadErasedPayload, leadPushMessage, receiptEmail, salesEmail, webhookPayload } from './messages';
import { FIRST_REPLY_GIVE_UP_MS, firstReplyFailedMeanwhile } from '@/modules/leads/conversations/conversations.server';
import type { PgBoss } from 'pg-boss';
import { sendFirstReply } from './first-reply.server';

/**
 * Sending a lead's messages: the `notify` workers' deliveries, each recorded on its notification row, and the CRM's
 * `lead.erased`. The rows and their jobs are written with the lead (src/modules/leads/notifications.server.ts).
 */

/** The Standard Webhooks message id of a notification: stable across its retries. */
export const webhookId = (notification: Pick<LeadNotificationRow, 'id'>) => `msg_${notification.id.replace(/-/g, '')}`;

export const RECEIPTS_PER_ADDRESS_PER_DAY = 3;

/**
 * Whether a lead's receipt may go: past RECEIPTS_PER_ADDRESS_PER_DAY receipts to one address in a day it is skipped,
 * so the form cannot be used to mail a stranger over and over. Counted at the message's first attempt, by an atomic
 * upsert keyed by a salted hash of the address: leads arriving together cannot slip past it, and a retry or a resend
 * does not count again. At delivery rather than in the lead's transaction, where it cost two statements per lead
 * (docs/decisions/0370-a-leads-request-cost.md).
 */
async function receiptAllowed(db: Db, notification: Pick<LeadNotificationRow, 'attempts'>, email: string): Promise<boolean> {
  if (notification.attempts > 0) return true;
  const limit = { count: RECEIPTS_PER_ADDRESS_PER_DAY, windowSeconds: 86_400 };
  return (await hitRateLimit(db, 'receipt', await hashClient(db, `receipt:${email}`), limit)).allowed;
}

/** Where the sales team's e-mails go: LEADS_NOTIFY_TO, or without it the site's contact address. */
export const salesAddresses = () => getEnv().LEADS_NOTIFY_TO ?? [getSiteFacts().email];

type Delivery = Awaited<ReturnType<typeof findForDelivery>>[number];

/** Push alerts to staff phones (src/modules/staff/push: booking alerts use it too). */
export { pushToStaff };

async function send(db: Db, { notification, lead, assignee }: Delivery): Promise<Outcome> {
  const facts = getSiteFacts();
  switch (notification.channel) {
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
      if (!(await receiptAllowed(db, notification, email))) return 'skipped';
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
 * `notify` jobs, a batch at a time: each message sent and its outcome recorded. A failure is recorded and its job
 * rejected, so pg-boss retries it; 24 hours after the lead it is marked failed instead. A message already sent,
 * failed or erased is left alone. One statement reads the batch's messages and one records their outcomes, so that a
 * message costs its sending and little else (docs/decisions/0370-a-leads-request-cost.md). Should recording fail, the
 * whole batch is tried again: a message is sent at least once. With the queue (`jobs`, as the workers run it), a first
 * reply recorded as sent is checked once more for a failure its provider reported meanwhile.
 */
export async function deliverNotifications(
  db: Db,
  notificationIds: string[],
  now = () => new Date(),
  jobs?: PgBoss,
): Promise<PromiseSettledResult<void>[]> {
  const found = new Map((await findForDelivery(db, notificationIds)).map((delivery) => [delivery.notification.id, delivery]));
  const attempts: Attempt[] = [];
  const sent: { id: string; at: Date }[] = [];
  const outcomes = await Promise.allSettled(
    notificationIds.map(async (id) => {
      const delivery = found.get(id);
      if (!delivery || delivery.notification.state !== 'queued') return;
      const { notification, lead } = delivery;
      try {
        const outcome = await send(db, delivery);
        const at = now();
        attempts.push(
          outcome === 'sent'
            ? { id, state: 'sent', lastError: null, at }
            : { id, state: NOT_SENT[outcome].state, lastError: NOT_SENT[outcome].lastError, at },
        );
        if (outcome === 'sent') {
          observeDelivery(notification.channel, lead.createdAt, at);
          sent.push({ id, at });
        }
      } catch (error) {
        // Staff see the reason on the lead; without addresses or numbers (an SMTP refusal quotes the recipient), as
        // every stored error (docs/decisions/0344-erasure-reaches-every-copy.md). The log names the error's kind only.
        const reason = withoutContactDetails(error instanceof Error ? error.message : String(error));
        // The outboxes' one give-up policy, from the lead's arrival; a first reply is of no use after two hours.
        const expired = givenUp(lead.createdAt, now(), notification.channel === 'first_reply' ? FIRST_REPLY_GIVE_UP_MS : GIVE_UP_AFTER_MS);
        attempts.push({ id, state: expired ? 'failed' : 'queued', lastError: reason, at: now() });
        logError(`[notifications] ${notification.channel} ${id} ${expired ? 'failed for good' : 'will be retried'}`, error);
        if (!expired) throw error;
      }
    }),
  );
  await recordAttempts(db, attempts);
  // A failure reported before the attempt was recorded found the notification queued and was left for this.
  if (jobs)
    for (const { id } of sent) {
      const delivery = found.get(id)!;
      if (delivery.notification.channel === 'first_reply') await firstReplyFailedMeanwhile(db, jobs, delivery.lead.id);
    }
  // Beside the backups: a site restored from an older backup does not send these messages again.
  await recordDeliveries(sent).catch((error) =>
    logError(`[notifications] ${sent.length} messages sent, but not written to the backup ledger`, error),
  );
  return outcomes;
}

/** One `notify` job's message (deliverNotifications for one): throws when it is to be tried again. */
export async function deliverNotification(db: Db, notificationId: string, now = () => new Date()): Promise<void> {
  const [outcome] = await deliverNotifications(db, [notificationId], now);
  if (outcome.status === 'rejected') throw outcome.reason;
}

/**
 * `lead-erased` job (queued by an erasure, src/modules/privacy/erasure.server.ts): tells the CRM which leads to delete, signed
 * like every webhook, its webhook-id made from the job's id so retries keep it. Without a webhook the CRM got no copy.
 * A failure is thrown, so pg-boss retries it (about three days).
 */
export async function deliverLeadErased(db: Db, event: LeadErasedJob, jobId: string): Promise<void> {
  const webhook = webhookTarget();
  if (!webhook) return;
  try {
    await webhookChannel.send(db, { ...webhook, id: webhookId({ id: jobId }), payload: leadErasedPayload(event) });
  } catch (error) {
    logError(`[notifications] lead.erased ${jobId} not delivered, will be retried`, error);
    throw error;
  }
}
