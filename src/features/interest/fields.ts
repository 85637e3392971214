import { TITLES } from '@/lib/db/enums';
import type { InterestInput } from './schema';

export { DISTRICT_CHOICES, TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

/*
 * What the popup needs on first paint, without the validation library: the schema itself (./schema.ts, Zod) reaches
 * the browser only when the visitor starts filling the form (docs/decisions/0013-front-end-budget.md).
 */

/** The five fields the visitor fills, with the specification's defaults. */
export type InterestFields = Pick<InterestInput, 'title' | 'fullname' | 'email' | 'phonenumber' | 'district'>;
export const INTEREST_VISIBLE_FIELDS = ['title', 'fullname', 'email', 'phonenumber', 'district'] as const satisfies readonly (keyof InterestFields)[];
export const INTEREST_DEFAULTS: InterestFields = {
  title: TITLES[0],
  fullname: '',
  email: '',
  phonenumber: '',
  district: 'Lugbe, Abuja',
};

/** Loads the schema for the browser's own check; undefined when the network fails (the server checks anyway). */
export const loadInterestSchema = () =>
  import('./schema').then(
    (module) => module.interestSchema,
    () => undefined,
  );
