import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { PRIVACY_NOTICE_VERSION } from '@/content/legal';
import type { Db } from '@/lib/db/client';
import { NO_PENDING_NEWSLETTER_REQUEST, newsletterSubscribers as subscribers, type NewsletterSubscriberRow } from '@/lib/db/schema';
import { periodBefore, RETENTION } from '@/content/retention';
import { normaliseEmail } from '@/lib/validation/email';
import { newsletterTokenSchema } from './schema';

/**
 * The newsletter list with double opt-in (docs/decisions/0310-newsletter-double-opt-in.md). One row per address:
 * a sign-up leaves it pending (a confirmation token), only the confirmation subscribes it and records the consent
 * (time, privacy-notice version, source), and an unsubscribed address stays unsubscribed until it confirms again.
 */

const newToken = () => randomBytes(32).toString('base64url');

/** A sign-up asked again within this time sends no second e-mail (a double tap, a burst of the same address). */
const CONFIRMATION_RESEND_AFTER_MS = 5 * 60_000;

const isSubscribed = (row: Pick<NewsletterSubscriberRow, 'confirmedAt' | 'unsubscribedAt'>) =>
  row.confirmedAt !== null && row.unsubscribedAt === null;

/** The oldest request time whose confirmation link still works. */
const linkValidSince = (now: Date) => periodBefore(now, RETENTION.unconfirmedNewsletter);

export interface SignUp {
  email: string;
  /** A filled honeypot: stored flagged, nothing is sent, and it never changes an existing row. */
  spam: boolean;
  clientHash: string;
  /** Which form on which page, e.g. `footer:/d2`. */
  source: string;
}

/**
 * Records a sign-up request (call it in a transaction). Returns the row whose confirmation e-mail is due now, or
 * undefined: the address is subscribed already, it was asked moments ago, or the request is spam. Nothing about
 * the address's state reaches the visitor: the route answers every sign-up alike.
 */
export async function requestSubscription(tx: Db, input: SignUp, now = new Date()): Promise<string | undefined> {
  const email = normaliseEmail(input.email);
  const request = { confirmRequestedAt: now, requestSource: input.source, clientHash: input.clientHash };
  const [created] = await tx
    .insert(subscribers)
    .values({
      email,
      subscribedAt: now,
      unsubscribeToken: newToken(),
      spam: input.spam,
      confirmToken: input.spam ? null : newToken(),
      ...request,
    })
    .onConflictDoNothing()
    .returning({ id: subscribers.id });
  if (created) return input.spam ? undefined : created.id;
  if (input.spam) return undefined;
  // The row is locked until the transaction ends, so sign-ups of one address arriving together send one e-mail.
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.email, email)).for('update');
  if (!row || isSubscribed(row)) return undefined;
  const linkValid = row.confirmToken !== null && row.confirmRequestedAt !== null && row.confirmRequestedAt >= linkValidSince(now);
  if (linkValid && now.getTime() - row.confirmRequestedAt!.getTime() < CONFIRMATION_RESEND_AFTER_MS) return undefined;
  await tx
    .update(subscribers)
    .set({ ...request, confirmToken: linkValid ? row.confirmToken : newToken(), spam: false })
    .where(eq(subscribers.id, row.id));
  return row.id;
}

/** What the confirmation e-mail needs; undefined once the sign-up is confirmed, unsubscribed from or expired. */
export async function findPendingById(db: Db, id: string, now = new Date()) {
  const [row] = await db
    .select({ email: subscribers.email, confirmToken: subscribers.confirmToken, unsubscribeToken: subscribers.unsubscribeToken })
    .from(subscribers)
    .where(and(eq(subscribers.id, id), isNotNull(subscribers.confirmToken), gte(subscribers.confirmRequestedAt, linkValidSince(now))))
    .limit(1);
  return row?.confirmToken ? { ...row, confirmToken: row.confirmToken } : undefined;
}

/** Whether a confirmation link still works (for the page that shows the button). */
export async function isPendingToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!newsletterTokenSchema.safeParse(token).success) return false;
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.confirmToken, token), gte(subscribers.confirmRequestedAt, linkValidSince(now))))
    .limit(1);
  return Boolean(row);
}

