import 'server-only';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

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
