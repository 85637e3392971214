import Link from 'next/link';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import { CONVERSION_CHART_ROWS, conversionChart } from '../charts.server';
import {
  CONVERSION_CSV_PATH,
  CONVERSION_TABLE_ROWS,
  chartRows,
  conversionCsvQuery,
  dayWithYear,
  formatConversion,
  formatCount,
  formatNairaValue,
  rowKey,
  rowLabel,
  rowName,
  sortConversionRows,
} from '../conversion';
import type { ConversionFigures } from '../conversion.server';
import {
  CONVERSION_VIEWS,
  dashboardQuery,
  firstDirection,
  type ConversionOrder,
  type ConversionSort,
  type DashboardFilters,
} from '@/modules/leads';
import { ChartDrawings } from './ChartFigure';
import { Kpi } from './Kpi';

const copy = DASHBOARD_COPY.conversion;
const NUMBER_COLUMNS = ['visits', 'visitors', 'leads', 'conversion'] as const;
/** Leads on their way through a site inspection (issue 44, item 9): columns from tablets up, a line under the name on phones. */
const INSPECTION_COLUMNS = ['booked', 'attended', 'won'] as const;
/** Leads that held and reserved a plot and the value reserved (docs/decisions/0413): not sortable, shown beside. */
const PLOT_COLUMNS = ['plotsHeld', 'plotsReserved', 'reservedKobo'] as const;

/**
 * Visits and conversion (docs/decisions/0351-conversion-in-the-dashboard.md): key figures, a chart of the rows with the
 * most visitors, and the whole table, grouped and sorted by plain links (the URL holds the choice; no script needed).
 */
