import 'server-only';
import type { PgBoss } from 'pg-boss';
import { getSiteFacts, getSiteUrl } from '@/content/site';
import type { Db } from '@/lib/db/client';
import type { NotificationChannel } from '@/lib/db/enums';
import type { LeadNotificationRow } from '@/lib/db/schema';
import { appendLedger } from '@/lib/backup/ledger.server';
import { getEnv } from '@/lib/env.server';
import { hashClient } from '@/lib/http/client.server';
import { hitRateLimit } from '@/lib/http/rate-limit.server';
import { deleteJobs, insertInTransaction, lockWaitingJobs, sendInTransaction, wakeWorkers } from '@/lib/jobs/queue';
import { NOTIFY, NOTIFY_PUSH, type LeadErasedJob } from '@/lib/jobs/queues';
import { logError, withoutContactDetails } from '@/lib/log';
import { observeDelivery } from '@/lib/ops/metrics.server';
import { sendMail } from '@/lib/mail/mailer.server';
import { sendPush, type PushMessage, type PushOutcome } from '@/lib/push/send.server';
import { forgetSubscriptions, markSubscriptionsUsed, pushTargetsOf } from '@/lib/push/subscriptions.server';
import { leadAlertRecipients } from '@/domain/assignment.server';
import { leadErasedPayload, leadPushMessage, receiptEmail, salesEmail, webhookPayload } from './messages';
import {
  createLeadNotifications,
  deleteNotifications,
  findForDelivery,
  notificationsOfLeads,
  recordAttempts,
  requeue,
  type Attempt,
} from './repository.server';
import { postWebhook } from './webhook.server';

/** A message that has not arrived this long after its lead is marked failed with its last error. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** The Standard Webhooks message id of a notification: stable across its retries. */
export const webhookId = (notification: Pick<LeadNotificationRow, 'id'>) => `msg_${notification.id.replace(/-/g, '')}`;

/** The queue of a channel's messages: push alerts have their own (a release before them never takes one). */
const queueOf = (channel: NotificationChannel) => (channel === 'push' ? NOTIFY_PUSH : NOTIFY);

/**
 * Runs in the new lead's own transaction (src/app/api/interest/route.ts): writes the lead's notification rows and one
 * job per row to send, so the lead and its messages commit together.
 */
export async function queueLeadNotifications(
  tx: Db,
  lead: { id: string },
  boss: PgBoss,
  { afterSeconds = 0 }: { afterSeconds?: number } = {},
): Promise<void> {
  // A webhook with no address is settled at once: there is nothing to send, so no job either.
  const rows = await createLeadNotifications(tx, lead, webhookTarget() ? {} : { webhook: NOT_SENT.not_configured });
  const queued = rows.filter((row) => row.state === 'queued');
  const startAfter = afterSeconds ? new Date(Date.now() + afterSeconds * 1000) : undefined;
  // The job carries the row's id only (no personal data); the id also makes the insert idempotent.
  for (const queue of [NOTIFY, NOTIFY_PUSH]) {
    const jobs = queued.filter((row) => queueOf(row.channel) === queue);
    await insertInTransaction(
      boss,
      tx,
      queue,
      jobs.map((row) => ({ id: row.id, data: { notificationId: row.id }, startAfter })),
    );
  }
}

/** After the transaction of queueLeadNotifications has committed: this process's senders fetch its messages now. */
export const wakeLeadSenders = (boss: PgBoss) => wakeWorkers(boss, [NOTIFY, NOTIFY_PUSH]);

/**
 * Of `leadIds`, the leads none of whose messages has started (every job still waiting for its time): their
 * notification rows and jobs are deleted, as if never queued, and their ids returned. A lead with a message already
 * taken by a worker keeps all of them. In the caller's transaction (a flood holding these leads:
 * docs/decisions/0343-a-flood-is-held-not-refused.md).
 */
export async function withdrawWaitingNotifications(tx: Db, leadIds: string[]): Promise<string[]> {
  if (!leadIds.length) return [];
  const rows = await notificationsOfLeads(tx, leadIds);
  const queued = rows.filter((row) => row.state === 'queued');
  const waiting = new Set<string>();
  for (const queue of [NOTIFY, NOTIFY_PUSH]) {
    const ids = queued.filter((row) => queueOf(row.channel) === queue).map((row) => row.id);
    for (const id of await lockWaitingJobs(tx, queue, ids)) waiting.add(id);
  }
  const untouched = (leadId: string) =>
    rows.every((row) => row.leadId !== leadId || (row.attempts === 0 && (row.state !== 'queued' || waiting.has(row.id))));
  const withdrawn = leadIds.filter(untouched);
  const gone = rows.filter((row) => withdrawn.includes(row.leadId));
  for (const queue of [NOTIFY, NOTIFY_PUSH]) {
    await deleteJobs(
      tx,
      queue,
      gone.filter((row) => queueOf(row.channel) === queue && waiting.has(row.id)).map((row) => row.id),
    );
  }
  await deleteNotifications(
    tx,
    gone.map((row) => row.id),
  );
  return withdrawn;
}

/**
 * An owner's "send again": the notification goes back to `queued` with a new job, in one transaction. The
 * webhook keeps its id, so a receiver that did get it before can tell. Undefined when there is no such notification.
 */
export async function resendNotification(db: Db, boss: PgBoss, leadId: string, channel: NotificationChannel) {
  const row = await db.transaction(async (tx) => {
    const row = await requeue(tx, leadId, channel);
    if (row) await sendInTransaction(boss, tx, queueOf(row.channel), { notificationId: row.id });
    return row;
  });
  if (row) wakeLeadSenders(boss);
  return row;
}

