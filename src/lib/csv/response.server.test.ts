import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';
import { CSV_PIECE_CHARS, csvResponse } from './response.server';

// ignoreBOM keeps the byte-order mark in the text, where a spreadsheet program reads it.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** 2,000 rows of ~100 characters: about three pieces. */
const rows = Array.from({ length: 2000 }, (_, i) =>
  csvRow([`lead ${i}`, `buyer${i}@example.com`, '+2348012345678', 'Lugbe, Abuja', 'x'.repeat(40)]),
);

describe('a streamed CSV download', () => {
  it('sends every row, in order, after the byte-order mark, in a few pieces rather than a row at a time', async () => {
    async function* all() {
      yield* rows;
    }
    const reader = csvResponse(all(), 'leads').body!.getReader();
    const pieces: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(decoder.decode(read.value));
    expect(pieces.join('')).toBe(`\uFEFF${rows.join('')}`);
    // The mark, then pieces of CSV_PIECE_CHARS or more, the last one shorter.
    expect(pieces.length).toBe(1 + Math.ceil(rows.join('').length / CSV_PIECE_CHARS));
    expect(pieces.length).toBeGreaterThan(2);
  });

  it('sends the first piece before the last rows are read: a large export is never held whole in memory', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let read = 0;
    async function* slow() {
      for (const [i, row] of rows.entries()) {
        // The rows after the first half wait until the first piece has reached the reader.
        if (i === 1000) await held;
        read++;
        yield row;
      }
    }
    const reader = csvResponse(slow(), 'leads', new Date('2026-11-30T10:00:00Z')).body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe('\uFEFF');
    const first = decoder.decode((await reader.read()).value);
    expect(first.length).toBeGreaterThanOrEqual(CSV_PIECE_CHARS);
    expect(read).toBeLessThan(rows.length);
    release();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += decoder.decode(next.value);
    expect(first + rest).toBe(rows.join(''));
  });

  it('names the file by its kind and day', () => {
    const response = csvResponse((async function* () {})(), 'leads', new Date('2026-11-30T10:00:00Z'));
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-11-30.csv"');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });
});
