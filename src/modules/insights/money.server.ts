import 'server-only';
import { and, asc, eq, exists, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { ledgerEntries, leads, paymentPlans, plotClaims } from '@/lib/db/schema';
import { lagosDayStart } from '@/lib/working-time';
import type { DashboardFilters } from '@/modules/leads';
import { leadVisitKey } from './conversion.server';
import { inView } from './in-view.server';
import { rowKey } from './conversion';
import { depositPartOf, MoneyRows, type MoneyRow } from './money';

/**
 * Money per campaign on the dashboard (issue 59, item 7; docs/decisions/0416), kept apart from the dashboard's other
 * figures: every query starts from the payment plans and their ledger (small tables) and reaches a lead only by its id,
 * never by scanning leads. Money received is the sum of the ledger's entries whose money moved in the period (net of
 * refunds, reversals and corrections), split into deposits and instalments, by the buyer's campaign and landing page,
 * the plan's district and the Lagos month.
 */

export interface MoneyFigures {
  totalKobo: number;
  depositsKobo: number;
  instalmentsKobo: number;
  byCampaign: MoneyRow[];
  byPage: MoneyRow[];
  byDistrict: MoneyRow[];
  byMonth: MoneyRow[];
  /** Leads of the period (the dashboard's cohort) whose plan is paid in full and still stands. */
  paidInFull: number;
}

/** The key of money whose buyer was erased (the plan keeps no campaign) or who came with none. */
export const NO_CAMPAIGN = '';

const lagosMonth = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' }).format(at);

const attribution = {
  landingPath: leads.landingPath,
  utmSource: leads.utmSource,
  utmMedium: leads.utmMedium,
  utmCampaign: leads.utmCampaign,
  referrer: leads.referrer,
};

export async function moneyFigures(db: Db, filters: DashboardFilters): Promise<MoneyFigures> {
  const start = lagosDayStart(filters.from);
  const end = lagosDayStart(filters.to, 1);
  const inPeriod = and(gte(ledgerEntries.at, start), lt(ledgerEntries.at, end));
  const plans = await db
    .select({ claimId: paymentPlans.claimId, depositKobo: paymentPlans.depositKobo, district: paymentPlans.district, ...attribution })
    .from(paymentPlans)
    .leftJoin(leads, eq(leads.id, paymentPlans.leadId))
    .where(
      and(
        filters.district ? eq(paymentPlans.district, filters.district) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.claimId, paymentPlans.claimId), inPeriod)),
        ),
      ),
    );
  const byCampaign = new MoneyRows();
  const byPage = new MoneyRows();
  const byDistrict = new MoneyRows();
  const byMonth = new MoneyRows();
  const totals = new MoneyRows();
  if (plans.length) {
    // Every entry of those plans up to the period's end, in the ledger's order: the balance before each entry says
    // how much of it went to the deposit.
    const entries = await db
      .select({ claimId: ledgerEntries.claimId, amountKobo: ledgerEntries.amountKobo, at: ledgerEntries.at })
      .from(ledgerEntries)
      .where(
        and(
          inArray(
            ledgerEntries.claimId,
            plans.map((p) => p.claimId),
          ),
          lt(ledgerEntries.at, end),
        ),
      )
      .orderBy(asc(ledgerEntries.id));
    const planOf = new Map(plans.map((p) => [p.claimId, p]));
    const balance = new Map<string, number>();
    for (const entry of entries) {
      const plan = planOf.get(entry.claimId)!;
      const before = balance.get(entry.claimId) ?? 0;
      balance.set(entry.claimId, before + entry.amountKobo);
      if (entry.at < start) continue;
      const deposit = depositPartOf(before, entry.amountKobo, plan.depositKobo);
      const instalment = entry.amountKobo - deposit;
      byCampaign.add(plan.utmCampaign ?? NO_CAMPAIGN, deposit, instalment);
      // The page the buyer's lead landed on, by the conversion table's rule ('' when unknown or the buyer was erased).
      byPage.add(leadVisitKey(plan).path ?? '', deposit, instalment);
      byDistrict.add(plan.district, deposit, instalment);
      byMonth.add(lagosMonth(entry.at), deposit, instalment);
      totals.add('all', deposit, instalment);
    }
  }
  const [all] = totals.list();
  return {
    totalKobo: all?.totalKobo ?? 0,
    depositsKobo: all?.depositsKobo ?? 0,
    instalmentsKobo: all?.instalmentsKobo ?? 0,
    byCampaign: byCampaign.list(),
    byPage: byPage.list(),
    byDistrict: byDistrict.list(),
    byMonth: byMonth.list('key'),
    paidInFull: (await paidInFullOf(db, filters)).length,
  };
}

const paidSql = sql<string>`(select coalesce(sum(e.amount_kobo), 0) from ledger_entries e where e.claim_id = ${paymentPlans.claimId})`;

/**
 * The cohort's leads with a plan, each with what it paid (net, all time) and whether a plan of theirs is paid in full
 * and its claim still stands: from the plans, joined to their leads by id.
 */
async function planLeadsOf(db: Db, filters: DashboardFilters) {
  const rows = await db
    .select({ leadId: leads.id, priceKobo: paymentPlans.priceKobo, paid: paidSql, ended: plotClaims.endedAt, ...attribution })
    .from(paymentPlans)
    .innerJoin(leads, eq(leads.id, paymentPlans.leadId))
    .innerJoin(plotClaims, eq(plotClaims.id, paymentPlans.claimId))
    .where(inView(filters));
  return rows.map((row) => ({ ...row, paidKobo: Number(row.paid), paidInFull: row.ended === null && Number(row.paid) >= row.priceKobo }));
}

async function paidInFullOf(db: Db, filters: DashboardFilters): Promise<string[]> {
  return [...new Set((await planLeadsOf(db, filters)).filter((row) => row.paidInFull).map((row) => row.leadId))];
}

/** Money of the conversion table's rows (by source and by page): what the cohort's leads paid, and how many paid in full. */
export async function moneyOfConversionRows(
  db: Db,
  filters: DashboardFilters,
): Promise<Map<string, { paidKobo: number; paidInFull: number }>> {
  const rows = new Map<string, { paidKobo: number; paidInFull: Set<string> }>();
  for (const lead of await planLeadsOf(db, filters)) {
    const key = leadVisitKey(lead);
    for (const group of [
      { view: 'source' as const, kind: key.kind, source: key.source, medium: key.medium, campaign: key.campaign },
      { view: 'page' as const, path: key.path },
    ]) {
      const row = rows.get(rowKey(group)) ?? { paidKobo: 0, paidInFull: new Set<string>() };
      row.paidKobo += lead.paidKobo;
      if (lead.paidInFull) row.paidInFull.add(lead.leadId);
      rows.set(rowKey(group), row);
    }
  }
  return new Map([...rows].map(([key, row]) => [key, { paidKobo: row.paidKobo, paidInFull: row.paidInFull.size }]));
}
