import '@/lib/validation/zod-config';
import { z } from 'zod';
import { STAFF_COPY } from '@/content/staff';
import { STAFF_ROLES } from '@/lib/db/enums';
import { emailSchema } from '@/lib/validation/email';
import { idParamSchema } from '@/lib/validation/id';
import { passkeyAnswerSchema as passkeyAnswer } from '@/lib/validation/passkey-answer';
import { hasNoControlCharacters, withoutFormatCharacters } from '@/lib/validation/text';

/**
 * The rules of staff accounts, shared by the forms and the route handlers. Password strength is judged on the
 * server only (password.server.ts), so its dictionaries never ship to browsers.
 */

export { STAFF_ROLES, type StaffRole } from '@/lib/db/enums';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

const email = emailSchema(STAFF_COPY.errors.email);

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: STAFF_COPY.errors.password })
    .min(1, STAFF_COPY.errors.password)
    .max(PASSWORD_MAX_LENGTH, STAFF_COPY.errors.password),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A code from the authenticator app (6 digits) or a recovery code; which one is told apart on the server. */
export const secondFactorSchema = z.object({
  code: z.string({ error: STAFF_COPY.errors.code }).trim().min(1, STAFF_COPY.errors.code).max(40, STAFF_COPY.errors.code),
});

/** The browser's answer to a passkey ceremony (src/lib/validation/passkey-answer.ts). */
export const passkeyAnswerSchema = passkeyAnswer(STAFF_COPY.errors.passkeyUnreadable);

/** One of one's own passkeys to remove (Your account): its id, from the page's form. */
export const removePasskeySchema = z.object({ id: idParamSchema }, { error: STAFF_COPY.errors.passkeyChoice });

export const newPasswordSchema = z
  .string({ error: STAFF_COPY.errors.passwordShort })
  .min(PASSWORD_MIN_LENGTH, STAFF_COPY.errors.passwordShort)
  .max(PASSWORD_MAX_LENGTH, STAFF_COPY.errors.passwordLong);

/** A new password of one's own (Your account). */
export const newPasswordBodySchema = z.object({ password: newPasswordSchema }).strict();

/**
 * Signed-in devices of one's own to sign out (Your account): one session by its id, or `others`, every session but
 * the one in use. The page's forms post it as a field, its script as JSON.
 */
export const endSessionsSchema = z.object({
  end: z.union([z.literal('others'), idParamSchema], { error: STAFF_COPY.errors.sessionChoice }),
});

/**
 * A browser's Web Push subscription (PushSubscription.toJSON()), to turn alerts on for it (docs/decisions/0364): an
 * https push service URL, and the browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
 */
export const pushSubscriptionSchema = z.object(
  {
    subscription: z.object({
      endpoint: z.url({ protocol: /^https$/, error: STAFF_COPY.errors.pushUnreadable }).max(2048, STAFF_COPY.errors.pushUnreadable),
      keys: z.object({
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, STAFF_COPY.errors.pushUnreadable),
        auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, STAFF_COPY.errors.pushUnreadable),
      }),
    }),
  },
  { error: STAFF_COPY.errors.pushUnreadable },
);

/** Alerts off for one device: by its id (the list on Your account), or its endpoint (the browser turning them off). */
export const removePushSchema = z.union([z.object({ id: idParamSchema }), z.object({ endpoint: z.string().min(1).max(2048) })], {
  error: STAFF_COPY.errors.pushChoice,
});

/** A forgotten password: the address to send the link to. */
export const resetRequestSchema = z.object({ email });

/** A password link's token (a reset or an invitation) as it appears in a link: 32 random bytes in base64url. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The new password, with the link's token (from the page's path): a reset, or an invitation's first password. */
export const resetConfirmSchema = z.object({
  token: z.string({ error: STAFF_COPY.errors.linkExpired }).regex(RESET_TOKEN_PATTERN, STAFF_COPY.errors.linkExpired),
  password: newPasswordSchema,
});

/** A new install's first owner (docs/decisions/0380-first-owner-set-up-code.md): the server's set-up code and their own account. */
export const firstOwnerSchema = z.object({
  code: z.string({ error: STAFF_COPY.errors.setUpCode }).trim().min(1, STAFF_COPY.errors.setUpCode).max(40, STAFF_COPY.errors.setUpCode),
  name: z
    .string({ error: STAFF_COPY.errors.nameEmpty })
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, STAFF_COPY.errors.nameEmpty)
    .max(120, STAFF_COPY.errors.name)
    .refine(hasNoControlCharacters, STAFF_COPY.errors.nameCharacters),
  email,
  password: newPasswordSchema,
});

/** The password again before a sensitive change. */
export const reauthSchema = z.object({ password: signInSchema.shape.password }).strict();

/**
 * A new account as an owner adds it: no password (docs/decisions/0347-invitations-not-initial-passwords.md): the
 * person chooses their own through the invitation link, so one sent along is refused.
 */
export const createStaffSchema = z.object({
  email,
  name: z
    .string()
    .overwrite(withoutFormatCharacters)
    .trim()
    .max(120, STAFF_COPY.errors.name)
    .refine(hasNoControlCharacters, STAFF_COPY.errors.nameCharacters)
    .default(''),
  role: z.enum(STAFF_ROLES, { error: STAFF_COPY.errors.role }),
  password: z.never({ error: STAFF_COPY.errors.noPasswordForOthers }).optional(),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const updateStaffSchema = z
  .object({
    /** The name colleagues read in notes, history and WhatsApp greetings (docs/decisions/0210-staff-display-names.md). */
    name: z
      .string()
      // Invisible format characters (a right-to-left override) go: a colleague's name shows as it is stored.
      .overwrite(withoutFormatCharacters)
      .trim()
      .min(1, STAFF_COPY.errors.nameEmpty)
      .max(120, STAFF_COPY.errors.name)
      .refine(hasNoControlCharacters, STAFF_COPY.errors.nameCharacters)
      .optional(),
    role: z.enum(STAFF_ROLES, { error: STAFF_COPY.errors.role }).optional(),
    active: z.boolean({ error: STAFF_COPY.errors.active }).optional(),
    /** Removes the account's second factor (a lost phone): every method and its recovery codes; set up again at the next sign-in. */
    resetSecondFactor: z.literal(true, { error: STAFF_COPY.errors.unreadable }).optional(),
    /** Lifts the lock that wrong codes put on the account's second factor (docs/decisions/0341-second-factor-lock.md). */
    unlockSecondFactor: z.literal(true, { error: STAFF_COPY.errors.unreadable }).optional(),
  })
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), STAFF_COPY.errors.nothingToChange);
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;
