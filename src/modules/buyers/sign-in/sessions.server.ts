import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
// Next.js's cookie API on plain Request/Response, as the staff cookies use it (src/lib/auth/cookie.server.ts).
import { RequestCookies, ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import type { Db } from '@/lib/db/client';
import type { BuyerSessionMethod } from '@/lib/db/enums';
import { buyerPasskeys, buyerSessions, buyerSignIns } from '@/lib/db/schema';
import { servedOverHttps, wantsSecureCookies, type RequestLike } from '@/lib/auth/transport.server';
import { contactsOfBuyer } from '../account/identity.server';

/**
 * A buyer's sessions (docs/decisions/0418): a random 256-bit token in an HttpOnly, SameSite=Lax cookie (the `__Host-`
 * name, Secure, over HTTPS), its SHA-256 in buyer_sessions. 30 days from sign-in at most, 14 days without a visit.
 * Apart from the staff's: a buyer's cookie opens nothing of the staff area, nor the reverse.
 */
export const BUYER_SESSION_DAYS = 30;
const IDLE_MS = 14 * 86_400_000;
/** last_seen_at is written at most once per this interval (a record of access, as for staff: 0405). */
const SEEN_RESOLUTION_MS = 5 * 60_000;

const COOKIE = { plain: 'buyer_session', secure: '__Host-buyer_session' };
const cookieName = (request: RequestLike) => (servedOverHttps(request) ? COOKIE.secure : COOKIE.plain);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The token a cookie jar carries (a route's request, or `cookies()` in a page). */
export function buyerTokenFrom(jar: Pick<RequestCookies, 'get'>, https: boolean): string | undefined {
  return jar.get(https ? COOKIE.secure : COOKIE.plain)?.value || undefined;
}

export const buyerTokenOf = (request: Request) => buyerTokenFrom(new RequestCookies(request.headers), servedOverHttps(request));

export interface BuyerSession {
  id: string;
  /** The e-mail or number this session proved. */
  contact: string;
  /** Every contact of the buyer who proved it (it first; ../account/identity.server.ts): their page and devices. */
  contacts: string[];
  signedInWith: BuyerSessionMethod;
  /** When this session signed in: a recent one may add a passkey (docs/decisions/0423). */
  signedInAt: Date;
}

/** Opens a session for `contact` and sets its cookie on `response`. */
export async function startBuyerSession(
  db: Db,
  request: Request,
  response: Response,
  signedIn: { contact: string; channel: BuyerSessionMethod },
  deviceLabel: string | null,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + BUYER_SESSION_DAYS * 86_400_000);
  await db.insert(buyerSessions).values({
    tokenHash: sha256(token),
    contact: signedIn.contact,
    signedInWith: signedIn.channel,
    deviceLabel,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  // Sessions that ended (expired, signed out or idle) more than a day ago are forgotten.
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db
    .delete(buyerSessions)
    .where(
      or(
        lt(buyerSessions.expiresAt, dayAgo),
        lt(buyerSessions.revokedAt, dayAgo),
        lt(buyerSessions.lastSeenAt, new Date(dayAgo.getTime() - IDLE_MS)),
      ),
    );
  new ResponseCookies(response.headers).set(cookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: BUYER_SESSION_DAYS * 86_400,
    secure: wantsSecureCookies(request),
  });
}

/** Removes the buyer's cookie under both names. */
export function clearBuyerCookie(response: Response, request: RequestLike): void {
  const jar = new ResponseCookies(response.headers);
  const expired = { value: '', path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 } as const;
  jar.set({ name: COOKIE.secure, ...expired, secure: true });
  jar.set({ name: COOKIE.plain, ...expired, secure: wantsSecureCookies(request) });
}

const open = (now: Date) => [
  isNull(buyerSessions.revokedAt),
  gt(buyerSessions.expiresAt, now),
  gt(buyerSessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)),
];

/** The live session a token names, or undefined; notes the visit (at most once per five minutes). */
export async function buyerSessionOf(db: Db, token: string | undefined, now: Date): Promise<BuyerSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select({
      id: buyerSessions.id,
      contact: buyerSessions.contact,
      signedInWith: buyerSessions.signedInWith,
      signedInAt: buyerSessions.createdAt,
      lastSeenAt: buyerSessions.lastSeenAt,
    })
    .from(buyerSessions)
    .where(and(eq(buyerSessions.tokenHash, sha256(token)), ...open(now)));
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_RESOLUTION_MS)
    await db
      .update(buyerSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(buyerSessions.id, row.id), lt(buyerSessions.lastSeenAt, now)));
  return {
    id: row.id,
    contact: row.contact,
    contacts: await contactsOfBuyer(db, row.contact),
    signedInWith: row.signedInWith,
    signedInAt: row.signedInAt,
  };
}

export interface BuyerDevice {
  id: string;
  deviceLabel: string | null;
  signedInWith: BuyerSessionMethod;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The buyer's open sessions, whichever of their contacts each proved: this one first, then the most recently seen. */
export async function devicesOf(db: Db, session: BuyerSession, now: Date): Promise<BuyerDevice[]> {
  const rows = await db
    .select({
      id: buyerSessions.id,
      deviceLabel: buyerSessions.deviceLabel,
      signedInWith: buyerSessions.signedInWith,
      signedInAt: buyerSessions.createdAt,
      lastSeenAt: buyerSessions.lastSeenAt,
    })
    .from(buyerSessions)
    .where(and(inArray(buyerSessions.contact, session.contacts), ...open(now)))
    .orderBy(desc(buyerSessions.lastSeenAt));
  const listed = rows.map((row) => ({ ...row, current: row.id === session.id }));
  return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
}

/**
 * Ends sessions of the buyer signed in as `session`: this one, another of theirs (`other`, only when it is theirs), or
 * every one (`everywhere`), whichever of their contacts each signed in with. Returns how many ended.
 */
export async function endBuyerSessions(
  db: Db,
  session: BuyerSession,
  which: { this: true } | { other: string } | { everywhere: true },
  now: Date,
): Promise<number> {
  const target =
    'this' in which
      ? eq(buyerSessions.id, session.id)
      : 'other' in which
        ? and(eq(buyerSessions.id, which.other), inArray(buyerSessions.contact, session.contacts), ne(buyerSessions.id, session.id))
        : inArray(buyerSessions.contact, session.contacts);
  const rows = await db
    .update(buyerSessions)
    .set({ revokedAt: now })
    .where(and(target, isNull(buyerSessions.revokedAt)))
    .returning({ id: buyerSessions.id });
  return rows.length;
}

/**
 * Forgets every way in of these addresses: their sessions (with any passkey challenge of theirs), sign-in requests and
 * passkeys (an erasure: the leads go, and with them the address the buyer's way in kept; docs/decisions/0418, 0423).
 * Returns how many sessions and passkeys went.
 */
export async function forgetBuyerAccess(db: Db, contacts: string[]): Promise<{ sessions: number; passkeys: number }> {
  if (contacts.length === 0) return { sessions: 0, passkeys: 0 };
  await db.delete(buyerSignIns).where(inArray(buyerSignIns.contact, contacts));
  const passkeys = await db.delete(buyerPasskeys).where(inArray(buyerPasskeys.contact, contacts)).returning({ id: buyerPasskeys.id });
  const sessions = await db.delete(buyerSessions).where(inArray(buyerSessions.contact, contacts)).returning({ id: buyerSessions.id });
  return { sessions: sessions.length, passkeys: passkeys.length };
}
