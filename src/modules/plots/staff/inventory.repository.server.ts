import 'server-only';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice, LeadStatus, PlotStage } from '@/lib/db/enums';
import { leads, plotClaims, plotEvents, plots, staffUsers, type PlotPoint } from '@/lib/db/schema';
import { agentsSeeEveryLead, leadsInScope, mayChangeSql, staffLabelSql, type LeadScope } from '@/modules/leads/server';
import type { PlotStanding } from '../import/plan-import';
import { comparePlotLabels } from '../plot-status';

/**
 * The staff area's reads of the inventory (docs/decisions/0413): each plot with its live claim, the buyer's name only
 * when the reader reaches that lead (an agent sees their own buyers' names, "a buyer of another agent" otherwise), and
 * whether the reader may change the claim; a plot's history with who did each change.
 */

export interface InventoryClaim {
  id: string;
  stage: PlotStage;
  priceKobo: number;
  heldUntil: Date | null;
  depositKobo: number | null;
  paymentReference: string | null;
  reservedAt: Date | null;
  leadId: string | null;
  /** The buyer's name, when the reader reaches the lead; null otherwise (or erased). */
  leadName: string | null;
  /** Whether the reader reaches the lead at all (else it is "a buyer of another agent"). */
  leadInScope: boolean;
  agentLabel: string | null;
  /** Whether the reader may change the lead (an agent: their own lead). */
  mayChangeLead: boolean;
}

export interface InventoryPlot {
  id: string;
  district: DistrictChoice;
  block: string;
  label: string;
  sizeSqm: number;
  priceKobo: number;
  corner: boolean;
  outline: PlotPoint[] | null;
  withdrawn: boolean;
  standing: PlotStanding;
  claim: InventoryClaim | null;
}

/**
 * A plot's standing from its row and live claim: a hold past its time counts as available (the lapse job ends it
 * within the minute; every change to it ends it first).
 */
export function standingOf(withdrawn: boolean, stage: PlotStage | null, heldUntil: Date | null, now: Date): PlotStanding {
  if (withdrawn) return 'withdrawn';
  if (!stage) return 'available';
  if (stage === 'held') return heldUntil && heldUntil > now ? 'held' : 'available';
  return stage;
}

const buyer = leads;

export async function inventoryOfDistrict(db: Db, district: DistrictChoice, scope: LeadScope): Promise<InventoryPlot[]> {
  const reach = leadsInScope(scope);
  const rows = await db
    .select({
      plot: plots,
      claim: plotClaims,
      leadName: buyer.fullName,
      leadInScope: sql<boolean>`coalesce(${buyer.id} is not null and ${reach ?? sql`true`}, false)`,
      mayChangeLead: sql<boolean>`coalesce(${buyer.id} is not null and ${reach ?? sql`true`} and ${mayChangeSql(scope)}, false)`,
      agentLabel: sql<string | null>`${staffLabelSql}`,
    })
    .from(plots)
    .leftJoin(plotClaims, and(eq(plotClaims.plotId, plots.id), isNull(plotClaims.endedAt)))
    .leftJoin(buyer, eq(buyer.id, plotClaims.leadId))
    .leftJoin(staffUsers, eq(staffUsers.id, buyer.assignedTo))
    .where(eq(plots.district, district));
  return rows
    .map(({ plot, claim, leadName, leadInScope, mayChangeLead, agentLabel }): InventoryPlot => {
      const standing = standingOf(plot.withdrawnAt !== null, claim?.stage ?? null, claim?.heldUntil ?? null, scope.now);
      // A hold past its time is shown as free: its claim is of no use to the page.
      const live = claim && standing !== 'available' ? claim : null;
      return {
        id: plot.id,
        district: plot.district,
        block: plot.block,
        label: plot.label,
        sizeSqm: plot.sizeSqm,
        priceKobo: Number(plot.priceKobo),
        corner: plot.corner,
        outline: plot.outline,
        withdrawn: plot.withdrawnAt !== null,
        standing,
        claim: live
          ? {
              id: live.id,
              stage: live.stage,
              priceKobo: Number(live.priceKobo),
              heldUntil: live.heldUntil,
              depositKobo: live.depositKobo === null ? null : Number(live.depositKobo),
              paymentReference: live.paymentReference,
              reservedAt: live.reservedAt,
              leadId: live.leadId,
              leadName: leadInScope ? leadName : null,
              leadInScope: Boolean(leadInScope),
              agentLabel,
              mayChangeLead: Boolean(mayChangeLead),
            }
          : null,
      };
    })
    .sort((a, b) => a.block.localeCompare(b.block, 'en', { numeric: true }) || comparePlotLabels(a.label, b.label));
}

