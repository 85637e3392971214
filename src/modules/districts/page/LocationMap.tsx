import { HomeIcon } from '@/components/icons';
import type { District } from '@/content/districts';
import { LOCATION_COPY, type MapRoute } from '@/content/location';
import { DISTRICT_RADIUS, LABEL_FONT_SIZE, layoutLocationMap, MAP_SIZE, PIN_RADIUS, type Label, type Point } from './location-map';

const pointsAttr = (points: Point[]) => points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
const labelTransform = ({ at, angle }: Label) =>
  `translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})${angle ? ` rotate(${angle.toFixed(1)})` : ''}`;

/** Roads are drawn like the site plan's (ivory with a brass edge); rail as a dark line with sleepers. */
const LINE_STYLES: Record<MapRoute['kind'], { under: string; over: string }> = {
  road: { under: 'stroke-brass-500/60 [stroke-width:9]', over: 'stroke-ivory-50 [stroke-width:6]' },
  rail: { under: 'stroke-forest-700 [stroke-width:6] [stroke-dasharray:1.5_5]', over: 'stroke-forest-700 [stroke-width:1.5]' },
};
const ACCESS_ROAD = { under: 'stroke-brass-500/60 [stroke-width:6]', over: 'stroke-ivory-50 [stroke-width:3.5]' };

/**
 * A district and its landmarks by drive time, drawn in the site's palette as inline SVG (a few KiB, no script, no
 * map tiles). The numbered pins match the list beside it, which carries the same facts as text.
 */
export function LocationMap({ district, routes }: { district: District; routes: MapRoute[] }) {
  const places = district.landmarks.items;
  const map = layoutLocationMap(places, routes, district.name);
  const { x: cx, y: cy } = map.district;
  return (
    <svg
      viewBox={`0 0 ${MAP_SIZE.width} ${MAP_SIZE.height}`}
      role="img"
      aria-label={LOCATION_COPY.mapLabel(district.name, places.length)}
      className="block h-auto w-full font-sans"
    >
      <defs>
        <pattern id="map-grid" width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0H0V20" fill="none" className="stroke-brass-500/20" />
        </pattern>
        <radialGradient id="map-glow">
          <stop offset="0" className="[stop-color:var(--color-forest-100)]" />
          <stop offset="1" className="[stop-color:var(--color-forest-100)] [stop-opacity:0]" />
        </radialGradient>
      </defs>
      <rect width={MAP_SIZE.width} height={MAP_SIZE.height} className="fill-ivory-100" />
      <rect width={MAP_SIZE.width} height={MAP_SIZE.height} fill="url(#map-grid)" />
      <circle cx={cx} cy={cy} r={map.rings[0]?.radius ?? 60} fill="url(#map-glow)" />

      <g fill="none" className="stroke-brass-500 [stroke-dasharray:1_5] [stroke-linecap:round] [stroke-width:1.5]">
        {map.rings.map((ring) => (
          <circle key={ring.minutes} cx={cx} cy={cy} r={ring.radius.toFixed(1)} />
        ))}
      </g>

      <g fill="none" strokeLinejoin="round">
        {map.lines.map(({ route, points }) => {
          const style = route.name ? LINE_STYLES[route.kind] : ACCESS_ROAD;
          return (
            <g key={pointsAttr(points)}>
              <polyline points={pointsAttr(points)} className={style.under} />
              <polyline points={pointsAttr(points)} className={style.over} />
            </g>
          );
        })}
      </g>

      {/* Small type with an ivory halo, so it reads over rings and lines (a wider one hides a ring behind its own label). */}
      <g
        fontSize={LABEL_FONT_SIZE}
        textAnchor="middle"
        className="fill-brass-700 stroke-ivory-100 [paint-order:stroke] [stroke-linejoin:round] [stroke-width:4]"
      >
        {map.rings.map((ring) =>
          ring.label ? (
            <text key={ring.minutes} transform={labelTransform(ring.label)} dominantBaseline="central" className="[stroke-width:6]">
              {LOCATION_COPY.minutes(ring.minutes)}
            </text>
          ) : null,
        )}
        {map.lines.map(({ route, label }) =>
          route.name && label ? (
            <text key={route.name} transform={labelTransform(label)} dominantBaseline="central" className="font-medium italic">
              {route.name}
            </text>
          ) : null,
        )}
        <text
          transform={labelTransform(map.districtLabel)}
          dominantBaseline="central"
          className="fill-forest-900 text-[12px] font-semibold"
        >
          {district.name}
        </text>
      </g>

      <circle cx={cx} cy={cy} r={DISTRICT_RADIUS + 10} className="fill-forest-800/15" />
      <circle cx={cx} cy={cy} r={DISTRICT_RADIUS} className="fill-forest-800 stroke-brass-300 [stroke-width:2]" />
      <HomeIcon x={(cx - 9).toFixed(1)} y={(cy - 9).toFixed(1)} width={18} height={18} strokeWidth={2} className="text-brass-300" />

      <g fontSize="12" textAnchor="middle" className="font-semibold">
        {map.pins.map((pin) => (
          <g key={pin.number} transform={`translate(${pin.at.x.toFixed(1)} ${pin.at.y.toFixed(1)})`}>
            <circle r={PIN_RADIUS} className="fill-ivory-50 stroke-forest-800 [stroke-width:1.5]" />
            <text dominantBaseline="central" className="fill-forest-900">
              {pin.number}
            </text>
          </g>
        ))}
      </g>

      {/* North arrow */}
      <g transform={`translate(${map.compass.x.toFixed(1)} ${map.compass.y.toFixed(1)})`} className="fill-forest-800">
        <path d="M0-13L5-1H-5z" />
        <text y="3" fontSize="10" textAnchor="middle" dominantBaseline="hanging" className="font-semibold">
          N
        </text>
      </g>
    </svg>
  );
}
