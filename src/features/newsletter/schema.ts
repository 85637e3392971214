import { z } from 'zod';

/** The one schema of a newsletter sign-up, shared by the footer form and POST /api/newsletter. */
export const newsletterSchema = z
  .object({
    email: z
      .string({ error: 'Please enter your e-mail address.' })
      .trim()
      .min(1, 'Please enter your e-mail address.')
      .max(254, 'Your e-mail address is too long.')
      .pipe(z.email({ error: 'Please enter a valid e-mail address.' })),
    website: z.string().max(500).optional(),
  })
  .strict();

export type NewsletterInput = z.infer<typeof newsletterSchema>;
