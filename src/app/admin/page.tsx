import Link from 'next/link';
import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { Counters } from '@/modules/leads/ui';
import { HeldLeads } from '@/modules/leads/ui';
import { InboxSearch, LeadFiltersForm, QuickFilters } from '@/modules/leads/ui';
import { LeadsTable } from '@/modules/leads/ui.server';
import { MyLeads } from '@/modules/leads/ui.server';
import { formatMinutes } from '@/modules/leads';
import { staffDisplayName } from '@/modules/staff';
import { getSiteFacts } from '@/lib/site-facts.server';
import { lagosDayOf } from '@/lib/working-time';
import { formatDateTime } from '@/lib/format';
import { heldLeadsSummary } from '@/modules/leads/server';
import { distinctDistricts, inboxCounters, listLeadPage, myOpenLeads } from '@/modules/leads/server';
import { currentStaff } from '@/modules/staff/ui.server';
import { STAFF_DOWNLOADS } from '@/lib/constants';
import { DownloadLink } from '@/modules/staff/ui';
import { filtersToQuery, parseLeadFilters } from '@/modules/leads';
import { getDatabase } from '@/lib/db/client';
import { countFailed } from '@/modules/messaging/server';
import { NOTIFICATION_COPY } from '@/content/notifications';
import { ASSIGNMENT_COPY, DASHBOARD_COPY } from '@/content/sales-insight';
import { assignableStaff, takesNewLeads } from '@/modules/leads/server';
import { agentsSeeEveryLead, leadScope } from '@/modules/leads/server';

export const metadata: Metadata = { title: STAFF_COPY.inbox.title };

const copy = STAFF_COPY.inbox;

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await currentStaff();
  // A filter that cannot be read (typed into the URL, an old page link) is named above the unfiltered inbox.
  const parsed = parseLeadFilters(await searchParams);
  const filters = parsed.ok ? parsed.filters : {};
  const { db } = await getDatabase();
  const scope = leadScope(staff);
  const owner = staff.role === 'owner';
  const { now } = scope;
  const [page, counters, known, failedDeliveries, mine, staffList, takes, held, everyLead] = await Promise.all([
    listLeadPage(db, filters, scope),
    inboxCounters(db, scope.time, now),
    distinctDistricts(db),
    countFailed(db),
    myOpenLeads(db, scope),
    assignableStaff(db),
    takesNewLeads(db, staff.id),
    heldLeadsSummary(db),
    owner || agentsSeeEveryLead(db),
  ]);
  const districts = [...new Set([...DISTRICT_CHOICES, ...known])];
  const query = filtersToQuery(filters);
  const overdueHint = ASSIGNMENT_COPY.overdue.hint(formatMinutes(scope.time.targetMinutes));
  // Agents see their own open leads first on the inbox's first, unfiltered page; owners when they hold some.
  const showMine = query === '' && !filters.cursor && (staff.role === 'agent' || mine.total > 0);
  const dashboardQuery = filtersToQuery({ district: filters.district, from: filters.from, to: filters.to });
  const sender = { agent: staffDisplayName(staff), brand: getSiteFacts().brand };
  const actions = (
    <>
      <Link href={`/admin/dashboard${dashboardQuery ? `?${dashboardQuery}` : ''}`} className="btn-outline">
        {DASHBOARD_COPY.nav}
      </Link>
      {/* Owners only (docs/decisions/0388); each asks for the password first when it was typed a while ago (0345). */}
      {owner ? (
        <>
          <DownloadLink download={STAFF_DOWNLOADS.leads} search={query ? `?${query}` : ''} className="btn-outline">
            {copy.exportCsv}
          </DownloadLink>
          <DownloadLink download={STAFF_DOWNLOADS.newsletter} className="btn-outline">
            {copy.exportNewsletter}
          </DownloadLink>
        </>
      ) : null}
    </>
  );
  // On phones the leads come first: the exports and counters move below the list (md and up keep the desktop order).
  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1 className="mt-1 text-3xl sm:text-4xl">{copy.heading}</h1>
        </div>
        <div className="hidden flex-wrap gap-3 md:flex">{actions}</div>
      </div>
      {/* Finding a caller's lead comes first, on every screen (docs/decisions/0363-finding-a-lead-in-one-step.md). */}
      <InboxSearch filters={filters} matched={page.found} />
      {failedDeliveries > 0 ? (
        <p
          role="status"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          data-testid="failed-deliveries"
        >
          {NOTIFICATION_COPY.failedBanner(failedDeliveries)}
        </p>
      ) : null}
      {held ? (
        <HeldLeads count={held.count} since={formatDateTime(held.since)} owner={owner} reviewing={filters.status === 'held'} />
      ) : null}
      {showMine ? (
        <MyLeads
          mine={mine}
          staffId={staff.id}
          agent={staff.role === 'agent'}
          takesNewLeads={takes}
          now={now}
          overdueHint={overdueHint}
          sender={sender}
        />
      ) : null}
      {/* While searching, the results come before the counters on every screen. */}
      <div className={filters.q ? 'order-last' : 'order-last md:order-none'}>
        <Counters counters={counters} />
      </div>
      <div className="order-last flex flex-wrap gap-3 md:hidden">{actions}</div>
      {showMine ? <h2 className="text-2xl">{everyLead ? ASSIGNMENT_COPY.myLeads.allLeads : ASSIGNMENT_COPY.access.visibleLeads}</h2> : null}
      {parsed.ok ? null : (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          data-testid="filter-error"
        >
          {parsed.error}
        </p>
      )}
      <div className="space-y-3">
        <QuickFilters filters={filters} districts={DISTRICT_CHOICES} today={lagosDayOf(now)} />
        <LeadFiltersForm filters={filters} districts={districts} agents={staffList} />
      </div>
      <LeadsTable leads={page.leads} now={now} overdueHint={overdueHint} sender={sender} />
      {filters.cursor || page.nextCursor ? (
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
      ) : null}
    </div>
  );
}
