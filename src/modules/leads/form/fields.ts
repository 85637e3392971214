import { INTEREST_COPY } from '@/content/interest';
import type { EMAIL_ERRORS, INTEREST_ERRORS } from '@/content/form-errors';
import { TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

export { TITLES, type DistrictChoice, type Title } from '@/lib/db/enums';

/*
 * The lead's fields, defined once: the Submit Interest popup, the /interest page and the booking page's form for a
 * visitor render them from here (./LeadFields.tsx), in this order; a new field is one entry here and its check in
 * ./schema.ts (./fields.test.ts holds the two together).
 *
 * What the popup needs on first paint, without the validation library: the schema itself (./schema.ts, Zod) reaches
 * the browser only when the visitor starts filling the form (docs/decisions/0013-front-end-budget.md). The district
 * choices come as props from the server (src/lib/db/districts.ts), so the district content stays out of the browser.
 */

/** A sentence of src/content/form-errors.ts that the field's check in ./schema.ts answers with. */
export type LeadErrorKey = `interest.${keyof typeof INTEREST_ERRORS}` | `email.${keyof typeof EMAIL_ERRORS}`;

export interface LeadFieldDefinition<Name extends string = string> {
  name: Name;
  label: string;
  /** An input of this type, or a select of `options`. */
  type: 'text' | 'email' | 'tel' | 'select';
  /** A select's choices: the titles, or the districts (given as props by a server component). */
  options?: 'titles' | 'districts';
  autoComplete?: string;
  inputMode?: 'email' | 'tel';
  placeholder?: string;
  hint?: string;
  required: boolean;
  /** Its share of the form's four columns; `half` takes the whole row in a narrow form (the popup). */
  width: 'quarter' | 'rest' | 'half' | 'full';
  /** The control the popup focuses when it opens. */
  autofocus?: true;
  errors: readonly LeadErrorKey[];
}

const copy = INTEREST_COPY;

/** The fields the visitor fills, in the form's order (the specification's five). */
export const LEAD_FIELDS = [
  {
    name: 'title',
    label: copy.labels.title,
    type: 'select',
    options: 'titles',
    required: true,
    width: 'quarter',
    errors: ['interest.title'],
  },
  {
    name: 'fullname',
    label: copy.labels.fullname,
    type: 'text',
    autoComplete: 'name',
    placeholder: copy.placeholders.fullname,
    required: true,
    width: 'rest',
    autofocus: true,
    errors: ['interest.fullname', 'interest.fullnameTooLong', 'interest.fullnameCharacters', 'interest.fullnameLink'],
  },
  {
    name: 'email',
    label: copy.labels.email,
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    placeholder: copy.placeholders.email,
    required: true,
    width: 'half',
    errors: ['email.required', 'email.tooLong', 'email.invalid'],
  },
  {
    name: 'phonenumber',
    label: copy.labels.phonenumber,
    type: 'tel',
    autoComplete: 'tel',
    placeholder: copy.placeholders.phonenumber,
    hint: copy.phoneHint,
    required: true,
    width: 'half',
    errors: ['interest.phoneRequired', 'interest.phone', 'interest.phoneTooLong'],
  },
  {
    name: 'district',
    label: copy.labels.district,
    type: 'select',
    options: 'districts',
    required: true,
    width: 'full',
    errors: ['interest.district'],
  },
] as const satisfies readonly LeadFieldDefinition[];

type LeadField = (typeof LEAD_FIELDS)[number];
type ValueOf<Field extends LeadField> = Field extends { options: 'titles' }
  ? Title
  : Field extends { options: 'districts' }
    ? DistrictChoice
    : string;

/** The values of the fields the visitor fills (./schema.ts's, which ./fields.test.ts checks). */
export type InterestFields = { [Field in LeadField as Field['name']]: ValueOf<Field> };
export type LeadFieldName = keyof InterestFields;
export const INTEREST_VISIBLE_FIELDS: readonly LeadFieldName[] = LEAD_FIELDS.map((field) => field.name);

const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined => choices.find((c) => c === value);

/**
 * The fields' values from what a visitor typed (a refused form's, or nothing), a choice only if it is one of the
 * field's, else the fallback's, else its default: the first choice (the specification's), or empty.
 */
export function leadFieldValues(
  typed: Partial<Record<string, string>>,
  districts: readonly DistrictChoice[],
  fallback: Partial<Record<LeadFieldName, string>> = {},
): InterestFields {
  const values: Record<string, string> = {};
  for (const field of LEAD_FIELDS as readonly LeadFieldDefinition<LeadFieldName>[]) {
    const choices = field.options === 'titles' ? TITLES : field.options === 'districts' ? districts : undefined;
    values[field.name] = choices
      ? (oneOf(choices, typed[field.name]) ?? oneOf(choices, fallback[field.name]) ?? choices[0])
      : (typed[field.name] ?? fallback[field.name] ?? '');
  }
  return values as InterestFields;
}
