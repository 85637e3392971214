import { z } from 'zod';

/** Titles and districts exactly as the specification lists them; the first of each is the form default. */
export const TITLES = ['Mr', 'Mrs', 'Miss'] as const;
export const DISTRICT_CHOICES = ['Lugbe, Abuja', 'Moniya, Ibadan'] as const;
export type Title = (typeof TITLES)[number];
export type DistrictChoice = (typeof DISTRICT_CHOICES)[number];

// Control characters (except none: names and phones never need them) are refused rather than stored.
const noControlChars = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

const attributionText = z.string().trim().max(300).refine(noControlChars).optional();

/**
 * The one schema of an interest submission: the popup form validates with it before sending,
 * and POST /api/interest validates the body with the same object.
 */
export const interestSchema = z
  .object({
    title: z.enum(TITLES, { error: 'Please choose a title: Mr, Mrs or Miss.' }),
    fullname: z
      .string({ error: 'Please enter your full name.' })
      .trim()
      .min(2, 'Please enter your full name.')
      .max(120, 'Your name is too long (at most 120 characters).')
      .refine(noControlChars, 'Your name contains characters we cannot accept.'),
    email: z
      .string({ error: 'Please enter your e-mail address.' })
      .trim()
      .max(254, 'Your e-mail address is too long.')
      .pipe(z.email({ error: 'Please enter a valid e-mail address.' })),
    phonenumber: z
      .string({ error: 'Please enter your phone number.' })
      .trim()
      .min(7, 'Please enter a phone number we can call, e.g. +234 803 123 4567.')
      .max(24, 'Your phone number is too long.')
      .regex(/^\+?[0-9 ()\-.]{7,24}$/, 'Please enter a phone number we can call, e.g. +234 803 123 4567.')
      .refine((v) => v.replace(/\D/g, '').length >= 7, 'Please enter a phone number we can call, e.g. +234 803 123 4567.'),
    district: z.enum(DISTRICT_CHOICES, { error: "Please choose 'Lugbe, Abuja' or 'Moniya, Ibadan'." }),
    // Attribution captured on the first page view of a visit (all optional).
    utm_source: attributionText,
    utm_medium: attributionText,
    utm_campaign: attributionText,
    utm_term: attributionText,
    utm_content: attributionText,
    referrer: z.string().trim().max(500).refine(noControlChars).optional(),
    landing_path: z.string().trim().max(500).refine(noControlChars).optional(),
    // Anti-spam: a honeypot field people never see, and when the form was opened (ms since epoch).
    website: z.string().max(500).optional(),
    form_started_at: z.number().int().nonnegative().optional(),
  })
  .strict();

export type InterestInput = z.infer<typeof interestSchema>;

/** The five fields the visitor fills, with the specification's defaults. */
export type InterestFields = Pick<InterestInput, 'title' | 'fullname' | 'email' | 'phonenumber' | 'district'>;
export const INTEREST_DEFAULTS: InterestFields = {
  title: 'Mr',
  fullname: '',
  email: '',
  phonenumber: '',
  district: 'Lugbe, Abuja',
};
