import 'server-only';
import { sendMail } from '@/lib/mail/mailer.server';
import type { Rendered } from './render';

/**
 * How a buyer is reached (docs/decisions/0391): every buyer message goes through one of these, chosen by its row's
 * channel. E-mail now; WhatsApp and SMS (issue 46) become two more entries, each rendering the same message in its own
 * form (a template message, a short text) from the same facts.
 */

export interface BuyerAddress {
  /** The lead: a message kept as a file carries it in its name, so erasing the lead deletes the file. */
  leadId: string;
  email: string;
  /** E.164 when it parsed, else as typed (WhatsApp and SMS will need it). */
  phone: string;
}

export interface BuyerMessage extends Rendered {
  /** The booking's calendar file (.ics), when one goes with it. */
  calendar?: string;
  /** Stable across retries: `<message-row-id@site-host>`. */
  messageId: string;
  replyTo: string;
}

/** sent; not_configured: nowhere to send it (without a mail server, kept as an .eml file). Failures are thrown. */
export type ChannelOutcome = 'sent' | 'not_configured';

export interface BuyerChannel {
  send(to: BuyerAddress, message: BuyerMessage): Promise<ChannelOutcome>;
}

export const emailChannel: BuyerChannel = {
  async send(to, message) {
    const result = await sendMail({
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

/** The channels a buyer message may go by, by the row's channel. */
export interface BuyerChannels {
  email: BuyerChannel;
}

export const BUYER_CHANNELS: BuyerChannels = { email: emailChannel };
