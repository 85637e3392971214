import { INTEREST_COPY } from '@/content/interest';

/**
 * A field people never see or reach with Tab, that form-filling bots do fill. The server stores such
 * submissions flagged as spam instead of refusing them, so bots learn nothing. Without `onChange` the browser keeps
 * its value (a form without scripts).
 */
export function HoneypotField({ id, value, onChange }: { id: string; value?: string; onChange?: (value: string) => void }) {
  const shown = onChange
    ? { value: value ?? '', onChange: (e: { target: { value: string } }) => onChange(e.target.value) }
    : { defaultValue: '' };
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{INTEREST_COPY.honeypotLabel}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" {...shown} />
    </div>
  );
}
