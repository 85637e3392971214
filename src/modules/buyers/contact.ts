import '@/lib/validation/zod-config';
import { z } from 'zod';
import { ACCOUNT_ERRORS } from '@/content/buyers';
import { EMAIL_MAX_LENGTH } from '@/lib/validation/email';
import { passkeyAnswerSchema } from '@/lib/validation/passkey-answer';
import { toE164 } from '@/lib/validation/phone';

/** The address a buyer signs in with: an e-mail (trimmed, lower-cased) or a number (E.164), as leads store them. */
export type Contact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = z.email();

/** An e-mail or a phone number as typed, or undefined when it is neither. */
export function contactOf(input: string): Contact | undefined {
  const text = input.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return email.length <= EMAIL_MAX_LENGTH && EMAIL.safeParse(email).success ? { kind: 'email', value: email } : undefined;
  }
  const phone = toE164(text);
  return phone ? { kind: 'phone', value: phone } : undefined;
}

/** The one schema of the sign-in form and POST /api/account/sign-in. */
export const signInRequestSchema = z
  .object({
    contact: z
      .string({ error: ACCOUNT_ERRORS.unreadable })
      .max(300, ACCOUNT_ERRORS.unreadable)
      .transform((text, ctx) => contactOf(text) ?? (ctx.addIssue({ code: 'custom', message: ACCOUNT_ERRORS.unreadable }), z.NEVER)),
    via: z.enum(['whatsapp', 'sms']).default('whatsapp'),
  })
  .strict();

/** The code's form and POST /api/account/sign-in/code: the request's token (from the page's address) and the code. */
export const codeSchema = z
  .object({
    request: z.string().max(100),
    code: z
      .string({ error: ACCOUNT_ERRORS.badCode })
      .transform((text) => text.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, ACCOUNT_ERRORS.badCode)),
  })
  .strict();

/** The link's form and POST /api/account/sign-in/link. */
export const linkSchema = z.object({ token: z.string().max(100) }).strict();

/** Sign out: this device, one other (`session` its id), or every device (`everywhere`). */
export const signOutSchema = z.object({ session: z.uuid().optional(), everywhere: z.literal('1').optional() }).strict();

/** The browser's answer to a passkey ceremony (adding one, or signing in with one: docs/decisions/0423). */
export const buyerPasskeyAnswerSchema = passkeyAnswerSchema(ACCOUNT_ERRORS.passkeyUnreadable);

/** A passkey ceremony's options are asked for with an empty body. */
export const passkeyOptionsSchema = z.object({}).strict();

/** One of the buyer's passkeys to remove: its id, from the page's form. */
export const removePasskeySchema = z.object({ passkey: z.uuid() }).strict();
