import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * E.164 form of a phone number as visitors type it, or null when it is not a valid number.
 * Parsing and validation are libphonenumber-js with its full ("max") metadata: the smaller "min" build checks only
 * a country's general pattern and lengths, so it would pass a mistyped or unallocated Nigerian number (0803 123 45678).
 * Nigerian numbers are recognised in every usual spelling (0803 123 4567, 803 123 4567, 234 803..., +234 (0) 803...);
 * other countries only with an international prefix (+ or 00).
 * The number as typed is always stored too, so a null here loses nothing.
 */
export function toE164(input: string): string | null {
  // Nigeria's international call prefix is 009, so the library does not read a plain leading 00 as "international".
  const value = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(value, 'NG');
  if (parsed?.isValid()) return parsed.number;
  return legacyNigerianLandline(value);
}

// The library's Nigerian metadata knows only 10-digit fixed lines (020…), not the older 8–9 digit landline form that
// people still write (01 234 5678, 09 461 2345), after a trunk 0, +234 or a bare 234 (12+ digits in all).
const LEGACY_LANDLINE = /^(?:\+2340?|234(?=\d{9,10}$)0?|0)([1-9]\d{7,8})$/;

function legacyNigerianLandline(value: string): string | null {
  const match = LEGACY_LANDLINE.exec(value.replace(/[^\d+]/g, ''));
  return match ? `+234${match[1]}` : null;
}

/** The digits of a phone number as typed: how numbers that do not parse are compared. */
export const phoneDigits = (input: string) => input.replace(/\D/g, '');

/**
 * The digits to look for when staff search stored numbers with a whole or partial number, however it is written.
 * Stored numbers are compared by their E.164 digits, which hold no international prefix (00) and no trunk 0: both are
 * dropped, with the "(0)" or 0 people write after a country code (+234 (0) 803…, +234 0803…). A number starting with
 * one 0 is taken as national in any country, so "0803 123" finds +234 803 123 4567 and "07700 900123" finds
 * +44 7700 900123 (docs/decisions/0363-finding-a-lead-in-one-step.md).
 */
export const phoneSearchDigits = (input: string) =>
  phoneDigits(input.replace(/\(0\)/g, '')).replace(/^00/, '').replace(/^2340/, '234').replace(/^0/, '');

/**
 * The country (ISO 3166 code, e.g. NG) a number in E.164 form belongs to, by libphonenumber-js's full metadata;
 * undefined when it belongs to none (a non-geographic +800 number) or cannot be read. What SMS_COUNTRIES is checked
 * against (docs/decisions/0402).
 */
export function countryOfNumber(phoneE164: string): string | undefined {
  return parsePhoneNumberFromString(phoneE164)?.country;
}
