/**
 * E.164 form of a phone number as visitors type it, or null when it does not parse.
 * Nigerian numbers are recognised in every usual spelling (0803 123 4567, 803 123 4567, 234 803..., +234 0803...);
 * other countries only with an international prefix (+ or 00) followed by 8–15 digits.
 * The number as typed is always stored too, so a null here loses nothing.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  const hasPlus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;

  let international = hasPlus;
  if (!hasPlus && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }

  if (international || (digits.startsWith('234') && digits.length >= 12)) {
    if (digits.startsWith('234')) return nigerian(digits.slice(3));
    if (digits.startsWith('0') || digits.length < 8 || digits.length > 15) return null;
    return `+${digits}`;
  }
  if (digits.startsWith('0')) return nigerian(digits);
  if (/^[789]\d{9}$/.test(digits)) return nigerian(digits);
  return null;
}

/** Nigerian national number, with or without its trunk 0: mobiles have 10 significant digits, landlines 8–9. */
function nigerian(national: string): string | null {
  const significant = national.startsWith('0') ? national.slice(1) : national;
  if (/^[789][01]\d{8}$/.test(significant)) return `+234${significant}`; // mobile: 70x, 80x, 81x, 90x, 91x
  if (/^[1-9]\d{7,8}$/.test(significant)) return `+234${significant}`; // landline: area code + subscriber
  return null;
}
