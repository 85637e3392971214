import { describe, expect, it } from 'vitest';
import { STAFF_COPY } from '@/content/staff';
import { decodeCursor, encodeCursor, isCalendarDay, parseLeadFilters } from './schema';

const errors = STAFF_COPY.inbox.filters.errors;
const parse = (query: string) => parseLeadFilters(new URLSearchParams(query));

describe('inbox filters', () => {
  it('accepts real calendar days and refuses impossible ones', () => {
    for (const day of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-29', '2026-02-31', '2026-13-01', '2026-00-10', '0000-00-00', '2026-2-3', '9999-12-31', '20260101', ' 2026-01-01']) expect(isCalendarDay(day)).toBe(false);
  });

  it('answers each unreadable filter with its sentence, and reads empty values as absent', () => {
    expect(parse('from=2026-02-31')).toEqual({ ok: false, error: errors.date });
    expect(parse('to=2026-13-45')).toEqual({ ok: false, error: errors.date });
    expect(parse('district=Lekki')).toEqual({ ok: false, error: errors.district });
    expect(parse('status=closed')).toEqual({ ok: false, error: STAFF_COPY.errors.status });
    expect(parse(`q=${'a'.repeat(121)}`)).toEqual({ ok: false, error: errors.q });
    expect(parse('cursor=abc')).toEqual({ ok: false, error: errors.cursor });
    expect(parse('from=&to=&district=&q=%20%20')).toEqual({ ok: true, filters: {} });
    expect(parse('from=2026-03-01&to=2026-03-31&district=Lugbe%2C%20Abuja&status=new')).toEqual({
      ok: true,
      filters: { from: '2026-03-01', to: '2026-03-31', district: 'Lugbe, Abuja', status: 'new' },
    });
  });

  it('reads back the cursors it writes (also those written with Buffer before), and nothing else', () => {
    const row = { createdAt: new Date('2026-03-01T10:20:30.456Z'), id: '5f0c2b9e-1c1e-4a51-9d2e-0c6f2b7a9e11' };
    const cursor = encodeCursor(row);
    expect(cursor).toBe(Buffer.from(JSON.stringify({ c: row.createdAt.toISOString(), i: row.id })).toString('base64url'));
    expect(decodeCursor(cursor)).toEqual({ c: '2026-03-01T10:20:30.456Z', i: row.id });
    expect(parse(`cursor=${cursor}`)).toEqual({ ok: true, filters: { cursor } });
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of ['abc', '%%%', forged({ c: '0000-01-01T00:00:00Z', i: row.id }), forged({ c: '2026-02-31T00:00:00Z', i: row.id }), forged({ c: '2026-01-01T00:00:00Z', i: 'x' }), forged({ c: '2026-01-01T00:00:00Z', i: row.id, extra: 1 }), forged([1, 2])])
      expect(decodeCursor(bad)).toBeUndefined();
  });
});
