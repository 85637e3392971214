import Link from 'next/link';
import { STAFF_COPY } from '@/content/staff';
import { LEAD_STATUSES, type LeadFilters } from '../schema';

const copy = STAFF_COPY.inbox.filters;

/** A plain GET form: the filters land in the URL, so a view can be shared and works without JavaScript. */
export function LeadFiltersForm({ filters, districts }: { filters: LeadFilters; districts: readonly string[] }) {
  return (
    <form method="get" action="/admin" role="search" aria-label={copy.legend} className="grid gap-4 rounded-2xl border border-forest-900/10 bg-white p-5 sm:grid-cols-2 lg:grid-cols-6">
      <div className="sm:col-span-2">
        <label htmlFor="f-q" className="field-label">
          {copy.q}
        </label>
        <input id="f-q" name="q" type="search" defaultValue={filters.q ?? ''} placeholder={copy.qPlaceholder} className="field" />
      </div>
      <div>
        <label htmlFor="f-district" className="field-label">
          {copy.district}
        </label>
        <select id="f-district" name="district" defaultValue={filters.district ?? ''} className="field">
          <option value="">{copy.anyDistrict}</option>
          {districts.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="f-status" className="field-label">
          {copy.status}
        </label>
        <select id="f-status" name="status" defaultValue={filters.status ?? ''} className="field">
          <option value="">{copy.anyStatus}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STAFF_COPY.statuses[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="f-from" className="field-label">
          {copy.from}
        </label>
        <input id="f-from" name="from" type="date" defaultValue={filters.from ?? ''} className="field" />
      </div>
      <div>
        <label htmlFor="f-to" className="field-label">
          {copy.to}
        </label>
        <input id="f-to" name="to" type="date" defaultValue={filters.to ?? ''} className="field" />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-6">
        <button type="submit" className="btn-primary">
          {copy.apply}
        </button>
        <Link href="/admin" className="btn-outline">
          {copy.clear}
        </Link>
      </div>
    </form>
  );
}
