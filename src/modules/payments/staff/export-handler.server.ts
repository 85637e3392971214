import 'server-only';
import { csvResponse } from '@/lib/csv/response.server';
import { errorResponse } from '@/lib/http/response.server';
import { parseLeadFilters } from '@/modules/leads';
import { recordAudit, staffRoute } from '@/modules/staff/server';
import { ledgerCsv } from './ledger-csv.server';

/**
 * GET /api/admin/exports/ledger?from&to&district → text/csv of every ledger entry (docs/decisions/0416). Buyers' names
 * and money: owners only, the password typed recently, recorded in the audit trail before any row leaves, as the lead
 * CSV is (docs/decisions/0345). The district and dates are read as the inbox reads them (400 with the reason).
 */
export const exportLedgerHandler = staffRoute({ owner: true, recentPassword: true }, async (request, { db, staff }) => {
  const parsed = parseLeadFilters(new URL(request.url).searchParams);
  if (!parsed.ok) return errorResponse(400, parsed.error);
  const { district, from, to } = parsed.filters;
  await recordAudit(db, staff, 'payments.ledger_export', null, { filters: { district, from, to } });
  return csvResponse(ledgerCsv(db, { district, from, to }), 'ledger');
});
