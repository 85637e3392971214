import { describe, expect, it } from 'vitest';
import { conversionChart, firstContactChart, funnelChart, leadsOverTimeChart, sourcesChart } from './charts.server';

const widthOf = (svg: string) => /<svg[^>]* width="(\d+)"/.exec(svg)?.[1];

describe('dashboard charts (Observable Plot on the server)', () => {
  it('draws each chart for phones, tablets and desktops, hidden from screen readers (the figure has a table)', () => {
    const day = { start: '2026-03-02', district: 'Lugbe, Abuja', count: 3 };
    const charts = {
      perDay: leadsOverTimeChart([day, { ...day, district: 'Moniya, Ibadan', count: 1 }], ['Lugbe, Abuja', 'Moniya, Ibadan']),
      funnel: funnelChart({ received: 4, contacted: 3, qualified: 2, won: 1, lost: 1, overdue: 0 }),
      firstContact: firstContactChart(
        [{ week: '2026-03-02', received: 4, contacted: 3, withinTarget: 2, medianMinutes: 30, p90Minutes: 97.5 }],
        60,
      ),
    };
    expect([widthOf(charts.perDay.phone), widthOf(charts.perDay.tablet), widthOf(charts.perDay.desktop)]).toEqual(['340', '660', '1000']);
    expect(widthOf(charts.funnel.desktop)).toBe('500');
    for (const svgs of Object.values(charts)) {
      for (const svg of Object.values(svgs)) {
        expect(svg).toMatch(/^<svg[^>]* aria-hidden="true"/);
        expect(svg).not.toContain('aria-label');
      }
    }
    // The time axis reads in whole minutes and hours, each label once.
    const ticks = [...charts.firstContact.desktop.matchAll(/<text[^>]*>(\d+ (?:min|h)[^<]*)<\/text>/g)].map((m) => m[1]);
    expect(ticks).toEqual([...new Set(ticks)]);
    expect(ticks).toContain('1 h');
  });

  it('writes positions to a tenth of a pixel, and a label as it was typed', () => {
    const days = Array.from({ length: 92 }, (_, i) => ({
      start: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      district: 'Lugbe, Abuja',
      count: (i * 7) % 13,
    }));
    const { desktop } = leadsOverTimeChart(days, ['Lugbe, Abuja']);
    expect(desktop.match(/<rect /g)).toHaveLength(92);
    expect(desktop).not.toMatch(/="[^"]*\d\.\d\d/);
    expect(sourcesChart([{ kind: 'campaign', label: 'promo 3.14159', count: 2 }]).desktop).toContain('promo 3.14159');
  });

  it('escapes what visitors typed (a UTM source) instead of passing it on as markup', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { phone, desktop } = sourcesChart([{ kind: 'campaign', label: hostile, count: 2 }]);
    for (const svg of [phone, desktop]) {
      expect(svg).not.toContain('<img');
      expect(svg).toContain('&lt;img');
    }
  });

  it('draws conversion per row with its figures, names escaped, a row without visitors named as such', () => {
    const campaign = { view: 'source' as const, kind: 'campaign' as const, medium: 'paid' };
    const inspections = { booked: 0, attended: 0, won: 0, byWhatsApp: 0, plotsHeld: 0, plotsReserved: 0, reservedKobo: 0 };
    const { phone, desktop } = conversionChart([
      {
        group: { ...campaign, source: 'facebook', campaign: 'nov' },
        visits: 240,
        visitors: 200,
        leads: 20,
        conversion: 0.1,
        ...inspections,
      },
      {
        group: { ...campaign, source: '<img src=x onerror=alert(1)>', campaign: '' },
        visits: 5000,
        visitors: 5000,
        leads: 3,
        conversion: 0.0006,
        ...inspections,
      },
      { group: { ...campaign, source: 'whatsapp', campaign: '' }, visits: 0, visitors: 0, leads: 2, conversion: null, ...inspections },
    ]);
    expect([widthOf(phone), widthOf(desktop)]).toEqual(['340', '1000']);
    expect(phone).toContain('10.0% · 20 of 200');
    expect(desktop).toContain('10.0% · 20 leads from 200 visitors');
    expect(desktop).toContain('0.1% · 3 leads from 5,000 visitors');
    expect(desktop).toContain('2 leads, no visits counted');
    expect(desktop).toContain('facebook / paid · nov');
    for (const svg of [phone, desktop]) {
      expect(svg).not.toContain('<img');
      expect(svg).toContain('&lt;img');
    }
  });
});
