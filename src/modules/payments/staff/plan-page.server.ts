import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { leadName } from '@/content/staff';
import type { Db } from '@/lib/db/client';
import { leads, paymentBankTransfers, paymentReceipts, staffUsers } from '@/lib/db/schema';
import { lagosDayOf } from '@/lib/working-time';
import { staffDisplayName } from '@/modules/staff';
import { adjustmentsOf } from '../adjustments/adjustments.server';
import { entriesOf, planOf } from '../ledger/ledger.repository.server';
import { balanceOf } from '../ledger/rules';
import { standingOf, type Standing } from '../plans';
import { claimWithPlot, plotLabelOf } from '../plot-link.server';
import { receiptPath } from '../receipts/delivery.server';

/**
 * A plan's own page for the owners (/admin/payments/<claim>; docs/decisions/0416): the buyer, the plot, the schedule
 * with its due dates, every ledger entry with who wrote it, when and why, the balance, the receipts, and the refunds,
 * reversals and corrections asked for, waiting or decided. Reads only.
 */
export interface PlanPage {
  claimId: string;
  buyer: { name: string; email: string | null; phone: string | null; leadId: string | null; erasedAt: Date | null };
  plot: { label: string; stage: string; endedAt: Date | null; endReason: string | null; plotId: string | null };
  priceKobo: number;
  months: number;
  balanceKobo: number;
  standing: Standing;
  entries: {
    id: number;
    kind: string;
    source: string;
    amountKobo: number;
    at: Date;
    recordedAt: Date;
    reason: string | null;
    reference: string | null;
    correctsEntryId: number | null;
    flagged: boolean;
    /** Who typed it (a transfer's recorder, an adjustment's asker), and who wrote it to the ledger (its approver). */
    recordedBy: string | null;
    approvedBy: string | null;
    receipt: { number: string; path: string } | null;
    reversed: boolean;
  }[];
  adjustments: {
    id: string;
    kind: string;
    amountKobo: number;
    correctsEntryId: number | null;
    reason: string;
    state: string;
    requestedBy: string;
    requestedById: string;
    requestedAt: Date;
    decidedBy: string | null;
    decidedAt: Date | null;
    rejectReason: string | null;
  }[];
}

export async function planPageOf(db: Db, claimId: string, now = new Date()): Promise<PlanPage | undefined> {
  const plan = await planOf(db, claimId);
  if (!plan) return undefined;
  const [lead] = plan.leadId ? await db.select().from(leads).where(eq(leads.id, plan.leadId)) : [];
  const found = await claimWithPlot(db, claimId);
  const entries = await entriesOf(db, claimId);
  const receipts = await db
    .select()
    .from(paymentReceipts)
    .where(eq(paymentReceipts.claimId, claimId))
    .orderBy(asc(paymentReceipts.issuedAt));
  const transfers = await db.select().from(paymentBankTransfers).where(eq(paymentBankTransfers.claimId, claimId));
  const adjustments = await adjustmentsOf(db, claimId);
  const staffIds = new Set<string>();
  for (const e of entries) if (e.byStaffId) staffIds.add(e.byStaffId);
  for (const t of transfers) staffIds.add(t.recordedBy);
  for (const a of adjustments) {
    staffIds.add(a.requestedBy);
    if (a.decidedBy) staffIds.add(a.decidedBy);
  }
  const names = new Map(
    staffIds.size
      ? (
          await db
            .select()
            .from(staffUsers)
            .where(inArray(staffUsers.id, [...staffIds]))
        ).map((s) => [s.id, staffDisplayName(s)])
      : [],
  );
  const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);
  const transferOf = new Map(transfers.map((t) => [t.id, t]));
  const adjustmentOf = new Map(adjustments.map((a) => [a.id, a]));
  const receiptOf = new Map(receipts.map((r) => [r.entryId, r]));
  const balanceKobo = balanceOf(entries);
  return {
    claimId,
    buyer: {
      name: lead ? leadName(lead) : (plan.erasedBuyerName ?? '—'),
      email: lead ? lead.email : plan.erasedBuyerEmail,
      phone: lead ? (lead.phoneE164 ?? lead.phoneRaw) : plan.erasedBuyerPhone,
      leadId: lead?.id ?? null,
      erasedAt: plan.buyerErasedAt,
    },
    plot: {
      label: await plotLabelOf(db, plan),
      stage: found?.claim.stage ?? '',
      endedAt: found?.claim.endedAt ?? null,
      endReason: found?.claim.endReason ?? null,
      plotId: found?.plot.id ?? null,
    },
    priceKobo: plan.priceKobo,
    months: plan.months,
    balanceKobo,
    standing: standingOf(plan, balanceKobo, lagosDayOf(now)),
    entries: entries.map((e) => {
      const typedBy =
        e.source === 'transfer_approved'
          ? transferOf.get(e.providerReference ?? '')?.recordedBy
          : e.source === 'staff'
            ? adjustmentOf.get(e.providerReference ?? '')?.requestedBy
            : undefined;
      const receipt = receiptOf.get(e.id);
      return {
        id: e.id,
        kind: e.kind,
        source: e.source,
        amountKobo: e.amountKobo,
        at: e.at,
        recordedAt: e.recordedAt,
        reason: e.reason,
        reference: e.source === 'paystack' ? e.providerReference : (transferOf.get(e.providerReference ?? '')?.bankReference ?? null),
        correctsEntryId: e.correctsEntryId,
        flagged: e.flag !== null,
        recordedBy: nameOf(typedBy),
        approvedBy: nameOf(e.byStaffId),
        receipt: receipt ? { number: receipt.number, path: receiptPath(receipt.number, receipt.checkCode) } : null,
        reversed: entries.some((r) => r.kind === 'reversal' && r.correctsEntryId === e.id),
      };
    }),
    adjustments: adjustments.map((a) => ({
      id: a.id,
      kind: a.kind,
      amountKobo: a.amountKobo,
      correctsEntryId: a.correctsEntryId,
      reason: a.reason,
      state: a.state,
      requestedBy: nameOf(a.requestedBy) ?? '—',
      requestedById: a.requestedBy,
      requestedAt: a.requestedAt,
      decidedBy: nameOf(a.decidedBy),
      decidedAt: a.decidedAt,
      rejectReason: a.rejectReason,
    })),
  };
}
