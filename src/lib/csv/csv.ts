/**
 * CSV writing (docs/decisions/0202-csv-exports.md, 0300-csv-quote-every-field.md): RFC 4180 (comma separated, CRLF
 * line ends, quotes doubled) with EVERY field quoted, so no separator a spreadsheet may use (`,` or `;`) can ever
 * start a new cell inside a value; and formula-injection safe (OWASP "CSV Injection", ASVS 5.0 1.2.10): a value whose
 * first character, or first character after leading whitespace, starts a formula gets a leading ' so spreadsheet
 * programs show it as text instead of running it.
 */

/** = + - @ (and their full-width forms, which some spreadsheet locales read as formulas too), TAB, CR, LF, NUL. */
const FORMULA_START = /^[\s\u0000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n\u0000]/u;

/** A plain decimal number, such as a refund's -250000.50: a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
