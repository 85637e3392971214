/**
 * The districts: one typed entry each (its slug and names, facts, offer, landmarks and map, pickup point, authorities,
 * home-page card and copy), in DISTRICTS at the end. Everything else derives from that list: the routes /<slug> and
 * /<slug>/inspection, the form's and staff screens' choices (src/lib/db/enums.ts), the stored slug, the sitemap. Adding a
 * district is adding an entry here and its images (docs/decisions/0406-districts-are-data.md).
 */

/** Names of the icons in src/components/icons.tsx that district content may use. */
export type IconName =
  | 'road'
  | 'bolt'
  | 'droplet'
  | 'shield'
  | 'tree'
  | 'drain'
  | 'camera'
  | 'home'
  | 'leaf'
  | 'sparkle'
  | 'plane'
  | 'store'
  | 'train'
  | 'graduation'
  | 'bus'
  | 'bag'
  | 'building'
  | 'users'
  | 'heart'
  | 'trending'
  | 'briefcase'
  | 'cpu'
  | 'map';

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}
export interface WhyChoose {
  icon: IconName;
  title: string;
  text: string;
}
/** The sixteen compass points, for where a place lies as seen from a district. */
export const COMPASS_POINTS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/**
 * A place near a district: its drive time (indicative) and its rough direction from the district, which places it on
 * the location map. Both are for the owner to confirm with the sales team (docs/decisions/0005-brand-and-facts.md).
 */
export interface Landmark {
  icon: IconName;
  name: string;
  kind: string;
  driveMinutes: number;
  direction: CompassPoint;
}

/** A point a route passes through: the district itself, a landmark (by its name), or the map's edge in a direction. */
export type RouteStop = 'district' | { landmark: string } | { edge: CompassPoint };

export interface MapRoute {
  /** Shown along the line; a short access road needs none. */
  name?: string;
  kind: 'road' | 'rail';
  stops: RouteStop[];
}

/** Where the district is (src/content/location.ts has the words around it). */
export interface DistrictLocation {
  confirmWithOwner: boolean;
  /** The estate gate, WGS 84 decimal degrees: where "Get directions" sends the visitor's maps app. */
  coordinates: { lat: number; lng: number };
  /** Where the district lies, in one sentence. */
  setting: string;
  routes: MapRoute[];
}

/** The public bodies a buyer deals with in the district's state (src/content/buying.ts). */
export interface DistrictAuthorities {
  confirmWithOwner: boolean;
  /** Where a title is searched and a deed of assignment registered. */
  landRegistry: string;
  /** Who approves building plans. */
  planningAuthority: string;
}

export interface LandOffer {
  sizeSqm: number;
  priceNgn: number;
  depositNgn: number;
  /** Verbatim from the specification; identical on both pages (see docs/decisions/0004-offer-wording.md). */
  wording: string;
}

/** One district's entry, as written below; `District` is one of the list's, with its slug and choice as literals. */
export interface DistrictEntry {
  /** The district's address (/d1) and what the database stores for it: never changed once leads name it. */
  slug: string;
  path: string;
  number: number;
  name: string;
  area: string;
  city: string;
  /** What the interest form sends and staff, the CSV and the webhook read for it ("Lugbe, Abuja"). */
  choice: string;
  meta: { title: string; description: string };
  hero: { eyebrow: string; title: string; lead: string; image: string; imageAlt: string };
  about: { heading: string; paragraphs: string[] };
  featuresHeading: string;
  features: Feature[];
  whyChoose: { heading: string; style: 'cards' | 'numbered'; items: WhyChoose[] };
  landmarks: { heading: string; intro: string; shownCount: number; items: Landmark[] };
  offer: LandOffer;
  /** The district's own master-plan drawing (scripts/media/siteplan.mjs). */
  sitePlan: string;
  contactUs: boolean;
  location: DistrictLocation;
  authorities: DistrictAuthorities;
  /**
   * Where a fresh install's default site inspection meets (docs/decisions/0391), until an owner sets the schedule in
   * the staff area: the estate's own gate, with a map search link rather than invented coordinates.
   */
  pickup: { meetingPoint: string; mapUrl: string };
  /** Its card on the home page; `order` places it among the others (lowest first). */
  homeCard: { order: number; heading: string; text: string; imageAlt: string; ctaContext: string };
}

