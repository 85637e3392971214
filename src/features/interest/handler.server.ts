import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientAddress, hashClient } from '@/lib/http/client.server';
import { hitRateLimit, pruneRateLimits } from '@/lib/http/rate-limit.server';
import { errorResponse, jsonResponse, MESSAGES, readIdempotencyKey, readJsonObject } from '@/lib/http/request.server';
import { visitorMessage } from '@/lib/http/validation.server';
import { findIdByIdempotencyKey, saveLead } from './repository.server';
import { interestSchema } from './schema';

const VISIBLE_FIELDS = ['title', 'fullname', 'email', 'phonenumber', 'district'] as const;
const FALLBACK = 'We could not read your form. Please reload the page and try again.';

/**
 * POST /api/interest. 201 {ok, id} for a new lead; 200 {ok, id} (header Idempotent-Replayed: true) when the
 * Idempotency-Key already produced one. Honeypot or too-fast posts get the same 201 but are stored with spam=true.
 * Refusals are 4xx {error}; a database failure is 503 {error}; nothing a visitor sends leads to a 500.
 */
export async function handleInterestPost(request: Request): Promise<Response> {
  try {
    const key = readIdempotencyKey(request);
    if (!key.ok) return key.response;
    const body = await readJsonObject(request);
    if (!body.ok) return body.response;
    const parsed = interestSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(400, visitorMessage(parsed.error, VISIBLE_FIELDS, FALLBACK));
    const input = parsed.data;

    const env = getEnv();
    const { db } = await getDatabase();

    // A retry of a stored form answers at once, before the rate limit: retries must never cost the visitor.
    if (key.key) {
      const existing = await findIdByIdempotencyKey(db, key.key);
      if (existing) return replay(existing);
    }

    const clientHash = await hashClient(db, clientAddress(request, env.TRUST_PROXY));

    // form_started_at is the browser's clock: a time in the future means skewed clocks, not a bot.
    const fillMs = input.form_started_at === undefined ? undefined : Date.now() - input.form_started_at;
    const honeypot = (input.website ?? '').trim() !== '';
    const tooFast = fillMs !== undefined && fillMs >= 0 && fillMs < env.MIN_FILL_MS;

    let saved;
    try {
      saved = await saveLead(
        db,
        {
          input,
          idempotencyKey: key.key,
          spam: honeypot || tooFast,
          spamReason: honeypot ? 'honeypot' : tooFast ? 'too_fast' : undefined,
          fillMs,
          clientHash,
        },
        {
          // Counted only when a new lead is about to be stored: repeats of one form never use up the limit.
          admit: async (tx) => {
            const decision = await hitRateLimit(tx, 'interest', clientHash, env.RATE_LIMIT_INTEREST);
            if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
          },
        },
      );
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      return errorResponse(429, MESSAGES.rateLimited(Math.ceil(error.retryAfterSeconds / 60)), {
        'Retry-After': String(error.retryAfterSeconds),
      });
    }
    await pruneRateLimits(db);
    return saved.created ? jsonResponse({ ok: true, id: saved.id }, 201) : replay(saved.id);
  } catch (error) {
    console.error('[interest] could not store a submission:', error);
    return errorResponse(503, MESSAGES.unavailable, { 'Retry-After': '5' });
  }
}

class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

function replay(id: string): Response {
  return jsonResponse({ ok: true, id }, 200, { 'Idempotent-Replayed': 'true' });
}
