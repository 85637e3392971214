import '@/lib/validation/zod-config';
import { z } from 'zod';
import { EMAIL_ERRORS } from '@/content/form-errors';
import { NEWSLETTER_FORMS } from '@/lib/db/enums';
import { emailSchema } from '@/lib/validation/email';

/** The one schema of a newsletter sign-up, shared by the footer form and POST /api/newsletter. */
export const newsletterSchema = z
  .object({
    email: emailSchema(EMAIL_ERRORS),
    website: z.string().max(500).optional(),
    /** Which form was used (recorded with the consent). */
    source: z.enum(NEWSLETTER_FORMS).optional(),
  })
  .strict();

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** A confirmation or unsubscribe token: base64url of 32 random bytes. */
export const newsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
