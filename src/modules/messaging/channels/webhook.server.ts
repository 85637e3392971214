import 'server-only';
import { Webhook } from 'standardwebhooks';

/** Per attempt; a receiver slower than this is treated as down and the message is retried. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs one signed message by the Standard Webhooks specification: `webhook-id` (the same on every retry of this
 * message, so the receiver can de-duplicate), `webhook-timestamp` (Unix seconds of this attempt) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. Anything but a 2xx answer throws.
 */
export async function postWebhook(url: string, secret: string, messageId: string, payload: unknown, now = new Date()): Promise<void> {
  const body = JSON.stringify(payload);
  const signature = new Webhook(secret).sign(messageId, now, body);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  await response.body?.cancel().catch(() => {});
  if (!response.ok) throw new Error(`the webhook receiver answered HTTP ${response.status}`);
}
