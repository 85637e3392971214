import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import type { NotificationChannel, NotificationState } from '@/lib/db/enums';
import { BUYER_CAP_REACHED } from '@/modules/messaging/server';
import { getEnv } from '@/lib/env.server';
import { deleteJobs, insertInTransaction, lockWaitingJobs, sendInTransaction, wakeWorkers } from '@/lib/jobs/queue';
import { NOTIFY, NOTIFY_PUSH } from '@/lib/jobs/queues';
import { createLeadNotifications, deleteNotifications, notificationsOfLeads, requeue } from './notifications.repository.server';

/**
 * A lead's messages as rows and jobs (docs/decisions/0010-notifications-on-pg-boss.md): one notification row per
 * channel, and one job per row to send, written in the lead's own transaction; withdrawn, or sent again. What the
 * messages say and how they are sent is src/modules/leads/notifications.
 */

/** The queue of a channel's messages: push alerts have their own (a release before them never takes one). */
export const queueOf = (channel: NotificationChannel) => (channel === 'push' ? NOTIFY_PUSH : NOTIFY);

/** What an attempt at sending a message came to. */
export type Outcome =
  'sent' | 'not_configured' | 'skipped' | 'opted_out' | 'no_number' | 'number_limit' | 'no_email' | 'sms_withheld' | 'buyer_limit';

/** Why an attempt sent nothing, as kept on the notification row. */
export const NOT_SENT = {
  not_configured: { state: 'not_configured', lastError: 'not configured' },
  skipped: { state: 'skipped', lastError: 'receipt limit per address and day' },
  // The first reply by WhatsApp or SMS (docs/decisions/0394).
  opted_out: { state: 'skipped', lastError: 'the buyer said STOP: nothing more goes to this number' },
  no_number: { state: 'skipped', lastError: 'the number given cannot get WhatsApp or SMS' },
  number_limit: { state: 'skipped', lastError: 'this number already got 2 first replies today' },
  // Its SMS was withheld by SMS_COUNTRIES or SMS_DAILY_LIMIT (docs/decisions/0402); the lead's messages say which.
  sms_withheld: { state: 'skipped', lastError: 'the SMS was withheld: its country is not allowed, or today’s SMS budget is spent' },
  // A lead whose chat began on WhatsApp gives no e-mail address (docs/decisions/0399): it gets no receipt.
  no_email: { state: 'skipped', lastError: 'the chat began on WhatsApp: no e-mail address to send a receipt to' },
  // The one cap on messages to a buyer's address or number per day (docs/decisions/0401).
  buyer_limit: { state: 'skipped', lastError: BUYER_CAP_REACHED },
} as const satisfies Record<
  Exclude<Outcome, 'sent'>,
  { state: Exclude<NotificationState, 'queued' | 'sent' | 'failed'>; lastError: string }
>;

/** Where lead webhooks go, when the owner set both the address and the signing secret. */
export function webhookTarget(): { url: string; secret: string } | undefined {
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = getEnv();
  return url && secret ? { url, secret } : undefined;
}

/** Whether a new lead gets a first reply by WhatsApp or SMS: either is set up (docs/decisions/0394). */
export function firstReplyOn(env = getEnv()): boolean {
  return Boolean(env.WHATSAPP_TOKEN || env.TERMII_API_KEY);
}

/**
 * Runs in the new lead's own transaction (takeLead, ./operations.server.ts): writes the lead's notification rows and
 * one job per row to send, so the lead and its messages commit together.
 */
export async function queueLeadNotifications(
  tx: Db,
  lead: { id: string; email: string | null },
  boss: PgBoss,
  { afterSeconds = 0 }: { afterSeconds?: number } = {},
): Promise<void> {
  // A webhook with no address is settled at once: there is nothing to send, so no job either.
  const rows = await createLeadNotifications(
    tx,
    lead,
    { ...(webhookTarget() ? {} : { webhook: NOT_SENT.not_configured }), ...(lead.email === null ? { receipt: NOT_SENT.no_email } : {}) },
    { firstReply: firstReplyOn() },
  );
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
 * `unlessQueued`: nothing when it is queued already (a provider reporting one failure twice queues it once).
 */
export async function resendNotification(
  db: Db,
  boss: PgBoss,
  leadId: string,
  channel: NotificationChannel,
  options: { unlessQueued?: boolean } = {},
) {
  const row = await db.transaction(async (tx) => {
    const row = await requeue(tx, leadId, channel, options);
    if (row) await sendInTransaction(boss, tx, queueOf(row.channel), { notificationId: row.id });
    return row;
  });
  if (row) wakeLeadSenders(boss);
  return row;
}
