import 'server-only';
import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Db } from '@/lib/db/client';
import { storedSecret } from '@/lib/db/secrets.server';
import { getEnv } from '@/lib/env.server';
import { SOCKET_HOP_MARKER } from '@/lib/server-hand-over.mjs';

/**
 * Who is asking, without keeping their address (docs/decisions/0100-ip-storage.md,
 * 0304-client-address-from-the-socket.md). The one place that reads X-Forwarded-For.
 *
 * Route handlers get no socket, so the production server (server.mjs) appends the connection's address to
 * X-Forwarded-For before Next.js sees the request (serving/forwarded-for.mjs): the last entry is always the
 * socket's, whatever the client sent.
 * - TRUST_PROXY off: that last entry, the socket. A forged header never changes the bucket.
 * - TRUST_PROXY=n (true = 1): n entries back from the socket, i.e. the address the outermost of our n proxies
 *   appended; everything further left is client-supplied and ignored.
 * Without the header (in-process tests, other hosts) every request shares the constant bucket 'local'.
 * The address is then reduced (IPv6 to its /64) and hashed with a secret salt; only the hash is used or stored.
 */
export function clientAddress(request: Request, trustProxy: number): string {
  return addressFromForwardedFor(request.headers.get('x-forwarded-for'), trustProxy);
}

/** The same from the header's value (the visits serving/visits.mjs notes carry it without a Request). */
export function addressFromForwardedFor(header: string | null | undefined, trustProxy: number): string {
  if (!header) return 'local';
  const hops = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (hops.length === 0) return 'local';
  const index = Math.max(0, hops.length - 1 - trustProxy);
  return normaliseAddress(hops[index]) ?? 'unknown';
}

/**
 * Whether the client that sent `request` is on this machine: the address TRUST_PROXY points at and every hop after it
 * up to the socket are loopback. Behind a proxy on this machine the socket is loopback for everyone, so the socket
 * alone says nothing; and a direct client that forged a loopback entry is still refused by its own socket hop. Only
 * when the production server wrote that hop (its marker): elsewhere the whole header is the client's.
 */
export function isLoopbackClient(request: Request, trustProxy: number): boolean {
  const header = request.headers.get('x-forwarded-for');
  if (process.env[SOCKET_HOP_MARKER] !== '1' || !header) return false;
  const hops = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const first = Math.max(0, hops.length - 1 - trustProxy);
  return hops.length > 0 && hops.slice(first).every(isLoopbackAddress);
}

function isLoopbackAddress(hop: string): boolean {
  const value = bareAddress(hop);
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value).range() === 'loopback';
  return ipaddr.IPv6.isValid(value) && ipaddr.process(value).range() === 'loopback';
}

/** An address without the port ([v6]:port, v4:port) and zone id a forwarded entry may carry, which ipaddr.js does not take. */
function bareAddress(raw: string): string {
  let value = raw.trim();
  if (value.startsWith('[')) value = value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.replace(/:\d+$/, '');
  return value.replace(/%.*$/, '');
}

/** Canonical form used for hashing: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 reduced to its /64 prefix. */
export function normaliseAddress(raw: string): string | undefined {
  const value = bareAddress(raw);
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

/** The salted hash of the client that sent `request` (TRUST_PROXY decides which address that is). */
export const clientHashOf = (db: Db, request: Request): Promise<string> => hashClient(db, clientAddress(request, getEnv().TRUST_PROXY));

/** The IPv6 prefixes wider than a client's /64 that its limits also apply to: one home's or office's usual allocations. */
export const WIDER_PREFIXES = [56, 48] as const;
export type WiderPrefix = (typeof WIDER_PREFIXES)[number];

/**
 * The client and, for IPv6, the networks its /64 lies in (docs/decisions/0343-a-flood-is-held-not-refused.md): one
 * holder of a /48 has 65,536 /64s, so a limit on the /64 alone does not stop them. IPv4 has no wider network: many
 * real visitors share one address behind a carrier's NAT, and a /24 would be a whole town's.
 */
export interface ClientIdentity {
  hash: string;
  networks: { prefix: WiderPrefix; hash: string }[];
}

export async function clientIdentityOf(db: Db, request: Request): Promise<ClientIdentity> {
  const address = clientAddress(request, getEnv().TRUST_PROXY);
  const networks = await Promise.all(
    widerNetworks(address).map(async ({ prefix, network }) => ({ prefix, hash: await hashClient(db, network) })),
  );
  return { hash: await hashClient(db, address), networks };
}

/** The /56 and /48 of a normalised IPv6 /64 (as normaliseAddress writes it); none for anything else. */
export function widerNetworks(address: string): { prefix: WiderPrefix; network: string }[] {
  if (!address.endsWith('::/64')) return [];
  const bytes = ipaddr.IPv6.parse(address.slice(0, -3)).toByteArray();
  return WIDER_PREFIXES.map((prefix) => {
    const kept = bytes.map((byte, i) => (i < prefix / 8 ? byte : 0));
    return { prefix, network: `${ipaddr.fromByteArray(kept).toString()}/${prefix}` };
  });
}
