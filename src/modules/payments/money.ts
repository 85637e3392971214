/**
 * Money is integer kobo (docs/decisions/0414-the-money-core.md): no floats anywhere between the price and the ledger.
 * Naira figures from the content become kobo here, once.
 */

/** Kobo from whole naira. */
export function koboOfNaira(naira: number): number {
  const kobo = naira * 100;
  if (!Number.isSafeInteger(naira) || !Number.isSafeInteger(kobo)) throw new RangeError(`Not a whole naira amount: ${naira}`);
  return kobo;
}

/** True for a whole, safe, positive number of kobo. */
export const isKobo = (amount: unknown): amount is number => typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0;

const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** ₦3,000,000 or ₦1,250.50: kobo shown only when there are some (integer arithmetic, then one division to print). */
export function formatKobo(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Not a whole number of kobo: ${kobo}`);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const naira = Math.trunc(abs / 100);
  const rest = abs % 100;
  const whole = NAIRA.format(naira);
  return `${sign}${rest ? `${whole}.${String(rest).padStart(2, '0')}` : whole}`;
}

/** Parses what staff type ("3,000,000", "1250.50", "₦500,000") into kobo; undefined when it is not an amount. */
export function parseNairaToKobo(text: string): number | undefined {
  const cleaned = text.replace(/[₦,\s]/g, '').replace(/^NGN/i, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kobo > 0 && Number.isSafeInteger(kobo) ? kobo : undefined;
}

/** Kobo as naira with its kobo for a spreadsheet, signed, never through a float: -250000.50. */
export function nairaWithKobo(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
