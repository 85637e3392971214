import 'server-only';
import { and, asc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { leadName } from '@/content/staff';
import { csvRow } from '@/lib/csv/csv';
import type { Db } from '@/lib/db/client';
import {
  ledgerEntries,
  leads,
  paymentAdjustments,
  paymentBankTransfers,
  paymentPlans,
  paymentReceipts,
  plotClaims,
  plots,
  staffUsers,
} from '@/lib/db/schema';
import type { DistrictChoice } from '@/lib/db/districts';
import { lagosDayStart } from '@/lib/working-time';
import { staffDisplayName } from '@/modules/staff';
import { nairaWithKobo } from '../money';

/**
 * The accountant's ledger (issue 59, item 6; docs/decisions/0416): every entry in the ledger's own order, with its
 * receipt, plan, buyer, district, plot, who typed it and who approved it, why, and the plan's running balance after it
 * (counted from the plan's first entry, whatever the date filter). Streamed in pages of entries by id, so a long
 * ledger never sits in memory; every cell through the one CSV writer (quoted, formula-safe).
 */

export const LEDGER_CSV_HEADER = [
  'date_lagos',
  'entry',
  'receipt',
  'plan',
  'buyer',
  'district',
  'plot',
  'kind',
  'amount_ngn',
  'source',
  'provider_reference',
  'recorded_by',
  'approved_by',
  'reason',
  'corrects_entry',
  'running_balance_ngn',
];

export interface LedgerCsvFilters {
  /** Lagos days, YYYY-MM-DD, both included; on when the money moved (the entry's `at`). */
  from?: string;
  to?: string;
  /** A district's stored choice. */
  district?: DistrictChoice;
}

/** "2026-12-01 14:05" in Lagos. */
const lagosStamp = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Lagos', dateStyle: 'short', timeStyle: 'short' }).format(at);

const PAGE = 500;

export async function* ledgerCsv(db: Db, filters: LedgerCsvFilters): AsyncGenerator<string> {
  yield csvRow(LEDGER_CSV_HEADER);
  const where: SQL[] = [];
  if (filters.from) where.push(gte(ledgerEntries.at, lagosDayStart(filters.from)));
  if (filters.to) where.push(lt(ledgerEntries.at, lagosDayStart(filters.to, 1)));
  if (filters.district) where.push(eq(paymentPlans.district, filters.district));
  // The ledger as it stood when the download began: entries written while it streams wait for the next one.
  const [{ last }] = await db.select({ last: sql<string | null>`max(${ledgerEntries.id})` }).from(ledgerEntries);
  where.push(lte(ledgerEntries.id, Number(last ?? 0)));
  const names = new Map<string, string>();
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        entry: ledgerEntries,
        district: paymentPlans.district,
        erasedName: paymentPlans.erasedBuyerName,
        title: leads.title,
        fullName: leads.fullName,
        plot: plots.label,
        block: plots.block,
        receipt: paymentReceipts.number,
        transferBy: paymentBankTransfers.recordedBy,
        bankReference: paymentBankTransfers.bankReference,
        adjustmentBy: paymentAdjustments.requestedBy,
        // The plan's balance after this entry: its entries up to this one (the claim's index reads them).
        running: sql<string>`(select sum(r.amount_kobo) from ledger_entries r where r.claim_id = ${ledgerEntries.claimId} and r.id <= ${ledgerEntries.id})`,
      })
      .from(ledgerEntries)
      .innerJoin(paymentPlans, eq(paymentPlans.claimId, ledgerEntries.claimId))
      .leftJoin(leads, eq(leads.id, paymentPlans.leadId))
      .leftJoin(plotClaims, eq(plotClaims.id, ledgerEntries.claimId))
      .leftJoin(plots, eq(plots.id, plotClaims.plotId))
      .leftJoin(paymentReceipts, eq(paymentReceipts.entryId, ledgerEntries.id))
      .leftJoin(
        paymentBankTransfers,
        and(eq(ledgerEntries.source, 'transfer_approved'), eq(sql`${paymentBankTransfers.id}::text`, ledgerEntries.providerReference)),
      )
      .leftJoin(
        paymentAdjustments,
        and(eq(ledgerEntries.source, 'staff'), eq(sql`${paymentAdjustments.id}::text`, ledgerEntries.providerReference)),
      )
      .where(and(gt(ledgerEntries.id, after), ...where))
      .orderBy(asc(ledgerEntries.id))
      .limit(PAGE);
    if (!rows.length) return;
    const wanted = new Set<string>();
    for (const r of rows) for (const id of [r.entry.byStaffId, r.transferBy, r.adjustmentBy]) if (id && !names.has(id)) wanted.add(id);
    if (wanted.size)
      for (const s of await db
        .select()
        .from(staffUsers)
        .where(inArray(staffUsers.id, [...wanted])))
        names.set(s.id, staffDisplayName(s));
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? id) : '');
    for (const r of rows) {
      const e = r.entry;
      yield csvRow([
        lagosStamp(e.at),
        e.id,
        r.receipt,
        e.claimId,
        r.fullName ? leadName({ title: r.title, fullName: r.fullName }) : (r.erasedName ?? ''),
        r.district,
        r.plot ? `${r.plot} (Block ${r.block})` : '',
        e.kind,
        nairaWithKobo(e.amountKobo),
        e.source,
        r.bankReference ?? (e.source === 'paystack' ? e.providerReference : ''),
        e.source === 'paystack' ? 'Paystack' : nameOf(r.transferBy ?? r.adjustmentBy),
        nameOf(e.byStaffId),
        e.reason,
        e.correctsEntryId,
        nairaWithKobo(Number(r.running)),
      ]);
    }
    after = rows[rows.length - 1].entry.id;
  }
}
