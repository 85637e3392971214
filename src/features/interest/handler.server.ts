import 'server-only';
import { INTEREST_ERRORS } from '@/content/form-errors';
import { publicRoute } from '@/lib/http/public-route.server';
import { FORM_PAGES } from '@/lib/constants';
import { jsonResponse } from '@/lib/http/response.server';
import { findIdByIdempotencyKey, saveLead, type SaveOptions } from './repository.server';
import { INTEREST_VISIBLE_FIELDS } from './fields';
import { interestSchema } from './schema';

/**
 * POST /api/interest. 201 {ok, id} for a new lead; 200 {ok, id} (header Idempotent-Replayed: true) when the
 * Idempotency-Key already produced one. Honeypot or too-fast posts get the same 201 but are stored with spam=true.
 * Beyond RATE_LIMIT_INTEREST_SITE new non-spam leads in its window, from all clients together, the answer is 429.
 * `onStored` runs in the lead's transaction (the route passes the notifications' queueing).
 */
export const interestPostHandler = ({ onStored }: Pick<SaveOptions, 'onStored'> = {}) =>
  publicRoute({
    name: 'interest',
    schema: interestSchema,
    visibleFields: INTEREST_VISIBLE_FIELDS,
    errors: INTEREST_ERRORS,
    rateLimit: (env) => env.RATE_LIMIT_INTEREST,
    siteRateLimit: (env) => env.RATE_LIMIT_INTEREST_SITE,
    formPages: FORM_PAGES.interest,
    handle: async ({ input, env, db, clientHash, idempotencyKey, admit, admitSiteWide, refuseWhenFull }) => {
      // A retry of a stored form is recognised by its insert (the key is taken), before any limit is counted:
      // retries never cost the visitor, and a new lead needs no separate look-up first.
      // form_started_at is the browser's clock: a time in the future means skewed clocks, not a bot.
      const fillMs = input.form_started_at === undefined ? undefined : Date.now() - input.form_started_at;
      const honeypot = (input.website ?? '').trim() !== '';
      const tooFast = fillMs !== undefined && fillMs >= 0 && fillMs < env.MIN_FILL_MS;
      const spam = honeypot || tooFast;
      if (!spam) {
        try {
          await refuseWhenFull(db);
        } catch (refusal) {
          // Past a limit, a retry of a form already stored still gets its lead (200), never a refusal.
          const stored = idempotencyKey ? await findIdByIdempotencyKey(db, idempotencyKey) : undefined;
          if (stored) return replay(stored);
          throw refusal;
        }
      }

      const saved = await saveLead(
        db,
        {
          input,
          idempotencyKey,
          spam,
          spamReason: honeypot ? 'honeypot' : tooFast ? 'too_fast' : undefined,
          fillMs,
          clientHash,
        },
        // Counted only when a new lead is about to be stored: repeats of one form never use up the limits. Spam is
        // kept out of the site-wide count (and so is never refused by it: a bot learns nothing from its answers).
        { admit, onStored, beforeCommit: spam ? undefined : admitSiteWide },
      );
      return saved.created ? jsonResponse({ ok: true, id: saved.id }, 201) : replay(saved.id);
    },
  });

function replay(id: string): Response {
  return jsonResponse({ ok: true, id }, 200, { 'Idempotent-Replayed': 'true' });
}
