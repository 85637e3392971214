import '@/lib/validation/zod-config';
import { z } from 'zod';
import { STAFF_COPY } from '@/content/staff';
import { emailSchema } from '@/lib/validation/email';
import { phoneDigits } from '@/lib/validation/phone';

/** Fewer digits than this could match many people's numbers. */
const SUBJECT_PHONE_MIN_DIGITS = 7;

/** An empty field (the staff form sends both) counts as not given. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * Whose data an owner exports or erases: an e-mail address, a phone number, or both; every lead with either is
 * included (docs/decisions/0312-privacy-requests-by-phone-and-keyed-audit.md).
 */
export const privacySubjectSchema = z
  .object({
    email: z.preprocess(blankAsMissing, emailSchema(STAFF_COPY.errors.email).optional()),
    phone: z.preprocess(
      blankAsMissing,
      z
        .string({ error: STAFF_COPY.errors.phone })
        .trim()
        .max(40, STAFF_COPY.errors.phone)
        .refine((phone) => phoneDigits(phone).length >= SUBJECT_PHONE_MIN_DIGITS, STAFF_COPY.errors.phone)
        .optional(),
    ),
  })
  .strict()
  .refine((subject) => subject.email !== undefined || subject.phone !== undefined, { error: STAFF_COPY.errors.subject });

export type PrivacySubject = z.infer<typeof privacySubjectSchema>;
