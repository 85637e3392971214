import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import type { LeadAction, MessageChannel } from '@/lib/db/enums';
import { hashClient } from '@/lib/http/client.server';
import { ChannelError } from '@/modules/messaging';
import type { SentMessage, StatusUpdate } from '@/modules/messaging';
import { getEnv } from '@/lib/env.server';
import { markFailedLate, smsConfigured } from '@/modules/messaging/server';
import { smsChannel, SmsWithheld, whatsAppChannel, whatsAppConfigured } from '@/modules/messaging/server';
import { recordActivity } from '../activity.repository.server';
import { changeLeadStatus, resendNotification } from '../operations.server';
import { getLead, lockPipeline } from '../submissions.repository.server';
import {
  abandonSend,
  beginSend,
  confirmSend,
  findOptOut,
  firstRepliesOf,
  messageByProviderId,
  recordOptOut,
  recordSent,
  removeOptOut,
  sentMessageByProviderId,
  stoppedChannels,
  withholdSend,
  type ConversationMessage,
} from './messages.repository.server';

/**
 * The rules of a lead's conversation by WhatsApp and SMS (docs/decisions/0394-whatsapp-and-sms.md): who may be sent
 * anything, what counts as STOP, and when WhatsApp allows free text.
 */

/**
 * Sends a message at most once (docs/decisions/0396-a-message-sent-at-most-once.md): its row is written as `sending`
 * before `send` (given the row's id, for providers that give it back in their statuses), confirmed with the provider's
 * id after, and deleted when the provider refused it. A send whose answer never came keeps its row: it may have gone.
 * An SMS its limits withheld (SmsWithheld, docs/decisions/0402) keeps its row as failed, with the reason for staff.
 * The error is thrown on.
 */
export async function sendAtMostOnce(
  db: Db,
  message: Parameters<typeof beginSend>[1],
  send: (reference: string) => Promise<SentMessage>,
): Promise<void> {
  const pending = await beginSend(db, message);
  try {
    const { providerId } = await send(pending);
    await confirmSend(db, pending, providerId);
  } catch (error) {
    if (error instanceof SmsWithheld) await withholdSend(db, pending, error.message);
    else if (!(error instanceof ChannelError && error.unanswered)) await abandonSend(db, pending);
    throw error;
  }
}

/** "Will call you shortly" is no use a day late: a first reply not sent within two hours is given up (marked failed). */
export const FIRST_REPLY_GIVE_UP_MS = 2 * 3_600_000;

/** What a provider said of a first reply it took and then could not deliver. */
export interface FirstReplyFailure {
  channel: MessageChannel;
  /** The number is not on WhatsApp (or cannot get SMS). */
  unreachable: boolean;
  error: string;
  at: Date;
}

/**
 * A first reply the provider took and reported later, by webhook, as failed for good (its status already recorded).
 * Meta often takes a message and only then finds the number is not on WhatsApp. While the lead is still new and its
 * first reply of use (FIRST_REPLY_GIVE_UP_MS), it is queued again, once however often the failure is reported, and its
 * sender goes by SMS (src/modules/leads/notifications/first-reply.server.ts) with the queue's retries: for a number not on
 * WhatsApp, and for any WhatsApp failure while SMS is set up. Otherwise its notification turns from sent to failed,
 * so the lead page, the System page and /metrics say it did not reach the buyer. Nothing while another first reply of
 * the lead went or is on its way. A report that comes before the worker has recorded the send finds the notification
 * still queued: the worker settles it then (firstReplyFailedMeanwhile).
 */
export async function settleFailedFirstReply(db: Db, jobs: PgBoss, leadId: string, failure: FirstReplyFailure, now = new Date()) {
  if ((await firstRepliesOf(db, leadId)).some((reply) => reply.status !== 'failed')) return;
  const lead = await getLead(db, leadId);
  if (!lead) return;
  const ofUse = lead.status === 'new' && now.getTime() - lead.createdAt.getTime() < FIRST_REPLY_GIVE_UP_MS;
  if (ofUse && (failure.unreachable || (failure.channel === 'whatsapp' && smsConfigured())))
    await resendNotification(db, jobs, leadId, 'first_reply', { unlessQueued: true });
  else await markFailedLate(db, { type: 'lead', id: leadId }, 'first_reply', failure.error, failure.at);
}

