import { describe, expect, it } from 'vitest';
import { STAFF_COPY } from '@/content/staff';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import {
  dashboardQuery,
  decodeCursor,
  encodeCursor,
  isCalendarDay,
  leadNoteSchema,
  monthOf,
  parseConversionOrder,
  parseDashboardFilters,
  parseLeadFilters,
} from './schema';

const errors = STAFF_COPY.inbox.filters.errors;
const parse = (query: string) => parseLeadFilters(new URLSearchParams(query));

describe('inbox filters', () => {
  it('accepts real calendar days and refuses impossible ones', () => {
    for (const day of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day)).toBe(true);
    for (const day of [
      '2026-02-29',
      '2026-02-31',
      '2026-13-01',
      '2026-00-10',
      '0000-00-00',
      '2026-2-3',
      '9999-12-31',
      '20260101',
      ' 2026-01-01',
    ])
      expect(isCalendarDay(day)).toBe(false);
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

  it('searches for the words around a pasted tab, line break or NUL (PostgreSQL refuses NUL in text)', () => {
    expect(parse('q=Ada%09Obi%00%0A')).toEqual({ ok: true, filters: { q: 'Ada Obi' } });
    expect(parse('q=%00')).toEqual({ ok: true, filters: {} });
  });

  it('reads back the cursors it writes (also those written with Buffer before), and nothing else', () => {
    const row = { createdAt: new Date('2026-03-01T10:20:30.456Z'), id: '5f0c2b9e-1c1e-4a51-9d2e-0c6f2b7a9e11' };
    const cursor = encodeCursor(row);
    expect(cursor).toBe(Buffer.from(JSON.stringify({ c: row.createdAt.toISOString(), i: row.id })).toString('base64url'));
    expect(decodeCursor(cursor)).toEqual({ c: '2026-03-01T10:20:30.456Z', i: row.id });
    expect(parse(`cursor=${cursor}`)).toEqual({ ok: true, filters: { cursor } });
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'abc',
      '%%%',
      forged({ c: '0000-01-01T00:00:00Z', i: row.id }),
      forged({ c: '2026-02-31T00:00:00Z', i: row.id }),
      forged({ c: '2026-01-01T00:00:00Z', i: 'x' }),
      forged({ c: '2026-01-01T00:00:00Z', i: row.id, extra: 1 }),
      forged([1, 2]),
    ])
      expect(decodeCursor(bad)).toBeUndefined();
  });

  it('reads the agent and overdue filters, and refuses a range that ends before it starts', () => {
    const id = '5f0c2b9e-1c1e-4a51-9d2e-0c6f2b7a9e11';
    expect(parse(`assignee=me&overdue=1`)).toEqual({ ok: true, filters: { assignee: 'me', overdue: '1' } });
    expect(parse(`assignee=${id.toUpperCase()}`)).toEqual({ ok: true, filters: { assignee: id } });
    expect(parse('assignee=ada')).toEqual({ ok: false, error: errors.assignee });
    expect(parse('overdue=yes')).toEqual({ ok: false, error: errors.overdue });
    expect(parse('from=2026-03-11&to=2026-03-02')).toEqual({ ok: false, error: errors.range });
    expect(parse('from=2026-03-02&to=2026-03-02')).toEqual({ ok: true, filters: { from: '2026-03-02', to: '2026-03-02' } });
  });
});

describe('dashboard filters', () => {
  // Monday 23 November 2026, 00:30 in Lagos (still Sunday in UTC).
  const now = new Date('2026-11-22T23:30:00Z');
  const parseAt = (query: string) => parseDashboardFilters(new URLSearchParams(query), now);

  it('completes the range to 30 Lagos days ending today, keeps the district and ignores the inbox-only filters', () => {
    expect(parseAt('')).toEqual({ ok: true, filters: { from: '2026-10-25', to: '2026-11-23' } });
    expect(parseAt('to=2026-03-31&district=Moniya%2C%20Ibadan&status=won&q=x')).toEqual({
      ok: true,
      filters: { from: '2026-03-02', to: '2026-03-31', district: 'Moniya, Ibadan' },
    });
    expect(parseAt('from=2026-11-01')).toEqual({ ok: true, filters: { from: '2026-11-01', to: '2026-11-23' } });
  });

  it('refuses what the inbox refuses, a From after today without a To, and ranges over a year', () => {
    expect(parseAt('from=2026-02-30')).toEqual({ ok: false, error: errors.date });
    expect(parseAt('from=2026-12-01')).toEqual({ ok: false, error: errors.range });
    expect(parseAt('from=2025-01-01&to=2026-01-02')).toEqual({ ok: false, error: errors.tooLong(366) }); // 367 days
    expect(parseAt('from=2025-01-01&to=2026-01-01').ok).toBe(true); // 366 days
  });
});

describe('lead notes', () => {
  it('keep their line breaks and tabs, lose any other control character, and are refused when nothing is left', () => {
    expect(leadNoteSchema.parse({ body: ' Called at 10.\n\tWants a corner plot.\u0000 ' })).toEqual({
      body: 'Called at 10.\n\tWants a corner plot.',
    });
    expect(leadNoteSchema.safeParse({ body: '\u0000\u0007' }).error?.issues[0]?.message).toBe(STAFF_COPY.errors.noteEmpty);
  });
});

describe('conversion table: grouping and order', () => {
  const order = (query: string) => parseConversionOrder(new URLSearchParams(query));
  const filters = { from: '2026-03-02', to: '2026-03-11' };

  it('defaults to sources by the most visits; a chosen column sorts names A to Z and figures largest first', () => {
    expect(order('')).toEqual({ ok: true, order: { view: 'source', sort: 'visits', dir: 'desc' } });
    expect(order('view=page&sort=name')).toEqual({ ok: true, order: { view: 'page', sort: 'name', dir: 'asc' } });
    expect(order('sort=conversion')).toEqual({ ok: true, order: { view: 'source', sort: 'conversion', dir: 'desc' } });
    expect(order('sort=leads&dir=asc&view=')).toEqual({ ok: true, order: { view: 'source', sort: 'leads', dir: 'asc' } });
  });

  it('names what it cannot read', () => {
    expect(order('sort=cost')).toEqual({ ok: false, error: DASHBOARD_COPY.conversion.errors.sort });
    expect(order('dir=up')).toEqual({ ok: false, error: DASHBOARD_COPY.conversion.errors.dir });
    expect(order('view=campaign')).toEqual({ ok: false, error: DASHBOARD_COPY.conversion.errors.view });
  });

  it('gives calendar months for the quick ranges, across the end of a year and February', () => {
    expect(monthOf('2026-03-15', 0)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(monthOf('2026-03-15', -1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2026-01-01', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthOf('2028-03-31', -1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('keeps the order in the dashboard links, leaving the defaults out', () => {
    expect(dashboardQuery(filters)).toBe('from=2026-03-02&to=2026-03-11');
    expect(dashboardQuery({ ...filters, district: 'Lugbe, Abuja' }, { view: 'page', sort: 'conversion', dir: 'asc' })).toBe(
      'district=Lugbe%2C+Abuja&from=2026-03-02&to=2026-03-11&view=page&sort=conversion&dir=asc',
    );
    // Speed to lead's "every week" link keeps the view it was opened from.
    expect(dashboardQuery(filters, { view: 'page', sort: 'conversion', dir: 'asc' }, { speed: 'all' })).toBe(
      'from=2026-03-02&to=2026-03-11&speed=all&view=page&sort=conversion&dir=asc',
    );
  });
});
