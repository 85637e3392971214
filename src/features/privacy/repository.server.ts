import 'server-only';
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { normaliseEmail } from '@/lib/validation/email';
import { interestSubmissions, leadActivity, leadNotes, newsletterSubscribers } from '@/lib/db/schema';

/**
 * NDPA subject access and erasure by e-mail address (docs/decisions/0203-privacy-requests.md). The audit trail keeps
 * only a SHA-256 of the address, so the record of an erasure does not itself hold the erased address.
 */

export const subjectFingerprint = (email: string) => `sha256:${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;

export async function exportSubject(db: Db, email: string) {
  const address = normaliseEmail(email);
  const leads = await db.select().from(interestSubmissions).where(eq(interestSubmissions.email, address));
  const ids = leads.map((l) => l.id);
  const notes = ids.length ? await db.select().from(leadNotes).where(inArray(leadNotes.leadId, ids)) : [];
  const activity = ids.length ? await db.select().from(leadActivity).where(inArray(leadActivity.leadId, ids)) : [];
  const newsletter = await db
    .select({ email: newsletterSubscribers.email, subscribedAt: newsletterSubscribers.subscribedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address));
  return {
    subject: address,
    generatedAt: new Date().toISOString(),
    // The client hash is a salted hash of a network address, not something the person gave us; it is listed as held.
    leads: leads.map((lead) => ({
      ...lead,
      idempotencyKey: undefined,
      notes: notes.filter((n) => n.leadId === lead.id).map((n) => ({ body: n.body, author: n.authorEmail, at: n.createdAt })),
      history: activity.filter((a) => a.leadId === lead.id).map((a) => ({ action: a.action, detail: a.detail, by: a.actorEmail, at: a.createdAt })),
    })),
    newsletter,
  };
}

/** Deletes every lead (with notes, history and notification records; queued jobs then find nothing to send) and the newsletter row of one address. */
export async function eraseSubject(db: Db, email: string): Promise<{ leads: number; newsletter: number }> {
  const address = normaliseEmail(email);
  return db.transaction(async (tx) => {
    const leads = await tx.select({ id: interestSubmissions.id }).from(interestSubmissions).where(eq(interestSubmissions.email, address));
    const ids = leads.map((l) => l.id);
    if (ids.length) {
      await tx.delete(interestSubmissions).where(inArray(interestSubmissions.id, ids));
    }
    const newsletter = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, address)).returning({ id: newsletterSubscribers.id });
    return { leads: ids.length, newsletter: newsletter.length };
  });
}
