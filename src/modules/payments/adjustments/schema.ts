import '@/lib/validation/zod-config';
import { z } from 'zod';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { ADJUSTMENT_KINDS } from '@/lib/db/enums';
import { parseNairaToKobo } from '../money';

/**
 * The plan page's form for a refund, a reversal or a correction (docs/decisions/0416), one schema for the form and its
 * handler: naira typed as staff type it, read into kobo once; the signed amount the ledger entry will carry comes out.
 * A reversal takes back one payment whole, so its amount is the payment's (worked out by the server, never typed).
 */
const errors = PAYMENT_STAFF_COPY.adjustments.errors;

const naira = z
  .string({ error: errors.amount })
  .trim()
  .transform((text, ctx) => {
    if (text === '') return undefined;
    const kobo = parseNairaToKobo(text);
    if (kobo === undefined) {
      ctx.addIssue({ code: 'custom', message: errors.amount });
      return z.NEVER;
    }
    return kobo;
  })
  .optional();

/** The entry a reversal or correction names: its number on the page (a form sends it as text). */
const entryId = z
  .union([z.string().trim(), z.number()], { error: errors.entry })
  .transform((value, ctx) => {
    if (value === '') return undefined;
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id < 1) {
      ctx.addIssue({ code: 'custom', message: errors.entry });
      return z.NEVER;
    }
    return id;
  })
  .optional();

export const adjustmentSchema = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS, { error: errors.kind }),
    amount: naira,
    /** A correction adds money (`in`) or takes it away (`out`). */
    direction: z.enum(['in', 'out'], { error: errors.direction }).optional(),
    entryId,
    reason: z.string({ error: errors.reason }).trim().min(3, errors.reason).max(500, errors.reason),
  })
  .transform((input, ctx) => {
    const { kind, amount, direction, entryId: correctsEntryId, reason } = input;
    if (kind !== 'refund' && correctsEntryId === undefined) ctx.addIssue({ code: 'custom', message: errors.entry, path: ['entryId'] });
    if (kind !== 'reversal' && amount === undefined) ctx.addIssue({ code: 'custom', message: errors.amount, path: ['amount'] });
    if (kind === 'correction' && !direction) ctx.addIssue({ code: 'custom', message: errors.direction, path: ['direction'] });
    const sign = kind === 'correction' && direction === 'in' ? 1 : -1;
    return { kind, amountKobo: amount === undefined ? undefined : sign * amount, correctsEntryId, reason };
  });

export type AdjustmentInput = z.output<typeof adjustmentSchema>;

export const rejectAdjustmentSchema = z.object({
  reason: z.string({ error: errors.rejectReason }).trim().min(3, errors.rejectReason).max(500, errors.rejectReason),
});