/** Keeps an entry's slug, path and choice as literal types, so the list's types derive from the entries. */
const defineDistrict = <const Slug extends string, const Choice extends string>(
  district: DistrictEntry & { slug: Slug; path: `/${Slug}`; choice: Choice },
) => district;

/** How messages name a district: "District 1, Lugbe, Abuja". */
export const districtLabel = (district: Pick<DistrictEntry, 'name' | 'choice'>) => `${district.name}, ${district.choice}`;

/** The specification's offer wording, used unchanged on both pages. */
export const OFFER_WORDING = "plot of Abuja's most-loved district";

export const DEMAND_CLAIM = 'Up to 50% higher demand on properties in our districts';

// The offer's words are in ./offer.ts, apart from the entries, so the browser components that use them (the instalment
// view, Contact Us, the landmarks list) do not carry every district's content.
export { OFFER_COPY, SALES_HOURS } from './offer';

export const d1 = defineDistrict({
  slug: 'd1',
  path: '/d1',
  number: 1,
  name: 'District 1',
  area: 'Lugbe',
  city: 'Abuja',
  choice: 'Lugbe, Abuja',
  meta: {
    title: 'District 1 — Lugbe, Abuja',
    description:
      'Serviced residential plots in Lugbe, Abuja, minutes from the airport: 300 sqm for ₦10,000,000 with a ₦3,000,000 initial deposit.',
  },
  hero: {
    eyebrow: 'District 1 · Lugbe, Abuja',
    title: 'A planned address on the Airport Road corridor',
    lead: 'Serviced plots in one of the fastest-growing parts of the Federal Capital Territory, with roads, power and security planned before the first home goes up.',
    image: '/media/district-lugbe.svg',
    imageAlt: 'Illustration of District 1: villas along a tree-lined avenue with a granite hill and a distant aircraft.',
  },
  about: {
    heading: 'About District 1',
    paragraphs: [
      'District 1 sits in Lugbe, along the Airport Road corridor that links the city centre to Nnamdi Azikiwe International Airport. Lugbe has grown from a satellite town into one of Abuja’s most sought-after residential areas, and demand keeps rising as the capital expands south-west.',
      'We plan the whole district before selling a single plot: road layout, drainage, power and water, green spaces and a secure perimeter. You buy into an estate that is designed to hold its value, whether you build your family home now or hold the land as an investment.',
    ],
  },
  featuresHeading: 'Features',
  features: [
    { icon: 'road', title: 'Paved road network', text: 'Asphalt roads with kerbs, walkways and solar street lighting.' },
    { icon: 'drain', title: 'Planned drainage', text: 'Covered drains sized for the rainy season, built before handover.' },
    { icon: 'bolt', title: 'Dedicated power', text: 'An estate transformer and underground distribution to every plot.' },
    { icon: 'droplet', title: 'Central water supply', text: 'A borehole and treatment plant with piped water to each plot.' },
    { icon: 'tree', title: 'Parks and green space', text: 'A central park, play areas and tree-lined avenues.' },
    { icon: 'camera', title: 'Gated and monitored', text: 'Perimeter fence, gatehouse and CCTV with 24-hour guards.' },
  ],
  whyChoose: {
    heading: 'Why choose District 1',
    style: 'cards',
    items: [
      {
        icon: 'shield',
        title: 'Safety and Security',
        text: 'One controlled entrance, a fenced perimeter, round-the-clock guards and camera coverage of every street.',
      },
      {
        icon: 'leaf',
        title: 'Comfort and Lifestyle',
        text: 'Low-density streets, generous plots and green space so the district stays calm as it grows.',
      },
      {
        icon: 'sparkle',
        title: 'Convenience and amenities',
        text: 'Minutes from the airport, Lugbe market and the city’s main roads, with shops and schools close by.',
      },
    ],
  },
  landmarks: {
    heading: 'Landmarks',
    intro: 'Everyday places within easy reach. Drive times are indicative and depend on traffic.',
    shownCount: 6,
    items: [
      { icon: 'plane', name: 'Nnamdi Azikiwe International Airport', kind: 'Airport', driveMinutes: 15, direction: 'W' },
      { icon: 'store', name: 'Lugbe Market', kind: 'Market', driveMinutes: 5, direction: 'N' },
      { icon: 'train', name: 'Idu Railway Station', kind: 'Rail station', driveMinutes: 20, direction: 'NW' },
      { icon: 'graduation', name: 'University of Abuja', kind: 'University', driveMinutes: 10, direction: 'WSW' },
      { icon: 'bus', name: 'Jabi Motor Park', kind: 'Bus terminal', driveMinutes: 25, direction: 'NNE' },
      { icon: 'bag', name: 'Jabi Lake Mall', kind: 'Shopping mall', driveMinutes: 25, direction: 'NE' },
    ],
  },
  offer: { sizeSqm: 300, priceNgn: 10_000_000, depositNgn: 3_000_000, wording: OFFER_WORDING },
  sitePlan: '/media/site-plan-lugbe.svg',
  contactUs: true,
  location: {
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
  authorities: {
    confirmWithOwner: true,
    landRegistry: 'AGIS, the land registry of the Federal Capital Territory',
    planningAuthority: 'the Development Control Department of the FCDA',
  },
  pickup: {
    meetingPoint: 'District 1 estate gate, Airport Road, Lugbe, Abuja',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Lugbe%2C%20Airport%20Road%2C%20Abuja',
  },
  homeCard: {
    order: 2,
    heading: 'Lugbe, Abuja',
    text: 'Serviced 300 sqm plots on Abuja’s Airport Road corridor, minutes from the airport and the city’s main roads, from a ₦3,000,000 initial deposit.',
    ctaContext: 'about Lugbe, Abuja',
    imageAlt: 'Illustration of villas on a tree-lined avenue with a granite hill behind.',
  },
});

export const d2 = defineDistrict({
  slug: 'd2',
  path: '/d2',
  number: 2,
  name: 'District 2',
  area: 'Moniya',
  city: 'Ibadan',
  choice: 'Moniya, Ibadan',
  meta: {
    title: 'District 2 — Moniya, Ibadan',
    description:
      'Spacious residential plots in Moniya, Ibadan, by the Lagos–Ibadan railway terminus: 450 sqm for ₦1,500,000 with a ₦500,000 initial deposit.',
  },
  hero: {
    eyebrow: 'District 2 · Moniya, Ibadan',
    title: 'Room to grow, where the railway meets the city',
    lead: 'Generous plots in Moniya, on the northern edge of Ibadan, beside the terminus of the Lagos–Ibadan standard-gauge railway.',
    image: '/media/district-moniya.svg',
    imageAlt: 'Illustration of District 2: homes among rolling green land with a passenger train crossing in the distance.',
  },
  about: {
    heading: 'About District 2',
    paragraphs: [
      'District 2 is in Moniya, Akinyele, where the Ibadan–Oyo road leaves the city. Since the Lagos–Ibadan railway opened its terminus here, Moniya has become the gateway to Ibadan for commuters, traders and families moving out of the crowded centre.',
      'Plots are larger and prices lower than in the city, with the same planning we apply in Abuja: laid-out roads, drainage, power, water and shared spaces, so the district matures into a community rather than a patchwork.',
    ],
  },
  featuresHeading: 'Features',
  features: [
    { icon: 'road', title: 'Graded road network', text: 'Laid-out streets linking every plot to the Ibadan–Oyo road.' },
    { icon: 'drain', title: 'Drainage channels', text: 'Lined drains that keep streets and plots dry in the rains.' },
    { icon: 'bolt', title: 'Power connection', text: 'Distribution lines planned to every street, with solar street lights.' },
    { icon: 'droplet', title: 'Water supply', text: 'A central borehole with a reservoir for the whole district.' },
    { icon: 'users', title: 'Community spaces', text: 'A green, a children’s playground and a multi-purpose hall.' },
    { icon: 'shield', title: 'Secure perimeter', text: 'A fenced district with a manned gate and estate patrols.' },
  ],
  whyChoose: {
    heading: 'Why choose District 2',
    style: 'numbered',
    items: [
      {
        icon: 'shield',
        title: 'Safety and security',
        text: 'A gated, fenced district with guards and patrols, so children can play on their own street.',
      },
      {
        icon: 'leaf',
        title: 'Lifestyle and convenience',
        text: 'Quiet streets and open space, with Moniya market, schools and the railway minutes away.',
      },
      {
        icon: 'users',
        title: 'Community and social life',
        text: 'Shared greens, a hall and a residents’ association that gives every homeowner a voice.',
      },
      { icon: 'heart', title: 'Family-friendly', text: 'Large plots with room for a garden, and schools and clinics close by.' },
      {
        icon: 'trending',
        title: 'Investment and property value',
        text: 'Ibadan is growing north; land near the rail terminus is among the first to appreciate.',
      },
      {
        icon: 'briefcase',
        title: 'Career and personal growth',
        text: 'Trains to Lagos and quick roads to Ibadan’s universities and business districts widen where you can work.',
      },
      {
        icon: 'cpu',
        title: 'Technology and innovation',
        text: 'Ducting for fibre internet to every street and solar-ready power from the start.',
      },
    ],
  },
  landmarks: {
    heading: 'Landmarks',
    intro: 'Places within reach of District 2. Drive times are indicative and depend on traffic.',
    shownCount: 6,
    items: [
      { icon: 'train', name: 'Obafemi Awolowo Railway Station, Moniya', kind: 'Rail terminus', driveMinutes: 5, direction: 'SW' },
      { icon: 'store', name: 'Moniya Market', kind: 'Market', driveMinutes: 5, direction: 'N' },
      { icon: 'building', name: 'Akinyele Local Government Secretariat', kind: 'Local government', driveMinutes: 5, direction: 'NE' },
      { icon: 'road', name: 'Ibadan–Oyo Expressway', kind: 'Expressway', driveMinutes: 2, direction: 'W' },
      { icon: 'bus', name: 'Ojoo Bus Terminal', kind: 'Bus terminal', driveMinutes: 15, direction: 'S' },
      {
        icon: 'leaf',
        name: 'International Institute of Tropical Agriculture (IITA)',
        kind: 'Research campus',
        driveMinutes: 15,
        direction: 'SSW',
      },
      { icon: 'graduation', name: 'University of Ibadan', kind: 'University', driveMinutes: 20, direction: 'S' },
      { icon: 'store', name: 'Bodija Market', kind: 'Market', driveMinutes: 30, direction: 'S' },
      { icon: 'bag', name: 'Ventura Mall, Samonda', kind: 'Shopping mall', driveMinutes: 25, direction: 'SSW' },
      { icon: 'tree', name: 'Agodi Gardens', kind: 'Park', driveMinutes: 35, direction: 'S' },
    ],
  },
  offer: { sizeSqm: 450, priceNgn: 1_500_000, depositNgn: 500_000, wording: OFFER_WORDING },
  sitePlan: '/media/site-plan-moniya.svg',
  contactUs: false,
  location: {
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
  authorities: {
    confirmWithOwner: true,
    landRegistry: 'the Oyo State Land Registry at the State Secretariat, Agodi',
    planningAuthority: 'the Oyo State Bureau of Physical Planning and Development Control',
  },
  pickup: {
    meetingPoint: 'District 2 estate gate, Ibadan–Oyo road, Moniya, Ibadan',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Moniya%2C%20Akinyele%2C%20Ibadan',
  },
  homeCard: {
    order: 1,
    heading: 'Moniya, Ibadan',
    text: 'Spacious 450 sqm plots on the northern edge of Ibadan, beside the Lagos–Ibadan railway terminus. Room for a family home and a garden, from a ₦500,000 initial deposit.',
    ctaContext: 'about Moniya, Ibadan',
    imageAlt: 'Illustration of homes among rolling green land with a train in the distance.',
  },
});

/**
 * Every district, in the order the site lists them (menu, footer, the form's choice, staff filters). The first is the
 * form's default. Tests may supply a longer list through this module (tests/integration/third-district.test.ts).
 */
export const DISTRICTS = [d1, d2] as const;
export type District = (typeof DISTRICTS)[number];
