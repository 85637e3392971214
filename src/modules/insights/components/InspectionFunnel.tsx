import { DASHBOARD_COPY } from '@/content/sales-insight';
import type { InspectionFigures, InspectionSlotFigures } from '@/modules/insights/dashboard.repository.server';
import { slotDay, slotTime } from '@/modules/inspections';
import { SLOT_ROWS, inspectionTotals, percent, slotFilled } from '../inspection-funnel';
import { Kpi } from './Kpi';

const copy = DASHBOARD_COPY.inspections;
const FUNNEL_COLUMNS = ['leads', 'booked', 'attended', 'won'] as const;

/** A bar drawn as SVG attributes (no style attribute, no script): how full a slot is, capped at the bar's end. */
function FillBar({ share }: { share: number }) {
  const width = Math.max(0, Math.min(1, share)) * 100;
  return (
    <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false" className="mt-1.5 block h-1.5 w-full">
      <rect width="100" height="6" rx="3" className="fill-ivory-200" />
      {width > 0 ? <rect width={width} height="6" rx="3" className={share >= 1 ? 'fill-brass-500' : 'fill-forest-700'} /> : null}
    </svg>
  );
}

/**
 * Site inspections on the dashboard (issue 44, item 9): the period's leads on their way to a sale per district
 * (booked, came, won), and how each inspection of the period filled and who came. By campaign and landing page the
 * same figures are columns of the conversion table below.
 */
