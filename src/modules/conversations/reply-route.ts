import { replyWindow } from '@/modules/leads/server';
import type { MessageChannel, MessageDirection, MessageStatus } from '@/lib/db/enums';

/**
 * How an agent's reply goes from the lead page (docs/decisions/0394-whatsapp-and-sms.md): on the channel the
 * conversation is on, the latest message either way that was not lost (a buyer who wrote by SMS, or whose first reply
 * could only go by SMS, is answered by SMS); by WhatsApp otherwise; by the only channel set up when one is. On WhatsApp,
 * free text may go only inside the 24-hour window the buyer's last WhatsApp message opened; outside it, the approved
 * follow-up template. SMS takes free text at any time. Undefined: neither channel is set up.
 */
export type ReplyRoute = { channel: 'whatsapp'; window: { open: boolean; closesAt?: Date }; lastWritten?: Date } | { channel: 'sms' };

interface MessageSeen {
  channel: MessageChannel;
  direction: MessageDirection;
  status: MessageStatus;
  createdAt: Date;
}

export function replyRoute(
  messages: readonly MessageSeen[],
  configured: { whatsApp: boolean; sms: boolean },
  now = new Date(),
): ReplyRoute | undefined {
  if (!configured.whatsApp && !configured.sms) return undefined;
  const latest = (keep: (message: MessageSeen) => boolean) =>
    messages.reduce<MessageSeen | undefined>(
      (found, message) => (keep(message) && (!found || message.createdAt >= found.createdAt) ? message : found),
      undefined,
    );
  const onSms = latest((message) => message.status !== 'failed')?.channel === 'sms';
  if (!configured.whatsApp || (configured.sms && onSms)) return { channel: 'sms' };
  const lastWritten = latest((message) => message.channel === 'whatsapp' && message.direction === 'in')?.createdAt;
  return { channel: 'whatsapp', window: replyWindow(lastWritten, now), ...(lastWritten ? { lastWritten } : {}) };
}