/** A failed status of a message we sent: settled as above when it is a first reply. */
export async function firstReplyFailedLate(db: Db, jobs: PgBoss, failed: StatusUpdate): Promise<void> {
  const message = await sentMessageByProviderId(db, failed.channel, failed.providerId);
  if (message?.kind !== 'first_reply') return;
  const failure = {
    channel: failed.channel,
    unreachable: failed.errorKind === 'unreachable',
    error: failed.error ?? `${failed.channel} reported it failed`,
    at: failed.at,
  };
  await settleFailedFirstReply(db, jobs, message.leadId, failure);
}

/**
 * After the worker recorded a first reply as sent: the failure a provider reported meanwhile (while the notification
 * was still queued, so the webhook left it) is settled now, from the message's recorded error.
 */
export async function firstReplyFailedMeanwhile(db: Db, jobs: PgBoss, leadId: string, now = new Date()): Promise<void> {
  const replies = await firstRepliesOf(db, leadId);
  const last = replies.at(-1);
  if (!last || replies.some((reply) => reply.status !== 'failed')) return;
  await settleFailedFirstReply(
    db,
    jobs,
    leadId,
    { channel: last.channel, unreachable: false, error: last.error ?? 'failed', at: now },
    now,
  );
}

/** A message for a buyer's phone: WhatsApp's approved template with its parameters and filled-in text, and its SMS. */
export interface PhoneSend {
  leadId: string;
  to: string;
  kind: 'first_reply' | 'reminder';
  template: string;
  parameters: string[];
  /** The template's text as the buyer reads it (kept in the conversation). */
  body: string;
  sms: string;
}

/**
 * WhatsApp first, SMS where WhatsApp cannot reach (docs/decisions/0394, 0397): the template by WhatsApp when it is set
 * up and `tryWhatsApp`; by SMS when WhatsApp is off or skipped, when Meta says the number is not on WhatsApp, or when
 * `smsAfter` says so of its other failures (the first reply's minute of patience). Each send at most once
 * (sendAtMostOnce): one whose answer never came counts as sent, and nothing more goes. `unreachable`: neither channel
 * can take it (the number is not on WhatsApp and SMS is off); `opted_out`: it would have to go by SMS, and the number
 * said STOP by SMS; `withheld`: the SMS's limits kept it (docs/decisions/0402: its country, or today's budget), recorded
 * in the conversation as failed with the reason, and not tried again. Other failures are thrown: the job tries again.
 */
export async function sendToPhone(
  db: Db,
  message: PhoneSend,
  { tryWhatsApp = true, smsAfter = () => false }: { tryWhatsApp?: boolean; smsAfter?: (error: ChannelError) => boolean } = {},
): Promise<'sent' | 'unreachable' | 'opted_out' | 'withheld'> {
  const { leadId, to, kind, template, parameters, body, sms } = message;
  if (tryWhatsApp && whatsAppConfigured() && (await mayMessage(db, to, 'whatsapp'))) {
    const { WHATSAPP_TEMPLATE_LANGUAGE: language } = getEnv();
    try {
      await sendAtMostOnce(db, { leadId, channel: 'whatsapp', kind, body, template }, (reference) =>
        whatsAppChannel.send(db, { to, template, language, parameters, reference }),
      );
      return 'sent';
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      // No answer: WhatsApp may have taken it, and its statuses will say. Never again, never by SMS as well.
      if (error.unanswered) return 'sent';
      const unreachable = error.kind === 'unreachable';
      if (!unreachable && !(smsConfigured() && smsAfter(error))) throw error;
      if (!smsConfigured()) return 'unreachable';
    }
  }
  if (!smsConfigured()) return 'unreachable';
  if (!(await mayMessage(db, to, 'sms'))) return 'opted_out';
  try {
    await sendAtMostOnce(db, { leadId, channel: 'sms', kind, body: sms }, () => smsChannel.send(db, { to, text: sms }));
  } catch (error) {
    if (error instanceof SmsWithheld) return 'withheld';
    if (!(error instanceof ChannelError && error.unanswered)) throw error;
  }
  return 'sent';
}

/** Whether a buyer's phone can be messaged at all: WhatsApp or SMS is set up. */
export const phoneChannelOn = () => whatsAppConfigured() || smsConfigured();

/** WhatsApp's customer-service window: free text may go for 24 hours after the buyer's last message. */
export const REPLY_WINDOW_MS = 24 * 3_600_000;

