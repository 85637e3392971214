'use client';

import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { INTEREST_COPY } from '@/content/interest';
import { loadToasts } from '@/lib/browser/toast';
import { INTEREST_VISIBLE_FIELDS, type DistrictChoice, type InterestFields, type LeadFieldName } from './fields';
import { LeadFields } from './LeadFields';
import { INTEREST_ENDPOINT } from './submit';

/** Loads the schema for the browser's own check; undefined when the network fails (the server checks anyway). */
const loadInterestSchema = () =>
  import('./schema').then(
    (module) => module.interestSchema,
    () => undefined,
  );

/**
 * The validation and toast libraries are fetched when the visitor first touches, types in or fills the form, not with the
 * page (the dialog's own focus on open does not count; docs/decisions/0013-front-end-budget.md).
 */
function warmUp() {
  void loadInterestSchema();
  void loadToasts().catch(() => undefined);
}

type FieldErrors = Partial<Record<keyof InterestFields, string>>;

export interface InterestFormProps {
  fields: InterestFields;
  /** The district choices, in the site's order (DISTRICT_CHOICES, given by a server component). */
  districts: readonly DistrictChoice[];
  /** The owner's state setter: updates are functions of the current fields, so none is lost to another. */
  onChange?: Dispatch<SetStateAction<InterestFields>>;
  onSubmit?: (fields: InterestFields, honeypot: string) => Promise<void>;
  /** Called when the visitor follows the privacy link (the popup closes). */
  onLeave?: () => void;
  /** The server's sentence after a refused post without scripts. */
  refusal?: string;
  className?: string;
}

/**
 * The interest form: the lead's fields (./fields.ts, rendered by ./LeadFields.tsx), validated by the browser and by the shared schema. It always posts
 * itself to /api/interest, so it works before the scripts arrive (or if they never do); with scripts, `onSubmit`
 * takes over and sends JSON. Without `onChange` it keeps its own values (the no-scripts page).
 */
export function InterestForm({ fields, districts, onChange, onSubmit, onLeave, refusal, className = 'mt-6' }: InterestFormProps) {
  const id = useId();
  const [own, setOwn] = useState(fields);
  const values = onChange ? fields : own;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [honeypot, setHoneypot] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const copy = INTEREST_COPY;

  // What the visitor typed or chose before the scripts arrived is in the fields, not yet in the state: adopt it, or
  // the next render would put the defaults back. What they type while this is rendered is applied after it.
  useEffect(() => {
    const data = new FormData(formRef.current!);
    const typed = Object.fromEntries(INTEREST_VISIBLE_FIELDS.map((key) => [key, String(data.get(key) ?? '')])) as InterestFields;
    if (INTEREST_VISIBLE_FIELDS.some((key) => typed[key] !== values[key])) (onChange ?? setOwn)(() => typed);
    // Only once, when the form is first hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A select offers only its own choices, so what it reports is one of the field's values.
  const set = (key: LeadFieldName, value: string) => {
    (onChange ?? setOwn)((current) => ({ ...current, [key]: value }) as InterestFields);
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmit) return; // the browser posts the form itself
    event.preventDefault();
    const schema = await loadInterestSchema();
    const parsed = schema?.safeParse(values);
    if (parsed && !parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof InterestFields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    await onSubmit(values, honeypot);
  };

  return (
    <form
      ref={formRef}
      className={`grid grid-cols-4 gap-4 ${className}`}
      method="post"
      action={INTEREST_ENDPOINT}
      onSubmit={handleSubmit}
      onPointerDown={onSubmit ? warmUp : undefined}
      onKeyDown={onSubmit ? warmUp : undefined}
      onInput={onSubmit ? warmUp : undefined}
      aria-label={copy.dialogTitle}
    >
      {refusal ? (
        <p role="alert" className="col-span-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusal}
        </p>
      ) : null}
      <LeadFields
        idPrefix={id}
        values={values}
        districts={districts}
        onChange={set}
        errors={errors}
        autofocus
        honeypot={{ value: honeypot, onChange: setHoneypot }}
      />
      <div className="col-span-4 mt-2">
        <button type="submit" className="btn-primary w-full">
          {copy.submit}
        </button>
        <p className="mt-3 text-center text-xs text-ink-soft">
          {copy.privacyNote}{' '}
          <a href="/privacy" className="underline underline-offset-2 hover:text-forest-900" onClick={onLeave}>
            {copy.privacyLink}
          </a>
        </p>
      </div>
    </form>
  );
}
