import { type DistrictChoice, type DistrictSlug } from '@/lib/db/enums';
import { DISTRICT_SLUGS, districtSlugOf } from '@/lib/db/districts';

export type { DistrictSlug } from '@/lib/db/enums';

/**
 * Where a buyer books, sees and changes a site inspection (docs/decisions/0391): the pages and the form posts. The
 * e-mails link to these too. A link carries only a signed token (links.server.ts), never anything personal.
 */

/** The district page a slot's district belongs to (/d1, /d2). */
export const slugOfDistrict = (district: DistrictChoice): DistrictSlug => districtSlugOf(district) ?? DISTRICT_SLUGS[0];

const withToken = (path: string, name: string, token: string | undefined) =>
  token ? `${path}?${name}=${encodeURIComponent(token)}` : path;

export const INSPECTION_PATHS = {
  /** The district's booking page; with a `book` token the buyer is known and only picks a slot. */
  book: (slug: DistrictSlug, bookToken?: string) => withToken(`/${slug}/inspection`, 'book', bookToken),
  /** The booking's own page (the confirmation), from a `manage` token. */
  booking: (manageToken: string) => withToken('/inspection/booking', 't', manageToken),
  /** Move or cancel it, from the same token. */
  change: (manageToken: string) => withToken('/inspection/change', 't', manageToken),
  /** Its calendar file (.ics). */
  calendar: (manageToken: string) => withToken('/api/inspections/calendar', 't', manageToken),
  /** Where the forms post. */
  api: {
    bookAsVisitor: '/api/inspections/book',
    bookByLink: '/api/inspections/book-by-link',
    move: '/api/inspections/move',
    cancel: '/api/inspections/cancel',
  },
} as const;

/**
 * The booking page of a lead's district, for a lead already known (the interest confirmation, the receipt). A chat's
 * lead that has not said its district (docs/decisions/0399) opens the first district's.
 */
export const bookPathOf = (district: DistrictChoice | null, bookToken: string) =>
  INSPECTION_PATHS.book(district ? slugOfDistrict(district) : DISTRICT_SLUGS[0], bookToken);
