import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INTEREST_ERRORS, EMAIL_ERRORS } from '@/content/form-errors';
import { TITLES, type DistrictChoice } from '@/lib/db/enums';
import { emailSchema } from '@/lib/validation/email';
import { hasNoControlCharacters, hasNoWebAddress, withoutFormatCharacters } from '@/lib/validation/text';

const attributionText = z.string().trim().max(300).refine(hasNoControlCharacters).optional();

/**
 * The one schema of an interest submission: the popup form validates with it before sending,
 * and POST /api/interest validates the body with the same object.
 */
export const interestSchema = z
  .object({
    title: z.enum(TITLES, { error: INTEREST_ERRORS.title }),
    fullname: z
      .string({ error: INTEREST_ERRORS.fullname })
      // Invisible format characters (a right-to-left override) go before any check: a name shows as it is stored.
      .overwrite(withoutFormatCharacters)
      .trim()
      .min(2, INTEREST_ERRORS.fullname)
      .max(120, INTEREST_ERRORS.fullnameTooLong)
      .refine(hasNoControlCharacters, INTEREST_ERRORS.fullnameCharacters)
      .refine(hasNoWebAddress, INTEREST_ERRORS.fullnameLink),
    email: emailSchema(EMAIL_ERRORS),
    phonenumber: z
      .string({ error: INTEREST_ERRORS.phoneRequired })
      .trim()
      .min(7, INTEREST_ERRORS.phone)
      .max(24, INTEREST_ERRORS.phoneTooLong)
      .regex(/^\+?[0-9 ()\-.]{7,24}$/, INTEREST_ERRORS.phone)
      .refine((v) => v.replace(/\D/g, '').length >= 7, INTEREST_ERRORS.phone),
    // The browser checks a district was chosen from the form's list; the server checks it is one of the list
    // (./submission.server.ts), which this chunk leaves out so the district content stays out of the browser.
    district: z.custom<DistrictChoice>((value) => typeof value === 'string' && value !== '', { error: INTEREST_ERRORS.district }),
    // Attribution captured on the first page view of a visit (all optional).
    utm_source: attributionText,
    utm_medium: attributionText,
    utm_campaign: attributionText,
    utm_term: attributionText,
    utm_content: attributionText,
    referrer: z.string().trim().max(500).refine(hasNoControlCharacters).optional(),
    landing_path: z.string().trim().max(500).refine(hasNoControlCharacters).optional(),
    // Anti-spam: a honeypot field people never see, and when the form was opened (ms since epoch).
    website: z.string().max(500).optional(),
    form_started_at: z.number().int().nonnegative().optional(),
  })
  .strict();

export type InterestInput = z.infer<typeof interestSchema>;
