import type { ReactNode } from 'react';

/** What a form control needs from its Field: spread it onto the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  /** The control's id; the hint and the error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Visually hidden label (still read by screen readers), for forms whose look shows no label. */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Shown instead of the hint; marks the control invalid. */
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One label, control, hint and error block for every form, so that `htmlFor`, `aria-describedby` and
 * `aria-invalid` are wired the same way everywhere. It renders no wrapper: the caller keeps its layout.
 * A render prop rather than cloneElement, so the control keeps its own typed props. No hooks, so it
 * also works inside server components.
 */
export function Field({ id, label, hideLabel = false, hint, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const control: FieldControlProps = error
    ? { id, 'aria-describedby': errorId, 'aria-invalid': true }
    : hint
      ? { id, 'aria-describedby': hintId }
      : { id };
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      {children(control)}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-800">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
    </>
  );
}
