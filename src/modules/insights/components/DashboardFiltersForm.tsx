import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { lagosDayOf } from '@/lib/working-time';
import { DEFAULT_CONVERSION_ORDER, dashboardQuery, monthOf, type ConversionOrder, type DashboardFilters } from '@/modules/leads';

const copy = DASHBOARD_COPY.filters;
const inboxCopy = STAFF_COPY.inbox.filters;
const QUICK_RANGES = [7, 30, 90];

/**
 * The inbox's district and date filters as a plain GET form (shareable, works without JavaScript), with quick ranges:
 * the last 7, 30 and 90 days, and this and last calendar month (advertising is budgeted by the month). The conversion
 * table's grouping and order ride along.
 */
export function DashboardFiltersForm({
  filters,
  order = DEFAULT_CONVERSION_ORDER,
  districts,
  now,
}: {
  filters: DashboardFilters;
  order?: ConversionOrder;
  districts: readonly string[];
  now: Date;
}) {
  const today = lagosDayOf(now);
  const thisMonth = { ...monthOf(today, 0), to: today };
  const quick = [
    ...QUICK_RANGES.map((days) => ({ key: `${days}`, label: copy.days(days), last: true, from: lagosDayOf(now, 1 - days), to: today })),
    { key: 'this-month', label: copy.thisMonth, last: false, ...thisMonth },
    { key: 'last-month', label: copy.lastMonth, last: false, ...monthOf(today, -1) },
  ];
  // On the 7th, the last 7 days are this month too: the first that matches is the current one.
  const currentKey = quick.find(({ from, to }) => filters.from === from && filters.to === to)?.key;
  const kept = new URLSearchParams(dashboardQuery({ from: filters.from, to: filters.to }, order));
  return (
    <form
      method="get"
      action="/admin/dashboard"
      role="search"
      aria-label={copy.legend}
      className="rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6"
    >
      {['view', 'sort', 'dir'].map((name) => {
        const value = kept.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <nav aria-label={copy.quick} className="flex flex-wrap gap-2">
        {quick.map(({ key, label, last, from, to }) => {
          const current = key === currentKey;
          return (
            <Link
              key={key}
              href={`/admin/dashboard?${dashboardQuery({ district: filters.district, from, to }, order)}`}
              aria-current={current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${current ? 'border-forest-800 bg-forest-800 text-ivory-50' : 'border-forest-900/15 text-forest-900 hover:border-forest-800'}`}
            >
              {last ? <span className="sr-only">{copy.last} </span> : null}
              {label}
            </Link>
          );
        })}
      </nav>
      {/* Dates side by side only where a date field shows its whole value (not on 360–390 px phones). */}
      <div className="mt-5 grid gap-4 min-[28rem]:grid-cols-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div className="min-[28rem]:col-span-2 sm:col-span-1">
          <Field id="d-district" label={inboxCopy.district}>
            {(control) => (
              <select {...control} name="district" defaultValue={filters.district ?? ''} className="field">
                <option value="">{inboxCopy.anyDistrict}</option>
                {districts.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div>
          <Field id="d-from" label={inboxCopy.from}>
            {(control) => <input {...control} name="from" type="date" defaultValue={filters.from} max={today} className="field" />}
          </Field>
        </div>
        <div>
          <Field id="d-to" label={inboxCopy.to}>
            {(control) => <input {...control} name="to" type="date" defaultValue={filters.to} max={today} className="field" />}
          </Field>
        </div>
        <button type="submit" className="btn-primary min-[28rem]:col-span-2 sm:col-span-1">
          {copy.apply}
        </button>
      </div>
    </form>
  );
}
