import { TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

export { DISTRICT_CHOICES, TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

/*
 * What the popup needs on first paint, without the validation library: the schema itself (./schema.ts, Zod) reaches
 * the browser only when the visitor starts filling the form (docs/decisions/0013-front-end-budget.md).
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
export const INTEREST_DEFAULTS: InterestFields = {
  title: TITLES[0],
  fullname: '',
  email: '',
  phonenumber: '',
  district: 'Lugbe, Abuja',
};
