import Link from 'next/link';
import type { Metadata } from 'next';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import { AssignmentPanel } from '@/modules/insights/ui';
import { Conversion } from '@/modules/insights/ui.server';
import { Dashboard } from '@/modules/insights/ui.server';
import { InspectionFunnel } from '@/modules/insights/ui';
import { MoneyPanel } from '@/modules/insights/ui';
import { SpeedToLead } from '@/modules/insights/ui.server';
import { DashboardFiltersForm } from '@/modules/insights/ui';
import { shortDay } from '@/modules/insights/server';
import { dashboardWithConversion } from '@/modules/insights/server';
import { moneyFigures } from '@/modules/insights/server';
import { teamWorkload } from '@/modules/insights/server';
import {
  DEFAULT_CONVERSION_ORDER,
  dashboardQuery,
  defaultDashboardFilters,
  filtersToQuery,
  parseConversionOrder,
  parseDashboardFilters,
} from '@/modules/leads';
import { currentStaff } from '@/modules/staff/ui.server';
import { getDatabase } from '@/lib/db/client';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { getEnv } from '@/lib/env.server';
import { getWorkingTime } from '@/lib/working-time.server';
import { alertEveryoneEnabled, autoAssignEnabled } from '@/modules/leads/server';
import { agentsSeeEveryLead } from '@/modules/leads/server';

export const metadata: Metadata = { title: DASHBOARD_COPY.title };

const copy = DASHBOARD_COPY;

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await currentStaff();
  const now = new Date();
  // Filters that cannot be read are named above the default view (the last 30 days), as the inbox does.
  const params = await searchParams;
  const parsed = parseDashboardFilters(params, now);
  const filters = parsed.ok ? parsed.filters : defaultDashboardFilters(now);
  const ordered = parseConversionOrder(params);
  const order = ordered.ok ? ordered.order : DEFAULT_CONVERSION_ORDER;
  const errors = [parsed, ordered].flatMap((result) => (result.ok ? [] : [result.error]));
  const districts = filters.district ? [filters.district] : DISTRICT_CHOICES;
  const time = getWorkingTime();
  const { db } = await getDatabase();
  const { figures, conversion } = await dashboardWithConversion(db, filters, time, now);
  const money = await moneyFigures(db, filters);
  const owner = staff.role === 'owner';
  const [team, autoAssign, alertEveryone, everyLead] = owner
    ? await Promise.all([teamWorkload(db, time, now), autoAssignEnabled(db), alertEveryoneEnabled(db), agentsSeeEveryLead(db)])
    : [[], false, false, false];
  return (
    <div className="space-y-6 sm:space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1 className="mt-1 text-3xl sm:text-4xl">{copy.heading}</h1>
          <p className="mt-2 text-sm text-ink-soft" data-testid="dashboard-period">
            {copy.period(shortDay(filters.from), shortDay(filters.to))}
            {filters.district ? ` · ${filters.district}` : ''}
          </p>
        </div>
        <Link href={`/admin?${filtersToQuery(filters)}`} className="btn-outline">
          {copy.filters.openInbox}
        </Link>
      </div>
      {errors.map((error) => (
        <p
          key={error}
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          data-testid="filter-error"
        >
          {error}
        </p>
      ))}
      <DashboardFiltersForm filters={filters} order={order} districts={DISTRICT_CHOICES} now={now} />
      <Dashboard figures={figures} filters={filters} time={time} districts={districts} />
      <SpeedToLead
        rows={figures.speed}
        allWeeksHref={params.speed === 'all' ? undefined : `/admin/dashboard?${dashboardQuery(filters, order, { speed: 'all' })}#speed`}
      />
      <InspectionFunnel figures={figures.inspections} />
      <Conversion figures={conversion} filters={filters} order={order} />
      <MoneyPanel money={money} funnel={conversion.totals} />
      {owner ? (
        <AssignmentPanel
          autoAssign={autoAssign}
          alertEveryone={alertEveryone}
          agentsSeeEveryLead={everyLead}
          claimMinutes={getEnv().LEAD_CLAIM_MINUTES}
          team={team}
        />
      ) : null}
    </div>
  );
}
