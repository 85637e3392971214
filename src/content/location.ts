/**
 * The words around where each district is. Each district's point for a visitor's maps app, one sentence on its setting,
 * and the roads and rail lines drawn on its location map are its `location` in districts.ts, with its landmarks.
 * Rendered on the server only, so none of it reaches the browser's JavaScript.
 *
 * `confirmWithOwner: true` marks facts the owner has not yet checked (set it to false once checked);
 * docs/decisions/0330-buyer-confidence.md lists them. The coordinates are placeholders near the middle of Lugbe and
 * Moniya until the owner gives the estate gate's.
 */
export type { DistrictLocation, MapRoute, RouteStop } from './districts';

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
