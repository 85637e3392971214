import 'server-only';
import { NEWSLETTER_ERRORS } from '@/content/form-errors';
import { FORM_PAGES } from '@/lib/constants';
import { publicRoute } from '@/lib/http/public-route.server';
import { jsonResponse } from '@/lib/http/response.server';
import { subscribe } from './repository.server';
import { newsletterSchema } from './schema';

/**
 * POST /api/newsletter {email, website?}: 201 {ok} for a new address, 200 {ok} for one already on the list.
 * A filled honeypot gets the same answer and is stored flagged as spam (an existing row is left untouched).
 */
export const handleNewsletterPost = publicRoute({
  name: 'newsletter',
  schema: newsletterSchema,
  visibleFields: ['email'],
  errors: NEWSLETTER_ERRORS,
  rateLimit: (env) => env.RATE_LIMIT_NEWSLETTER,
  formPages: FORM_PAGES.newsletter,
  handle: async ({ input, db, clientHash, admit }) => {
    await admit(db);
    const spam = (input.website ?? '').trim() !== '';
    const result = await subscribe(db, { email: input.email, spam, clientHash });
    return jsonResponse({ ok: true }, result.created ? 201 : 200);
  },
});
