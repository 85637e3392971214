import { COMPASS_POINTS, type CompassPoint, type Landmark } from '@/content/districts';
import { LOCATION_COPY, type MapRoute, type RouteStop } from '@/content/location';

/**
 * Where everything goes on a district's location map, worked out from the content: each landmark sits in its
 * direction from the district, as far out as its drive time, at the largest scale that fits the box; the names of
 * the district, the lines and the rings go where they clear everything drawn before them.
 */

export interface Point {
  x: number;
  y: number;
}
export interface Label {
  at: Point;
  angle: number;
}

/** The drawing box in SVG units: about one CSS pixel each on a 390 px phone, so text and pins stay legible there. */
export const MAP_SIZE = { width: 400, height: 320 } as const;
export const RING_STEP_MINUTES = 10;
export const PIN_RADIUS = 13;
export const DISTRICT_RADIUS = 18;
/** The map's small type (names of the district, lines and rings), in SVG units. */
export const LABEL_FONT_SIZE = 11;
/** Below this many units apart, two pins are said to overlap (the unit test holds the content to it). */
export const PIN_SPACING = 2 * PIN_RADIUS + 4;
/** Space kept clear inside the edge of the box. */
const MARGIN = 8;
/** However short the drive, a pin stands clear of the district's marker. */
const MIN_PIN_DISTANCE = DISTRICT_RADIUS + PIN_RADIUS + 12;
/** Closest zoom (units per minute), so a district whose places are all near still looks like a map. */
const MAX_SCALE = 16;
/** Rough width of one character of the small type, to keep labels off everything else. */
const CHAR_WIDTH = LABEL_FONT_SIZE * 0.56;
/** How far a line's name sits from the line: just beside it, or farther out when pins sit on the line. */
const LINE_LABEL_OFFSETS = [12, -12, 22, -22];
const DISTRICT_LABEL_GAP = 14;
/** Gap between a label and a pin or the district's marker, and between a label's baseline and a line's centre. */
const LABEL_CLEARANCE = 6;
const LINE_CLEARANCE = 10;
/** How far the north arrow's centre sits from the corner it is drawn in. */
const COMPASS_INSET = 22;

export interface MapPin {
  number: number;
  landmark: Landmark;
  at: Point;
}
export interface MapRing {
  minutes: number;
  radius: number;
  label?: Label;
}
export interface MapLine {
  route: MapRoute;
  points: Point[];
  label?: Label;
}
export interface LocationMapLayout {
  district: Point;
  districtLabel: Label;
  pins: MapPin[];
  rings: MapRing[];
  lines: MapLine[];
  /** Centre of the north arrow: the first corner clear of pins and lines. */
  compass: Point;
}

const towards = (direction: CompassPoint): Point => {
  const radians = (COMPASS_POINTS.indexOf(direction) * 22.5 * Math.PI) / 180;
  return { x: Math.sin(radians), y: -Math.cos(radians) };
};
const alongAngle = (degrees: number): Point => ({ x: Math.cos((degrees * Math.PI) / 180), y: Math.sin((degrees * Math.PI) / 180) });
const add = (a: Point, b: Point, times = 1): Point => ({ x: a.x + b.x * times, y: a.y + b.y * times });
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const inside = (p: Point, clearance: number) =>
  p.x >= clearance && p.y >= clearance && p.x <= MAP_SIZE.width - clearance && p.y <= MAP_SIZE.height - clearance;

function distanceToSegment(p: Point, a: Point, b: Point) {
  const length2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
  const t = length2 ? Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / length2)) : 0;
  return distance(p, add(a, { x: b.x - a.x, y: b.y - a.y }, t));
}

/** Points along a label's baseline, enough to test it against pins and lines. */
function labelSamples(text: string, label: Label) {
  const half = (text.length * CHAR_WIDTH) / 2;
  return Array.from({ length: 9 }, (_, i) => add(label.at, alongAngle(label.angle), -half + (i * 2 * half) / 8));
}

/** Offsets of the pins from the district at a given scale (units per minute). */
const pinOffsets = (landmarks: Landmark[], scale: number) =>
  landmarks.map((l) => add({ x: 0, y: 0 }, towards(l.direction), Math.max(l.driveMinutes * scale, MIN_PIN_DISTANCE)));

/** The largest scale at which every pin and the district's marker and name fit inside the box, and the offset of the district. */
function fit(landmarks: Landmark[], districtName: string) {
  const labelHalf = (districtName.length * CHAR_WIDTH) / 2;
  for (let scale = MAX_SCALE; ; scale -= 0.25) {
    const offsets = pinOffsets(landmarks, scale);
    const reach = PIN_RADIUS + MARGIN;
    const minX = Math.min(-labelHalf - MARGIN, ...offsets.map((o) => o.x - reach));
    const maxX = Math.max(labelHalf + MARGIN, ...offsets.map((o) => o.x + reach));
    const minY = Math.min(-DISTRICT_RADIUS - DISTRICT_LABEL_GAP - MARGIN, ...offsets.map((o) => o.y - reach));
    const maxY = Math.max(DISTRICT_RADIUS + DISTRICT_LABEL_GAP + MARGIN, ...offsets.map((o) => o.y + reach));
    if ((maxX - minX <= MAP_SIZE.width && maxY - minY <= MAP_SIZE.height) || scale <= 0.25) {
      return { scale, offsets, district: { x: MAP_SIZE.width / 2 - (minX + maxX) / 2, y: MAP_SIZE.height / 2 - (minY + maxY) / 2 } };
    }
  }
}

