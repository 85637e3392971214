/**
 * Where each district is: the point a visitor's maps app is sent to, one sentence on its setting, and the roads and
 * rail lines drawn on its location map (the landmarks themselves, with drive time and direction, are in districts.ts).
 * Rendered on the server only, so none of it reaches the browser's JavaScript.
 *
 * `confirmWithOwner: true` marks facts the owner has not yet checked (set it to false once checked);
 * docs/decisions/0330-buyer-confidence.md lists them. The coordinates are placeholders near the middle of Lugbe and
 * Moniya until the owner gives the estate gate's.
 */
import type { CompassPoint, District } from './districts';

/** A point a route passes through: the district itself, a landmark (by its name), or the map's edge in a direction. */
export type RouteStop = 'district' | { landmark: string } | { edge: CompassPoint };

export interface MapRoute {
  /** Shown along the line; a short access road needs none. */
  name?: string;
  kind: 'road' | 'rail';
  stops: RouteStop[];
}

export interface DistrictLocation {
  confirmWithOwner: boolean;
  /** The estate gate, WGS 84 decimal degrees: where "Get directions" sends the visitor's maps app. */
  coordinates: { lat: number; lng: number };
  /** Where the district lies, in one sentence. */
  setting: string;
  routes: MapRoute[];
}

export const LOCATION_COPY = {
  heading: 'Where it is',
  mapLabel: (district: string, places: number) => `Map of ${district} and ${places} places nearby by drive time, listed beside the map.`,
  caption:
    'Not to scale: each place sits in its direction from the district, as far out as the drive takes. Rings mark every 10 minutes by car; times are indicative and depend on traffic.',
  /** A drive time on the map's rings and in its list. */
  minutes: (minutes: number) => `${minutes} min`,
  legendHeading: 'Drive times',
  directions: (district: string) => `Get directions to ${district}`,
  directionsNote: 'Opens Google Maps, in the app on your phone or on the web, with the route to the district gate.',
};

export const DISTRICT_LOCATIONS: Record<District['slug'], DistrictLocation> = {
  d1: {
    confirmWithOwner: true,
    coordinates: { lat: 8.979, lng: 7.37 },
    setting: 'District 1 lies in Lugbe, just off Airport Road, between Nnamdi Azikiwe International Airport and the city centre.',
    routes: [
      {
        name: 'Airport Road',
        kind: 'road',
        stops: [{ edge: 'W' }, { landmark: 'Nnamdi Azikiwe International Airport' }, { landmark: 'Lugbe Market' }, { edge: 'NE' }],
      },
      { kind: 'road', stops: ['district', { landmark: 'Lugbe Market' }] },
    ],
  },
  d2: {
    confirmWithOwner: true,
    coordinates: { lat: 7.529, lng: 3.913 },
    setting: 'District 2 lies in Moniya, Akinyele, beside the Ibadan–Oyo road and the terminus of the Lagos–Ibadan railway.',
    routes: [
      {
        name: 'Ibadan–Oyo road',
        kind: 'road',
        stops: [{ edge: 'N' }, { landmark: 'Ibadan–Oyo Expressway' }, { landmark: 'Ojoo Bus Terminal' }, { edge: 'S' }],
      },
      { kind: 'road', stops: ['district', { landmark: 'Ibadan–Oyo Expressway' }] },
      { name: 'Lagos–Ibadan railway', kind: 'rail', stops: [{ landmark: 'Obafemi Awolowo Railway Station, Moniya' }, { edge: 'SW' }] },
    ],
  },
};
