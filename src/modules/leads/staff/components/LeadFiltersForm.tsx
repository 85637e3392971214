import Link from 'next/link';
import { CloseIcon, SearchIcon } from '@/components/icons';
import { Field } from '@/components/ui/Field';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { filtersToQuery, INBOX_STATUSES, type LeadFilters } from '../schema';
import { SEARCH_COUNT_CAP } from '../../search';

const copy = STAFF_COPY.inbox.filters;
const quick = STAFF_COPY.inbox.quick;
const search = STAFF_COPY.inbox.search;

const sameFilters = (a: LeadFilters, b: LeadFilters) => filtersToQuery(a) === filtersToQuery(b);

/**
 * One-tap views above the inbox (plain links, so they work without scripts): all, new, today (Lagos day), mine and
 * each district. The chip of the view on screen is marked, for the eye and for screen readers.
 */
export function QuickFilters({ filters, districts, today }: { filters: LeadFilters; districts: readonly string[]; today: string }) {
  const chips: { label: string; filters: LeadFilters }[] = [
    { label: quick.all, filters: {} },
    { label: quick.new, filters: { status: 'new' } },
    { label: quick.today, filters: { from: today, to: today } },
    { label: quick.mine, filters: { assignee: 'me' } },
    ...districts.map((district) => ({ label: district, filters: { district } as LeadFilters })),
  ];
  return (
    <nav aria-label={quick.label}>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap">
        {chips.map((chip) => {
          const query = filtersToQuery(chip.filters);
          const current = sameFilters(chip.filters, { ...filters, cursor: undefined });
          return (
            <li key={chip.label} className="shrink-0">
              <Link
                href={`/admin${query ? `?${query}` : ''}`}
                aria-current={current ? 'true' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors ${
                  current
                    ? 'border-forest-800 bg-forest-800 text-ivory-50'
                    : 'border-forest-900/15 bg-white text-forest-900 hover:border-forest-800'
                }`}
                data-testid="quick-filter"
              >
                {chip.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The views a search stays in: spam and held leads are searched only there, every other search reaches all leads. */
const searchView = (filters: LeadFilters) => (filters.status === 'spam' || filters.status === 'held' ? filters.status : undefined);

/**
 * Finding a lead in one step (docs/decisions/0363-finding-a-lead-in-one-step.md): always on screen at the top of the
 * inbox, on phones too. A plain GET form of its own, so a search from any view looks through every lead (any status,
 * district or agent) except spam and held leads, which are searched from their own views. Once searched it says how
 * many leads matched and offers to clear the search (back to the view without it).
 */
export function InboxSearch({ filters, matched }: { filters: LeadFilters; matched: number | undefined }) {
  const view = searchView(filters);
  const { q } = filters;
  const clear = filtersToQuery({ ...filters, q: undefined });
  const narrowed = filtersToQuery({ ...filters, q: undefined, status: view ? undefined : filters.status }) !== '';
  return (
    <div>
      {/* Keyed on the search, so the box shows the search on screen after a link (a chip) changes the page. */}
      <form key={q ?? ''} method="get" action="/admin" role="search" aria-label={search.label} className="flex gap-2 sm:max-w-2xl">
        {view ? <input type="hidden" name="status" value={view} /> : null}
        <div className="relative min-w-0 flex-1">
          <label htmlFor="lead-search" className="sr-only">
            {search.label}
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-soft" />
          {/* Names typed on a phone are not corrected or capitalised; searched names and numbers are not remembered. */}
          <input
            id="lead-search"
            name="q"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={120}
            defaultValue={q ?? ''}
            placeholder={search.placeholder}
            aria-describedby={q ? 'lead-search-result' : undefined}
            className={`field pl-10 [&::-webkit-search-cancel-button]:appearance-none ${q ? 'pr-12' : 'pr-2'}`}
          />
          {q ? (
            <Link
              href={`/admin${clear ? `?${clear}` : ''}`}
              aria-label={search.clear}
              className="absolute top-1/2 right-1 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full text-ink-soft hover:bg-forest-800/5 hover:text-forest-900"
              data-testid="search-clear"
            >
              <CloseIcon className="size-5" />
            </Link>
          ) : null}
        </div>
        <button type="submit" className="btn-primary shrink-0 px-4 sm:px-6">
          {search.submit}
        </button>
      </form>
      {q && matched !== undefined ? (
        <p id="lead-search-result" className="mt-2 text-sm text-ink-soft" data-testid="search-result">
          <span className="font-medium text-forest-900">
            {search.matched(Math.min(matched, SEARCH_COUNT_CAP), q, view, matched > SEARCH_COUNT_CAP)}
          </span>{' '}
          {matched === 0 ? search.noneHint : narrowed ? search.narrowed : null}
        </p>
      ) : null}
    </div>
  );
}

/** Filters other than a quick chip's are in use: the full form opens by itself so they can be seen and changed. */
const usesFullForm = (filters: LeadFilters) =>
  Boolean(filters.overdue || (filters.assignee && filters.assignee !== 'me') || (filters.from && filters.from !== filters.to));

/**
 * A plain GET form: the filters land in the URL, so a view can be shared and works without JavaScript. It folds away
 * behind one control (a native disclosure, no script) so the first lead is on a phone's first screen. The search box
 * is InboxSearch's; a search on screen is kept when filters are applied.
 */
export function LeadFiltersForm({
  filters,
  districts,
  agents,
}: {
  filters: LeadFilters;
  districts: readonly string[];
  agents: { id: string; label: string }[];
}) {
  return (
    <details className="group rounded-2xl border border-forest-900/10 bg-white" open={usesFullForm(filters)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 text-sm font-semibold text-forest-900 [&::-webkit-details-marker]:hidden">
        {quick.more}
        <span aria-hidden="true" className="text-lg leading-none transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      {/* Keyed on the view, so its fields show the filters on screen after a link (a chip) changes the page. */}
      <form
        key={filtersToQuery(filters)}
        method="get"
        action="/admin"
        role="search"
        aria-label={copy.legend}
        className="grid gap-4 border-t border-forest-900/10 p-5 sm:grid-cols-2 lg:grid-cols-4"
      >
        {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
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
                {INBOX_STATUSES.map((s) => (
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
    </details>
  );
}
