import 'server-only';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { INSPECTION_PATHS } from '@/modules/leads';
import type { Db } from '@/lib/db/client';
import type { FormPageOf } from '@/lib/http/public-route.server';
import { errorResponse } from '@/lib/http/response.server';
import { bookingOfLink, type BookingOfLink } from './buyer-pages.server';

/**
 * What moving and cancelling share: the booking a signed `manage` link names, refused plainly when the link is forged
 * (403), expired or names nothing (410), the booking is cancelled (409), or the cut-off has passed (409: call the agent).
 */
export async function changeableBooking(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ ok: true; found: Extract<BookingOfLink, { ok: true }> } | { ok: false; response: Response }> {
  const found = await bookingOfLink(db, token, now);
  if (!found.ok)
    return {
      ok: false,
      response:
        found.problem === 'invalid'
          ? errorResponse(403, INSPECTION_ERRORS.invalidLink)
          : errorResponse(410, found.problem === 'expired' ? INSPECTION_ERRORS.expiredLink : INSPECTION_ERRORS.goneLink),
    };
  if (found.booking.state === 'cancelled') return { ok: false, response: errorResponse(409, INSPECTION_ERRORS.cancelledBooking) };
  if (!found.changeable) return { ok: false, response: errorResponse(409, INSPECTION_ERRORS.tooLate(found.cutoffHours)) };
  return { ok: true, found };
}

const tokenOf = (fields: Record<string, unknown>) => (typeof fields.t === 'string' && fields.t.length <= 1000 ? fields.t : '');

/** A change posted without scripts: on to the booking's page, or back to the change page with the sentence. */
export const CHANGE_PAGES: { success: FormPageOf; retry: FormPageOf } = {
  success: (_answer, fields) => INSPECTION_PATHS.booking(tokenOf(fields)),
  retry: (_answer, fields) => INSPECTION_PATHS.change(tokenOf(fields)),
};