/** Whether free text may go now, and until when: the window opened by the buyer's last message. */
export function replyWindow(lastReceived: Date | undefined, now = new Date()): { open: boolean; closesAt?: Date } {
  if (!lastReceived) return { open: false };
  const closesAt = new Date(lastReceived.getTime() + REPLY_WINDOW_MS);
  return { open: closesAt.getTime() > now.getTime(), closesAt };
}

/**
 * The words that stop messages to a number on the channel they are said on, as senders in Nigeria and elsewhere write
 * them (case and stray punctuation aside). A STOP by SMS stops SMS only; one on WhatsApp stops every channel (the
 * buyer's own chat with us: "no more messages"). docs/decisions/0402.
 */
export const STOP_WORDS = ['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPT OUT', 'OPTOUT', 'OPT-OUT'];

/** The words that undo a STOP said on the same channel. */
export const START_WORDS = ['START', 'UNSTOP', 'RESUME', 'SUBSCRIBE'];

const said = (text: string) =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z -]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export function isStopMessage(text: string): boolean {
  return STOP_WORDS.includes(said(text));
}

export function isStartMessage(text: string): boolean {
  return START_WORDS.includes(said(text));
}

/** A number's salted hash: an opt-out outlives the person's lead without keeping their number. */
const phoneHash = (db: Db, phoneE164: string) => hashClient(db, `phone:${phoneE164}`);

/** The channels a STOP said on `channel` stops. */
const STOPS: Record<MessageChannel, MessageChannel[]> = { whatsapp: ['whatsapp', 'sms'], sms: ['sms'] };

/**
 * Whether this number may be sent anything by `channel` (it did not say STOP there, nor on WhatsApp); without a
 * channel, whether some channel may still carry a message. Checked before every send.
 */
export async function mayMessage(db: Db, phoneE164: string, channel?: MessageChannel): Promise<boolean> {
  const stopped = await stoppedChannels(db, await phoneHash(db, phoneE164));
  return channel ? !stopped.includes(channel) : stopped.length < Object.keys(STOPS).length;
}

/** Records a STOP from this number on `channel`; true the first time only, so it is acknowledged once. */
export async function optOut(db: Db, phoneE164: string, channel: MessageChannel, at = new Date()): Promise<boolean> {
  return recordOptOut(db, await phoneHash(db, phoneE164), channel, STOPS[channel], at);
}

/** Undoes this number's STOP said on `channel` (a START there); true when there was one, so it is acknowledged. */
export async function optIn(db: Db, phoneE164: string, channel: MessageChannel): Promise<boolean> {
  return removeOptOut(db, await phoneHash(db, phoneE164), channel);
}

/** When and by which channel this number said STOP, and what it stops (the lead page shows it); undefined when it has not. */
export async function optOutOf(
  db: Db,
  phoneE164: string,
): Promise<{ at: Date; channel: MessageChannel; stops: MessageChannel[] } | undefined> {
  return findOptOut(db, await phoneHash(db, phoneE164));
}

/** The history's line for a message an agent sent (its channel and kind in the detail, never its words). */
export const MESSAGE_SENT = 'message_sent' satisfies LeadAction;

/**
 * A message an agent sent from the lead page, once its provider took it: recorded as theirs, added to the lead's
 * history, and, when the lead is still new, it is the first contact: the lead becomes `contacted` as "Mark contacted"
 * makes it (changeLeadStatus), so the overdue and pass-on rules see it. Returns the message as the page shows it.
 */
export async function recordAgentMessage(
  db: Db,
  message: { leadId: string; channel: MessageChannel; kind: 'text' | 'template'; body: string; template?: string; providerId: string },
  actor: Actor & { role: string },
  at = new Date(),
): Promise<ConversationMessage | undefined> {
  return db.transaction(async (tx) => {
    await recordSent(tx, { ...message, staffId: actor.id }, at);
    await recordActivity(tx, {
      leadId: message.leadId,
      actorId: actor.id,
      actorEmail: actor.email,
      action: MESSAGE_SENT,
      detail: { channel: message.channel, kind: message.kind },
      createdAt: at,
    });
    // Locked here, so a status someone sets meanwhile is never moved back to `contacted`; a millisecond later, so the
    // history reads the message, then what it did.
    if ((await lockPipeline(tx, message.leadId))?.status === 'new')
      await changeLeadStatus(tx, message.leadId, 'contacted', actor, new Date(at.getTime() + 1));
    return messageByProviderId(tx, message.channel, message.providerId);
  });
}