export function layoutLocationMap(landmarks: Landmark[], routes: MapRoute[], districtName: string): LocationMapLayout {
  const { scale, offsets, district } = fit(landmarks, districtName);
  const pins = landmarks.map((landmark, index) => ({ number: index + 1, landmark, at: add(district, offsets[index]) }));

  const stopPoint = (stop: RouteStop): Point => {
    if (stop === 'district') return district;
    if ('edge' in stop) return add(district, towards(stop.edge), MAP_SIZE.width + MAP_SIZE.height);
    const pin = pins.find((p) => p.landmark.name === stop.landmark);
    if (!pin) throw new Error(`Location map: the route stop "${stop.landmark}" is not one of the district's landmarks`);
    return pin.at;
  };
  const linePoints = routes.map((route) => route.stops.map(stopPoint));

  const clearOfLines = (p: Point, by: number) =>
    linePoints.every((points) => points.slice(1).every((end, i) => distanceToSegment(p, points[i], end) > by));
  const corners = [
    { x: MAP_SIZE.width - COMPASS_INSET, y: COMPASS_INSET },
    { x: COMPASS_INSET, y: COMPASS_INSET },
    { x: MAP_SIZE.width - COMPASS_INSET, y: MAP_SIZE.height - COMPASS_INSET },
    { x: COMPASS_INSET, y: MAP_SIZE.height - COMPASS_INSET },
  ];
  const compass =
    corners.find((c) => clearOfLines(c, COMPASS_INSET) && pins.every((pin) => distance(c, pin.at) > PIN_RADIUS + COMPASS_INSET)) ??
    corners[0];

  // Each label is placed clear of the pins, the district, the lines, the north arrow and the labels placed before it.
  const placed: Point[][] = [[compass]];
  const isClear = (text: string, label: Label) => {
    const samples = labelSamples(text, label);
    const clear = samples.every(
      (s) =>
        inside(s, MARGIN) &&
        distance(s, district) > DISTRICT_RADIUS + LABEL_CLEARANCE &&
        pins.every((pin) => distance(s, pin.at) > PIN_RADIUS + LABEL_CLEARANCE) &&
        clearOfLines(s, LINE_CLEARANCE) &&
        placed.every((other) => other.every((o) => distance(s, o) > LABEL_FONT_SIZE + 4)),
    );
    if (clear) placed.push(samples);
    return clear;
  };
  const firstClear = (text: string, candidates: Label[]) => candidates.find((label) => isClear(text, label));

  const labelDistance = DISTRICT_RADIUS + DISTRICT_LABEL_GAP;
  const districtLabel = firstClear(districtName, [
    { at: add(district, { x: 0, y: labelDistance }), angle: 0 },
    { at: add(district, { x: 0, y: -labelDistance }), angle: 0 },
    { at: add(district, { x: DISTRICT_RADIUS + 8 + (districtName.length * CHAR_WIDTH) / 2, y: 0 }), angle: 0 },
    { at: add(district, { x: -DISTRICT_RADIUS - 8 - (districtName.length * CHAR_WIDTH) / 2, y: 0 }), angle: 0 },
  ]) ?? { at: add(district, { x: 0, y: labelDistance }), angle: 0 };

  const lines = routes.map((route, i) => ({
    route,
    points: linePoints[i],
    label: route.name ? firstClear(route.name, lineLabelCandidates(linePoints[i])) : undefined,
  }));

  // Rings out to the farthest corner, each named where it crosses the first direction that leaves its name clear.
  const farthestCorner = Math.max(...[0, MAP_SIZE.width].flatMap((x) => [0, MAP_SIZE.height].map((y) => distance(district, { x, y }))));
  const directions: CompassPoint[] = ['SE', 'NE', 'SW', 'NW', ...COMPASS_POINTS.filter((p) => p.length !== 2)];
  const rings = Array.from({ length: Math.floor(farthestCorner / (RING_STEP_MINUTES * scale)) }, (_, i) => {
    const minutes = (i + 1) * RING_STEP_MINUTES;
    const radius = minutes * scale;
    const label = firstClear(
      LOCATION_COPY.minutes(minutes),
      directions.map((d) => ({ at: add(district, towards(d), radius), angle: 0 })),
    );
    return { minutes, radius, label };
  });

  return { district, districtLabel, pins, rings, lines, compass };
}

/** Spots for a line's name: along each stretch inside the box, middle first, beside the line on either side. */
function lineLabelCandidates(points: Point[]): Label[] {
  return points.slice(1).flatMap((end, i) => {
    const start = points[i];
    const delta = { x: end.x - start.x, y: end.y - start.y };
    const shown = Array.from({ length: 101 }, (_, s) => s / 100).filter((t) => inside(add(start, delta, t), MARGIN));
    if (shown.length < 2) return [];
    let angle = (Math.atan2(delta.y, delta.x) * 180) / Math.PI;
    if (angle > 90) angle -= 180;
    if (angle <= -90) angle += 180;
    const normal = alongAngle(angle - 90);
    const [from, to] = [shown[0], shown.at(-1)!];
    return [0.5, 0.35, 0.65, 0.2, 0.8].flatMap((fraction) =>
      LINE_LABEL_OFFSETS.map((offset) => ({ at: add(add(start, delta, from + (to - from) * fraction), normal, offset), angle })),
    );
  });
}
