import 'server-only';
import { districtLabel, DISTRICTS } from '@/content/districts';
import { INSPECTION_ERRORS } from '@/content/form-errors';
import { INSPECTION_COPY, INSPECTION_MINUTES } from '@/content/inspections';
import { getSiteFacts, getSiteUrl } from '@/content/site';
import { INSPECTION_PATHS } from '@/domain/leads/inspections/paths';
import { getDatabase } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { errorResponse, unavailableResponse } from '@/lib/http/response.server';
import { bookingOfLink } from './buyer-pages.server';
import { inspectionCalendar } from './calendar.server';

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
    const { slot } = booking;
    const copy = INSPECTION_COPY.calendar;
    const siteUrl = getSiteUrl();
    const district = DISTRICTS.find((d) => d.choice === slot.district) ?? DISTRICTS[0];
    const page = `${siteUrl}${INSPECTION_PATHS.booking(token!)}`;
    const body = inspectionCalendar({
      bookingId: booking.id,
      host: new URL(siteUrl).hostname,
      startsAt: slot.startsAt,
      minutes: INSPECTION_MINUTES[slot.kind],
      summary: copy.summary(districtLabel(district)),
      description: copy.description(slot.agentName ?? getSiteFacts().brand, getSiteFacts().phone, page),
      location: slot.kind === 'on_site' ? (slot.meetingPoint ?? district.choice) : copy.videoLocation,
      url: page,
      changedAt: booking.updatedAt,
      cancelled: booking.state === 'cancelled' || slot.cancelledAt !== null,
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${copy.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  } catch (error) {
    logError('[inspection-calendar] request failed', error);
    return unavailableResponse(INSPECTION_ERRORS.unavailable);
  }
}
