import 'server-only';
import { optInAck, optOutAck } from '@/content/conversations';
import { getSiteFacts } from '@/lib/site-facts.server';
import { leadAlertRecipients } from '@/modules/leads/server';
import type { PgBoss } from 'pg-boss';
import { firstReplyFailedLate, isStartMessage, isStopMessage, optIn, optOut } from '@/modules/leads/server';
import { latestLeadWithPhone, markNumberVerified, recordReceived, recordSent, recordStatus } from '@/modules/leads/server';
import { takeChatLead, type FloodAlert } from '@/modules/leads/server';
import { wakeLeadSenders } from '@/modules/leads/server';
import { campaignVisitedAs } from '@/modules/visits/server';
import { pushToStaff } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { messageWithoutFormatCharacters } from '@/lib/validation/text';
import type { ChannelEvent, IncomingMessage } from '@/modules/messaging';
import { smsChannel, whatsAppChannel } from '@/modules/messaging/server';
import { CONVERSATION_PUSH_COPY } from '@/content/conversations-staff';
import { chatLeadOf, withCampaignSource } from './chat-lead';

/**
 * What a provider's webhook tells us (docs/decisions/0394-whatsapp-and-sms.md), taken in order: a status moves our
 * message on (never back); a buyer's message lands on the lead with that number and alerts its agent (push); a chat a
 * buyer starts on WhatsApp from a number no lead has becomes a lead (0399); STOP ends messages to the number on its
 * channel (every channel when said on WhatsApp), START on the same channel undoes it (0402), each acknowledged once. A
 * webhook delivered twice changes nothing the second time. A message never lands on a spam or held lead a form made
 * with the number (anyone may have typed it): a chat starts a lead of its own, under the form's flood rules, and the
 * number counts as verified on the leads it may go to (docs/decisions/0403).
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

export async function takeChannelEvents(
  db: Db,
  jobs: PgBoss,
  events: ChannelEvent[],
  alertOwnersOfFlood: FloodAlert,
): Promise<EventsTaken> {
  const taken: EventsTaken = { statuses: 0, received: 0, optedOut: 0, optedIn: 0, leads: 0, unknown: 0 };
  for (const event of events) {
    if (event.type === 'status') {
      // Only a status that moved the message on: a report delivered twice, or out of order, changes nothing.
      if (!(await recordStatus(db, event))) continue;
      taken.statuses++;
      if (event.status === 'failed') await firstReplyFailedLate(db, jobs, event);
      continue;
    }
    // A buyer's words are kept without invisible format characters (a right-to-left override): what staff read is what
    // was sent, in the order it was stored (docs/decisions/0404).
    const message = { ...event, text: messageWithoutFormatCharacters(event.text) };
    const stop = isStopMessage(message.text);
    const start = !stop && isStartMessage(message.text);
    const known = await latestLeadWithPhone(db, message.from);
    const chat = !known && !stop && message.channel === 'whatsapp' ? await leadOfChat(db, jobs, message, alertOwnersOfFlood) : undefined;
    const lead = known ?? chat;
    const recorded = lead
      ? await recordReceived(
          db,
          { leadId: lead.id, channel: message.channel, providerId: message.providerId, body: message.text },
          message.at,
        )
      : undefined;
    if (!lead) taken.unknown++;
    // The number wrote to us: the buyer's own, on the leads a message from it may go to.
    else await markNumberVerified(db, event.from, event.at);
    if (stop) {
      if (await optOut(db, message.from, message.channel, message.at)) {
        taken.optedOut++;
        await acknowledge(db, message, lead?.id, optOutAck(getSiteFacts().brand, message.channel));
      }
      continue;
    }
    // A START that undid a STOP is answered, and is no message for the agent; any other START is an ordinary message.
    if (start && (await optIn(db, message.from, message.channel))) {
      taken.optedIn++;
      await acknowledge(db, message, lead?.id, optInAck(getSiteFacts().brand, message.channel));
      continue;
    }
    if (!lead || !recorded) continue;
    // A new lead's own alert (and sales e-mail) tells its agent; a message on a lead they have tells them by push. A
    // held chat's tells nobody until an owner releases it.
    if (chat?.created) {
      taken.leads++;
      continue;
    }
    taken.received++;
    if (lead.setAside) continue;
    await pushToStaff(db, await leadAlertRecipients(db, lead), CONVERSATION_PUSH_COPY.message(lead.id, message.channel)).catch((error) =>
      logError('[conversations] a reply was recorded, but its push alert failed', error),
    );
  }
  return taken;
}

/**
 * The lead of a chat a buyer started on WhatsApp (docs/decisions/0399): made from what the chat says, its campaign
 * placed on the row of the visits that brought it, and taken as a form's lead is; its messages are sent at once.
 */
async function leadOfChat(db: Db, jobs: PgBoss, message: IncomingMessage, alertOwnersOfFlood: FloodAlert) {
  const chat = chatLeadOf(message);
  const visitedAs = chat.utmCampaign && !chat.utmSource ? await campaignVisitedAs(db, chat.utmCampaign, chat.landingPath) : undefined;
  const lead = await takeChatLead(db, jobs, withCampaignSource(chat, visitedAs), alertOwnersOfFlood);
  if (lead.created && !lead.setAside) wakeLeadSenders(jobs);
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
        ? await whatsAppChannel.send(db, { to: event.from, body })
        : await smsChannel.send(db, { to: event.from, text: body });
    if (leadId) await recordSent(db, { leadId, channel: event.channel, kind: 'opt_out_ack', body, providerId });
  } catch (error) {
    // The opt-out (or its undoing) holds; only its acknowledgement is lost.
    logError('[conversations] a STOP or START was recorded, but its acknowledgement could not be sent', error);
  }
}
