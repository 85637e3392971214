import { SALES_EMAIL_COPY } from '@/content/notifications';
import { leadName } from '@/content/staff';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { telHref, whatsappHref } from '@/lib/contact-links';
import { toE164 } from '@/lib/validation/phone';

/** How the staff area writes an inspection's day and time: Lagos wall clock, the way a sales manager says it. */
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', weekday: 'short', day: 'numeric', month: 'short' });
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Sat 14 Mar" */
export const slotDay = (at: Date) => DAY.format(at);
/** "Saturday 14 March 2026" */
export const slotLongDay = (at: Date) => LONG_DAY.format(at);
/** "10:00" */
export const slotTime = (at: Date) => TIME.format(at);
/** "Sat 14 Mar, 10:00" */
export const slotWhen = (at: Date) => `${slotDay(at)}, ${slotTime(at)}`;

/** Where a booked lead came from: its campaign and source, as the ads name them. */
export function bookingSource(booking: { utmCampaign: string | null; utmSource: string | null }): string {
  return [booking.utmCampaign, booking.utmSource].filter(Boolean).join(' · ') || INSPECTIONS_STAFF_COPY.direct;
}

/** Call and WhatsApp links for a booked person (WhatsApp only for a number that reads as international). */
export function personLinks(
  person: { phone: string; phoneE164: string | null; title: string | null; name: string; district: string | null },
  sender: { agent: string; brand: string },
) {
  const e164 = person.phoneE164 ?? toE164(person.phone);
  // A lead's greeting (a walk-in, noted on the day with a name and a phone only, gets none).
  const greeting =
    person.title || person.district
      ? SALES_EMAIL_COPY.whatsappGreeting(
          { name: leadName({ title: person.title, fullName: person.name }), district: person.district },
          sender.brand,
          sender.agent,
        )
      : undefined;
  return { tel: telHref(e164 ?? person.phone), whatsapp: e164 ? whatsappHref(e164, greeting) : undefined };
}
