import 'server-only';
import { optOutAck } from '@/content/conversations';
import { getSiteFacts } from '@/content/site';
import { leadAlertRecipients } from '@/domain/leads/assignment.server';
import type { PgBoss } from 'pg-boss';
import { isStopMessage, optOut } from '@/domain/leads/conversations/conversations.server';
import {
  latestLeadWithPhone,
  recordReceived,
  recordSent,
  recordStatus,
  sentMessageByProviderId,
} from '@/domain/leads/conversations/messages.repository.server';
import { resendNotification } from '@/domain/leads/notifications.server';
import { pushToStaff } from '@/domain/push/staff-alerts.server';
import type { Db } from '@/lib/db/client';
import { logError } from '@/lib/log';
import type { ChannelEvent, IncomingMessage, StatusUpdate } from '@/lib/messaging/events';
import { sendSms } from '@/lib/messaging/termii.server';
import { sendWhatsAppText } from '@/lib/messaging/whatsapp-cloud.server';
import { CONVERSATION_PUSH_COPY } from '@/content/conversations-staff';

/**
 * What a provider's webhook tells us (docs/decisions/0394-whatsapp-and-sms.md), taken in order: a status moves our
 * message on (never back); a buyer's message lands on the lead with that number and alerts its agent (push); STOP
 * ends every message to the number, acknowledged once. A webhook delivered twice changes nothing the second time.
 */
export interface EventsTaken {
  statuses: number;
  received: number;
  optedOut: number;
  /** Messages from numbers no lead has (their chats become leads in a later step of issue 46). */
  unknown: number;
}

export async function takeChannelEvents(db: Db, jobs: PgBoss, events: ChannelEvent[]): Promise<EventsTaken> {
  const taken: EventsTaken = { statuses: 0, received: 0, optedOut: 0, unknown: 0 };
  for (const event of events) {
    if (event.type === 'status') {
      if (await recordStatus(db, event)) taken.statuses++;
      if (event.status === 'failed' && event.errorKind === 'unreachable') await firstReplyAgain(db, jobs, event);
      continue;
    }
    const lead = await latestLeadWithPhone(db, event.from);
    const recorded = lead
      ? await recordReceived(db, { leadId: lead.id, channel: event.channel, providerId: event.providerId, body: event.text }, event.at)
      : undefined;
    if (!lead) taken.unknown++;
    if (isStopMessage(event.text)) {
      if (await optOut(db, event.from, event.channel, event.at)) {
        taken.optedOut++;
        await acknowledgeStop(db, event, lead?.id);
      }
      continue;
    }
    if (!lead || !recorded) continue;
    taken.received++;
    await pushToStaff(db, await leadAlertRecipients(db, lead), CONVERSATION_PUSH_COPY.message(lead.id, event.channel)).catch((error) =>
      logError('[conversations] a reply was recorded, but its push alert failed', error),
    );
  }
  return taken;
}

/**
 * Meta often takes a message and reports later, by webhook, that the number is not on WhatsApp: the lead's first
 * reply is then queued again, and its sender goes by SMS (src/features/notifications/first-reply.server.ts), with the
 * queue's retries, as it would have had Meta said so at once.
 */
async function firstReplyAgain(db: Db, jobs: PgBoss, failed: StatusUpdate): Promise<void> {
  const message = await sentMessageByProviderId(db, failed.channel, failed.providerId);
  if (message?.kind === 'first_reply') await resendNotification(db, jobs, message.leadId, 'first_reply', { unlessQueued: true });
}

/** The one answer to a STOP, on the channel it came by: inside WhatsApp's window, so free text may go. */
async function acknowledgeStop(db: Db, event: IncomingMessage, leadId: string | undefined): Promise<void> {
  const body = optOutAck(getSiteFacts().brand);
  try {
    const { providerId } =
      event.channel === 'whatsapp' ? await sendWhatsAppText({ to: event.from, body }) : await sendSms({ to: event.from, text: body });
    if (leadId) await recordSent(db, { leadId, channel: event.channel, kind: 'opt_out_ack', body, providerId });
  } catch (error) {
    // The opt-out itself holds; only its acknowledgement is lost.
    logError('[conversations] a STOP was recorded, but its acknowledgement could not be sent', error);
  }
}