export function InspectionFunnel({ figures }: { figures: InspectionFigures }) {
  const totals = inspectionTotals(figures);
  const { funnel } = figures;
  const slots = [...figures.slots].reverse();
  const shown = slots.slice(0, SLOT_ROWS);
  const share = (count: number, of: number) => percent(of > 0 ? count / of : null);
  const marked = totals.came + totals.noShow;

  const funnelRow = (name: string, row: (typeof funnel)[number] | typeof totals, total = false) => (
    <tr key={name} data-testid="inspection-funnel-row" className={total ? 'bg-ivory-100/60' : undefined}>
      <th scope="row">{name}</th>
      {FUNNEL_COLUMNS.map((column) => (
        <td key={column}>
          <span className={`block ${total ? 'font-semibold text-forest-900' : ''}`}>{row[column]}</span>
          {column !== 'leads' ? (
            <span className="figure-note">
              {share(row[column], row.leads)}
              <span className="sr-only"> {copy.funnel.ofLeads}</span>
            </span>
          ) : null}
        </td>
      ))}
    </tr>
  );

  const slotRow = (slot: InspectionSlotFigures) => {
    const place = `${slot.district.split(',')[0]} · ${copy.slots.kind[slot.kind]}`;
    const status = slot.calledOff ? copy.slots.calledOff : slot.happened ? null : copy.slots.upcoming;
    const attendance = (n: number) => (slot.happened && !slot.calledOff ? n : copy.none);
    return (
      <tr key={slot.id} data-testid="inspection-slot-row">
        <th scope="row">
          <span className="block text-forest-900">{slotDay(slot.startsAt)}</span>
          <span className="figure-note">
            {slotTime(slot.startsAt)} · {place}
            {status ? ` · ${status}` : ''}
            {slot.happened && !slot.calledOff && slot.unmarked ? ` · ${copy.slots.unmarked(slot.unmarked)}` : ''}
          </span>
        </th>
        <td className="pr-2 text-left sm:pr-4">
          {slot.calledOff ? (
            <span className="block text-right text-ink-soft sm:text-left">{copy.none}</span>
          ) : (
            <>
              <span className="block text-right font-semibold text-forest-900 sm:text-left">{percent(slotFilled(slot))}</span>
              <FillBar share={slotFilled(slot)} />
              <span className="mt-1 block text-right text-xs text-ink-soft sm:text-left">
                {copy.slots.seats(slot.seatsTaken, slot.seats)}
                {slot.walkIns ? (
                  <>
                    {' · '}
                    <span className="whitespace-nowrap">{copy.slots.walkIns(slot.walkIns)}</span>
                  </>
                ) : null}
              </span>
            </>
          )}
        </td>
        <td>{attendance(slot.came)}</td>
        <td>{attendance(slot.noShow)}</td>
      </tr>
    );
  };

  return (
    <section id="inspections" aria-labelledby="inspections-title" className="scroll-mt-6 space-y-4 sm:space-y-6" data-testid="inspections">
      <div className="max-w-prose">
        <h2 id="inspections-title" className="text-2xl sm:text-3xl">
          {copy.title}
        </h2>
        <p className="mt-1.5 text-sm text-ink-soft">{copy.intro}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label={copy.kpis.label}>
        <Kpi label={copy.kpis.booked} value={String(totals.booked)} testId="kpi-booked" detail={copy.kpis.bookedHint(totals.leads)} />
        <Kpi
          label={copy.kpis.attended}
          value={String(totals.attended)}
          testId="kpi-attended"
          detail={copy.kpis.attendedHint(totals.booked)}
        />
        <Kpi
          label={copy.kpis.noShow}
          value={percent(totals.noShowRate, copy.none)}
          testId="kpi-no-show"
          detail={copy.kpis.noShowHint(totals.noShow, marked)}
        />
        <Kpi
          label={copy.kpis.filled}
          value={percent(totals.filled, copy.none)}
          testId="kpi-seats-filled"
          detail={copy.kpis.filledHint(totals.seatsTaken, totals.seats, totals.walkIns)}
        />
      </dl>

      <div className="grid gap-6 sm:gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <figure className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-7" data-testid="inspection-funnel">
          <figcaption>
            <h3 className="text-xl sm:text-2xl">{copy.funnel.title}</h3>
            <p className="mt-1.5 max-w-prose text-sm text-ink-soft" data-testid="inspection-funnel-summary">
              {copy.funnel.summary(totals.leads, totals.booked, totals.attended, totals.won)}
            </p>
          </figcaption>
          <div className="-mx-5 mt-5 sm:mx-0">
            <table className="figures-table w-full table-fixed text-[13px] sm:text-sm">
              <caption className="sr-only">{copy.funnel.caption}</caption>
              <colgroup>
                <col className="w-[36%]" />
                <col className="w-[15%]" />
                <col className="w-[17%]" />
                <col className="w-[16%]" />
                <col className="w-[16%]" />
              </colgroup>
              <thead className="border-y border-forest-900/10 bg-ivory-100 text-xs text-ink-soft">
                <tr>
                  <th scope="col" className="py-2.5 pr-2 pl-5 text-left font-semibold sm:px-4">
                    {copy.funnel.district}
                  </th>
                  {FUNNEL_COLUMNS.map((column, i) => (
                    <th
                      key={column}
                      scope="col"
                      className={`py-2.5 pl-1 text-right font-semibold sm:px-4 ${i === FUNNEL_COLUMNS.length - 1 ? 'pr-5' : 'pr-1.5'}`}
                    >
                      {copy.funnel.columns[column]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-forest-900/10">
                {funnel.map((row) => funnelRow(row.district, row))}
                {funnel.length > 1 ? funnelRow(copy.funnel.all, totals, true) : null}
              </tbody>
            </table>
          </div>
          <p className="mt-4 text-xs leading-relaxed text-ink-soft">{copy.funnel.explain}</p>
        </figure>

        <figure className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-7" data-testid="inspection-slots">
          <figcaption>
            <h3 className="text-xl sm:text-2xl">{copy.slots.title}</h3>
            <p className="mt-1.5 max-w-prose text-sm text-ink-soft" data-testid="inspection-slots-summary">
              {copy.slots.summary(totals.held, percent(totals.noShowRate, copy.none), percent(totals.filled, copy.none))}
            </p>
          </figcaption>
          {slots.length ? (
            <div className="-mx-5 mt-5 sm:mx-0">
              <table className="figures-table w-full table-fixed text-[13px] sm:text-sm">
                <caption className="sr-only">{copy.slots.caption}</caption>
                <colgroup>
                  <col className="w-[36%]" />
                  <col className="w-[32%]" />
                  <col className="w-[14%]" />
                  <col className="w-[18%]" />
                </colgroup>
                <thead className="border-y border-forest-900/10 bg-ivory-100 text-xs text-ink-soft">
                  <tr>
                    <th scope="col" className="py-2.5 pr-2 pl-5 text-left font-semibold sm:px-4">
                      {copy.slots.slot}
                    </th>
                    <th scope="col" className="py-2.5 pr-2 pl-1 text-right font-semibold sm:px-4 sm:text-left">
                      {copy.slots.filled}
                    </th>
                    <th scope="col" className="py-2.5 pr-1.5 pl-1 text-right font-semibold sm:px-4">
                      {copy.slots.came}
                    </th>
                    <th scope="col" className="py-2.5 pr-5 pl-1 text-right font-semibold sm:px-4 sm:whitespace-nowrap">
                      {copy.slots.noShow}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-forest-900/10">{shown.map(slotRow)}</tbody>
              </table>
            </div>
          ) : (
            <p className="mt-5 text-sm text-ink-soft">{copy.slots.empty}</p>
          )}
          <ul className="mt-4 space-y-1.5 text-xs leading-relaxed text-ink-soft">
            {shown.length < slots.length ? <li>{copy.slots.rowsShown(shown.length, slots.length)}</li> : null}
            <li>{copy.slots.explain}</li>
          </ul>
        </figure>
      </div>
    </section>
  );
}
