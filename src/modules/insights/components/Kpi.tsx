import type { ReactNode } from 'react';

/** One key figure in a card: its name, the figure in the display face, and a line of detail. */
export function Kpi({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-6">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="mt-2 font-display text-3xl text-forest-900 sm:text-4xl" data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="mt-2 text-xs leading-relaxed text-ink-soft sm:text-sm">{detail}</dd> : null}
    </div>
  );
}
