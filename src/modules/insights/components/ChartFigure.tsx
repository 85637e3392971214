import type { ReactNode } from 'react';
import { CHART_SCREENS, type ChartSvgs } from '../charts.server';

/** Which drawing each screen class shows (the breakpoints of src/modules/insights/charts.server.ts). */
const SCREEN_CLASS: Record<(typeof CHART_SCREENS)[number], string> = {
  phone: 'sm:hidden',
  tablet: 'hidden sm:block lg:hidden',
  desktop: 'hidden lg:block',
};

interface ChartFigureProps {
  id: string;
  title: string;
  /** The chart in one sentence: what a glance should tell, and the text alternative for everyone. */
  summary: string;
  svgs: ChartSvgs;
  legend?: ReactNode;
  note?: ReactNode;
  /** The figures as a table, read by screen readers in place of the drawing. */
  table: ReactNode;
  className?: string;
}

/** One chart card: title and summary (the figure's caption), legend, the drawing for this screen, a note, the table. */
export function ChartFigure({ id, title, summary, svgs, legend, note, table, className = '' }: ChartFigureProps) {
  return (
    <figure className={`min-w-0 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-7 ${className}`} data-testid={`chart-${id}`}>
      <figcaption>
        <h2 className="text-xl sm:text-2xl">{title}</h2>
        <p className="mt-1.5 max-w-prose text-sm text-ink-soft" data-testid={`chart-${id}-summary`}>
          {summary}
        </p>
      </figcaption>
      {legend ? <div className="mt-4">{legend}</div> : null}
      <ChartDrawings svgs={svgs} />
      {note ? <p className="mt-4 text-xs leading-relaxed text-ink-soft">{note}</p> : null}
      <div className="sr-only">{table}</div>
    </figure>
  );
}

/** The chart's drawing for each screen class, one shown at a time. */
export function ChartDrawings({ svgs }: { svgs: ChartSvgs }) {
  return CHART_SCREENS.map((screen) => (
    // Plot's SVG, built from our own figures; text in it (source names) is escaped by the DOM serialiser.
    <div key={screen} className={`mt-5 text-ink-soft ${SCREEN_CLASS[screen]}`} dangerouslySetInnerHTML={{ __html: svgs[screen] }} />
  ));
}

/** A small colour key: a swatch (a bar, or a line for `line`) and its name. */
export function Legend({ items }: { items: { label: string; colour: string; line?: 'solid' | 'dashed' }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-soft" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          {item.line ? (
            <span className="inline-block w-5 border-t-2" style={{ borderColor: item.colour, borderTopStyle: item.line }} />
          ) : (
            <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: item.colour }} />
          )}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
