import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { LEAD_STATUSES, type LeadFilters } from '../schema';

const copy = STAFF_COPY.inbox.filters;

/** A plain GET form: the filters land in the URL, so a view can be shared and works without JavaScript. */
export function LeadFiltersForm({ filters, districts, agents }: { filters: LeadFilters; districts: readonly string[]; agents: { id: string; label: string }[] }) {
  return (
    <form method="get" action="/admin" role="search" aria-label={copy.legend} className="grid gap-4 rounded-2xl border border-forest-900/10 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <Field id="f-q" label={copy.q}>
          {(control) => <input {...control} name="q" type="search" defaultValue={filters.q ?? ''} placeholder={copy.qPlaceholder} className="field" />}
        </Field>
      </div>
      <div>
        <Field id="f-district" label={copy.district}>
          {(control) => (
            <select {...control} name="district" defaultValue={filters.district ?? ''} className="field">
              <option value="">{copy.anyDistrict}</option>
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
        <Field id="f-status" label={copy.status}>
          {(control) => (
            <select {...control} name="status" defaultValue={filters.status ?? ''} className="field">
              <option value="">{copy.anyStatus}</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STAFF_COPY.statuses[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div>
        <Field id="f-from" label={copy.from}>
          {(control) => <input {...control} name="from" type="date" defaultValue={filters.from ?? ''} className="field" />}
        </Field>
      </div>
      <div>
        <Field id="f-to" label={copy.to}>
          {(control) => <input {...control} name="to" type="date" defaultValue={filters.to ?? ''} className="field" />}
        </Field>
      </div>
      <div>
        <Field id="f-assignee" label={ASSIGNMENT_COPY.filter}>
          {(control) => (
            <select {...control} name="assignee" defaultValue={filters.assignee ?? ''} className="field">
              <option value="">{ASSIGNMENT_COPY.anyAgent}</option>
              <option value="me">{ASSIGNMENT_COPY.mine}</option>
              <option value="none">{ASSIGNMENT_COPY.none}</option>
              {agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-3 self-end text-sm font-medium">
        <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue === '1'} className="size-5 accent-forest-800" />
        {ASSIGNMENT_COPY.overdue.only}
      </label>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
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
