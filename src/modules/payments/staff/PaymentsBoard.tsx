import { PAYMENT_COPY, PAYMENT_STAFF_COPY } from '@/content/payments';
import { formatKobo } from '../money';
import { longDay } from '../receipts/render';
import { lagosDayOf } from '@/lib/working-time';
import type { PaymentsPage } from './payments-page.server';
import { LedgerExportForm, PlansList } from './PlansList';

const copy = PAYMENT_STAFF_COPY;

/**
 * The staff Payments page (phone first, plain forms that work without scripts): money in today, transfers waiting for
 * an owner (approve, or reject with a reason), due this week, late, and the form to record a bank transfer.
 */
export function PaymentsBoard({ page, owner, staffId }: { page: PaymentsPage; owner: boolean; staffId: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={copy.todayIn} figure={formatKobo(page.todayKobo)}>
        {page.today.length === 0 ? (
          <Empty>{copy.todayNone}</Empty>
        ) : (
          <ul className="divide-y divide-forest-900/10">
            {page.today.map((row) => (
              <li key={row.id} className="grid grid-cols-[1fr_auto] items-baseline gap-3 py-3">
                <span>
                  <span className="font-medium">{row.buyer}</span>
                  <span className="block text-sm text-ink-soft">
                    {row.plot} · {PAYMENT_COPY.receipt.methods[row.source] ?? row.source}
                    {row.receipt ? ` · ${row.receipt}` : ''}
                  </span>
                  {row.flagged ? (
                    <span className="mt-1 inline-block rounded-full bg-brass-300/40 px-2 py-0.5 text-xs font-medium">{copy.flagged}</span>
                  ) : null}
                </span>
                <span className="font-display text-lg">{formatKobo(row.amountKobo)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={copy.pending} figure={String(page.pending.length)}>
        {page.pending.length === 0 ? (
          <Empty>{copy.pendingNone}</Empty>
        ) : (
          <ul className="divide-y divide-forest-900/10">
            {page.pending.map((row) => (
              <li key={row.id} id={`transfer-${row.id}`} className="py-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{row.buyer}</span>
                  <span className="font-display text-lg">{formatKobo(row.amountKobo)}</span>
                </div>
                <p className="text-sm text-ink-soft">
                  {row.plot} · {longDay(row.paidOn)} · {row.bankReference}
                </p>
                {row.proofNote ? <p className="mt-1 text-sm">{row.proofNote}</p> : null}
                <p className="mt-1 text-xs text-ink-soft">{copy.recordedBy(row.recordedBy)}</p>
                {owner && row.recordedById !== staffId ? (
                  <div className="mt-3 flex flex-wrap items-start gap-3">
                    <form method="post" action={`/api/admin/payments/transfers/${row.id}/approve`}>
                      <button type="submit" className="btn-primary">
                        {copy.approve}
                      </button>
                    </form>
                    <form method="post" action={`/api/admin/payments/transfers/${row.id}/reject`} className="flex flex-1 flex-wrap gap-2">
                      <label className="sr-only" htmlFor={`reason-${row.id}`}>
                        {copy.fields.reason}
                      </label>
                      <input
                        id={`reason-${row.id}`}
                        name="reason"
                        required
                        minLength={3}
                        maxLength={500}
                        className="field min-w-0 flex-1"
                        placeholder={copy.fields.reason}
                      />
                      <button type="submit" className="btn-outline">
                        {copy.reject}
                      </button>
                    </form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={copy.dueThisWeek} figure={String(page.dueThisWeek.length)}>
        <DueList rows={page.dueThisWeek} empty={copy.dueNone} />
      </Card>
      <Card title={copy.late} figure={String(page.late.length)}>
        <DueList rows={page.late} empty={copy.lateNone} />
      </Card>
      {page.flagged.length ? (
        <Card title={copy.flaggedHeading} figure={String(page.flagged.length)}>
          <p className="text-sm text-ink-soft">{copy.flaggedIntro}</p>
          <ul className="mt-2 divide-y divide-forest-900/10">
            {page.flagged.map((row) => (
              <li key={row.id} className="grid grid-cols-[1fr_auto] items-baseline gap-3 py-3">
                <span>
                  <span className="font-medium">{row.buyer}</span>
                  <span className="block text-sm text-ink-soft">
                    {row.plot} · {row.reference}
                  </span>
                </span>
                <span className="font-display text-lg">{formatKobo(row.amountKobo)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {page.recheck.length ? (
        <Card title={copy.recheckHeading} figure={String(page.recheck.length)}>
          <p className="text-sm text-ink-soft">{copy.recheckIntro}</p>
          <ul className="mt-2 divide-y divide-forest-900/10">
            {page.recheck.map((row) => (
              <li key={row.id} className="py-3">
                <span className="inline-block rounded-full bg-brass-300/40 px-2 py-0.5 text-xs font-medium">
                  {copy.recheckKinds[row.kind] ?? row.kind}
                </span>
                <span className="mt-1 block text-sm wrap-anywhere">
                  {row.buyer ? <span className="font-medium">{row.buyer} · </span> : null}
                  {row.plot ? `${row.plot} · ` : ''}
                  {row.reference}
                </span>
                <span className="block text-sm text-ink-soft">
                  {row.detail} · {copy.recheckFound(longDay(lagosDayOf(row.foundAt)))}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {page.plans.length ? (
        <section
          className="rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
          aria-labelledby="record-heading"
        >
          <h2 id="record-heading" className="text-xl">
            {copy.recordHeading}
          </h2>
          <form method="post" action="/api/admin/payments/transfers" className="mt-4 grid gap-4 sm:grid-cols-2">
            <label className="grid gap-1 sm:col-span-2">
              <span className="field-label">{copy.fields.claimId}</span>
              <select name="claimId" required className="field">
                {page.plans.map((plan) => (
                  <option key={plan.claimId} value={plan.claimId}>
                    {plan.buyer} · {plan.plot}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1">
              <span className="field-label">{copy.fields.amount}</span>
              <input name="amount" required inputMode="decimal" className="field" placeholder="3,000,000" />
            </label>
            <label className="grid gap-1">
              <span className="field-label">{copy.fields.paidOn}</span>
              <input name="paidOn" type="date" required className="field" />
            </label>
            <label className="grid gap-1">
              <span className="field-label">{copy.fields.bankReference}</span>
              <input name="bankReference" required minLength={3} maxLength={80} className="field" />
            </label>
            <label className="grid gap-1">
              <span className="field-label">{copy.fields.proofNote}</span>
              <input name="proofNote" maxLength={500} className="field" />
            </label>
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary w-full sm:w-auto">
                {copy.record}
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <PlansList plans={page.plans} />
      <LedgerExportForm />
    </div>
  );
}

function Card({ title, figure, children }: { title: string; figure: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-xl">{title}</h2>
        <span className="font-display text-2xl text-forest-800">{figure}</span>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-ink-soft">{children}</p>;

function DueList({
  rows,
  empty,
}: {
  rows: { claimId: string; buyer: string; plot: string; dueOn: string; amountKobo: number }[];
  empty: string;
}) {
  if (!rows.length) return <Empty>{empty}</Empty>;
  return (
    <ul className="divide-y divide-forest-900/10">
      {rows.map((row) => (
        <li key={row.claimId} className="grid grid-cols-[1fr_auto] items-baseline gap-3 py-3">
          <span>
            <span className="font-medium">{row.buyer}</span>
            <span className="block text-sm text-ink-soft">
              {row.plot} · {longDay(row.dueOn)}
            </span>
          </span>
          <span className="font-display text-lg">{formatKobo(row.amountKobo)}</span>
        </li>
      ))}
    </ul>
  );
}