export function Conversion({ figures, filters, order }: { figures: ConversionFigures; filters: DashboardFilters; order: ConversionOrder }) {
  const rows = order.view === 'source' ? figures.bySource : figures.byPage;
  const sorted = sortConversionRows(rows, order.sort, order.dir);
  const shown = sorted.slice(0, CONVERSION_TABLE_ROWS);
  const charted = chartRows(rows, CONVERSION_CHART_ROWS);
  const top = charted[0];
  const { totals } = figures;
  const href = (change: Partial<ConversionOrder>) => `/admin/dashboard?${dashboardQuery(filters, { ...order, ...change })}#conversion`;
  const sortedLabel = (sort: ConversionSort, dir: ConversionOrder['dir']) =>
    sort === 'name' ? copy.sorted[dir === 'asc' ? 'nameAsc' : 'nameDesc'] : copy.sorted[dir];
  const nameColumn = order.view === 'source' ? copy.columns.source : copy.columns.page;
  const counted = figures.countingSince;

  const header = (sort: ConversionSort, label: string, className: string, short?: string) => {
    const current = order.sort === sort;
    const next = current ? (order.dir === 'asc' ? 'desc' : 'asc') : firstDirection(sort);
    const action = sort === 'name' ? copy.sortBy[next === 'asc' ? 'nameAsc' : 'nameDesc'] : copy.sortBy[next];
    return (
      <th
        key={sort}
        scope="col"
        aria-sort={current ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined}
        className={`py-1 font-semibold ${className}`}
      >
        <Link
          href={href({ sort, dir: next })}
          prefetch={false}
          className={`inline-flex min-h-11 flex-wrap items-center gap-x-1 underline-offset-4 hover:underline ${current ? 'text-forest-900' : ''}`}
          data-testid={`sort-${sort}`}
        >
          {short ? (
            <>
              <span aria-hidden="true" className="sm:hidden">
                {short}
              </span>
              <span className="sr-only sm:not-sr-only">{label}</span>
            </>
          ) : (
            label
          )}
          <span className="sr-only">, {action}</span>
          {/* Phones show the arrow of the sorted column only: four figures share the width with the name. */}
          <span aria-hidden="true" className={current ? 'text-forest-700' : 'hidden text-ink-soft/50 sm:inline'}>
            {current ? (order.dir === 'asc' ? '↑' : '↓') : '↕'}
          </span>
        </Link>
      </th>
    );
  };

  return (
    <section id="conversion" aria-labelledby="conversion-title" className="scroll-mt-6 space-y-4 sm:space-y-6" data-testid="conversion">
      <div className="max-w-prose">
        <h2 id="conversion-title" className="text-2xl sm:text-3xl">
          {copy.title}
        </h2>
        <p className="mt-1.5 text-sm text-ink-soft">{copy.intro}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label={copy.kpis.label}>
        <Kpi label={copy.kpis.visits} value={formatCount(totals.visits)} testId="kpi-visits" detail={copy.kpis.visitsHint} />
        <Kpi label={copy.kpis.visitors} value={formatCount(totals.visitors)} testId="kpi-visitors" detail={copy.kpis.visitorsHint} />
        <Kpi label={copy.kpis.leads} value={formatCount(totals.leads)} testId="kpi-leads" detail={copy.kpis.leadsHint} />
        <Kpi
          label={copy.kpis.conversion}
          value={formatConversion(totals.conversion)}
          testId="kpi-conversion"
          detail={copy.kpis.conversionHint}
        />
      </dl>

      <div className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-7">
        <nav aria-label={copy.views.label} className="flex flex-wrap gap-2">
          {CONVERSION_VIEWS.map((view) => (
            <Link
              key={view}
              href={href({ view })}
              prefetch={false}
              aria-current={order.view === view ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium sm:px-4 ${order.view === view ? 'border-forest-800 bg-forest-800 text-ivory-50' : 'border-forest-900/15 text-forest-900 hover:border-forest-800'}`}
            >
              {copy.views[view]}
            </Link>
          ))}
        </nav>

        <figure className="mt-6 min-w-0" data-testid="chart-conversion">
          <figcaption>
            <h3 className="text-xl sm:text-2xl">{copy.chartTitle[order.view]}</h3>
            <p className="mt-1.5 max-w-prose text-sm text-ink-soft" data-testid="chart-conversion-summary">
              {copy.summary(
                order.view,
                { visitors: totals.visitors, leads: totals.leads, conversion: formatConversion(totals.conversion) },
                top && {
                  name: rowLabel(top.group),
                  visitors: top.visitors,
                  leads: top.leads,
                  conversion: formatConversion(top.conversion),
                },
              )}
            </p>
          </figcaption>
          {charted.length ? (
            <>
              <ChartDrawings svgs={conversionChart(charted)} />
              <p className="mt-3 text-xs leading-relaxed text-ink-soft">{copy.chartNote(charted.length, rows.length)}</p>
            </>
          ) : null}
        </figure>

        {rows.length ? (
          // On phones the table reaches the card's edges and its columns share the width: no sideways scrolling.
          <div className="-mx-5 mt-6 sm:mx-0">
            <table className="w-full table-fixed text-left text-[13px] sm:text-sm" data-testid="conversion-table">
              <caption className="sr-only">
                {copy.caption(
                  order.view,
                  order.sort === 'name' ? nameColumn : copy.columns[order.sort],
                  sortedLabel(order.sort, order.dir),
                )}
              </caption>
              <colgroup>
                <col className="w-[40%] sm:w-[20%]" />
                <col className="w-[12%] sm:w-[8%]" />
                <col className="w-[16%] sm:w-[8%]" />
                <col className="w-[11%] sm:w-[7%]" />
                <col className="w-[21%] sm:w-[10%]" />
                {INSPECTION_COLUMNS.map((column) => (
                  <col key={column} className="w-0 sm:w-[7%]" />
                ))}
                <col className="w-0 sm:w-[7%]" />
                <col className="w-0 sm:w-[7%]" />
                <col className="w-0 sm:w-[12%]" />
              </colgroup>
              <thead className="border-y border-forest-900/10 bg-ivory-100 text-xs text-ink-soft">
                <tr>
                  {header('name', nameColumn, 'pr-2 pl-5 sm:px-4')}
                  {NUMBER_COLUMNS.map((column, i) =>
                    header(
                      column,
                      copy.columns[column],
                      `text-right [&>a]:justify-end ${i === NUMBER_COLUMNS.length - 1 ? 'pr-4 pl-1 sm:px-3' : 'pr-1.5 pl-1 sm:px-3'}`,
                      column === 'conversion' ? copy.shortColumns.conversion : undefined,
                    ),
                  )}
                  {INSPECTION_COLUMNS.map((column) =>
                    header(column, copy.columns[column], 'hidden text-right sm:table-cell sm:px-3 [&>a]:justify-end'),
                  )}
                  {PLOT_COLUMNS.map((column) => (
                    <th key={column} scope="col" className="hidden py-1 text-right font-semibold sm:table-cell sm:px-3">
                      {copy.columns[column]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-forest-900/10">
                {shown.map((row) => {
                  const { name, detail } = rowName(row.group);
                  const figure = 'py-3 pl-1 text-right align-top tabular-nums sm:px-3';
                  return (
                    <tr key={rowKey(row.group)} data-testid="conversion-row">
                      <th scope="row" className="py-3 pr-2 pl-5 align-top font-medium sm:px-4">
                        <span className="block wrap-anywhere text-forest-900">{name}</span>
                        {detail ? <span className="mt-0.5 block text-xs font-normal wrap-anywhere text-ink-soft">{detail}</span> : null}
                        {row.leads > 0 ? (
                          <span
                            className="mt-1 block text-xs font-medium text-forest-800 sm:hidden"
                            data-testid="conversion-row-inspections"
                          >
                            {copy.inspectionLine(row.booked, row.attended, row.won)}
                          </span>
                        ) : null}
                        {row.plotsHeld > 0 ? (
                          <span className="mt-0.5 block text-xs font-medium text-forest-800 sm:hidden" data-testid="conversion-row-plots">
                            {copy.plotLine(row.plotsHeld, row.plotsReserved, formatNairaValue(row.reservedKobo))}
                          </span>
                        ) : null}
                        {row.byWhatsApp > 0 ? (
                          <span className="mt-0.5 block text-xs font-normal text-ink-soft sm:hidden" data-testid="conversion-row-whatsapp">
                            {copy.byWhatsApp(row.byWhatsApp)}
                          </span>
                        ) : null}
                      </th>
                      <td className={`${figure} pr-1.5`}>{formatCount(row.visits)}</td>
                      <td className={`${figure} pr-1.5`}>{formatCount(row.visitors)}</td>
                      <td className={`${figure} pr-1.5`}>
                        {formatCount(row.leads)}
                        {row.byWhatsApp > 0 ? (
                          <span
                            className="hidden text-xs font-normal whitespace-nowrap text-ink-soft sm:block"
                            data-testid="conversion-row-whatsapp"
                          >
                            {copy.byWhatsApp(row.byWhatsApp)}
                          </span>
                        ) : null}
                      </td>
                      <td className={`${figure} pr-4 font-semibold text-forest-900`}>{formatConversion(row.conversion)}</td>
                      {INSPECTION_COLUMNS.map((column) => (
                        <td key={column} className={`${figure} hidden sm:table-cell`}>
                          {formatCount(row[column])}
                        </td>
                      ))}
                      <td className={`${figure} hidden sm:table-cell`}>{formatCount(row.plotsHeld)}</td>
                      <td className={`${figure} hidden sm:table-cell`}>{formatCount(row.plotsReserved)}</td>
                      <td className={`${figure} hidden sm:table-cell`} data-testid="conversion-row-reserved-value">
                        {formatNairaValue(row.reservedKobo)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-6 text-sm text-ink-soft">{copy.empty}</p>
        )}

        <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <ul className="max-w-prose space-y-1.5 text-xs leading-relaxed text-ink-soft">
            {shown.length < sorted.length ? <li>{copy.rowsShown(shown.length, sorted.length)}</li> : null}
            <li>{copy.visitorsNote}</li>
            <li>{copy.inspectionsNote}</li>
            <li>{copy.plotsNote}</li>
            {filters.district ? <li>{copy.districtNote(filters.district)}</li> : null}
            {counted === null ? (
              <li>{copy.notCountedYet}</li>
            ) : counted > filters.from ? (
              <li>{copy.countingSince(dayWithYear(counted))}</li>
            ) : null}
          </ul>
          <a
            href={`${CONVERSION_CSV_PATH}?${conversionCsvQuery(filters, order)}`}
            download
            className="btn-outline shrink-0"
            data-testid="conversion-csv"
          >
            {copy.csv}
          </a>
        </div>
      </div>
    </section>
  );
}
