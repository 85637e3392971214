import 'server-only';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { INSPECTION_MINUTES } from '@/content/inspections';
import { calendarWords, type BookingView } from '../messages/render';

/**
 * A booked inspection as a calendar file (.ics, RFC 5545), built by ical-generator (docs/decisions/0391): the same file
 * is attached to the booking's e-mails and downloaded from its confirmation page. One event per booking, its UID the
 * booking's, and its SEQUENCE rising with each change, so a calendar that imported it updates it when it moves.
 */
export interface InspectionCalendarEntry {
  bookingId: string;
  /** The site's host name: the UID's domain. */
  host: string;
  startsAt: Date;
  minutes: number;
  summary: string;
  description: string;
  /** The pickup point (on site) or the words "Live video tour". */
  location: string;
  /** The booking's own page (move or cancel). */
  url: string;
  /** When the booking last changed: a later change gives a higher SEQUENCE. */
  changedAt: Date;
  cancelled?: boolean;
}

export function inspectionCalendar(entry: InspectionCalendarEntry): string {
  const calendar = ical({
    name: entry.summary,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: entry.host, product: 'site-inspections' },
  });
  calendar.createEvent({
    id: `${entry.bookingId}@${entry.host}`,
    sequence: Math.floor(entry.changedAt.getTime() / 1000) - 1_700_000_000,
    start: entry.startsAt,
    end: new Date(entry.startsAt.getTime() + entry.minutes * 60_000),
    summary: entry.summary,
    description: entry.description,
    location: entry.location,
    url: entry.url,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/**
 * A booking's calendar file, the same wherever it goes: attached to its e-mails and downloaded from its page. `ended`:
 * cancelled or called off, so a calendar that imported it drops it.
 */
export function bookingCalendar(
  booking: BookingView & { id: string; updatedAt: Date },
  { brand, siteUrl, manageUrl, ended }: { brand: string; siteUrl: string; manageUrl: string; ended: boolean },
): string {
  return inspectionCalendar({
    bookingId: booking.id,
    host: new URL(siteUrl).hostname,
    startsAt: booking.slot.startsAt,
    minutes: INSPECTION_MINUTES[booking.slot.kind],
    ...calendarWords(booking, brand, manageUrl),
    url: manageUrl,
    changedAt: booking.updatedAt,
    cancelled: ended,
  });
}
