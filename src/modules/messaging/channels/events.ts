import type { MessageChannel } from '@/lib/db/enums';
import type { ChannelErrorKind } from './channel-error';

/**
 * What a provider's webhook tells us (docs/decisions/0394-whatsapp-and-sms.md), in one shape for WhatsApp and SMS:
 * the parsers in ./whatsapp-cloud.server.ts and ./termii.server.ts turn each provider's payload into these.
 */
export type ChannelEvent = IncomingMessage | StatusUpdate;

/** A message a buyer sent us. */
export interface IncomingMessage {
  type: 'message';
  channel: MessageChannel;
  /** The provider's id of the message: a webhook delivered twice carries the same one. */
  providerId: string;
  /** The sender's number in E.164 (`+2348031234567`). */
  from: string;
  at: Date;
  /** The text (a caption or a button's text for other kinds; a short placeholder such as "[image]" when there is none). */
  text: string;
  /** The name the sender's WhatsApp profile shows, when the provider says. */
  profileName?: string;
  /** A click-to-WhatsApp ad's referral, when the chat began from one. */
  referral?: { sourceUrl?: string; sourceId?: string; sourceType?: string; headline?: string };
}

/** What became of a message we sent. */
export interface StatusUpdate {
  type: 'status';
  channel: MessageChannel;
  providerId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** The provider's reason, for a failed message (its code and title; never the message itself). */
  error?: string;
  /** What the failure means for the sender (a number not on WhatsApp is `unreachable`: the SMS is tried instead). */
  errorKind?: ChannelErrorKind;
  /** Our id of the message, when we gave one with it (WhatsApp's biz_opaque_callback_data). */
  reference?: string;
}

/** What a send gave: the provider's id of the message, which its status updates name. */
export interface SentMessage {
  providerId: string;
}
