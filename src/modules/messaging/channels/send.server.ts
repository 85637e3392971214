import 'server-only';
import { sendMail, type MailMessage, type MailOutcome } from '@/lib/mail/mailer.server';
import { sendPush, type PushMessage, type PushOutcome, type PushTarget } from '@/lib/push/send.server';
import type { Channel } from './channel';
import type { SentMessage } from './events';
import { sendSmsWithinLimits } from './sms-gate.server';
import { sendWhatsAppTemplate, sendWhatsAppText } from './whatsapp-cloud.server';
import { postWebhook } from './webhook.server';

/**
 * The five channels (./channel.ts): the only code that hands a message to a provider. Each wraps its provider's
 * client as it was, so what a send does and what it throws are unchanged.
 */

/** E-mail by SMTP (src/lib/mail/mailer.server.ts): without a mail server, kept as an .eml file (`sent: false`). */
export const emailChannel: Channel<MailMessage, MailOutcome> = {
  name: 'email',
  send: (_db, message) => sendMail(message),
};

/** WhatsApp Cloud API: free text (inside the buyer's 24-hour window) or an approved template. */
export type WhatsAppMessage =
  { to: string; body: string } | { to: string; template: string; language: string; parameters: string[]; reference?: string };

export const whatsAppChannel: Channel<WhatsAppMessage, SentMessage> = {
  name: 'whatsapp',
  send: (_db, message) => ('template' in message ? sendWhatsAppTemplate(message) : sendWhatsAppText(message)),
};

/** SMS by Termii, always through its limits' gate (./sms-gate.server.ts): its countries and its daily budget. */
export const smsChannel: Channel<{ to: string; text: string }, SentMessage> = {
  name: 'sms',
  send: (db, message) => sendSmsWithinLimits(db, message),
};

/** One Web Push alert to one staff member's browser (which browsers get it is the staff module's). */
export const pushChannel: Channel<{ target: PushTarget; message: PushMessage }, PushOutcome> = {
  name: 'push',
  send: (db, { target, message }) => sendPush(db, target, message),
};

/** One signed Standard Webhooks POST (the CRM's copy of a lead, an erasure, an owners' alert); `id` kept across retries. */
export interface WebhookMessage {
  url: string;
  secret: string;
  id: string;
  payload: unknown;
}

export const webhookChannel: Channel<WebhookMessage, void> = {
  name: 'webhook',
  send: (_db, { url, secret, id, payload }) => postWebhook(url, secret, id, payload),
};
