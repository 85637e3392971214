import Link from 'next/link';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import { DISTRICT_NOT_SAID, districtOf } from '@/content/staff';
import { describeWorkingTime, type WorkingTime } from '@/lib/working-time';
import {
  CHART_COLOURS,
  firstContactChart,
  funnelChart,
  funnelStages,
  leadsOverTimeChart,
  shareOf,
  shortDay,
  sourceName,
  sourcesChart,
} from '../charts.server';
import type { DashboardFigures } from '@/modules/insights/dashboard.repository.server';
import { formatMinutes } from '@/modules/leads';
import { filtersToQuery, type DashboardFilters } from '@/modules/leads';
import { daysIn, leadsOverTime } from '../leads-over-time';
import { ChartFigure, Legend } from './ChartFigure';
import { Kpi } from './Kpi';

const copy = DASHBOARD_COPY;
const minutesText = (minutes: number | null) => (minutes === null ? undefined : formatMinutes(Math.round(minutes)));

/** Every figure of the dashboard: key figures, then the four charts, each with its summary and table. */
export function Dashboard({
  figures,
  filters,
  time,
  districts,
}: {
  figures: DashboardFigures;
  filters: DashboardFilters;
  time: WorkingTime;
  districts: readonly string[];
}) {
  const { sources, funnel, weeks, contact } = figures;
  // Chats' leads that have not said their district (docs/decisions/0399) are a series of their own, when there are any.
  const perDay = figures.perDay.map((row) => ({ ...row, district: districtOf(row) }));
  const series = figures.perDay.some((row) => row.district === null) ? [...districts, DISTRICT_NOT_SAID] : districts;
  const target = formatMinutes(time.targetMinutes);
  const days = daysIn(filters.from, filters.to);
  const { unit, bars } = leadsOverTime(perDay, days);
  const barTotals = [...new Set(bars.map((bar) => bar.start))]
    .map((start) => ({ start, rows: bars.filter((bar) => bar.start === start) }))
    .map(({ start, rows }) => ({ start, rows, total: rows.reduce((sum, r) => sum + r.count, 0) }));
  const busiest = barTotals.reduce<(typeof barTotals)[number] | undefined>(
    (best, bar) => (bar.total > 0 && (!best || bar.total > best.total) ? bar : best),
    undefined,
  );
  const byDistrict = series.map((district) => ({
    district,
    count: perDay.filter((d) => d.district === district).reduce((sum, d) => sum + d.count, 0),
  }));
  const overdueLink = `/admin?${filtersToQuery({ district: filters.district, from: filters.from, to: filters.to, overdue: '1' })}`;
  const stages = funnelStages(funnel);
  const topSource = sources.find((s) => s.kind !== 'other');

  return (
    <div className="space-y-6 sm:space-y-8">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label={copy.kpis.label}>
        <Kpi
          label={copy.kpis.received}
          value={String(funnel.received)}
          testId="kpi-received"
          detail={copy.kpis.receivedByDistrict(byDistrict.map((d) => `${d.district.split(',')[0]} ${d.count}`))}
        />
        <Kpi
          label={copy.kpis.median}
          value={minutesText(contact.medianMinutes) ?? copy.kpis.none}
          testId="kpi-median"
          detail={contact.p90Minutes === null ? undefined : copy.kpis.p90(minutesText(contact.p90Minutes)!)}
        />
        <Kpi
          label={copy.kpis.withinTarget(target)}
          value={contact.contacted ? shareOf(contact.withinTarget, contact.contacted) : copy.kpis.none}
          testId="kpi-within-target"
          detail={copy.kpis.withinTargetOf(contact.withinTarget, contact.contacted)}
        />
        <Kpi
          label={copy.kpis.overdue}
          value={String(funnel.overdue)}
          testId="kpi-overdue"
          detail={
            <>
              {copy.kpis.overdueHint(target)}
              {funnel.overdue > 0 ? (
                <>
                  {' · '}
                  <Link href={overdueLink} className="font-medium text-forest-800 underline underline-offset-4">
                    {copy.kpis.seeOverdue}
                  </Link>
                </>
              ) : null}
            </>
          }
        />
      </dl>

      <ChartFigure
        id="per-day"
        title={copy.perDay.title(unit)}
        summary={copy.perDay.summary(funnel.received, days, busiest ? `${shortDay(busiest.start)} (${busiest.total})` : undefined, unit)}
        svgs={leadsOverTimeChart(bars, series)}
        legend={<Legend items={series.map((district, i) => ({ label: district, colour: CHART_COLOURS.districts[i] }))} />}
        table={
          <table>
            <caption>{copy.perDay.caption(unit)}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.perDay.day(unit)}</th>
                {series.map((d) => (
                  <th key={d} scope="col">
                    {d}
                  </th>
                ))}
                <th scope="col">{copy.perDay.total}</th>
              </tr>
            </thead>
            <tbody>
              {barTotals.map(({ start, rows, total }) => (
                <tr key={start}>
                  <th scope="row">{shortDay(start)}</th>
                  {series.map((d) => (
                    <td key={d}>{rows.find((r) => r.district === d)?.count ?? 0}</td>
                  ))}
                  <td>{total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <div className="grid gap-6 sm:gap-8 lg:grid-cols-2">
        <ChartFigure
          id="sources"
          title={copy.sources.title}
          summary={copy.sources.summary(topSource ? sourceName(topSource) : undefined, topSource?.count ?? 0, funnel.received)}
          svgs={sourcesChart(sources)}
          note={copy.sources.explain}
          table={
            <table>
              <caption>{copy.sources.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.sources.source}</th>
                  <th scope="col">{copy.sources.leads}</th>
                </tr>
              </thead>
              <tbody>
                {sources.map((s) => (
                  <tr key={`${s.kind}:${s.label}`}>
                    <th scope="row">{sourceName(s)}</th>
                    <td>{s.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
        <ChartFigure
          id="funnel"
          title={copy.funnel.title}
          summary={copy.funnel.summary(funnel.received, funnel.contacted, funnel.qualified, funnel.won, funnel.lost)}
          svgs={funnelChart(funnel)}
          note={copy.funnel.explain}
          table={
            <table>
              <caption>{copy.funnel.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.funnel.stage}</th>
                  <th scope="col">{copy.funnel.leads}</th>
                  <th scope="col">{copy.funnel.share}</th>
                </tr>
              </thead>
              <tbody>
                {stages.map((s) => (
                  <tr key={s.stage}>
                    <th scope="row">{s.stage}</th>
                    <td>{s.count}</td>
                    <td>{shareOf(s.count, funnel.received)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </div>

      <ChartFigure
        id="first-contact"
        title={copy.firstContact.title}
        summary={copy.firstContact.summary(minutesText(contact.medianMinutes), minutesText(contact.p90Minutes), target)}
        svgs={firstContactChart(weeks, time.targetMinutes)}
        legend={
          <Legend
            items={[
              { label: copy.firstContact.legendMedian, colour: CHART_COLOURS.median, line: 'solid' },
              { label: copy.firstContact.legendP90, colour: CHART_COLOURS.p90, line: 'solid' },
              { label: copy.firstContact.targetLine(target), colour: CHART_COLOURS.target, line: 'dashed' },
            ]}
          />
        }
        note={copy.firstContact.explain(describeWorkingTime(time))}
        table={
          <table>
            <caption>{copy.firstContact.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.firstContact.week}</th>
                <th scope="col">{copy.firstContact.received}</th>
                <th scope="col">{copy.firstContact.contacted}</th>
                <th scope="col">{copy.firstContact.withinTarget}</th>
                <th scope="col">{copy.firstContact.median}</th>
                <th scope="col">{copy.firstContact.p90}</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w.week}>
                  <th scope="row">{shortDay(w.week)}</th>
                  <td>{w.received}</td>
                  <td>{w.contacted}</td>
                  <td>{w.withinTarget}</td>
                  <td>{minutesText(w.medianMinutes) ?? copy.kpis.none}</td>
                  <td>{minutesText(w.p90Minutes) ?? copy.kpis.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
