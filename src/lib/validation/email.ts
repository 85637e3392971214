import '@/lib/validation/zod-config';
import { z } from 'zod';

/** The longest address SMTP allows (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one e-mail rule: trimmed, lower-cased, at most 254 characters, a valid address. Each form passes its own
 * sentences; one sentence serves all three cases when only one is given.
 */
export function emailSchema(messages: string | { required: string; tooLong: string; invalid: string }) {
  const { required, tooLong, invalid } =
    typeof messages === 'string' ? { required: messages, tooLong: messages, invalid: messages } : messages;
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(EMAIL_MAX_LENGTH, tooLong)
    .pipe(z.email({ error: invalid }));
}

/** How addresses are stored and compared: repositories apply it to input that did not come through emailSchema. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
