import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationState, type OutboxChannel } from '@/lib/db/enums';
import type { OutboxMessageRow } from '@/lib/db/schema';
import {
  BUYER_CAP_REACHED,
  messagesOf,
  queueMessages,
  resendMessage,
  wakeOutbox,
  withdrawWaitingMessages,
  type NewOutboxMessage,
} from '@/modules/messaging/server';
import { getEnv } from '@/lib/env.server';

/**
 * A lead's messages (docs/decisions/0010-notifications-on-pg-boss.md, 0410-one-outbox.md): one message per kind (its
 * "channel" on the lead's page: sales_email, receipt, webhook, push, first_reply), queued in the one outbox in the
 * lead's own transaction; withdrawn, or sent again. What the messages say and how they are sent is
 * src/modules/leads/notifications; the outbox sends them.
 */

/** How each of a lead's messages goes. */
const CHANNEL_OF = {
  sales_email: 'email',
  receipt: 'email',
  webhook: 'webhook',
  push: 'push',
  first_reply: 'phone',
} as const satisfies Record<NotificationChannel, OutboxChannel>;

/** One message per lead and kind, ever (a resend re-queues the same message). */
const dedupeKey = (leadId: string, channel: NotificationChannel) => `lead:${leadId}:${channel}`;

/** A lead's message as its page, the privacy export and the tests read it: its kind named as its channel. */
export interface LeadNotification {
  id: string;
  leadId: string;
  channel: NotificationChannel;
  state: NotificationState;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const asNotification = (row: OutboxMessageRow): LeadNotification => ({
  id: row.id,
  leadId: row.subjectId,
  channel: row.kind as NotificationChannel,
  // One being sent is still waiting, as staff see it (a lead's messages are never withdrawn: they are deleted).
  state: (row.state === 'sending' ? 'queued' : row.state) as NotificationState,
  attempts: row.attempts,
  lastError: row.lastError,
  sentAt: row.sentAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The lead's messages, oldest first (its page). */
export async function listForLead(db: Db, leadId: string): Promise<LeadNotification[]> {
  return (await messagesOf(db, 'lead', [leadId])).map(asNotification);
}

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
 * Runs in the new lead's own transaction (takeLead, ./operations.server.ts): queues the lead's messages in the one
 * outbox with one job per message to send, so the lead and its messages commit together.
 */
export async function queueLeadNotifications(
  tx: Db,
  lead: { id: string; email: string | null },
  boss: PgBoss,
  { afterSeconds = 0 }: { afterSeconds?: number } = {},
): Promise<void> {
  // A webhook with no address is settled at once: there is nothing to send, so no job either.
  const settled: Partial<Record<NotificationChannel, NewOutboxMessage['settled']>> = {
    ...(webhookTarget() ? {} : { webhook: NOT_SENT.not_configured }),
    ...(lead.email === null ? { receipt: NOT_SENT.no_email } : {}),
  };
  // Without WhatsApp or SMS set up the lead has no first reply at all.
  const kinds = firstReplyOn() ? NOTIFICATION_CHANNELS : NOTIFICATION_CHANNELS.filter((channel) => channel !== 'first_reply');
  const startAfter = afterSeconds ? new Date(Date.now() + afterSeconds * 1000) : undefined;
  await queueMessages(
    tx,
    boss,
    kinds.map((kind) => ({
      subjectType: 'lead',
      subjectId: lead.id,
      leadId: lead.id,
      kind,
      channel: CHANNEL_OF[kind],
      dedupeKey: dedupeKey(lead.id, kind),
      settled: settled[kind],
    })),
    { startAfter },
  );
}

/** After the transaction of queueLeadNotifications has committed: this process's senders fetch its messages now. */
export const wakeLeadSenders = (boss: PgBoss) => wakeOutbox(boss);

/**
 * Of `leadIds`, the leads none of whose messages has started: their messages and jobs are deleted, as if never
 * queued, and their ids returned (a flood holding these leads: docs/decisions/0343-a-flood-is-held-not-refused.md).
 */
export const withdrawWaitingNotifications = (tx: Db, leadIds: string[]): Promise<string[]> => withdrawWaitingMessages(tx, 'lead', leadIds);

/**
 * An owner's "send again": the message goes back to `queued` with a new job. The webhook keeps its id, so a receiver
 * that did get it before can tell. Undefined when there is no such message. `unlessQueued`: nothing when it is queued
 * already (a provider reporting one failure twice queues it once).
 */
export async function resendNotification(
  db: Db,
  boss: PgBoss,
  leadId: string,
  channel: NotificationChannel,
  options: { unlessQueued?: boolean } = {},
): Promise<LeadNotification | undefined> {
  const row = await resendMessage(db, boss, { type: 'lead', id: leadId }, channel, options);
  return row && asNotification(row);
}
