import 'server-only';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ACCOUNT_PATHS } from '@/content/buyers';
import type { Db } from '@/lib/db/client';
import type { BuyerSignInChannel } from '@/lib/db/enums';
import { buyerSignIns, leads } from '@/lib/db/schema';
import { hitRateLimit } from '@/lib/http/rate-limit.server';
import { currentSecretsKey } from '@/lib/security/secrets-key.server';
import type { Contact } from '../contact';
import { queueSignInMessage, wipeSpentSecrets } from './delivery.server';

/**
 * Signing a buyer in without a password (docs/decisions/0418). A request always makes its row, whether or not the
 * address is a buyer's, and the answer is the same; only a known address gets the link or the code (queued in the one
 * outbox after the answer, so its timing tells nothing either: docs/decisions/0425). Links and codes live
 * SIGN_IN_TTL_MINUTES and work once; a code allows MAX_WRONG_CODES wrong tries, then that request is spent. What the
 * database keeps is a hash of each secret (and, while its message waits, the secret sealed: ./delivery.server.ts).
 */
export const SIGN_IN_TTL_MINUTES = 15;
export const MAX_WRONG_CODES = 5;
/** At most this many links or codes sent to one address an hour: nobody can flood a buyer's inbox or phone. */
const SENDS_PER_CONTACT = { count: 3, windowSeconds: 3600 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
/** A link's or a code page's token: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A code's HMAC, tied to its request: a copy of the database cannot try the million codes offline without the key. */
const codeHash = (tokenHash: string, code: string) =>
  createHmac('sha256', currentSecretsKey().derive('buyer-codes')).update(`${tokenHash}:${code}`).digest('hex');

/** Whether any lead (not spam) carries this address: the buyer's leads are those. */
export async function isKnownContact(db: Db, contact: Contact): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(contact.kind === 'email' ? eq(leads.email, contact.value) : eq(leads.phoneE164, contact.value), eq(leads.spam, false)))
    .limit(1);
  return row !== undefined;
}

export interface SignInRequest {
  /** Where the buyer goes next: "check your e-mail", or the code's page (its token, never the number). */
  next: string;
  /**
   * Queues the link or code in the one outbox when the address is known, started after the answer is decided (its
   * timing tells nothing); the route does not wait for it, tests do. 'queued', or 'none' (unknown address, or capped).
   */
  queue: () => Promise<'queued' | 'none'>;
}

/** Records a request and says where the buyer goes next; `queue` has the link or code sent when the address is known. */
export async function requestSignIn(
  db: Db,
  jobs: () => Promise<PgBoss>,
  contact: Contact,
  via: 'whatsapp' | 'sms',
  now: Date,
): Promise<SignInRequest> {
  // Requests a day past their expiry are forgotten (cheap, indexed), and no sealed secret outlives its request's use.
  await db.delete(buyerSignIns).where(lt(buyerSignIns.expiresAt, new Date(now.getTime() - 86_400_000)));
  await wipeSpentSecrets(db, now);
  const token = newToken();
  const tokenHash = sha256(token);
  const channel: BuyerSignInChannel = contact.kind === 'email' ? 'email' : via;
  const code = channel === 'email' ? undefined : String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [request] = await db
    .insert(buyerSignIns)
    .values({
      channel,
      contact: contact.value,
      tokenHash,
      codeHash: code ? codeHash(tokenHash, code) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MINUTES * 60_000),
    })
    .returning({ id: buyerSignIns.id });
  const queue = async () => {
    if (!(await isKnownContact(db, contact))) return 'none';
    const cap = await hitRateLimit(db, 'buyer-sign-in-sends', sha256(contact.value), SENDS_PER_CONTACT, now.getTime());
    if (!cap.allowed) return 'none';
    await queueSignInMessage(db, await jobs(), { id: request.id, channel, secret: code ?? token }, now);
    return 'queued';
  };
  return { next: code ? ACCOUNT_PATHS.code(token) : ACCOUNT_PATHS.sent, queue };
}

/** Still usable: not used, not expired, not spent by wrong codes. */
const usable = (now: Date) => [isNull(buyerSignIns.usedAt), gt(buyerSignIns.expiresAt, now), lt(buyerSignIns.wrongCodes, MAX_WRONG_CODES)];

/** Whether an e-mail link is live (its page; looking does not use it up, as mail scanners open links). */
export async function isLiveLink(db: Db, token: string, now: Date): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [row] = await db
    .select({ id: buyerSignIns.id })
    .from(buyerSignIns)
    .where(and(eq(buyerSignIns.tokenHash, sha256(token)), eq(buyerSignIns.channel, 'email'), ...usable(now)));
  return row !== undefined;
}

export type Redeemed = { ok: true; contact: string; channel: BuyerSignInChannel } | { ok: false; reason: 'bad_code' | 'spent' };

/** Uses an e-mail link up, in one statement (two tabs posting at once: one wins). */
export async function redeemLink(db: Db, token: string, now: Date): Promise<Redeemed> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: 'spent' };
  const [row] = await db
    .update(buyerSignIns)
    .set({ usedAt: now, sealedSecret: null })
    .where(and(eq(buyerSignIns.tokenHash, sha256(token)), eq(buyerSignIns.channel, 'email'), ...usable(now)))
    .returning({ contact: buyerSignIns.contact, channel: buyerSignIns.channel });
  return row ? { ok: true, ...row } : { ok: false, reason: 'spent' };
}

/**
 * Checks a code against its request: right, the request is used up; wrong, its count of wrong codes grows, and the
 * fifth wrong one spends it. Both in one statement each, so codes tried in parallel are all counted.
 */
export async function redeemCode(db: Db, token: string, code: string, now: Date): Promise<Redeemed> {
  if (!TOKEN_PATTERN.test(token) || !/^\d{6}$/.test(code)) return { ok: false, reason: TOKEN_PATTERN.test(token) ? 'bad_code' : 'spent' };
  const tokenHash = sha256(token);
  const [row] = await db
    .update(buyerSignIns)
    .set({ usedAt: now, sealedSecret: null })
    .where(and(eq(buyerSignIns.tokenHash, tokenHash), eq(buyerSignIns.codeHash, codeHash(tokenHash, code)), ...usable(now)))
    .returning({ contact: buyerSignIns.contact, channel: buyerSignIns.channel });
  if (row) return { ok: true, ...row };
  const [counted] = await db
    .update(buyerSignIns)
    .set({ wrongCodes: sql`${buyerSignIns.wrongCodes} + 1` })
    .where(
      and(eq(buyerSignIns.tokenHash, tokenHash), or(eq(buyerSignIns.channel, 'whatsapp'), eq(buyerSignIns.channel, 'sms')), ...usable(now)),
    )
    .returning({ wrongCodes: buyerSignIns.wrongCodes });
  return { ok: false, reason: counted && counted.wrongCodes < MAX_WRONG_CODES ? 'bad_code' : 'spent' };
}
