import { Field } from '@/components/ui/Field';
import { HoneypotField } from '@/components/ui/HoneypotField';
import { LEAD_FIELDS, TITLES, type DistrictChoice, type InterestFields, type LeadFieldDefinition, type LeadFieldName } from './fields';

const FIELDS: readonly LeadFieldDefinition<LeadFieldName>[] = LEAD_FIELDS;

/** Each width's cells in the form's grid of four columns; a wide form puts the `half` fields side by side. */
const CELL = { quarter: 'col-span-1', rest: 'col-span-3', half: 'col-span-4', full: 'col-span-4' } as const;
const WIDE_HALF = 'col-span-4 sm:col-span-2';

export interface LeadFieldsProps {
  /** Each control's id is `${idPrefix}-${name}`, the honeypot's `${idPrefix}-website`. */
  idPrefix: string;
  values: InterestFields;
  /** The district choices, in the site's order (DISTRICT_CHOICES, given by a server component). */
  districts: readonly DistrictChoice[];
  /** With it the controls show `values` and report each change (scripts); without, they start from `values`. */
  onChange?: (name: LeadFieldName, value: string) => void;
  /** A sentence under a field, which marks it invalid. */
  errors?: Partial<Record<LeadFieldName, string>>;
  /** Fields the page already knows: sent as hidden inputs with their value (the booking page's district). */
  given?: readonly LeadFieldName[];
  /** The `half` fields side by side from the small breakpoint (a form as wide as the page). */
  wide?: boolean;
  /** Marks the field the popup focuses when it opens. */
  autofocus?: boolean;
  /** The honeypot's value kept by the form (scripts); without, the browser keeps it. */
  honeypot?: { value: string; onChange: (value: string) => void };
}

/**
 * The lead's fields, as ./fields.ts defines them, as cells of the caller's grid, then the honeypot: for the popup, the
 * /interest page and the booking page's visitor. No hooks, so a server component renders it without scripts.
 */
export function LeadFields({
  idPrefix,
  values,
  districts,
  onChange,
  errors,
  given = [],
  wide = false,
  autofocus = false,
  honeypot,
}: LeadFieldsProps) {
  return (
    <>
      {FIELDS.map((field) => {
        const value = values[field.name];
        if (given.includes(field.name)) return <input key={field.name} type="hidden" name={field.name} value={value} />;
        const shown = onChange
          ? { value, onChange: (e: { target: { value: string } }) => onChange(field.name, e.target.value) }
          : { defaultValue: value };
        return (
          <div key={field.name} className={wide && field.width === 'half' ? WIDE_HALF : CELL[field.width]}>
            <Field id={`${idPrefix}-${field.name}`} label={field.label} hint={field.hint} error={errors?.[field.name]}>
              {(control) =>
                field.type === 'select' ? (
                  <select
                    {...control}
                    name={field.name}
                    required={field.required}
                    className={field.width === 'quarter' ? 'field px-2' : 'field'}
                    {...shown}
                  >
                    {(field.options === 'titles' ? TITLES : districts).map((choice) => (
                      <option key={choice} value={choice}>
                        {choice}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...control}
                    name={field.name}
                    type={field.type}
                    required={field.required}
                    autoComplete={field.autoComplete}
                    inputMode={field.inputMode}
                    placeholder={field.placeholder}
                    className="field"
                    {...shown}
                    data-autofocus={autofocus && field.autofocus ? true : undefined}
                  />
                )
              }
            </Field>
          </div>
        );
      })}
      <HoneypotField id={`${idPrefix}-website`} value={honeypot?.value} onChange={honeypot?.onChange} />
    </>
  );
}
