import '@/lib/validation/zod-config';
import { z } from 'zod';
import { EMAIL_ERRORS } from '@/content/form-errors';
import { emailSchema } from '@/lib/validation/email';

/** The one schema of a newsletter sign-up, shared by the footer form and POST /api/newsletter. */
export const newsletterSchema = z
  .object({
    email: emailSchema(EMAIL_ERRORS),
    website: z.string().max(500).optional(),
  })
  .strict();

export type NewsletterInput = z.infer<typeof newsletterSchema>;
