import { DASHBOARD_COPY } from '@/content/sales-insight';
import type { SpeedToLeadRow } from '@/modules/insights/dashboard.repository.server';
import { shortDay } from '../charts.server';
import { formatMinutes, formatSeconds } from '@/modules/leads';

const copy = DASHBOARD_COPY.speed;

/**
 * Weeks drawn unless all are asked for: two months of coaching, the part an owner acts on. A year is 53 tables of
 * agents, most of the page's weight; the first-contact chart above already shows every week's trend (docs/decisions/0435-a-year-of-the-dashboard-by-the-week.md).
 */
export const SPEED_WEEKS_SHOWN = 8;

/**
 * Speed to lead (issue 46, item 7): per week of arrival, newest first, each agent's leads with how soon the buyer got
 * the automatic first message and how soon a person contacted them. A table per week, readable on a phone; the newest
 * SPEED_WEEKS_SHOWN, and a link (`allWeeksHref`) to the rest.
 */
export function SpeedToLead({ rows, allWeeksHref }: { rows: SpeedToLeadRow[]; allWeeksHref?: string }) {
  const every = [...new Set(rows.map((row) => row.week))];
  const weeks = allWeeksHref ? every.slice(0, SPEED_WEEKS_SHOWN) : every;
  const earlier = every.length - weeks.length;
  const head = 'py-3 pl-1 pr-1.5 text-right align-top font-medium tabular-nums sm:px-4';
  return (
    <section id="speed" aria-labelledby="speed-to-lead" className="scroll-mt-6 space-y-4 sm:space-y-6" data-testid="speed-to-lead">
      <div className="max-w-prose">
        <h2 id="speed-to-lead" className="text-2xl sm:text-3xl">
          {copy.title}
        </h2>
        <p className="mt-1.5 text-sm text-ink-soft">{copy.intro}</p>
      </div>
      <div className="rounded-2xl border border-forest-900/10 bg-white py-2 sm:py-3">
        {weeks.length === 0 ? <p className="px-5 py-3 text-sm text-ink-soft sm:px-7">{copy.empty}</p> : null}
        {weeks.map((week, i) => (
          <table
            key={week}
            className={`figures-table w-full table-fixed text-[13px] sm:text-sm ${i ? 'mt-2 border-t border-forest-900/10' : ''}`}
            data-testid="speed-week"
          >
            <caption className="px-5 pt-4 pb-1 text-left font-medium text-forest-900 sm:px-4">
              {copy.week(shortDay(week))}
              <span className="sr-only"> {copy.caption(shortDay(week))}</span>
            </caption>
            <thead className="text-xs text-ink-soft">
              <tr>
                <th scope="col" className="py-2 pr-2 pl-5 text-left font-medium sm:px-4">
                  {copy.agent}
                </th>
                <th scope="col" className={head}>
                  {copy.leads}
                </th>
                <th scope="col" className={head}>
                  {copy.firstMessage}
                </th>
                <th scope="col" className={`${head} pr-5`}>
                  {copy.firstContact}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-forest-900/10">
              {rows
                .filter((row) => row.week === week)
                .map((row) => (
                  <tr key={row.agentId ?? 'nobody'} data-testid="speed-row">
                    <th scope="row">{row.agent ?? copy.nobody}</th>
                    <td>{row.received}</td>
                    <td>
                      {row.firstMessageSeconds === null ? copy.notYet : formatSeconds(row.firstMessageSeconds)}
                      <span className="figure-note">{copy.median}</span>
                    </td>
                    <td>
                      {row.medianMinutes === null ? copy.notYet : formatMinutes(Math.round(row.medianMinutes))}
                      <span className="figure-note">{copy.withinTarget(row.withinTarget, row.received)}</span>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))}
        {earlier > 0 ? (
          <p className="border-t border-forest-900/10 px-5 pt-3 pb-1 sm:px-4">
            <a
              href={allWeeksHref}
              className="inline-flex min-h-11 items-center text-sm font-medium text-forest-800 underline underline-offset-4"
              data-testid="speed-earlier"
            >
              {copy.earlier(earlier)}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
