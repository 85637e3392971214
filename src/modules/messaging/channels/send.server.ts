import 'server-only';
import { sendMail, type MailMessage, type MailOutcome } from '@/lib/mail/mailer.server';
import { sendPush, type PushMessage, type PushOutcome, type PushTarget } from '@/lib/push/send.server';
import type { Channel } from './channel';
import { ChannelError, mayHaveReachedProvider, type ChannelErrorKind } from './channel-error';
import type { SentMessage } from './events';
import { sendSmsWithinLimits } from './sms-gate.server';
import { sendWhatsAppTemplate, sendWhatsAppText } from './whatsapp-cloud.server';
import { postWebhook } from './webhook.server';

/**
 * The five channels (./channel.ts): the only code that hands a message to a provider. Each wraps its provider's
 * client as it was; a failure is thrown as a ChannelError on every channel (docs/decisions/0410-one-outbox.md), its
 * message the provider's, so that a sender tells a retry from a refusal the same way whatever the channel.
 */

/** A failure thrown as a ChannelError of the kind `kindOf` says, its message and cause kept. */
async function typed<T>(
  send: () => Promise<T>,
  kindOf: (error: unknown) => ChannelErrorKind,
  unanswered: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ChannelError) throw error;
    const providerCode =
      (error as { responseCode?: unknown; code?: unknown } | undefined)?.responseCode ?? (error as { code?: unknown } | undefined)?.code;
    const typedError = new ChannelError(kindOf(error), error instanceof Error ? error.message : String(error), {
      providerCode: providerCode === undefined ? undefined : String(providerCode),
      unanswered: unanswered(error),
    });
    typedError.cause = error;
    throw typedError;
  }
}

/**
 * An SMTP failure: a mailbox refused for good (a 5xx answer to the recipient) is `unreachable`; our credentials refused
 * (535, 530, EAUTH) `config`; the rest (4xx, no connection, a timeout) `retry`.
 */
export function mailErrorKind(error: unknown): ChannelErrorKind {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (code === 'EAUTH' || responseCode === 535 || responseCode === 530) return 'config';
  if (typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || responseCode === 550 || responseCode === 553))
    return 'unreachable';
  return 'retry';
}

/** An HTTP failure (a webhook receiver, a push service): 401 and 403 are our keys or secret, `config`; the rest `retry`. */
function httpErrorKind(error: unknown): ChannelErrorKind {
  const status = Number(/\b(\d{3})\b/.exec(error instanceof Error ? error.message : '')?.[1]);
  return status === 401 || status === 403 ? 'config' : 'retry';
}

/** A request that timed out may have been taken; one that never connected was not. */
const timedOutOrCut = (error: unknown) =>
  (error as { name?: string })?.name === 'TimeoutError' || (error instanceof TypeError && mayHaveReachedProvider(error));

/** E-mail by SMTP (src/lib/mail/mailer.server.ts): without a mail server, kept as an .eml file (`sent: false`). */
export const emailChannel: Channel<MailMessage, MailOutcome> = {
  name: 'email',
  send: (_db, message) =>
    typed(
      () => sendMail(message),
      mailErrorKind,
      (error) => (error as { code?: string })?.code === 'ETIMEDOUT',
    ),
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
  send: (db, { target, message }) => typed(() => sendPush(db, target, message), httpErrorKind, timedOutOrCut),
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
  send: (_db, { url, secret, id, payload }) => typed(() => postWebhook(url, secret, id, payload), httpErrorKind, timedOutOrCut),
};
