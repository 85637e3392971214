import 'server-only';
import type { LeadInspection } from '@/modules/inspections/server';
import type { LeadRow } from '@/lib/db/schema';
import { csvRow } from '@/lib/csv/csv';
import { rowKey, type ConversionRow } from './conversion';
import { nairaWithKobo } from '@/modules/payments';
import type { ConversionView, DashboardFilters } from '@/modules/leads';

export const LEAD_CSV_HEADER = [
  'received_at',
  'title',
  'full_name',
  'email',
  'phone',
  'phone_e164',
  'district',
  'status',
  'first_contacted_at',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_path',
  'spam',
  'id',
  // A lead's site inspection (the one not cancelled, else the latest; docs/decisions/0391), last so that a sheet reading
  // the earlier columns by position still reads them.
  'inspection_at',
  'inspection_district',
  'inspection_kind',
  'inspection_party',
  'inspection_state',
  'inspection_attendance',
  // Where the lead began, `form` or `whatsapp` (docs/decisions/0399): a chat's lead has no title or e-mail.
  'origin',
];

export async function* leadsCsv(rows: AsyncIterable<LeadRow & { inspection?: LeadInspection }>): AsyncGenerator<string> {
  yield csvRow(LEAD_CSV_HEADER);
  for await (const r of rows) {
    yield csvRow([
      r.createdAt,
      r.title,
      r.fullName,
      r.email,
      r.phoneRaw,
      r.phoneE164,
      r.district,
      r.status,
      r.firstContactedAt,
      r.utmSource,
      r.utmMedium,
      r.utmCampaign,
      r.utmTerm,
      r.utmContent,
      r.referrer,
      r.landingPath,
      r.spam ? 'yes' : 'no',
      r.id,
      r.inspection?.startsAt,
      r.inspection?.district,
      r.inspection?.kind,
      r.inspection?.partySize,
      r.inspection?.state,
      r.inspection?.attendance,
      r.origin,
    ]);
  }
}

/** The conversion table (docs/decisions/0351-conversion-in-the-dashboard.md): counts only, one row per source or page. */
export async function* conversionCsv(
  rows: readonly ConversionRow[],
  view: ConversionView,
  filters: DashboardFilters,
  /** Each row's money (./money.server.ts, by rowKey): what its leads paid, and how many paid in full (docs/decisions/0416). */
  money: ReadonlyMap<string, { paidKobo: number; paidInFull: number }> = new Map(),
): AsyncGenerator<string> {
  const range = [filters.from, filters.to, filters.district ?? ''];
  const figures = (row: ConversionRow) => [
    row.visits,
    row.visitors,
    row.leads,
    row.conversion === null ? '' : (row.conversion * 100).toFixed(1),
    row.booked,
    row.attended,
    row.won,
    row.byWhatsApp,
    row.plotsHeld,
    row.plotsReserved,
    (row.reservedKobo / 100).toFixed(2),
    // Money last (docs/decisions/0416): what the row's leads paid, net, in naira with kobo, and how many paid in full.
    nairaWithKobo(money.get(rowKey(row.group))?.paidKobo ?? 0),
    money.get(rowKey(row.group))?.paidInFull ?? 0,
  ];
  // Inspection figures last, so a sheet reading the earlier columns by position still reads them (issue 44, item 9).
  // Plots last too (docs/decisions/0413): leads that held a plot, leads with a reservation standing, and its value in naira.
  const counts = [
    'visits',
    'visitors',
    'leads',
    'conversion_percent',
    'booked_inspection',
    'attended_inspection',
    'won',
    'whatsapp_leads',
    'held_plot',
    'reserved_plot',
    'reserved_value_ngn',
    'paid_ngn',
    'paid_in_full',
  ];
  if (view === 'source') {
    yield csvRow(['from', 'to', 'district', 'source_type', 'source', 'medium', 'campaign', ...counts]);
    for (const row of rows)
      if (row.group.view === 'source')
        yield csvRow([...range, row.group.kind, row.group.source, row.group.medium, row.group.campaign, ...figures(row)]);
  } else {
    yield csvRow(['from', 'to', 'district', 'landing_page', ...counts]);
    for (const row of rows) if (row.group.view === 'page') yield csvRow([...range, row.group.path ?? '', ...figures(row)]);
  }
}
