import { DASHBOARD_COPY } from '@/content/sales-insight';
import { formatKobo } from '@/modules/payments';
import type { MoneyFigures } from '../money.server';
import type { MoneyRow } from '../money';
import { Kpi } from './Kpi';

const copy = DASHBOARD_COPY.money;

/** The funnel's earlier steps, as the conversion figures count them (the period's leads). */
export interface FunnelCounts {
  leads: number;
  booked: number;
  plotsHeld: number;
  plotsReserved: number;
}

const share = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : '—');

function MoneyTable({ title, rows, name }: { title: string; rows: MoneyRow[]; name: (key: string) => string }) {
  const t = copy.tables;
  return (
    <figure className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6">
      <figcaption>
        <h3 className="text-lg sm:text-xl">{title}</h3>
      </figcaption>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-ink-soft">{t.none}</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-[13px] sm:text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-forest-900/10 text-xs text-ink-soft">
            <tr>
              <th scope="col" className="w-[60%] py-2 pr-2 text-left font-medium sm:w-[40%]">
                <span className="sr-only">{title}</span>
              </th>
              <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
                {t.deposits}
              </th>
              <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
                {t.instalments}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t.total}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-forest-900/10">
            {rows.map((row) => (
              <tr key={row.key} data-testid="money-row">
                <th scope="row" className="py-2.5 pr-2 text-left align-top font-medium text-forest-900">
                  <span className="block truncate" title={name(row.key)}>
                    {name(row.key)}
                  </span>
                  {/* On a phone the split is a line under the name (two columns fewer). */}
                  <span className="mt-0.5 block text-xs font-normal text-ink-soft sm:hidden">
                    {t.deposits} {formatKobo(row.depositsKobo)} · {t.instalments} {formatKobo(row.instalmentsKobo)}
                  </span>
                </th>
                <td className="hidden py-2.5 pr-2 text-right align-top tabular-nums sm:table-cell">{formatKobo(row.depositsKobo)}</td>
                <td className="hidden py-2.5 pr-2 text-right align-top tabular-nums sm:table-cell">{formatKobo(row.instalmentsKobo)}</td>
                <td className="py-2.5 text-right align-top font-semibold tabular-nums text-forest-900">{formatKobo(row.totalKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/**
 * Money on the dashboard (issue 59, item 7; docs/decisions/0416): the period's money received from the ledger, by
 * campaign, landing page, district and month, and the period's leads on their way to paid in full. Plain markup.
 */
export function MoneyPanel({ money, funnel }: { money: MoneyFigures; funnel: FunnelCounts }) {
  const k = copy.kpis;
  const steps = [
    [copy.funnel.steps.leads, funnel.leads],
    [copy.funnel.steps.booked, funnel.booked],
    [copy.funnel.steps.held, funnel.plotsHeld],
    [copy.funnel.steps.reserved, funnel.plotsReserved],
    [copy.funnel.steps.paid, money.paidInFull],
  ] as const;
  return (
    <section id="money" aria-labelledby="money-title" className="scroll-mt-6 space-y-4 sm:space-y-6" data-testid="money">
      <div className="max-w-prose">
        <h2 id="money-title" className="text-2xl sm:text-3xl">
          {copy.title}
        </h2>
        <p className="mt-1.5 text-sm text-ink-soft">{copy.intro}</p>
      </div>
      {/* One column on a phone: an amount in naira is wider than half of one. */}
      <dl className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4" aria-label={k.label}>
        <Kpi label={k.total} value={formatKobo(money.totalKobo)} testId="kpi-money-total" detail={k.totalHint} />
        <Kpi label={k.deposits} value={formatKobo(money.depositsKobo)} testId="kpi-money-deposits" detail={k.depositsHint} />
        <Kpi label={k.instalments} value={formatKobo(money.instalmentsKobo)} testId="kpi-money-instalments" detail={k.instalmentsHint} />
        <Kpi label={k.paidInFull} value={String(money.paidInFull)} testId="kpi-paid-in-full" detail={k.paidInFullHint(funnel.leads)} />
      </dl>
      <figure className="rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-7" data-testid="money-funnel">
        <figcaption>
          <h3 className="text-xl sm:text-2xl">{copy.funnel.title}</h3>
        </figcaption>
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label={copy.funnel.caption}>
          {steps.map(([name, count], i) => (
            <li key={name} className="rounded-xl bg-ivory-100 p-3 sm:p-4" data-testid="money-funnel-step">
              <span className="block text-xs text-ink-soft sm:text-sm">{name}</span>
              <span className="mt-1 block font-display text-2xl text-forest-900">{count.toLocaleString('en-GB')}</span>
              {i > 0 ? <span className="mt-0.5 block text-xs text-ink-soft">{copy.funnel.ofLeads(share(count, funnel.leads))}</span> : null}
            </li>
          ))}
        </ol>
      </figure>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <MoneyTable title={copy.tables.campaign} rows={money.byCampaign} name={(key) => key || copy.tables.noCampaign} />
        <MoneyTable title={copy.tables.page} rows={money.byPage} name={(key) => key || copy.tables.noPage} />
        <MoneyTable title={copy.tables.district} rows={money.byDistrict} name={(key) => key} />
        <MoneyTable title={copy.tables.month} rows={money.byMonth} name={monthName} />
      </div>
    </section>
  );
}
