import Link from 'next/link';
import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { DISTRICT_CHOICES } from '@/features/interest/fields';
import { Counters } from '@/features/leads-admin/components/Counters';
import { LeadFiltersForm } from '@/features/leads-admin/components/LeadFiltersForm';
import { LeadsTable } from '@/features/leads-admin/components/LeadsTable';
import { distinctDistricts, inboxCounters, listLeadPage } from '@/features/leads-admin/repository.server';
import { currentStaff } from '@/lib/auth/page-guard.server';
import { filtersToQuery, parseLeadFilters } from '@/features/leads-admin/schema';
import { getDatabase } from '@/lib/db/client';
import { countFailed } from '@/features/notifications/repository.server';
import { NOTIFICATION_COPY } from '@/content/notifications';

export const metadata: Metadata = { title: STAFF_COPY.inbox.title };

const copy = STAFF_COPY.inbox;

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await currentStaff();
  // A filter that cannot be read (typed into the URL, an old page link) is named above the unfiltered inbox.
  const parsed = parseLeadFilters(await searchParams);
  const filters = parsed.ok ? parsed.filters : {};
  const { db } = await getDatabase();
  const [page, counters, known, failedDeliveries] = await Promise.all([listLeadPage(db, filters), inboxCounters(db), distinctDistricts(db), countFailed(db)]);
  const districts = [...new Set([...DISTRICT_CHOICES, ...known])];
  const query = filtersToQuery(filters);
  const now = new Date();
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1 className="mt-1 text-3xl sm:text-4xl">{copy.heading}</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={`/api/admin/exports/leads${query ? `?${query}` : ''}`} className="btn-outline" download>
            {copy.exportCsv}
          </a>
          {staff.role === 'owner' ? (
            <a href="/api/admin/exports/newsletter" className="btn-outline" download>
              {copy.exportNewsletter}
            </a>
          ) : null}
        </div>
      </div>
      {failedDeliveries > 0 ? (
        <p role="status" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900" data-testid="failed-deliveries">
          {NOTIFICATION_COPY.failedBanner(failedDeliveries)}
        </p>
      ) : null}
      <Counters counters={counters} />
      {parsed.ok ? null : (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900" data-testid="filter-error">
          {parsed.error}
        </p>
      )}
      <LeadFiltersForm filters={filters} districts={districts} />
      <LeadsTable leads={page.leads} now={now} />
      <nav aria-label={copy.pagination} className="flex flex-wrap justify-between gap-3">
        {filters.cursor ? (
          <Link href={`/admin${query ? `?${query}` : ''}`} className="btn-outline">
            {copy.first}
          </Link>
        ) : (
          <span />
        )}
        {page.nextCursor ? (
          <Link href={`/admin?${filtersToQuery({ ...filters, cursor: page.nextCursor }, true)}`} className="btn-primary">
            {copy.next}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
