import '@/lib/validation/zod-config';
import { z } from 'zod';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { districtChoiceOf, DISTRICT_CHOICES } from '@/lib/db/districts';
import { withoutControlCharacters } from '@/lib/validation/text';
import { lagosDayOf, lagosDayStart } from '@/lib/working-time';
import { readNaira } from '../import/parse-layout';

/**
 * The rules of the Inventory's forms (docs/decisions/0413), shared by the forms posted without scripts (every field
 * text) and JSON: money typed in naira becomes integer kobo here, once.
 */

const errors = PLOTS_STAFF_COPY.errors;

const blankIsNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

const text = (min: number, max: number, error: string) =>
  z
    .string({ error })
    .transform((value) => withoutControlCharacters(value).trim())
    .pipe(z.string({ error }).min(min, error).max(max, error));

const whole = (min: number, max: number, error: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error }).int(error).min(min, error).max(max, error),
  );

/** Naira as staff type them ("3,000,000", "₦3000000") into kobo; a number in JSON is naira too. */
const naira = (error: string) =>
  z.union([z.string(), z.number()], { error }).transform((value, ctx) => {
    const kobo = readNaira(String(value).trim());
    if (typeof kobo === 'number') return kobo;
    ctx.addIssue({ code: 'custom', message: error });
    return z.NEVER;
  });

/** A checkbox: present ("on") is yes, absent is no; JSON may send a boolean. */
const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true' || value === 'yes', z.boolean());

const hours = z.preprocess(blankIsNull, whole(1, 720, errors.hours).nullable());
const reason = text(3, 500, errors.reason);
const optionalReason = z.preprocess(blankIsNull, text(1, 500, errors.reason).nullable());

export const holdSchema = z.object({ leadId: z.uuid({ error: errors.lead }).transform((id) => id.toLowerCase()), hours });
export const extendSchema = z.object({ hours: whole(1, 720, errors.hours) });
export const releaseSchema = z.object({ reason });

/** A day of the last year up to today (Lagos), as the start of that Lagos day. */
const depositDay = z
  .string({ error: errors.depositDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, errors.depositDate)
  .refine((day) => {
    const today = lagosDayOf(new Date());
    return day <= today && lagosDayStart(day).getTime() >= lagosDayStart(today).getTime() - 366 * 86_400_000;
  }, errors.depositDate)
  .transform((day) => lagosDayStart(day));

export const reserveSchema = z.object({
  depositNaira: naira(errors.deposit),
  depositDate: depositDay,
  reference: z.preprocess(
    blankIsNull,
    z
      .string({ error: errors.reference })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]{0,59}$/, errors.reference)
      .nullable(),
  ),
});

export const editSchema = z.object({
  priceNaira: naira(errors.price),
  sizeSqm: whole(10, 100_000, errors.size),
  corner: checkbox,
  reason: optionalReason,
});

export const withdrawSchema = z.object({ reason });
export const restoreSchema = z.object({ reason: optionalReason });

/** A district by its slug (`d1`, as URLs and the CLI name it) or its choice (as the app names it): its choice. */
export const districtSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (districtChoiceOf(value.trim().toLowerCase()) ?? value) : value),
  z.enum(DISTRICT_CHOICES, { error: errors.district }),
);
