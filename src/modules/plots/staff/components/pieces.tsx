import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import type { PlotStanding } from '../../import/plan-import';

const copy = PLOTS_STAFF_COPY;

/** Each standing in words and a colour that is never the only sign (the words are always there). */
const STANDING_STYLES: Record<PlotStanding, string> = {
  available: 'bg-forest-100 text-forest-900',
  held: 'bg-brass-300/50 text-forest-950',
  reserved: 'bg-[#f3dccf] text-[#6b2a12]',
  sold: 'bg-forest-900 text-ivory-50',
  allocated: 'bg-forest-900 text-ivory-50',
  withdrawn: 'bg-ivory-200 text-ink-soft',
};

export function StandingChip({ standing }: { standing: PlotStanding }) {
  return <span className={`chip whitespace-nowrap ${STANDING_STYLES[standing]}`}>{copy.standings[standing]}</span>;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric' });

/** "Sat 14 Mar, 10:00" in Lagos time. */
export const lagosWhen = (at: Date) => WHEN.format(at);
/** "14 Mar 2026". */
export const lagosDay = (at: Date) => DAY.format(at);

/** The sentence of the last form posted without scripts: done (a status) or refused (an alert, a line per problem). */
export function PlotsAnswer({ error, notice, more }: { error?: string[]; notice?: string; more?: number }) {
  if (error?.length)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
        <p className="font-semibold">{error[0]}</p>
        {error.length > 1 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {error.slice(1).map((line) => (
              <li key={line}>{line}</li>
            ))}
            {more ? <li>{copy.import.more(more)}</li> : null}
          </ul>
        ) : null}
      </div>
    );
  if (notice)
    return (
      <p role="status" className="rounded-xl border border-forest-700/20 bg-forest-100 px-4 py-3 text-sm font-medium text-forest-900">
        {notice}
      </p>
    );
  return null;
}
