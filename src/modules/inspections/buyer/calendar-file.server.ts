import 'server-only';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { INSPECTION_COPY } from '@/content/inspections';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { INSPECTION_PATHS } from '@/modules/leads';
import { getDatabase } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { errorResponse, unavailableResponse } from '@/lib/http/response.server';
import { bookingOfLink } from './buyer-pages.server';
import { bookingCalendar } from './calendar.server';

/**
 * GET /api/inspections/calendar?t=<manage token>: the booking as a calendar file (.ics), its "Add to calendar". A
 * cancelled booking gives the same event with the status CANCELLED, so a calendar that imported it drops it.
 */
export async function calendarFile(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('t') ?? undefined;
  try {
    const found = await bookingOfLink((await getDatabase()).db, token);
    if (!found.ok)
      return found.problem === 'invalid'
        ? errorResponse(403, INSPECTION_ERRORS.invalidLink)
        : errorResponse(410, found.problem === 'expired' ? INSPECTION_ERRORS.expiredLink : INSPECTION_ERRORS.goneLink);
    const { booking } = found;
    const siteUrl = getSiteUrl();
    const body = bookingCalendar(
      { ...booking, person: { title: booking.title ?? '', fullName: booking.fullName ?? '' } },
      {
        brand: getSiteFacts().brand,
        siteUrl,
        manageUrl: `${siteUrl}${INSPECTION_PATHS.change(token!)}`,
        ended: booking.state === 'cancelled' || booking.slot.cancelledAt !== null,
      },
    );
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${INSPECTION_COPY.calendar.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  } catch (error) {
    logError('[inspection-calendar] request failed', error);
    return unavailableResponse(INSPECTION_ERRORS.unavailable);
  }
}
