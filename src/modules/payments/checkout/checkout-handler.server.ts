import 'server-only';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { PAYMENT_COPY, PAYMENT_PLAN_MONTHS } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { openPlanForClaim } from '../plot-link.server';
import { startCheckout } from './checkout.server';
import { claimOfPayLink } from './pay-page.server';

/**
 * POST /api/payments/checkout (the "Pay" form; works without scripts): the hold's link and the plan's months. The
 * server opens the plan (once), works out what is due and opens Paystack's checkout, then answers 303 to our own
 * continue page, which sends the browser on to Paystack (a form may only post to this site: CSP form-action 'self').
 */
export const checkoutSchema = z.object({
  t: z.string({ error: PAYMENT_COPY.pay.badLink }).min(10, PAYMENT_COPY.pay.badLink).max(1000, PAYMENT_COPY.pay.badLink),
  months: z.coerce
    .number({ error: 'Choose how many months to pay the balance over.' })
    .refine((m) => (PAYMENT_PLAN_MONTHS as readonly number[]).includes(m), 'Choose 3, 6, 12 or 18 months.')
    .optional(),
});

export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** A plan the form could not open: months not offered (400), or the hold is gone (409). */
export const planRefused = (reason: string) =>
  reason === 'months' ? errorResponse(400, 'Choose 3, 6, 12 or 18 months.') : errorResponse(409, PAYMENT_COPY.pay.ended);

export async function checkoutHandler(request: Request): Promise<Response> {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = checkoutSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? PAYMENT_COPY.pay.badLink);
  try {
    const { db, jobs } = await getDatabase().then(async (d) => ({ db: d.db, jobs: await d.jobs() }));
    const claimId = await claimOfPayLink(db, parsed.data.t);
    if (!claimId) return errorResponse(404, PAYMENT_COPY.pay.badLink);
    const opened = await openPlanForClaim(db, claimId, parsed.data.months ?? 12);
    if (!opened.ok) return planRefused(opened.reason);
    const started = await startCheckout(db, jobs, claimId);
    if (!started.ok) {
      const back = `/payments/pay?t=${encodeURIComponent(parsed.data.t)}&failed=${started.reason}`;
      return seeOther(back);
    }
    return seeOther(`/payments/continue?reference=${encodeURIComponent(started.reference)}`);
  } catch (error) {
    logError('[payments] a checkout could not be opened', error);
    return errorResponse(503, PAYMENT_COPY.pay.refused);
  }
}
