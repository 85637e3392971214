import { findIdByIdempotencyKey, insertLead, leadOfKey } from '@/features/interest/repository.server';
import { INTEREST_FORM, leadCreated, leadReplayed, newLead } from '@/features/interest/submission.server';
import { queueLeadNotifications } from '@/features/notifications/delivery.server';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientHashOf } from '@/lib/http/client.server';
import { publicForm, type PublicSubmission } from '@/lib/http/public-route.server';
import { clientCounter, countRequest, fullRateLimit, RateLimited, siteCounter } from '@/lib/http/rate-limit.server';
import { postOnly } from '@/lib/http/response.server';
import { assignNewLead } from '@/domain/assignment.server';
import type { InterestInput } from '@/features/interest/schema';

export const dynamic = 'force-dynamic';

/**
 * POST /api/interest: a lead's whole path, in order. publicForm has already read the body and checked it with the
 * interest schema (400 {error} with the field's sentence when it does not pass); it turns RateLimited into 429
 * with Retry-After and any other failure into 503, and answers a form posted without scripts with a redirect.
 */
async function submitInterest({ request, input, idempotencyKey }: PublicSubmission<InterestInput>): Promise<Response> {
  const env = getEnv();
  const database = await getDatabase();
  const { db } = database;
  const clientHash = await clientHashOf(db, request);
  const lead = newLead(input, { idempotencyKey, clientHash, minFillMs: env.MIN_FILL_MS });

  // Limits: this client's (spam counts too), and the site-wide one of all clients together (spam never does, so
  // a bot is never refused by it and learns nothing). Both are counted in the transaction below, only for a new lead.
  const perClient = clientCounter('interest', clientHash, env.RATE_LIMIT_INTEREST);
  const siteWide = siteCounter('interest', env.RATE_LIMIT_INTEREST_SITE);
  if (!lead.spam) {
    // First a read, no count and no lock: a burst past the cap is refused at once instead of queueing on its
    // counter row. A retry of a form already stored still gets its lead, never a refusal.
    const full = await fullRateLimit(db, [perClient, siteWide]);
    const stored = full && idempotencyKey ? await findIdByIdempotencyKey(db, idempotencyKey) : undefined;
    if (stored) return leadReplayed(stored);
    if (full) throw new RateLimited(full.retryAfterSeconds, full.counter.scope);
  }

  // Store, assign, queue the messages: one transaction, so the lead, its agent and its sales e-mail, receipt and
  // webhook commit together or not at all. The queue is started first: on PGlite it shares the one connection.
  const jobs = lead.spam ? undefined : await database.jobs();
  const stored = await db.transaction(async (tx) => {
    const row = await insertLead(tx, lead);
    // A repeat of a stored form (its key is taken) costs no limit and stores nothing.
    if (!row) return undefined;
    await countRequest(tx, perClient);
    if (!jobs) return row;
    // The agent first (round-robin), so the sales e-mail goes to them too.
    await assignNewLead(tx, row);
    await queueLeadNotifications(tx, row, jobs);
    // Last: the site-wide counter is one row every lead updates, locked until this transaction commits.
    await countRequest(tx, siteWide);
    return row;
  });

  // Answer: 201 for a new lead, 200 with the same id for a repeat.
  return stored ? leadCreated(stored.id) : leadReplayed(await leadOfKey(db, idempotencyKey));
}

export const { POST, GET, PUT, PATCH, DELETE } = postOnly(publicForm(INTEREST_FORM, submitInterest));
