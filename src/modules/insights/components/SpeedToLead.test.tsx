import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SpeedToLeadRow } from '@/modules/insights/dashboard.repository.server';
import { shortDay } from '../charts.server';
import { SPEED_WEEKS_SHOWN, SpeedToLead } from './SpeedToLead';

/** A year of weeks, newest first, two agents each. */
const rows: SpeedToLeadRow[] = Array.from({ length: 53 }, (_, i) =>
  new Date(Date.UTC(2026, 10, 23) - i * 7 * 86_400_000).toISOString().slice(0, 10),
).flatMap((week) =>
  ['Ada', 'Bola'].map((agent) => ({
    week,
    agentId: agent,
    agent,
    received: 4,
    messaged: 4,
    firstMessageSeconds: 20,
    contacted: 3,
    withinTarget: 2,
    medianMinutes: 12,
  })),
);
const tables = (html: string) => html.match(/data-testid="speed-week"/g)?.length ?? 0;

describe('speed to lead', () => {
  it('draws the newest weeks of a long range and links to the earlier ones', () => {
    const html = renderToStaticMarkup(<SpeedToLead rows={rows} allWeeksHref="/admin/dashboard?speed=all#speed" />);
    expect(tables(html)).toBe(SPEED_WEEKS_SHOWN);
    expect(html).toContain(`Week of ${shortDay(rows[0].week)}`);
    expect(html).toContain(`Week of ${shortDay(rows[2 * (SPEED_WEEKS_SHOWN - 1)].week)}`);
    expect(html).not.toContain(`Week of ${shortDay(rows[2 * SPEED_WEEKS_SHOWN].week)}`);
    expect(html).toMatch(/<a href="\/admin\/dashboard\?speed=all#speed"[^>]*>Show 45 earlier weeks<\/a>/);
  });

  it('draws every week when all are asked for, or when the range holds no more than the newest', () => {
    expect(tables(renderToStaticMarkup(<SpeedToLead rows={rows} />))).toBe(53);
    const html = renderToStaticMarkup(<SpeedToLead rows={rows.slice(0, 2 * 5)} allWeeksHref="/admin/dashboard?speed=all#speed" />);
    expect(tables(html)).toBe(5);
    expect(html).not.toContain('earlier week');
  });
});
