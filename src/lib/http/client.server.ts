import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { appSecrets } from '@/lib/db/schema';

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
  if (value.startsWith('[')) value = value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.replace(/:\d+$/, '');
  value = value.replace(/%.*$/, ''); // zone id
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1];
  const version = isIP(value);
  if (version === 4) return value;
  if (version === 6) return `${expandIpv6(value).slice(0, 4).join(':')}::/64`;
  return undefined;
}

function expandIpv6(address: string): string[] {
  const [head, tail = ''] = address.toLowerCase().split('::');
  const parse = (part: string) => (part ? part.split(':') : []);
  let left = parse(head);
  let right = address.includes('::') ? parse(tail) : [];
  // An embedded IPv4 tail (::1.2.3.4) counts as two groups.
  const fix = (groups: string[]) =>
    groups.flatMap((g) => {
      if (!g.includes('.')) return [g];
      const [a, b, c, d] = g.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  left = fix(left);
  right = fix(right);
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array(Math.max(0, missing)).fill('0'), ...right];
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

const SALT_NAME = 'client_hash_salt';
const saltCache = new WeakMap<object, Promise<string>>();

/** The salt shared by all instances on one database: generated once, kept in app_secrets. */
function getSalt(db: Db): Promise<string> {
  let salt = saltCache.get(db);
  if (!salt) {
    salt = (async () => {
      await db
        .insert(appSecrets)
        .values({ name: SALT_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SALT_NAME));
      return row.value;
    })();
    salt.catch(() => saltCache.delete(db));
    saltCache.set(db, salt);
  }
  return salt;
}

/** Salted HMAC-SHA256 of a client address (first 32 hex characters). */
export async function hashClient(db: Db, address: string): Promise<string> {
  const salt = await getSalt(db);
  return createHmac('sha256', salt).update(address).digest('hex').slice(0, 32);
}
