/**
 * CSV writing (docs/decisions/0202-csv-exports.md): RFC 4180 (comma separated, CRLF line ends, a field quoted
 * when it holds a comma, quote, CR or LF, quotes doubled) and formula-injection safe: a cell that starts with
 * = + - @ TAB or CR gets a leading ' so spreadsheet programs show it as text instead of running it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