type Outcome = 'sent' | 'not_configured' | 'skipped';

/** Why an attempt sent nothing, as kept on the notification row. */
const NOT_SENT = {
  not_configured: { state: 'not_configured', lastError: 'not configured' },
  skipped: { state: 'skipped', lastError: 'receipt limit per address and day' },
} as const satisfies Record<Exclude<Outcome, 'sent'>, { state: Exclude<Outcome, 'sent'>; lastError: string }>;

/** Where lead webhooks go, when the owner set both the address and the signing secret. */
function webhookTarget(): { url: string; secret: string } | undefined {
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = getEnv();
  return url && secret ? { url, secret } : undefined;
}

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

/**
 * Pushes one message to the phones of these staff members. A subscription the push service says is gone is removed.
 * Sent when at least one phone took it; not_configured when none of them has alerts on; when every phone failed,
 * the first error is thrown so the job is tried again.
 */
export async function pushToStaff(db: Db, staffIds: string[], message: PushMessage): Promise<Outcome> {
  const targets = await pushTargetsOf(db, staffIds);
  const results = await Promise.allSettled(targets.map((target) => sendPush(db, target, message)));
  const idsWhere = (outcome: PushOutcome) =>
    targets.filter((_, i) => results[i].status === 'fulfilled' && results[i].value === outcome).map((t) => t.id);
  const sent = idsWhere('sent');
  await forgetSubscriptions(db, idsWhere('gone'));
  await markSubscriptionsUsed(db, sent, new Date());
  if (sent.length) return 'sent';
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return 'not_configured';
}

async function send(db: Db, { notification, lead, assignee }: Delivery): Promise<Outcome> {
  const facts = getSiteFacts();
  switch (notification.channel) {
    case 'sales_email': {
      // The lead's agent gets it as well as the sales addresses (docs/decisions/0205-lead-assignment.md).
      const agent = assignee?.email ? assignee : undefined;
      const message = salesEmail(lead, facts, getSiteUrl(), agent?.label);
      const result = await sendMail({
        ...message,
        to: [...new Set([...salesAddresses(), ...(agent ? [agent.email] : [])])],
        replyTo: lead.email,
        recordId: lead.id,
      });
      return result.sent ? 'sent' : 'not_configured';
    }
    case 'receipt': {
      if (!(await receiptAllowed(db, notification, lead.email))) return 'skipped';
      const result = await sendMail({ ...receiptEmail(lead, facts), to: [lead.email], replyTo: facts.email, recordId: lead.id });
      return result.sent ? 'sent' : 'not_configured';
    }
    case 'webhook': {
      const webhook = webhookTarget();
      if (!webhook) return 'not_configured';
      await postWebhook(webhook.url, webhook.secret, webhookId(notification), webhookPayload(lead));
      return 'sent';
    }
    case 'push':
      return pushToStaff(db, await leadAlertRecipients(db, lead), leadPushMessage(lead));
  }
}

/**
 * `notify` jobs, a batch at a time: each message sent and its outcome recorded. A failure is recorded and its job
 * rejected, so pg-boss retries it; 24 hours after the lead it is marked failed instead. A message already sent,
 * failed or erased is left alone. One statement reads the batch's messages and one records their outcomes, so that a
 * message costs its sending and little else (docs/decisions/0370-a-leads-request-cost.md). Should recording fail, the
 * whole batch is tried again: a message is sent at least once.
 */
export async function deliverNotifications(
  db: Db,
  notificationIds: string[],
  now = () => new Date(),
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
        attempts.push({ id, state: outcome, lastError: outcome === 'sent' ? null : NOT_SENT[outcome].lastError, at });
        if (outcome === 'sent') {
          observeDelivery(notification.channel, lead.createdAt, at);
          sent.push({ id, at });
        }
      } catch (error) {
        // Staff see the reason on the lead; without addresses or numbers (an SMTP refusal quotes the recipient), as
        // every stored error (docs/decisions/0344-erasure-reaches-every-copy.md). The log names the error's kind only.
        const reason = withoutContactDetails(error instanceof Error ? error.message : String(error));
        const expired = now().getTime() - lead.createdAt.getTime() >= GIVE_UP_AFTER_MS;
        attempts.push({ id, state: expired ? 'failed' : 'queued', lastError: reason, at: now() });
        logError(`[notifications] ${notification.channel} ${id} ${expired ? 'failed for good' : 'will be retried'}`, error);
        if (!expired) throw error;
      }
    }),
  );
  await recordAttempts(db, attempts);
  // Beside the backups: a site restored from an older backup does not send these messages again.
  await appendLedger(sent.map(({ id, at }) => ({ kind: 'delivered' as const, at: at.toISOString(), notificationId: id }))).catch((error) =>
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
 * `lead-erased` job (queued by an erasure, src/domain/erasure.server.ts): tells the CRM which leads to delete, signed
 * like every webhook, its webhook-id made from the job's id so retries keep it. Without a webhook the CRM got no copy.
 * A failure is thrown, so pg-boss retries it (about three days).
 */
export async function deliverLeadErased(event: LeadErasedJob, jobId: string): Promise<void> {
  const webhook = webhookTarget();
  if (!webhook) return;
  try {
    await postWebhook(webhook.url, webhook.secret, webhookId({ id: jobId }), leadErasedPayload(event));
  } catch (error) {
    logError(`[notifications] lead.erased ${jobId} not delivered, will be retried`, error);
    throw error;
  }
}
