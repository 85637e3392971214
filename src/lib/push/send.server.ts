import 'server-only';
import webpush from 'web-push';
import { getSiteFacts } from '@/content/site';
import type { Db } from '@/lib/db/client';
import { vapidKeys } from './vapid.server';

/**
 * One Web Push message to one browser (docs/decisions/0364-push-alerts-on-the-agents-phone.md). `web-push` encrypts the
 * payload to the browser's keys (RFC 8291, aes128gcm) and signs the request (VAPID); the request itself goes through
 * fetch, with a time limit and no redirects, so a slow or odd push service cannot hold a worker or send us elsewhere.
 */

/** What the staff app's service worker shows (public/staff-sw.js reads the same fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** The page a tap opens (same origin). */
  url: string;
  /** Alerts with one tag replace each other on the phone: one per lead. */
  tag: string;
  /** Where "I'm on it" posts, when the alert offers it. */
  claim?: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent: the push service took it; gone: the subscription no longer exists (404/410), so it is to be removed. */
export type PushOutcome = 'sent' | 'gone';

const TIMEOUT_MS = 10_000;
/** A new lead's alert is worth little after a day; the push service drops it then rather than wake a phone late. */
const TTL_SECONDS = 86_400;

export async function sendPush(db: Db, target: PushTarget, message: PushMessage): Promise<PushOutcome> {
  const keys = await vapidKeys(db);
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
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
  if (response.status === 404 || response.status === 410) return 'gone';
  if (!response.ok) throw new Error(`The push service answered ${response.status}`);
  return 'sent';
}
