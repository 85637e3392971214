import 'server-only';
import { mayMessage, phoneChannelOn, sendToPhone } from '@/modules/leads/server';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { emailChannel as messagingEmail } from '@/modules/messaging/server';
import type { PhoneMessage, Rendered } from './render';

/**
 * How a buyer is reached (docs/decisions/0391, 0397): every buyer message goes through one of these, chosen by its
 * row's channel: e-mail, or the buyer's phone (WhatsApp, SMS where WhatsApp cannot reach), each in its own form.
 */

export interface BuyerAddress {
  /** The lead: a message kept as a file carries it in its name, so erasing the lead deletes the file. */
  leadId: string;
  /** Null for a chat's lead (docs/decisions/0399): its messages go to its phone only. */
  email: string | null;
  /** E.164 when it parsed, else as typed. */
  phone: string;
  /** The number WhatsApp and SMS can reach: E.164, when it parsed. */
  phoneE164: string | null;
}

export interface BuyerMessage extends Rendered {
  /** The booking's calendar file (.ics), when one goes with it. */
  calendar?: string;
  /** Stable across retries: `<message-row-id@site-host>`. */
  messageId: string;
  replyTo: string;
  /** Its form for the buyer's phone, for the messages that go there (the reminders). */
  phone?: PhoneMessage;
}

/**
 * sent; not_configured: nowhere to send it (without a mail server, kept as an .eml file; no number WhatsApp or SMS can
 * reach); opted_out: the number said STOP. Failures are thrown.
 */
export type ChannelOutcome = 'sent' | 'not_configured' | 'opted_out' | 'sms_withheld';

export interface BuyerChannel {
  send(to: BuyerAddress, message: BuyerMessage, db: Db): Promise<ChannelOutcome>;
}

export const emailChannel: BuyerChannel = {
  async send(to, message, db) {
    if (!to.email) return 'not_configured';
    const result = await messagingEmail.send(db, {
      to: [to.email],
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      recordId: to.leadId,
      messageId: message.messageId,
      attachments: message.calendar
        ? [{ filename: 'site-inspection.ics', content: message.calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
        : undefined,
    });
    return result.sent ? 'sent' : 'not_configured';
  },
};

/**
 * The buyer's phone (docs/decisions/0397): WhatsApp's approved reminder template, or the SMS where Meta says the number
 * is not on WhatsApp or WhatsApp is off; never to a number that said STOP. At most once, as the first reply
 * (docs/decisions/0396): each send is recorded in the lead's conversation before it is asked of the provider, and a send
 * whose answer never came counts as sent (it may have gone, and its statuses will say), so it is not tried again.
 */
export const phoneChannel: BuyerChannel = {
  async send(to, message, db) {
    const number = to.phoneE164;
    if (!number || !message.phone || !phoneChannelOn()) return 'not_configured';
    if (!(await mayMessage(db, number))) return 'opted_out';
    const { parameters, text, sms } = message.phone;
    const template = getEnv().WHATSAPP_REMINDER_TEMPLATE;
    const sent = await sendToPhone(db, { leadId: to.leadId, to: number, kind: 'reminder', template, parameters, body: text, sms });
    return sent === 'unreachable' ? 'not_configured' : sent === 'withheld' ? 'sms_withheld' : sent;
  },
};

/** The channels a buyer message may go by, by the row's channel (tests give only the ones they look at). */
export interface BuyerChannels {
  email: BuyerChannel;
  phone?: BuyerChannel;
}

export const BUYER_CHANNELS: BuyerChannels = { email: emailChannel, phone: phoneChannel };
