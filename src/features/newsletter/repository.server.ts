import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { normaliseEmail } from '@/lib/validation/email';
import { newsletterSubscribers, type NewsletterSubscriberRow } from '@/lib/db/schema';

export interface SubscribeResult {
  /** true when this call created the row. */
  created: boolean;
}

const newToken = () => randomBytes(32).toString('base64url');

/**
 * One row per address. Subscribing again is fine: it re-subscribes an address that had unsubscribed and clears a
 * spam flag left by a honeypot sign-up. A honeypot sign-up itself never changes an existing row.
 */
export async function subscribe(db: Db, input: { email: string; spam: boolean; clientHash?: string }): Promise<SubscribeResult> {
  const email = normaliseEmail(input.email);
  const values = { email, unsubscribeToken: newToken(), spam: input.spam, clientHash: input.clientHash ?? null };
  if (input.spam) {
    const rows = await db.insert(newsletterSubscribers).values(values).onConflictDoNothing().returning({ id: newsletterSubscribers.id });
    return { created: rows.length > 0 };
  }
  const [row] = await db
    .insert(newsletterSubscribers)
    .values(values)
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        subscribedAt: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.subscribedAt} else now() end`,
        unsubscribedAt: sql`null`,
        spam: sql`false`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { created: Boolean(row?.inserted) };
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'unknown';

export async function unsubscribeByToken(db: Db, token: string): Promise<UnsubscribeOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'unknown';
  const updated = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`now()` })
    .where(and(eq(newsletterSubscribers.unsubscribeToken, token), isNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ id: newsletterSubscribers.id });
  if (updated.length > 0) return 'unsubscribed';
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .limit(1);
  return row ? 'already' : 'unknown';
}

export async function findSubscriber(db: Db, email: string): Promise<NewsletterSubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

/** Every sign-up, newest first (the owners' CSV export). */
export async function listSubscribers(db: Db): Promise<NewsletterSubscriberRow[]> {
  return db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.subscribedAt));
}
