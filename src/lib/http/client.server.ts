import 'server-only';
import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Db } from '@/lib/db/client';
import { storedSecret } from '@/lib/db/secrets.server';

/**
 * Who is asking, without keeping their address (docs/decisions/0100-ip-storage.md).
 *
 * - TRUST_PROXY=true (or a number n of proxies): the address is the n-th entry from the right of X-Forwarded-For,
 *   i.e. the one our own proxy appended; entries further left are client-supplied and ignored.
 * - TRUST_PROXY off: Next.js route handlers get no socket. `next start` puts the connection's peer address in
 *   X-Forwarded-For when the request has none, so we use that header's last entry; a client that sends its own
 *   header can pick its bucket, which this mode cannot prevent. Without the header (in-process tests, other
 *   hosts) every request shares the constant bucket 'local'.
 * The address is then reduced (IPv6 to its /64) and hashed with a secret salt; only the hash is used or stored.
 */
export function clientAddress(request: Request, trustProxy: number): string {
  const header = request.headers.get('x-forwarded-for');
  if (!header) return 'local';
  const hops = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (hops.length === 0) return 'local';
  const index = trustProxy > 0 ? Math.max(0, hops.length - trustProxy) : hops.length - 1;
  return normaliseAddress(hops[index]) ?? 'unknown';
}

/** Canonical form used for hashing: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 reduced to its /64 prefix. */
export function normaliseAddress(raw: string): string | undefined {
  let value = raw.trim();
  // Forwarded entries may carry a port ([v6]:port, v4:port) and a zone id, which ipaddr.js does not take.
  if (value.startsWith('[')) value = value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.replace(/:\d+$/, '');
  value = value.replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return value;
  if (!ipaddr.IPv6.isValid(value)) return undefined;
  const address = ipaddr.IPv6.parse(value);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  const prefix = address.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Salted HMAC-SHA256 of a client address (first 32 hex characters). */
export async function hashClient(db: Db, address: string): Promise<string> {
  // The salt is shared by all instances on one database: generated once, kept in app_secrets.
  const salt = await storedSecret(db, 'client_hash_salt');
  return createHmac('sha256', salt).update(address).digest('hex').slice(0, 32);
}
