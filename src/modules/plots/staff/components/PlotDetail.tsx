import Link from 'next/link';
import type { ReactNode } from 'react';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { PostForm } from '@/modules/inspections/ui';
import { lagosDayOf } from '@/lib/working-time';
import { formatNaira } from '../../plot-status';
import type { InventoryPlot, LeadChoice, PlotHistoryLine } from '../inventory.repository.server';
import { Holder } from './InventoryList';
import { lagosWhen, StandingChip } from './pieces';

const copy = PLOTS_STAFF_COPY;
const actions = copy.actions;

/** One action: a heading a phone user scans for, and its form. */
function Action({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-5">
      <h3 className="text-lg">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="grid gap-1">
      <span className="field-label">{label}</span>
      {children}
      {hint ? <span className="text-xs text-ink-soft">{hint}</span> : null}
    </label>
  );
}

const nairaOf = (kobo: number) => String(Math.round(kobo / 100));

/**
 * A plot's page: its facts, who holds it until when, the actions the reader may take now (each a plain form that
 * works without scripts), and its history.
 */
export function PlotDetail({
  plot,
  owner,
  leads,
  history,
  now,
  holdHours,
  districtSlug,
}: {
  districtSlug: string;
  plot: InventoryPlot;
  owner: boolean;
  leads: LeadChoice[];
  history: PlotHistoryLine[];
  now: Date;
  holdHours: number;
}) {
  const base = `/api/admin/plots/${plot.id}`;
  const claim = plot.claim;
  const runsClaim = claim && (owner || (claim.stage === 'held' && claim.mayChangeLead));
  const bound = plot.standing !== 'available' && plot.standing !== 'withdrawn';
  return (
    <div className="space-y-6 sm:space-y-8">
      <div>
        <Link
          href={`/admin/plots?district=${districtSlug}#plot-${plot.id}`}
          className="text-sm font-medium text-ink-soft underline underline-offset-4"
        >
          {copy.history.back}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl sm:text-4xl">{copy.plot(plot.label)}</h1>
          <StandingChip standing={plot.standing} />
        </div>
        <p className="mt-2 text-ink-soft">
          {copy.block(plot.block)} · {copy.sizeSqm(plot.sizeSqm)}
          {plot.corner ? ` · ${copy.corner}` : ''} · {copy.listPrice}{' '}
          <span className="font-medium text-forest-900">{formatNaira(plot.priceKobo)}</span>
        </p>
        {claim ? (
          <div className="mt-2 space-y-1">
            <Holder plot={plot} now={now} />
            <p className="text-sm text-ink-soft">
              {copy.claimPrice}: <span className="font-medium text-forest-900">{formatNaira(claim.priceKobo)}</span>
              {claim.depositKobo !== null ? ` · ${copy.deposit(formatNaira(claim.depositKobo), claim.paymentReference)}` : ''}
            </p>
          </div>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        {plot.standing === 'available' ? (
          <Action title={actions.hold}>
            {leads.length === 0 ? (
              <p className="text-sm text-ink-soft">{actions.noLeads}</p>
            ) : (
              <PostForm action={`${base}/hold`} success={copy.done.held} className="grid gap-3 sm:grid-cols-[1fr_7rem]">
                <Field label={actions.holdLead} hint={actions.holdLeadHint}>
                  <select name="leadId" required className="field min-h-11" defaultValue="">
                    <option value="" disabled>
                      —
                    </option>
                    {leads.map((lead) => (
                      <option key={lead.id} value={lead.id}>
                        {lead.fullName}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={actions.holdHours}>
                  <input
                    name="hours"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={720}
                    defaultValue={holdHours}
                    className="field min-h-11"
                  />
                </Field>
                <button type="submit" className="btn-primary min-h-11 sm:col-span-2">
                  {actions.holdSubmit}
                </button>
              </PostForm>
            )}
          </Action>
        ) : null}

        {runsClaim && claim.stage === 'held' ? (
          <Action title={actions.extend}>
            <PostForm action={`${base}/extend`} success={copy.done.extended} className="flex flex-wrap items-end gap-3">
              <Field label={actions.extendHours}>
                <input
                  name="hours"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={720}
                  defaultValue={24}
                  required
                  className="field min-h-11 w-28"
                />
              </Field>
              <button type="submit" className="btn-outline min-h-11">
                {actions.extendSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {owner && claim && claim.stage === 'held' ? (
          <Action title={actions.reserve}>
            <PostForm action={`${base}/reserve`} success={copy.done.reserved} className="grid gap-3 sm:grid-cols-2">
              <Field label={actions.depositNaira}>
                <input name="depositNaira" inputMode="numeric" required placeholder="3,000,000" className="field min-h-11" />
              </Field>
              <Field label={actions.depositDate}>
                <input
                  name="depositDate"
                  type="date"
                  required
                  defaultValue={lagosDayOf(now)}
                  max={lagosDayOf(now)}
                  className="field min-h-11"
                />
              </Field>
              <Field label={actions.depositReference}>
                <input name="reference" maxLength={60} className="field min-h-11" autoComplete="off" />
              </Field>
              <button type="submit" className="btn-primary min-h-11 self-end">
                {actions.reserveSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {owner && claim && (claim.stage === 'held' || claim.stage === 'reserved') ? (
          <Action title={actions.sold}>
            <PostForm action={`${base}/sold`} success={copy.done.sold}>
              <button type="submit" className="btn-outline min-h-11">
                {actions.soldSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {owner && claim && claim.stage === 'sold' ? (
          <Action title={actions.allocated}>
            <PostForm action={`${base}/allocated`} success={copy.done.allocated}>
              <button type="submit" className="btn-outline min-h-11">
                {actions.allocatedSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {runsClaim && claim.stage !== 'allocated' ? (
          <Action title={actions.release}>
            <PostForm
              action={`${base}/release`}
              success={copy.done.released}
              className="grid gap-3"
              confirm={claim.stage === 'held' ? undefined : actions.releaseReservedConfirm}
            >
              {claim.stage === 'held' ? null : <p className="text-sm text-ink-soft">{actions.releaseReservedNote}</p>}
              <Field label={actions.releaseReason}>
                <input name="reason" required minLength={3} maxLength={500} className="field min-h-11" />
              </Field>
              <button type="submit" className="btn-outline min-h-11 justify-self-start">
                {actions.releaseSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {owner ? (
          <Action title={actions.edit}>
            {bound ? <p className="mb-3 text-sm text-ink-soft">{actions.editHeldNote}</p> : null}
            <PostForm action={base} success={copy.done.edited} className="grid gap-3 sm:grid-cols-2">
              <Field label={actions.editPrice}>
                <input name="priceNaira" inputMode="numeric" required defaultValue={nairaOf(plot.priceKobo)} className="field min-h-11" />
              </Field>
              <Field label={actions.editSize}>
                <input
                  name="sizeSqm"
                  type="number"
                  inputMode="numeric"
                  min={10}
                  max={100000}
                  required
                  defaultValue={plot.sizeSqm}
                  readOnly={bound}
                  className="field min-h-11"
                />
              </Field>
              <label className="flex min-h-11 items-center gap-2">
                <input name="corner" type="checkbox" defaultChecked={plot.corner} disabled={bound} className="size-5" />
                <span>{actions.editCorner}</span>
              </label>
              {/* A disabled box is not sent: the plot's own value goes instead, so the edit keeps it. */}
              {bound && plot.corner ? <input type="hidden" name="corner" value="on" /> : null}
              <Field label={actions.editReason}>
                <input name="reason" maxLength={500} className="field min-h-11" />
              </Field>
              <button type="submit" className="btn-primary min-h-11 justify-self-start">
                {actions.editSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {owner && plot.standing === 'available' ? (
          <Action title={actions.withdraw}>
            <PostForm action={`${base}/withdraw`} success={copy.done.withdrawn} className="grid gap-3">
              <Field label={actions.withdrawReason}>
                <input name="reason" required minLength={3} maxLength={500} className="field min-h-11" />
              </Field>
              <button type="submit" className="btn-outline min-h-11 justify-self-start">
                {actions.withdrawSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}

        {owner && plot.standing === 'withdrawn' ? (
          <Action title={actions.restore}>
            <PostForm action={`${base}/restore`} success={copy.done.restored}>
              <button type="submit" className="btn-outline min-h-11">
                {actions.restoreSubmit}
              </button>
            </PostForm>
          </Action>
        ) : null}
      </div>

      <PlotHistory label={plot.label} lines={history} />
    </div>
  );
}

/** A value of a history line's before or after, as staff read it. */
function shown(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if ((key === 'priceKobo' || key === 'depositKobo') && typeof value === 'number') return formatNaira(value);
  if (key === 'sizeSqm' && typeof value === 'number') return copy.sizeSqm(value);
  if (key === 'heldUntil' && typeof value === 'string') return lagosWhen(new Date(value));
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The keys whose value changed between before and after (all of after's on a first listing). */
function changedKeys(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.filter((key) => key in copy.history.fields && JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null));
}

/** Every change to the plot, newest first: what, who, when, before → after, why. */
export function PlotHistory({ label, lines }: { label: string; lines: PlotHistoryLine[] }) {
  const h = copy.history;
  return (
    <section aria-labelledby="plot-history" className="rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-6">
      <h2 id="plot-history" className="text-2xl">
        {h.heading(label)}
      </h2>
      {lines.length === 0 ? (
        <p className="mt-3 text-ink-soft">{h.none}</p>
      ) : (
        <ol className="mt-4 divide-y divide-forest-900/10" data-testid="plot-history">
          {lines.map((line) => {
            const who = line.by ?? (line.byBuyer ? h.buyer : h.system);
            const keys = changedKeys(line.before, line.after);
            return (
              <li key={line.id} className="py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold text-forest-900">{h.actions[line.action] ?? line.action}</span>
                  <span className="text-sm text-ink-soft">
                    {h.by(who)} · <time dateTime={line.at.toISOString()}>{lagosWhen(line.at)}</time>
                  </span>
                </p>
                {keys.length ? (
                  <ul className="mt-1 space-y-0.5 text-sm">
                    {keys.map((key) => (
                      <li key={key}>
                        <span className="text-ink-soft">{h.fields[key]}:</span>{' '}
                        {line.before && key in line.before ? (
                          <>
                            <span className="line-through decoration-ink-soft/50">{shown(key, line.before[key])}</span> →{' '}
                          </>
                        ) : null}
                        <span className="font-medium">{shown(key, line.after?.[key])}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {line.reason ? (
                  <p className="mt-1 text-sm">
                    <span className="text-ink-soft">{h.reason}:</span> <span dir="auto">{line.reason}</span>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
