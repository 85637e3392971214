import 'server-only';
import { PAYMENT_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { openPlanForClaim } from '../plot-link.server';
import { openDedicatedAccount } from '../paystack/dedicated-account.server';
import { checkoutSchema, planRefused, seeOther } from './checkout-handler.server';
import { claimOfPayLink } from './pay-page.server';

/**
 * POST /api/payments/account (the "Get my account number" form; works without scripts): the hold's link and, before the
 * first payment, the plan's months. Opens the plan (once) and the buyer's own account number at Paystack (once per
 * claim), then answers 303 back to the pay page, which shows the account or, when Paystack failed, says so and offers
 * the form again (docs/decisions/0417).
 */
export async function accountHandler(request: Request): Promise<Response> {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = checkoutSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? PAYMENT_COPY.pay.badLink);
  try {
    const { db } = await getDatabase();
    const claimId = await claimOfPayLink(db, parsed.data.t);
    if (!claimId) return errorResponse(404, PAYMENT_COPY.pay.badLink);
    const opened = await openPlanForClaim(db, claimId, parsed.data.months ?? 12);
    if (!opened.ok) return planRefused(opened.reason);
    const account = await openDedicatedAccount(db, claimId);
    if (!account.ok && account.reason === 'off') return errorResponse(404, PAYMENT_COPY.ownAccount.notOffered);
    const back = `/payments/pay?t=${encodeURIComponent(parsed.data.t)}`;
    return seeOther(account.ok ? `${back}#own-account` : `${back}&account=${account.reason}#own-account`);
  } catch (error) {
    logError('[payments] an account number could not be opened', error);
    return errorResponse(503, PAYMENT_COPY.ownAccount.failed.unavailable);
  }
}
