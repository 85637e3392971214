import 'server-only';
import { createPublicKey } from 'node:crypto';
import { getEnv } from '@/lib/env.server';

/**
 * Which subscriptions the server pushes to (docs/decisions/0364-push-alerts-on-the-agents-phone.md). A subscription's
 * endpoint is a URL the browser hands over, so only the push services of the browsers staff use are accepted (and
 * PUSH_SERVICE_HOSTS): the server never posts to an address of the staff member's choosing, inside our network or
 * out. Its keys must be a P-256 point and a 16-byte secret, or no alert could ever be encrypted to it.
 */

/** A browser's subscription as the server keeps it (PushSubscription.toJSON(): the endpoint and the two keys). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Chrome and Edge on Android and computers (FCM), Firefox (Mozilla), Safari and iPhone (Apple), Edge on Windows (WNS). */
const BROWSER_PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

/** The endpoint as the server keeps and posts to it (WHATWG form), or undefined when it is not one to push to. */
export function pushEndpoint(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase();
  const known = BROWSER_PUSH_SERVICES.some((pattern) => pattern.test(host)) || getEnv().PUSH_SERVICE_HOSTS.includes(host);
  return known ? url.href : undefined;
}

/** Whether the browser's keys can be encrypted to: an uncompressed P-256 point, and a 16-byte auth secret. */
export function usableKeys({ p256dh, auth }: Pick<PushTarget, 'p256dh' | 'auth'>): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(auth, 'base64url').length !== 16) return false;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
