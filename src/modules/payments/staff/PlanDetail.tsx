import Link from 'next/link';
import type { ReactNode } from 'react';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { PostForm } from '@/modules/inspections/ui';
import { formatKobo } from '../money';
import { longDay } from '../receipts/render';
import type { PlanPage } from './plan-page.server';

const copy = PAYMENT_STAFF_COPY.plan;
const adj = PAYMENT_STAFF_COPY.adjustments;

const lagosWhen = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

function Card({ title, children, id, wide }: { title: string; children: ReactNode; id: string; wide?: boolean }) {
  return (
    <section
      className={`rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-6 ${wide ? 'lg:col-span-2' : ''}`}
      aria-labelledby={id}
    >
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-display text-xl text-forest-800 sm:text-2xl">{value}</dd>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid gap-1">
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}

const Reason = ({ name = 'reason', label = adj.fields.reason }: { name?: string; label?: string }) => (
  <Field label={label}>
    <input name={name} required minLength={3} maxLength={500} className="field min-h-11" />
  </Field>
);

/**
 * A payment plan's page for the owners (docs/decisions/0416): who and what, the figures, the schedule, every ledger
 * entry with who, when and why, the receipts, and the refund, reversal and correction forms (plain forms that work
 * without scripts; another owner approves each before it is written).
 */
export function PlanDetail({ page, staffId }: { page: PlanPage; staffId: string }) {
  const base = `/api/admin/payments/plans/${page.claimId}/adjustments`;
  const { standing } = page;
  const payments = page.entries.filter((e) => e.kind === 'payment' && !e.reversed);
  const waiting = page.adjustments.filter((a) => a.state === 'pending');
  const decided = page.adjustments.filter((a) => a.state !== 'pending');
  const entryLabel = (e: PlanPage['entries'][number]) => `${copy.entryNumber(e.id)} · ${copy.kinds[e.kind]} ${formatKobo(e.amountKobo)}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={copy.buyer} id="plan-buyer">
        <p className="font-medium">{page.buyer.name}</p>
        {page.buyer.email ? <p className="text-sm text-ink-soft">{page.buyer.email}</p> : null}
        {page.buyer.phone ? <p className="text-sm text-ink-soft">{page.buyer.phone}</p> : null}
        {page.buyer.leadId ? (
          <Link href={`/admin/leads/${page.buyer.leadId}`} className="mt-2 inline-block text-sm underline underline-offset-4">
            {copy.openLead}
          </Link>
        ) : null}
        {page.buyer.erasedAt ? (
          <p className="mt-2 text-sm">{copy.erased(longDay(page.buyer.erasedAt.toISOString().slice(0, 10)))}</p>
        ) : null}
        <h3 className="mt-5 text-lg">{copy.plot}</h3>
        <p>
          {page.plot.plotId ? (
            <Link href={`/admin/plots/${page.plot.plotId}`} className="underline underline-offset-4">
              {page.plot.label}
            </Link>
          ) : (
            page.plot.label
          )}
          {page.plot.stage ? (
            <span className="ml-2 rounded-full bg-forest-900/5 px-2 py-0.5 text-xs font-medium">
              {copy.stage[page.plot.stage] ?? page.plot.stage}
            </span>
          ) : null}
        </p>
        {page.plot.endedAt ? <p className="mt-1 text-sm text-ink-soft">{copy.claimEnded(page.plot.endReason ?? '')}</p> : null}
      </Card>
      <Card title={copy.figures} id="plan-figures">
        <dl className="grid grid-cols-2 gap-4">
          <Figure label={copy.price} value={formatKobo(page.priceKobo)} />
          <Figure label={copy.balance} value={formatKobo(page.balanceKobo)} />
          <Figure label={copy.left} value={formatKobo(standing.leftKobo)} />
          {standing.overpaidKobo ? <Figure label={copy.overpaid} value={formatKobo(standing.overpaidKobo)} /> : null}
        </dl>
        <p className="mt-3 text-sm text-ink-soft">{copy.terms(page.months)}</p>
      </Card>
      <Card title={copy.schedule} id="plan-schedule" wide>
        <ol className="divide-y divide-forest-900/10">
          {standing.items.map((item) => (
            <li key={item.index} className="grid grid-cols-[1fr_auto] items-baseline gap-3 py-2.5">
              <span>
                <span className="font-medium">{item.label}</span>
                <span className="block text-sm text-ink-soft">{longDay(item.dueOn)}</span>
              </span>
              <span className="text-right">
                <span className="font-display text-lg">{formatKobo(item.amountKobo)}</span>
                <span
                  className={`block text-xs font-medium ${item.state === 'late' ? 'text-red-800' : item.state === 'paid' ? 'text-forest-700' : 'text-ink-soft'}`}
                >
                  {copy.scheduleItemState[item.state]}
                  {item.state === 'part_paid' || (item.state === 'late' && item.paidKobo) ? ` · ${formatKobo(item.paidKobo)}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card title={copy.ledger} id="plan-ledger" wide>
        {page.entries.length === 0 ? (
          <p className="text-ink-soft">{copy.ledgerNone}</p>
        ) : (
          <ol className="divide-y divide-forest-900/10">
            {page.entries.map((e) => (
              <li key={e.id} id={`entry-${e.id}`} className="grid grid-cols-[1fr_auto] items-baseline gap-3 py-3">
                <span className="min-w-0">
                  <span className="font-medium">
                    {copy.kinds[e.kind]} · {copy.sources[e.source]}
                  </span>
                  <span className="block text-sm text-ink-soft">
                    {copy.entryNumber(e.id)} · {lagosWhen(e.at)}
                    {e.reference ? ` · ${e.reference}` : ''}
                    {e.correctsEntryId ? ` · ${copy.corrects(e.correctsEntryId)}` : ''}
                  </span>
                  {e.reason ? <span className="mt-1 block text-sm">{e.reason}</span> : null}
                  <span className="block text-xs text-ink-soft">
                    {[e.recordedBy && copy.recordedBy(e.recordedBy), e.approvedBy && copy.approvedBy(e.approvedBy)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {e.flagged ? (
                    <span className="mt-1 inline-block rounded-full bg-brass-300/40 px-2 py-0.5 text-xs font-medium">{copy.flagged}</span>
                  ) : null}
                  {e.receipt ? (
                    <a href={e.receipt.path} className="mt-1 block text-sm underline underline-offset-4">
                      {copy.receipt} {e.receipt.number}
                    </a>
                  ) : null}
                </span>
                <span className={`font-display text-lg ${e.amountKobo < 0 ? 'text-red-800' : ''}`}>{formatKobo(e.amountKobo)}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title={copy.waiting} id="plan-waiting" wide>
        {waiting.length === 0 ? (
          <p className="text-ink-soft">{copy.waitingNone}</p>
        ) : (
          <ul className="divide-y divide-forest-900/10">
            {waiting.map((a) => (
              <li key={a.id} id={`adjustment-${a.id}`} className="py-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">
                    {copy.kinds[a.kind]}
                    {a.correctsEntryId ? ` · ${copy.corrects(a.correctsEntryId)}` : ''}
                  </span>
                  <span className="font-display text-lg">{formatKobo(a.amountKobo)}</span>
                </div>
                <p className="mt-1 text-sm">{a.reason}</p>
                <p className="mt-1 text-xs text-ink-soft">{copy.askedBy(a.requestedBy, lagosWhen(a.requestedAt))}</p>
                {a.requestedById !== staffId ? (
                  <div className="mt-3 flex flex-wrap items-end gap-3">
                    <PostForm action={`${base}/${a.id}/approve`} success={adj.approved}>
                      <button type="submit" className="btn-primary min-h-11">
                        {adj.approve}
                      </button>
                    </PostForm>
                    <PostForm action={`${base}/${a.id}/reject`} success={adj.rejected} className="flex flex-1 flex-wrap items-end gap-2">
                      <div className="min-w-48 flex-1">
                        <Reason label={adj.fields.rejectReason} />
                      </div>
                      <button type="submit" className="btn-outline min-h-11">
                        {adj.reject}
                      </button>
                    </PostForm>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {decided.length ? (
          <>
            <h3 className="mt-5 text-lg">{copy.history}</h3>
            <ul className="divide-y divide-forest-900/10">
              {decided.map((a) => (
                <li key={a.id} className="grid grid-cols-[1fr_auto] items-baseline gap-3 py-3">
                  <span>
                    <span className="font-medium">{copy.kinds[a.kind]}</span>
                    <span className="block text-sm">{a.reason}</span>
                    <span className="block text-xs text-ink-soft">
                      {copy.askedBy(a.requestedBy, lagosWhen(a.requestedAt))}
                      {a.decidedBy && a.decidedAt ? ` · ${copy.decidedBy(copy.decided[a.state], a.decidedBy, lagosWhen(a.decidedAt))}` : ''}
                    </span>
                    {a.rejectReason ? <span className="block text-xs">{a.rejectReason}</span> : null}
                  </span>
                  <span className="font-display text-lg">{formatKobo(a.amountKobo)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
      <section
        className="rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
        aria-labelledby="plan-actions"
      >
        <h2 id="plan-actions" className="text-xl">
          {copy.actions}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-soft">{copy.actionsIntro}</p>
        <div className="mt-4 grid gap-4 lg:grid-cols-3">
          <Action title={adj.refundHeading} intro={adj.refundIntro}>
            {page.balanceKobo <= 0 ? (
              <p className="text-sm text-ink-soft">{adj.nothingToRefund}</p>
            ) : (
              <PostForm action={base} success={adj.requested} className="grid gap-3" resetOnSuccess label={adj.refundHeading}>
                <input type="hidden" name="kind" value="refund" />
                <Field label={adj.fields.amount}>
                  <input name="amount" required inputMode="decimal" className="field min-h-11" placeholder="250,000" />
                </Field>
                <Reason />
                <button type="submit" className="btn-primary min-h-11">
                  {adj.request.refund}
                </button>
              </PostForm>
            )}
          </Action>
          <Action title={adj.reversalHeading} intro={adj.reversalIntro}>
            {payments.length === 0 ? (
              <p className="text-sm text-ink-soft">{adj.noPayments}</p>
            ) : (
              <PostForm action={base} success={adj.requested} className="grid gap-3" resetOnSuccess label={adj.reversalHeading}>
                <input type="hidden" name="kind" value="reversal" />
                <Field label={adj.fields.payment}>
                  <select name="entryId" required className="field min-h-11">
                    {payments.map((e) => (
                      <option key={e.id} value={e.id}>
                        {entryLabel(e)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Reason />
                <button type="submit" className="btn-primary min-h-11">
                  {adj.request.reversal}
                </button>
              </PostForm>
            )}
          </Action>
          <Action title={adj.correctionHeading} intro={adj.correctionIntro}>
            {page.entries.length === 0 ? (
              <p className="text-sm text-ink-soft">{copy.ledgerNone}</p>
            ) : (
              <PostForm action={base} success={adj.requested} className="grid gap-3" resetOnSuccess label={adj.correctionHeading}>
                <input type="hidden" name="kind" value="correction" />
                <Field label={adj.fields.entry}>
                  <select name="entryId" required className="field min-h-11">
                    {page.entries.map((e) => (
                      <option key={e.id} value={e.id}>
                        {entryLabel(e)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={adj.fields.direction}>
                  <select name="direction" required className="field min-h-11">
                    <option value="out">{adj.fields.directionOut}</option>
                    <option value="in">{adj.fields.directionIn}</option>
                  </select>
                </Field>
                <Field label={adj.fields.amount}>
                  <input name="amount" required inputMode="decimal" className="field min-h-11" />
                </Field>
                <Reason />
                <button type="submit" className="btn-primary min-h-11">
                  {adj.request.correction}
                </button>
              </PostForm>
            )}
          </Action>
        </div>
      </section>
    </div>
  );
}

function Action({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-forest-900/10 p-4 sm:p-5">
      <h3 className="text-lg">{title}</h3>
      <p className="mt-1 text-sm text-ink-soft">{intro}</p>
      <div className="mt-3">{children}</div>
    </section>
  );
}
