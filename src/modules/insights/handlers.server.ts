import 'server-only';
import { csvResponse } from '@/lib/csv/response.server';
import { getDatabase, type DbKind } from '@/lib/db/client';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { getWorkingTime } from '@/lib/working-time.server';
import { withLatestInspections } from '@/modules/inspections/server';
import { allLeads, exportSnapshot } from '@/modules/leads/server';
import { leadScope } from '@/modules/leads/server';
import { parseConversionOrder, parseDashboardFilters, parseLeadFilters } from '@/modules/leads';
import { recordAudit } from '@/modules/staff/server';
import { staffRoute } from '@/modules/staff/server';
import { sortConversionRows } from './conversion';
import { conversionFigures, dashboardWithConversion } from './conversion.server';
import { conversionCsv, leadsCsv } from './csv.server';
import { moneyOfConversionRows } from './money.server';

/** Handlers of /api/admin/dashboard, /api/admin/exports/leads and /api/admin/exports/conversion. */

/**
 * GET /api/admin/dashboard?district&from&to → every figure of the dashboard (the inbox's district and dates), visits
 * and conversion included (`conversion`: rows by source and by page, unsorted, and the totals).
 */
export const dashboardHandler = staffRoute({}, async (request, { db }) => {
  const now = new Date();
  const parsed = parseDashboardFilters(new URL(request.url).searchParams, now);
  if (!parsed.ok) return errorResponse(400, parsed.error);
  const time = getWorkingTime();
  const { figures, conversion } = await dashboardWithConversion(db, parsed.filters, time, now);
  return jsonResponse({ filters: parsed.filters, targetMinutes: time.targetMinutes, ...figures, conversion });
});

/**
 * GET /api/admin/exports/conversion?district&from&to&view&sort&dir → text/csv of the dashboard's conversion table, in
 * its order. Counts only, no personal data: every staff member who sees the dashboard may take it, without the
 * password again and without an audit record (docs/decisions/0351-conversion-in-the-dashboard.md).
 */
export const exportConversionHandler = staffRoute({}, async (request, { db }) => {
  const params = new URL(request.url).searchParams;
  const filters = parseDashboardFilters(params, new Date());
  if (!filters.ok) return errorResponse(400, filters.error);
  const order = parseConversionOrder(params);
  if (!order.ok) return errorResponse(400, order.error);
  const { view, sort, dir } = order.order;
  const figures = await conversionFigures(db, filters.filters);
  const rows = sortConversionRows(view === 'source' ? figures.bySource : figures.byPage, sort, dir);
  return csvResponse(conversionCsv(rows, view, filters.filters, await moneyOfConversionRows(db, filters.filters)), `conversion-by-${view}`);
});

/**
 * Leads read per statement by the export. On PGlite a buyer who comes while a statement runs waits for it to end: 500
 * leads held the one connection about 50 ms a statement on the 100,000-lead set, 100 hold it about 14. PostgreSQL gives
 * buyers connections of their own: there smaller reads spare a buyer nothing and make five times the statements
 * (docs/decisions/0451, docs/benchmarks/0448).
 */
const exportBatch = (kind: DbKind) => (kind === 'pglite' ? 100 : 500);

/**
 * GET /api/admin/exports/leads?filters → text/csv of the filtered view. Recorded in the audit trail before any row
 * leaves: who, which filters (whether a search was used, not its text, which may be a person's name), how many rows.
 * The password typed recently (docs/decisions/0345-fresh-password-for-bulk-and-irreversible.md). Owners only, whatever
 * agents may see (docs/decisions/0388-agents-see-their-own-leads.md).
 */
export const exportLeadsHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const parsed = parseLeadFilters(new URL(request.url).searchParams);
  if (!parsed.ok) return errorResponse(400, parsed.error);
  const { district, status, from, to, q, assignee, overdue } = parsed.filters;
  const view = { district, status, from, to, q, assignee, overdue };
  const scope = leadScope(staff);
  const { rows, until } = await exportSnapshot(db, view, scope);
  await recordAudit(db, staff, 'leads.export', null, {
    filters: { district, status, from, to, assignee, overdue, search: q !== undefined },
    rows,
  });
  const batch = exportBatch((await getDatabase()).kind);
  return csvResponse(leadsCsv(withLatestInspections(db, allLeads(db, view, scope, until, batch), batch)), 'leads');
});
