import '@/lib/validation/zod-config';
import { z } from 'zod';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { parseNairaToKobo } from '../money';

/** The staff forms of bank transfers (record, approve, reject), one schema each, for the handler and the form. */
const errors = PAYMENT_STAFF_COPY.errors;

export const recordTransferSchema = z.object({
  claimId: z.uuid({ error: errors.claim }),
  /** Naira as staff type it ("3,000,000" or "1250.50"), read into kobo here, once. */
  amount: z.string({ error: errors.amount }).transform((text, ctx) => {
    const kobo = parseNairaToKobo(text);
    if (kobo === undefined) {
      ctx.addIssue({ code: 'custom', message: errors.amount });
      return z.NEVER;
    }
    return kobo;
  }),
  paidOn: z.iso.date({ error: errors.paidOn }),
  bankReference: z.string({ error: errors.bankReference }).trim().min(3, errors.bankReference).max(80, errors.bankReference),
  proofNote: z.string().trim().max(500, errors.proofNote).optional(),
});

export const rejectTransferSchema = z.object({
  reason: z.string({ error: errors.reason }).trim().min(3, errors.reason).max(500, errors.reason),
});
