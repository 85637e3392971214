/**
 * The districts, from their one list (src/content/districts.ts; docs/decisions/0406-districts-are-data.md). A district
 * is stored by its slug (`d1`); the app, the form, staff, the CSV and the webhook name it by its choice, as the
 * specification lists them; the first is the form default. The database column converts between the two (schema.ts),
 * so renaming a choice in the content never touches stored rows.
 *
 * Apart from ./enums.ts (which browsers load) because it imports the whole district content: a browser component gets
 * the choices it needs as props from a server component instead.
 */
// Relative, not '@/': drizzle-kit reads this file through schema.ts.
import { DISTRICTS } from '../../content/districts';

type ListedDistrict = (typeof DISTRICTS)[number];
export type DistrictSlug = ListedDistrict['slug'];
export type DistrictChoice = ListedDistrict['choice'];
export const DISTRICT_SLUGS = DISTRICTS.map((district) => district.slug) as [DistrictSlug, ...DistrictSlug[]];
export const DISTRICT_CHOICES = DISTRICTS.map((district) => district.choice) as [DistrictChoice, ...DistrictChoice[]];
/** The slug stored for a choice; undefined for none of the list's. */
export const districtSlugOf = (choice: string): DistrictSlug | undefined => DISTRICTS.find((d) => d.choice === choice)?.slug;
/** The choice a stored slug stands for; undefined for none of the list's. */
export const districtChoiceOf = (slug: string): DistrictChoice | undefined => DISTRICTS.find((d) => d.slug === slug)?.choice;
