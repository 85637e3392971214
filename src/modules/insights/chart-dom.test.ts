import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env.server';
import { ASSUMPTION, chartDocument, linkedomNodeClass } from './chart-dom.server';
import { firstContactChart, leadsOverTimeChart } from './charts.server';

const before = process.env.CHARTS_FAST_PATH;
afterEach(() => {
  if (before === undefined) delete process.env.CHARTS_FAST_PATH;
  else process.env.CHARTS_FAST_PATH = before;
  resetEnvCache();
});

/** A year of weekly bars for two districts, and a year of first-contact weeks: the dashboard's two largest charts. */
function yearOfCharts() {
  const weeks = Array.from({ length: 53 }, (_, i) => new Date(Date.UTC(2025, 11, 1 + i * 7)).toISOString().slice(0, 10));
  const bars = weeks.flatMap((start, i) => [
    { start, district: 'Lugbe, Abuja', count: 40 + ((i * 7) % 13) },
    { start, district: 'Moniya, Ibadan', count: 20 + ((i * 5) % 11) },
  ]);
  const contact = weeks.map((week, i) => ({
    week,
    received: 90,
    contacted: 80,
    withinTarget: 60,
    medianMinutes: 20 + (i % 9),
    p90Minutes: 70 + (i % 17),
  }));
  return { perDay: leadsOverTimeChart(bars, ['Lugbe, Abuja', 'Moniya, Ibadan']), firstContact: firstContactChart(contact, 60) };
}

function drawnWith(fastPath: 'on' | 'off') {
  process.env.CHARTS_FAST_PATH = fastPath;
  resetEnvCache();
  return yearOfCharts();
}

describe('the charts’ DOM without listener maps (CHARTS_FAST_PATH)', () => {
  it(`finds linkedom's Node class: if this fails after an upgrade, the assumption broke (${ASSUMPTION}); set CHARTS_FAST_PATH=off`, () => {
    expect(linkedomNodeClass()?.name).toBe('Node');
  });

  it('draws the same charts, byte for byte, as linkedom as shipped', () => {
    const shipped = drawnWith('off');
    const fast = drawnWith('on');
    expect(fast.perDay.desktop).toContain('<rect');
    expect(fast).toEqual(shipped);
    // Switched back, linkedom is as shipped again.
    expect(drawnWith('off')).toEqual(shipped);
  });

  it('says so when something adds a listener to a node on the fast path, and leaves listeners working when it is off', () => {
    const fast = chartDocument(true).createElement('div');
    expect(() => fast.addEventListener('input', () => {})).toThrow(/keeps no event listeners/);

    const shipped = chartDocument(false).createElement('div');
    let heard = 0;
    shipped.addEventListener('input', () => heard++);
    shipped.dispatchEvent(new (chartDocument(false).defaultView!.Event)('input'));
    expect(heard).toBe(1);
  });
});