/**
 * The confirmation: subscribes the address (again, if it had unsubscribed) and records the consent — now, the
 * privacy notice's version, the form it came from. False when the link is unknown, used or expired.
 */
export async function confirmByToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!newsletterTokenSchema.safeParse(token).success) return false;
  const confirmed = await db
    .update(subscribers)
    .set({
      confirmedAt: now,
      consentNoticeVersion: PRIVACY_NOTICE_VERSION,
      consentSource: sql`${subscribers.requestSource}`,
      unsubscribedAt: null,
      spam: false,
      ...NO_PENDING_NEWSLETTER_REQUEST,
    })
    .where(and(eq(subscribers.confirmToken, token), gte(subscribers.confirmRequestedAt, linkValidSince(now))))
    .returning({ id: subscribers.id });
  return confirmed.length > 0;
}

export type SubscriptionState = 'subscribed' | 'unsubscribed' | 'unknown';

/** The state the /unsubscribe page shows: `subscribed` covers a pending sign-up too (it can be withdrawn). */
export async function stateByUnsubscribeToken(db: Db, token: string): Promise<SubscriptionState> {
  if (!newsletterTokenSchema.safeParse(token).success) return 'unknown';
  const [row] = await db
    .select({ unsubscribedAt: subscribers.unsubscribedAt, confirmToken: subscribers.confirmToken })
    .from(subscribers)
    .where(eq(subscribers.unsubscribeToken, token))
    .limit(1);
  if (!row) return 'unknown';
  return row.unsubscribedAt && !row.confirmToken ? 'unsubscribed' : 'subscribed';
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'unknown';

/** Unsubscribes, and withdraws a pending sign-up (its confirmation link stops working). */
export async function unsubscribeByToken(db: Db, token: string, now = new Date()): Promise<UnsubscribeOutcome> {
  if (!newsletterTokenSchema.safeParse(token).success) return 'unknown';
  const updated = await db
    .update(subscribers)
    .set({
      unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      ...NO_PENDING_NEWSLETTER_REQUEST,
    })
    .where(and(eq(subscribers.unsubscribeToken, token), or(isNull(subscribers.unsubscribedAt), isNotNull(subscribers.confirmToken))))
    .returning({ id: subscribers.id });
  if (updated.length > 0) return 'unsubscribed';
  return (await stateByUnsubscribeToken(db, token)) === 'unknown' ? 'unknown' : 'already';
}

export async function findSubscriber(db: Db, email: string): Promise<NewsletterSubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

/** Confirmed, current subscribers, newest consent first (the owners' CSV export). */
export async function listSubscribed(db: Db): Promise<NewsletterSubscriberRow[]> {
  return db
    .select()
    .from(subscribers)
    .where(and(isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt)))
    .orderBy(desc(subscribers.confirmedAt));
}

// ---- retention and erasure (src/modules/system/retention.server.ts, src/modules/privacy/erasure.server.ts) ----------

const requestedAt = sql`coalesce(${subscribers.confirmRequestedAt}, ${subscribers.subscribedAt})`;

/** Clears the network fingerprints of sign-ups asked for before `before`; returns how many. */
export async function clearSignUpFingerprints(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(subscribers)
    .set({ clientHash: null })
    .where(and(isNotNull(subscribers.clientHash), lt(requestedAt, before)))
    .returning({ id: subscribers.id });
  return rows.length;
}

/** Sign-ups asked for before `before` and never confirmed: the retention job erases them. */
export const unconfirmedSignUpsBefore = (before: Date): SQL => and(isNull(subscribers.confirmedAt), lt(requestedAt, before))!;

/** An unsubscribed address that asked to come back and never confirmed keeps only its unsubscribe record. */
export async function expireComebackRequests(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(subscribers)
    .set(NO_PENDING_NEWSLETTER_REQUEST)
    .where(and(isNotNull(subscribers.confirmedAt), lt(subscribers.confirmRequestedAt, before)))
    .returning({ id: subscribers.id });
  return rows.length;
}

/** Deletes the sign-ups `where` names, in the erasure's transaction; returns what went. */
export async function eraseSignUps(tx: Db, where: SQL): Promise<{ id: string; email: string }[]> {
  return tx.delete(subscribers).where(where).returning({ id: subscribers.id, email: subscribers.email });
}