/** One plot of the inventory (the history page's heading, a handler's checks). */
export async function inventoryPlot(db: Db, plotId: string, scope: LeadScope): Promise<InventoryPlot | undefined> {
  const [row] = await db.select({ district: plots.district }).from(plots).where(eq(plots.id, plotId));
  if (!row) return undefined;
  return (await inventoryOfDistrict(db, row.district, scope)).find((plot) => plot.id === plotId);
}

export interface PlotHistoryLine {
  id: string;
  at: Date;
  action: string;
  /** Who: a staff member's name, `buyer` (from the site) or null (the system or an import by the CLI). */
  by: string | null;
  byBuyer: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/** A plot's history, newest first, with each change's staff member by their name today. */
export async function historyOfPlot(db: Db, plotId: string): Promise<PlotHistoryLine[]> {
  const rows = await db
    .select({ event: plotEvents, by: sql<string | null>`${staffLabelSql}` })
    .from(plotEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, plotEvents.staffId))
    .where(eq(plotEvents.plotId, plotId))
    .orderBy(desc(plotEvents.at), desc(plotEvents.id));
  return rows.map(({ event, by }) => ({
    id: event.id,
    at: event.at,
    action: event.action,
    by: event.staffId ? by : null,
    byBuyer: event.leadId !== null && event.staffId === null,
    before: event.before,
    after: event.after,
    reason: event.reason,
  }));
}

/** Statuses of a lead a plot may be held for: being worked, not yet bought. */
const HOLDABLE: LeadStatus[] = ['new', 'contacted', 'qualified', 'inspection_booked', 'inspected', 'plot_held', 'reserved'];

export interface LeadChoice {
  id: string;
  fullName: string;
  district: string | null;
  status: LeadStatus;
}

/**
 * The leads the reader may hold a plot for in a district: open, not spam, theirs to change (an owner: any), of the
 * district or none yet; the newest first, at most `limit`.
 */
export async function leadChoices(db: Db, district: DistrictChoice, scope: LeadScope, limit = 200): Promise<LeadChoice[]> {
  const reach = leadsInScope(scope);
  // An agent may change only their own leads unless owners let agents see every lead: said plainly, so their newest
  // are read by (assigned_to, created_at) instead of the newest of all leads until 200 are theirs (the whole table for
  // an agent with few; docs/benchmarks/0431). The conditions below say the same.
  const ownOnly = scope.role !== 'owner' && !(await agentsSeeEveryLead(db));
  return db
    .select({ id: leads.id, fullName: leads.fullName, district: leads.district, status: leads.status })
    .from(leads)
    .where(
      and(
        inArray(leads.status, HOLDABLE),
        eq(leads.spam, false),
        or(eq(leads.district, district), isNull(leads.district)),
        reach,
        sql`${mayChangeSql(scope)}`,
        ownOnly ? eq(leads.assignedTo, scope.staffId) : undefined,
      ),
    )
    .orderBy(desc(leads.createdAt), asc(leads.id))
    .limit(limit);
}

/** Whether the reader may change this lead (hold a plot for it): it is in their scope and theirs to change. */
export async function mayWorkLead(db: Db, leadId: string, scope: LeadScope): Promise<boolean> {
  const [row] = await db
    .select({ mayChange: mayChangeSql(scope) })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsInScope(scope)));
  return Boolean(row?.mayChange);
}
