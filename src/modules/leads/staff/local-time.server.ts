import 'server-only';
import { getCountry } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The country of the site's own numbers: a lead here needs no local time (Lagos is the staff's time). */
const HOME_COUNTRY = 'NG';

export interface LeadLocalTime {
  country: string;
  /** "14:05", or "09:05–14:05" for a country whose time zones differ now (earliest to latest). */
  time: string;
  /** Whether the time is a range across the country's zones. */
  range: boolean;
}

const clock = (zone: string, now: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);

/** Minutes east of UTC of a zone at a moment (what Intl says the wall clock reads there). */
function offsetMinutes(zone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(now.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The wall-clock time now where a lead's phone is registered, for numbers outside Nigeria; undefined for Nigerian
 * numbers, unreadable ones and countries without a known zone. The country comes from the number (libphonenumber-js),
 * its zones from countries-and-timezones; a country whose zones differ gets the range from its earliest to its latest
 * clock, since the number does not say where in the country the lead is.
 */
export function leadLocalTime(phoneE164: string | null, now: Date = new Date()): LeadLocalTime | undefined {
  const country = phoneE164 ? parsePhoneNumberFromString(phoneE164)?.country : undefined;
  if (!country || country === HOME_COUNTRY) return undefined;
  const info = getCountry(country);
  const zones = info?.timezones ?? [];
  if (!info || zones.length === 0) return undefined;
  const byOffset = zones.map((zone) => ({ zone, offset: offsetMinutes(zone, now) })).sort((a, b) => a.offset - b.offset);
  const first = byOffset[0];
  const last = byOffset[byOffset.length - 1];
  if (first.offset === last.offset) return { country: info.name, time: clock(first.zone, now), range: false };
  return { country: info.name, time: `${clock(first.zone, now)}–${clock(last.zone, now)}`, range: true };
}
