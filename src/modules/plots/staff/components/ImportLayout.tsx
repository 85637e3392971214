import Link from 'next/link';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import type { DistrictChoice } from '@/lib/db/enums';
import { formatNaira } from '../../plot-status';
import type { FieldChange, ImportPlan } from '../../import/plan-import';
import type { StaffDistrict } from './InventoryList';
import { StandingChip } from './pieces';

const copy = PLOTS_STAFF_COPY.import;

/**
 * The upload: a plain multipart form (no scripts needed); the file is read and kept as a preview, nothing else is
 * written until an owner applies it.
 */
export function ImportForm({ districts, district }: { districts: readonly StaffDistrict[]; district: DistrictChoice }) {
  return (
    <form
      method="post"
      action="/api/admin/plots/import"
      encType="multipart/form-data"
      className="grid gap-4 rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-6"
      data-testid="import-form"
    >
      <label className="grid gap-1">
        <span className="field-label">{copy.district}</span>
        <select name="district" defaultValue={districts.find((d) => d.choice === district)?.slug} className="field min-h-11 sm:w-72">
          {districts.map((d) => (
            <option key={d.slug} value={d.slug}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className="field-label">{copy.file}</span>
        <input
          name="file"
          type="file"
          required
          accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
          className="field min-h-11"
        />
      </label>
      <p className="text-sm text-ink-soft">{copy.formatHelp}</p>
      <label className="flex items-start gap-2">
        <input name="withdrawMissing" type="checkbox" className="mt-1 size-5" />
        <span>{copy.withdrawMissing}</span>
      </label>
      <button type="submit" className="btn-primary min-h-11 justify-self-start">
        {copy.preview}
      </button>
    </form>
  );
}

const LIST_LIMIT = 60;

function change(changeOf: FieldChange): string {
  const value = (v: FieldChange['before']) =>
    changeOf.field === 'price' && typeof v === 'number'
      ? formatNaira(v)
      : changeOf.field === 'size' && typeof v === 'number'
        ? `${v} m²`
        : changeOf.field === 'outline'
          ? `${v ?? 0} points`
          : typeof v === 'boolean'
            ? v
              ? 'yes'
              : 'no'
            : String(v ?? '—');
  return `${copy.field[changeOf.field]} ${value(changeOf.before)} → ${value(changeOf.after)}`;
}

/** The dry run: what applying would change, what stays because of a buyer, and the button that applies it. */
export function ImportPreview({
  plan,
  draftId,
  fileName,
  districtName,
}: {
  plan: ImportPlan;
  draftId: string;
  fileName: string;
  districtName: string;
}) {
  const changed = plan.updated.filter((u) => u.applied.length || u.relisted);
  const blocked = plan.updated.filter((u) => u.blocked.length);
  const withdrawn = plan.missing.filter((m) => m.outcome === 'withdraw');
  const section = (id: string, title: string, count: number, body: React.ReactNode) =>
    count ? (
      <section aria-labelledby={id} className="space-y-2">
        <h3 id={id} className="text-lg">
          {title} ({count})
        </h3>
        {body}
      </section>
    ) : null;
  const more = (n: number) => (n > LIST_LIMIT ? <p className="text-sm text-ink-soft">{copy.more(n - LIST_LIMIT)}</p> : null);
  return (
    <section
      aria-labelledby="preview"
      className="space-y-5 rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-6"
      data-testid="import-preview"
    >
      <div>
        <h2 id="preview" className="text-2xl">
          {copy.previewHeading(fileName)}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{districtName}</p>
        <p className="mt-3 font-medium text-forest-900" data-testid="import-summary">
          {copy.summary({
            added: plan.added.length,
            updated: changed.length,
            withdrawn: withdrawn.length,
            unchanged: plan.unchanged,
            blocked: blocked.length + plan.missing.filter((m) => m.outcome === 'blocked').length,
          })}
        </p>
      </div>
      {section(
        'added',
        copy.added,
        plan.added.length,
        <>
          <ul className="flex flex-wrap gap-1.5 text-sm">
            {plan.added.slice(0, LIST_LIMIT).map((plot) => (
              <li key={plot.label} className="rounded-full bg-forest-100 px-2.5 py-0.5 text-forest-900">
                {plot.label} · {formatNaira(plot.priceKobo)}
              </li>
            ))}
          </ul>
          {more(plan.added.length)}
        </>,
      )}
      {section(
        'updated',
        copy.updated,
        changed.length,
        <>
          <ul className="divide-y divide-forest-900/10 text-sm">
            {changed.slice(0, LIST_LIMIT).map((u) => (
              <li key={u.existing.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="font-semibold">{u.existing.label}</span>
                <StandingChip standing={u.existing.standing} />
                {u.relisted ? <span>{copy.relisted}</span> : null}
                {u.applied.map((c) => (
                  <span key={c.field}>
                    {change(c)}
                    {c.field === 'price' && (u.existing.standing === 'held' || u.existing.standing === 'reserved') ? (
                      <em className="text-ink-soft"> ({copy.heldPriceNote})</em>
                    ) : null}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          {more(changed.length)}
        </>,
      )}
      {section(
        'blocked',
        copy.blocked,
        blocked.length,
        <ul className="divide-y divide-forest-900/10 text-sm">
          {blocked.slice(0, LIST_LIMIT).map((u) => (
            <li key={u.existing.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-semibold">{u.existing.label}</span>
              <StandingChip standing={u.existing.standing} />
              {u.blocked.map((c) => (
                <span key={c.field} className="text-ink-soft line-through decoration-ink-soft/40">
                  {change(c)}
                </span>
              ))}
            </li>
          ))}
        </ul>,
      )}
      {section(
        'missing',
        copy.missing,
        plan.missing.length,
        <div className="space-y-3 text-sm">
          {(['withdraw', 'blocked', 'keep'] as const).map((outcome) => {
            const group = plan.missing.filter((m) => m.outcome === outcome);
            if (!group.length) return null;
            return (
              <div key={outcome}>
                <p className="font-medium">
                  {outcome === 'withdraw' ? copy.missingWithdraw : outcome === 'blocked' ? copy.missingBlocked : copy.missingKept} (
                  {group.length})
                </p>
                <ul className="mt-1.5 flex flex-wrap gap-1.5">
                  {group.slice(0, LIST_LIMIT).map((m) => (
                    <li key={m.existing.id} className="rounded-full bg-ivory-100 px-2.5 py-0.5 text-forest-900">
                      {m.existing.label}
                      {m.existing.standing !== 'available' ? ` · ${PLOTS_STAFF_COPY.standings[m.existing.standing]}` : ''}
                    </li>
                  ))}
                </ul>
                {more(group.length)}
              </div>
            );
          })}
        </div>,
      )}
      <div className="flex flex-wrap items-center gap-4 border-t border-forest-900/10 pt-4">
        {plan.changes > 0 ? (
          <form method="post" action={`/api/admin/plots/import/${draftId}`}>
            <button type="submit" className="btn-primary min-h-11">
              {copy.apply}
            </button>
          </form>
        ) : (
          <p className="font-medium">{copy.applyNothing}</p>
        )}
        <Link href="/admin/plots/import" className="text-sm font-medium underline underline-offset-4">
          {copy.again}
        </Link>
      </div>
    </section>
  );
}
