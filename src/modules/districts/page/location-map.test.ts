import { describe, expect, it } from 'vitest';
import { DISTRICTS } from '@/content/districts';
import { layoutLocationMap, MAP_SIZE, PIN_RADIUS, PIN_SPACING } from './location-map';

describe.each(DISTRICTS)('location map of $name', (district) => {
  const layout = layoutLocationMap(district.landmarks.items, district.location.routes, district.name);

  it('has a pin for every landmark, inside the box', () => {
    expect(layout.pins.map((p) => p.landmark.name)).toEqual(district.landmarks.items.map((l) => l.name));
    for (const { at } of layout.pins) {
      expect(at.x - PIN_RADIUS).toBeGreaterThanOrEqual(0);
      expect(at.y - PIN_RADIUS).toBeGreaterThanOrEqual(0);
      expect(at.x + PIN_RADIUS).toBeLessThanOrEqual(MAP_SIZE.width);
      expect(at.y + PIN_RADIUS).toBeLessThanOrEqual(MAP_SIZE.height);
    }
  });

  it('keeps pins apart from each other and from the district', () => {
    const points = [layout.district, ...layout.pins.map((p) => p.at)];
    for (const [i, a] of points.entries()) {
      for (const b of points.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(PIN_SPACING);
    }
  });

  it('puts farther drives farther out', () => {
    const byTime = [...layout.pins].sort((a, b) => a.landmark.driveMinutes - b.landmark.driveMinutes);
    const reach = byTime.map((p) => Math.round(Math.hypot(p.at.x - layout.district.x, p.at.y - layout.district.y)));
    expect(reach).toEqual([...reach].sort((a, b) => a - b));
  });

  it('labels every named road or rail line', () => {
    for (const line of layout.lines.filter((l) => l.route.name)) expect(line.label, line.route.name).toBeDefined();
  });
});

it('refuses a route through a place that is not one of the landmarks', () => {
  expect(() => layoutLocationMap([], [{ kind: 'road', stops: [{ landmark: 'Nowhere' }] }], 'District 9')).toThrow(/Nowhere/);
});
