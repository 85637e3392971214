import { TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

export { TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

/*
 * What the popup needs on first paint, without the validation library: the schema itself (./schema.ts, Zod) reaches
 * the browser only when the visitor starts filling the form (docs/decisions/0013-front-end-budget.md). The district
 * choices come as props from the server (src/lib/db/districts.ts), so the district content stays out of the browser.
 */

/** The five fields the visitor fills, with the specification's defaults (./schema.ts checks it names its fields). */
export type InterestFields = {
  title: Title;
  fullname: string;
  email: string;
  phonenumber: string;
  district: DistrictChoice;
};
export const INTEREST_VISIBLE_FIELDS = [
  'title',
  'fullname',
  'email',
  'phonenumber',
  'district',
] as const satisfies readonly (keyof InterestFields)[];
/** The defaults but the district's, which is the first district listed (DISTRICT_CHOICES[0]). */
export const INTEREST_DEFAULTS: Omit<InterestFields, 'district'> = {
  title: TITLES[0],
  fullname: '',
  email: '',
  phonenumber: '',
};
