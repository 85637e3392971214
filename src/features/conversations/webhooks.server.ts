import 'server-only';
import { optInAck, optOutAck } from '@/content/conversations';
import { getSiteFacts } from '@/content/site';
import { leadAlertRecipients } from '@/domain/leads/assignment.server';
import type { PgBoss } from 'pg-boss';
import { firstReplyFailedLate, isStartMessage, isStopMessage, optIn, optOut } from '@/domain/leads/conversations/conversations.server';
import { sendSmsWithinLimits } from '@/domain/leads/conversations/sms-gate.server';
import { latestLeadWithPhone, recordReceived, recordSent, recordStatus } from '@/domain/leads/conversations/messages.repository.server';
import { takeChatLead, wakeLeadSenders } from '@/domain/leads/operations.server';
import { campaignVisitedAs } from '@/domain/visits/counter.server';
import { pushToStaff } from '@/domain/push/staff-alerts.server';
import type { Db } from '@/lib/db/client';
import { logError } from '@/lib/log';
import type { ChannelEvent, IncomingMessage } from '@/lib/messaging/events';
import { sendWhatsAppText } from '@/lib/messaging/whatsapp-cloud.server';
import { CONVERSATION_PUSH_COPY } from '@/content/conversations-staff';
import { chatLeadOf, withCampaignSource } from './chat-lead';

/**
 * What a provider's webhook tells us (docs/decisions/0394-whatsapp-and-sms.md), taken in order: a status moves our
 * message on (never back); a buyer's message lands on the lead with that number and alerts its agent (push); a chat a
 * buyer starts on WhatsApp from a number no lead has becomes a lead (0399); STOP ends messages to the number on its
 * channel (every channel when said on WhatsApp), START on the same channel undoes it (0402), each acknowledged once. A
 * webhook delivered twice changes nothing the second time.
 */
export interface EventsTaken {
  statuses: number;
  received: number;
  optedOut: number;
  /** STOPs undone by a START on their channel. */
  optedIn: number;
  /** Leads made from chats that began on WhatsApp. */
  leads: number;
  /** Messages from numbers no lead has that made none: an SMS (it carries no name), or a STOP. */
  unknown: number;
}

export async function takeChannelEvents(db: Db, jobs: PgBoss, events: ChannelEvent[]): Promise<EventsTaken> {
  const taken: EventsTaken = { statuses: 0, received: 0, optedOut: 0, optedIn: 0, leads: 0, unknown: 0 };
  for (const event of events) {
    if (event.type === 'status') {
      // Only a status that moved the message on: a report delivered twice, or out of order, changes nothing.
      if (!(await recordStatus(db, event))) continue;
      taken.statuses++;
      if (event.status === 'failed') await firstReplyFailedLate(db, jobs, event);
      continue;
    }
    const stop = isStopMessage(event.text);
    const start = !stop && isStartMessage(event.text);
    const known = await latestLeadWithPhone(db, event.from);
    const chat = !known && !stop && event.channel === 'whatsapp' ? await leadOfChat(db, jobs, event) : undefined;
    const lead = known ?? chat;
    const recorded = lead
      ? await recordReceived(db, { leadId: lead.id, channel: event.channel, providerId: event.providerId, body: event.text }, event.at)
      : undefined;
    if (!lead) taken.unknown++;
    if (stop) {
      if (await optOut(db, event.from, event.channel, event.at)) {
        taken.optedOut++;
        await acknowledge(db, event, lead?.id, optOutAck(getSiteFacts().brand, event.channel));
      }
      continue;
    }
    // A START that undid a STOP is answered, and is no message for the agent; any other START is an ordinary message.
    if (start && (await optIn(db, event.from, event.channel))) {
      taken.optedIn++;
      await acknowledge(db, event, lead?.id, optInAck(getSiteFacts().brand, event.channel));
      continue;
    }
    if (!lead || !recorded) continue;
    // A new lead's own alert (and sales e-mail) tells its agent; a message on a lead they have tells them by push.
    if (chat?.created) {
      taken.leads++;
      continue;
    }
    taken.received++;
    await pushToStaff(db, await leadAlertRecipients(db, lead), CONVERSATION_PUSH_COPY.message(lead.id, event.channel)).catch((error) =>
      logError('[conversations] a reply was recorded, but its push alert failed', error),
    );
  }
  return taken;
}

/**
 * The lead of a chat a buyer started on WhatsApp (docs/decisions/0399): made from what the chat says, its campaign
 * placed on the row of the visits that brought it, and taken as a form's lead is; its messages are sent at once.
 */
async function leadOfChat(db: Db, jobs: PgBoss, message: IncomingMessage) {
  const chat = chatLeadOf(message);
  const visitedAs = chat.utmCampaign && !chat.utmSource ? await campaignVisitedAs(db, chat.utmCampaign, chat.landingPath) : undefined;
  const lead = await takeChatLead(db, jobs, withCampaignSource(chat, visitedAs));
  if (lead.created) wakeLeadSenders(jobs);
  return lead;
}

/**
 * The one answer to a STOP or a START, on the channel it came by: inside WhatsApp's window, so free text may go; by SMS
 * within SMS's limits (docs/decisions/0402), which may withhold it.
 */
async function acknowledge(db: Db, event: IncomingMessage, leadId: string | undefined, body: string): Promise<void> {
  try {
    const { providerId } =
      event.channel === 'whatsapp'
        ? await sendWhatsAppText({ to: event.from, body })
        : await sendSmsWithinLimits(db, { to: event.from, text: body });
    if (leadId) await recordSent(db, { leadId, channel: event.channel, kind: 'opt_out_ack', body, providerId });
  } catch (error) {
    // The opt-out (or its undoing) holds; only its acknowledgement is lost.
    logError('[conversations] a STOP or START was recorded, but its acknowledgement could not be sent', error);
  }
}
