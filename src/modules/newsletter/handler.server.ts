import 'server-only';
import { NEWSLETTER_ERRORS } from '@/content/form-errors';
import { getSiteUrl } from '@/lib/site-facts.server';
import { FORM_PAGES } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientHashOf, hashClient } from '@/lib/http/client.server';
import { publicForm } from '@/lib/http/public-route.server';
import { clientCounter, countRequests, hitRateLimit } from '@/lib/http/rate-limit.server';
import { jsonResponse } from '@/lib/http/response.server';
import { queueMessages } from '@/modules/messaging/server';
import { requestSubscription } from './repository.server';
import { newsletterSchema } from './schema';
import { confirmationMessage } from './workers.server';

/** At most this many confirmation e-mails reach one address a day, however many strangers sign it up. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

/**
 * POST /api/newsletter {email, website?, source?}: 200 {ok: true} for every sign-up — new, pending, subscribed,
 * unsubscribed or honeypot — so the answer tells nobody whether an address is on the list. The confirmation
 * e-mail is queued in the same transaction and sent by the worker, so a slow mail server never delays the answer.
 */
export const handleNewsletterPost = publicForm(
  { name: 'newsletter', schema: newsletterSchema, visibleFields: ['email'], errors: NEWSLETTER_ERRORS, formPages: FORM_PAGES.newsletter },
  async ({ request, input }) => {
    const database = await getDatabase();
    const { db } = database;
    const clientHash = await clientHashOf(db, request);
    await countRequests(db, [clientCounter('newsletter', clientHash, getEnv().RATE_LIMIT_NEWSLETTER)]);
    const spam = (input.website ?? '').trim() !== '';
    const source = `${input.source ?? 'api'}:${sameSitePath(request) ?? '-'}`;
    const addressHash = await hashClient(db, `newsletter:${input.email}`);
    // The queue is started before the transaction that uses it (PGlite has one connection).
    const jobs = await database.jobs();
    await db.transaction(async (tx) => {
      const due = await requestSubscription(tx, { email: input.email, spam, clientHash, source });
      if (!due) return;
      const perAddress = await hitRateLimit(tx, 'newsletter-confirmation', addressHash, {
        count: CONFIRMATIONS_PER_ADDRESS_PER_DAY,
        windowSeconds: 86_400,
      });
      // A message of the one outbox (docs/decisions/0410): one per request (the row is locked: one per moment).
      if (perAddress.allowed) await queueMessages(tx, jobs, [confirmationMessage(due, new Date())]);
    });
    return jsonResponse({ ok: true });
  },
);

/** The page the form was on, from the Referer of a post from this site (path only: a query may hold anything). */
function sameSitePath(request: Request): string | undefined {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    const ours = [new URL(request.url).origin, new URL(getSiteUrl()).origin];
    return ours.includes(referer.origin) ? referer.pathname.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
