import 'server-only';
import webpush from 'web-push';
import { getSiteFacts } from '@/lib/site-facts.server';
import type { Db } from '@/lib/db/client';
import { pushEndpoint, usableKeys, type PushTarget } from './endpoint';
import type { PushMessage } from './message';

export type { PushTarget } from './endpoint';
export type { PushMessage } from './message';
import { vapidKeys } from './vapid.server';

/**
 * One Web Push message to one browser (docs/decisions/0364-push-alerts-on-the-agents-phone.md). `web-push` encrypts the
 * payload to the browser's keys (RFC 8291, aes128gcm) and signs the request (VAPID); the request itself goes through
 * fetch, with a time limit and no redirects, so a slow or odd push service cannot hold a worker or send us elsewhere.
 */

/**
 * sent: the push service took it; gone: the subscription can never take one (404/410: it no longer exists; 400, 403,
 * 413: the service refuses it for good, e.g. made with another key; keys that cannot be encrypted to; a service we do
 * not send to), so it is to be removed. Anything else (429, 5xx, the network) is thrown, to be tried again.
 */
export type PushOutcome = 'sent' | 'gone';

const TIMEOUT_MS = 10_000;
/** A new lead's alert is worth little after a day; the push service drops it then rather than wake a phone late. */
const TTL_SECONDS = 86_400;

const REFUSED_FOR_GOOD = new Set([400, 403, 404, 410, 413]);

export async function sendPush(db: Db, target: PushTarget, message: PushMessage): Promise<PushOutcome> {
  const endpoint = pushEndpoint(target.endpoint);
  if (!endpoint || !usableKeys(target)) return 'gone';
  const keys = await vapidKeys(db);
  const request = webpush.generateRequestDetails(
    { endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: `mailto:${getSiteFacts().email}`, ...keys },
      contentEncoding: 'aes128gcm',
      TTL: TTL_SECONDS,
      urgency: 'high',
    },
  );
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (REFUSED_FOR_GOOD.has(response.status)) return 'gone';
  if (!response.ok) throw new Error(`The push service answered ${response.status}`);
  return 'sent';
}
