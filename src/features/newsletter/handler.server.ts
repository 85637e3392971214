import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientAddress, hashClient } from '@/lib/http/client.server';
import { hitRateLimit, pruneRateLimits } from '@/lib/http/rate-limit.server';
import { errorResponse, jsonResponse, MESSAGES, readJsonObject } from '@/lib/http/request.server';
import { visitorMessage } from '@/lib/http/validation.server';
import { subscribe } from './repository.server';
import { newsletterSchema } from './schema';

const FALLBACK = 'We could not read your sign-up. Please reload the page and try again.';

/**
 * POST /api/newsletter {email, website?}: 201 {ok} for a new address, 200 {ok} for one already on the list.
 * A filled honeypot gets the same answer and is stored flagged as spam (an existing row is left untouched).
 */
export async function handleNewsletterPost(request: Request): Promise<Response> {
  try {
    const body = await readJsonObject(request);
    if (!body.ok) return body.response;
    const parsed = newsletterSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(400, visitorMessage(parsed.error, ['email'], FALLBACK));

    const env = getEnv();
    const { db } = await getDatabase();
    const clientHash = await hashClient(db, clientAddress(request, env.TRUST_PROXY));
    const limit = await hitRateLimit(db, 'newsletter', clientHash, env.RATE_LIMIT_NEWSLETTER);
    if (!limit.allowed) {
      return errorResponse(429, MESSAGES.rateLimited(Math.ceil(limit.retryAfterSeconds / 60)), {
        'Retry-After': String(limit.retryAfterSeconds),
      });
    }
    await pruneRateLimits(db);
    const spam = (parsed.data.website ?? '').trim() !== '';
    const result = await subscribe(db, { email: parsed.data.email, spam, clientHash });
    return jsonResponse({ ok: true }, result.created ? 201 : 200);
  } catch (error) {
    console.error('[newsletter] could not store a sign-up:', error);
    return errorResponse(503, 'We could not sign you up just now. Please try again in a moment.', { 'Retry-After': '5' });
  }
}
