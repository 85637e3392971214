import 'server-only';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { rolledBackByConflict, sqlStateOf } from '@/lib/db/conflicts';
import type { LeadAction, LeadStatus, PlotEventAction, PlotStage } from '@/lib/db/enums';
import type { PlotClaimRow, PlotRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { PLOTS_COPY } from '@/content/plots';
import { lockPipeline, recordActivity, setStatus } from '@/modules/leads/server';
import { SYSTEM_ACTOR_EMAIL, type Actor } from '@/modules/staff/server';
import {
  activeClaimOfPlot,
  activeClaimsOfLead,
  claimById,
  endClaimRow,
  expiredHolds,
  insertClaim,
  insertPlotEvent,
  lockPlot,
  updateClaim,
} from './plots.repository.server';
import { queueHoldMessages, queueHoldReminders, queueReleaseMessage } from './messages.server';

/**
 * The rules of a claim on a plot (docs/decisions/0412-plots-never-sold-twice.md). Every change is one transaction that
 * locks, in this order, the leads it touches (by id), then the plot, then reads the plot's live claim: so a hold, a
 * staff sale and the lapse job arriving at once queue on the plot's row and the later ones see what the first did.
 * The unique index on a plot's live claim is the last word even if a caller forgot the lock. Each change writes its
 * plot_events line (and the lead's history) in the same transaction. A refusal is a value, never an exception.
 */

/** Who made a change: a staff member, the buyer (from the site or a signed link), or the system (the lapse job, a payment). */
export type PlotActor = Actor | 'buyer' | 'system';

export type ClaimRefusal =
  /** Another claim stands on the plot (held, reserved or sold). */
  | 'taken'
  /** No such plot, or it was withdrawn from sale. */
  | 'no_plot'
  /** No such lead, or a lead set aside as spam. */
  | 'no_lead'
  /** The buyer already holds PLOT_HOLDS_PER_BUYER plots in the district. */
  | 'holds_per_buyer'
  /** The claim has ended (released, lapsed) or is not the plot's live claim. */
  | 'not_active'
  /** The hold's time ran out (it is ended now, if nothing had ended it yet). */
  | 'lapsed'
  /** The step does not follow from the claim's stage (allocating a hold, reserving a sale). */
  | 'wrong_stage'
  /** A payment reference already recorded on another claim. */
  | 'duplicate_payment';

export type ClaimResult =
  | { ok: true; claim: PlotClaimRow; plot: PlotRow; /** The same lead already held this plot: nothing changed. */ repeated?: boolean }
  | { ok: false; refusal: ClaimRefusal; message: string };

const refuse = (refusal: ClaimRefusal): ClaimResult => ({ ok: false, refusal, message: PLOTS_COPY.refusals[refusal] });

/** How long a new hold lasts (PLOT_HOLD_HOURS). */
export const plotHoldHours = () => getEnv().PLOT_HOLD_HOURS;

// ---- the lock ------------------------------------------------------------------------------------------------------

interface Locked {
  plot: PlotRow;
  /** The plot's live claim (not ended), read under the plot's lock. */
  claim: PlotClaimRow | undefined;
  /** The locked leads' pipeline state, by id. */
  leads: Map<string, { status: LeadStatus; spam: boolean }>;
}

class Moved extends Error {}

/**
 * Runs `work` with the leads (those named and the plot's live claim's) and the plot locked. Should the plot's live
 * claim change between the first look and the locks, or PostgreSQL break a deadlock, it starts again (a few times).
 */
async function withPlotLocked<T>(
  db: Db,
  plotId: string,
  leadIds: string[],
  work: (tx: Db, locked: Locked) => Promise<T>,
  onMissing: () => T,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const seen = await activeClaimOfPlot(tx, plotId);
        const ids = [...new Set([...leadIds, ...(seen?.leadId ? [seen.leadId] : [])])].sort();
        const leads = new Map<string, { status: LeadStatus; spam: boolean }>();
        for (const id of ids) {
          const lead = await lockPipeline(tx, id);
          if (lead) leads.set(id, { status: lead.status, spam: lead.spam });
        }
        const plot = await lockPlot(tx, plotId);
        if (!plot) return onMissing();
        const claim = await activeClaimOfPlot(tx, plotId);
        if (claim?.id !== seen?.id) throw new Moved();
        return work(tx, { plot, claim, leads });
      });
    } catch (error) {
      const retry = error instanceof Moved || rolledBackByConflict(error);
      if (!retry || attempt >= 4) throw error;
    }
  }
}

// ---- hold ----------------------------------------------------------------------------------------------------------

export interface HoldRequest {
  plotId: string;
  leadId: string;
  by: PlotActor;
  now: Date;
  /** Overrides PLOT_HOLD_HOURS (staff holding for longer). */
  hours?: number;
  /**
   * The started job queue, to tell the buyer and the agent: the hold's messages are queued on the one outbox in the
   * hold's own transaction (a buyer's hold from the site). Without, nobody is told (a staff member's hold).
   */
  tell?: PgBoss;
}

/**
 * Holds a free plot for a lead until now + PLOT_HOLD_HOURS. A hold past its time still standing is ended first (as
 * the lapse job would). The same lead holding it again changes nothing (`repeated`: a form sent twice).
 */
export async function holdPlot(db: Db, request: HoldRequest): Promise<ClaimResult> {
  const { plotId, leadId, by, now } = request;
  return withPlotLocked(
    db,
    plotId,
    [leadId],
    async (tx, { plot, claim, leads }) => {
      const lead = leads.get(leadId);
      if (!lead || lead.spam) return refuse('no_lead');
      if (plot.withdrawnAt) return refuse('no_plot');
      if (claim) {
        if (isLapsed(claim, now)) await endClaim(tx, claim, plot, leads, 'lapsed', 'system', now);
        else if (claim.leadId === leadId && claim.stage === 'held') return { ok: true, claim, plot, repeated: true };
        else return refuse('taken');
      }
      const holds = (await activeClaimsOfLead(tx, leadId)).filter(
        (other) => other.stage === 'held' && other.district === plot.district && other.heldUntil !== null && other.heldUntil > now,
      );
      if (holds.length >= getEnv().PLOT_HOLDS_PER_BUYER) return refuse('holds_per_buyer');
      const hours = request.hours ?? plotHoldHours();
      const created = await insertClaim(tx, {
        plotId,
        leadId,
        stage: 'held',
        priceKobo: plot.priceKobo,
        heldUntil: new Date(now.getTime() + hours * 3_600_000),
        leadStatusBefore: lead.status,
        staffId: staffIdOf(by),
        startedAt: now,
      });
      if (!created) return refuse('taken');
      await writeEvent(tx, created, 'held', by, now, null, claimSnapshot(created));
      await recordLead(tx, created, plot, 'plot_held', by, now, { heldUntil: created.heldUntil?.toISOString() });
      await moveLead(tx, created, leads, 'held', now);
      if (request.tell) await queueHoldMessages(tx, request.tell, created, now);
      return { ok: true, claim: created, plot };
    },
    () => refuse('no_plot'),
  );
}

// ---- changes to a claim ----------------------------------------------------------------------------------------

/** Runs `change` on the claim if it is still its plot's live claim, under the locks. */
async function changeClaim(
  db: Db,
  claimId: string,
  change: (tx: Db, claim: PlotClaimRow, locked: Locked) => Promise<ClaimResult>,
): Promise<ClaimResult> {
  const first = await claimById(db, claimId);
  if (!first) return refuse('not_active');
  if (first.endedAt) return refuse(first.endReason === 'lapsed' ? 'lapsed' : 'not_active');
  return withPlotLocked(
    db,
    first.plotId,
    first.leadId ? [first.leadId] : [],
    async (tx, locked) => {
      if (locked.claim?.id !== claimId) {
        const now = await claimById(tx, claimId);
        return refuse(now?.endReason === 'lapsed' ? 'lapsed' : 'not_active');
      }
      return change(tx, locked.claim, locked);
    },
    () => refuse('not_active'),
  );
}

/** Moves a hold's end to `until` (later or earlier, but after now). */
export async function extendHold(
  db: Db,
  {
    claimId,
    until,
    by,
    now,
    tell,
  }: { claimId: string; until: Date; by: PlotActor; now: Date; /** Queues the new end's reminders. */ tell?: PgBoss },
): Promise<ClaimResult> {
  return changeClaim(db, claimId, async (tx, claim, { plot, leads }) => {
    if (claim.stage !== 'held') return refuse('wrong_stage');
    if (isLapsed(claim, now)) return lapseNow(tx, claim, plot, leads, now);
    if (until <= now) return refuse('wrong_stage');
    const updated = await updateClaim(tx, claim.id, { heldUntil: until }, now);
    await writeEvent(tx, updated, 'extended', by, now, { heldUntil: claim.heldUntil?.toISOString() }, { heldUntil: until.toISOString() });
    await recordLead(tx, updated, plot, 'plot_hold_extended', by, now, { heldUntil: until.toISOString() });
    if (tell) await queueHoldReminders(tx, tell, updated, now);
    return { ok: true, claim: updated, plot };
  });
}

/**
 * Ends a claim at any stage before allocation, with the reason (required: the history says why). A reservation or a
 * sale ended this way is told to the buyer (`tell`, in the release's transaction: docs/decisions/0416); only an owner
 * may end one (the staff handlers say so), and nothing ends one by itself (the lapse job takes holds only).
 */
export async function releaseClaim(
  db: Db,
  { claimId, reason, by, now, tell }: { claimId: string; reason: string; by: PlotActor; now: Date; tell?: PgBoss },
): Promise<ClaimResult> {
  return changeClaim(db, claimId, async (tx, claim, { plot, leads }) => {
    if (claim.stage === 'allocated') return refuse('wrong_stage');
    const ended = await endClaim(tx, claim, plot, leads, 'released', by, now, reason.trim());
    if (tell && claim.stage !== 'held' && claim.leadId) await queueReleaseMessage(tx, tell, ended, now);
    return { ok: true, claim: ended, plot };
  });
}

/**
 * A hold becomes a reservation: a deposit recorded by staff by hand, or a payment (`paymentReference`, which no other
 * claim may carry). A payment made while the hold stood (`paidAt` ≤ held until) reserves it even if its news arrives
 * after the hold's time, as long as nothing ended the hold; otherwise a hold past its time is lapsed, not reserved.
 */
export async function reserveClaim(
  db: Db,
  request: { claimId: string; by: PlotActor; now: Date; depositKobo?: number; paymentReference?: string; paidAt?: Date },
): Promise<ClaimResult> {
  const { claimId, by, now } = request;
  return changeClaim(db, claimId, async (tx, claim, { plot, leads }) => {
    if (claim.stage !== 'held')
      return claim.stage === 'reserved' && claim.paymentReference === request.paymentReference && request.paymentReference
        ? { ok: true, claim, plot, repeated: true }
        : refuse('wrong_stage');
    const paidInTime = request.paidAt && claim.heldUntil && request.paidAt <= claim.heldUntil;
    if (isLapsed(claim, now) && !paidInTime) return lapseNow(tx, claim, plot, leads, now);
    let updated: PlotClaimRow;
    try {
      updated = await updateClaim(
        tx,
        claim.id,
        {
          stage: 'reserved',
          heldUntil: null,
          reservedAt: now,
          depositKobo: request.depositKobo ?? null,
          paymentReference: request.paymentReference ?? null,
        },
        now,
      );
    } catch (error) {
      if (sqlStateOf(error) === '23505') return refuse('duplicate_payment');
      throw error;
    }
    await writeEvent(tx, updated, 'reserved', by, now, claimSnapshot(claim), claimSnapshot(updated));
    await recordLead(tx, updated, plot, 'plot_reserved', by, now, { depositKobo: request.depositKobo ?? null });
    await moveLead(tx, updated, leads, 'reserved', now);
    return { ok: true, claim: updated, plot };
  });
}

/** The plot is sold to the claim's lead (from a hold still standing, or a reservation). */
export async function markSold(db: Db, { claimId, by, now }: { claimId: string; by: PlotActor; now: Date }): Promise<ClaimResult> {
  return changeClaim(db, claimId, async (tx, claim, { plot, leads }) => {
    if (claim.stage !== 'held' && claim.stage !== 'reserved') return refuse('wrong_stage');
    if (isLapsed(claim, now)) return lapseNow(tx, claim, plot, leads, now);
    const updated = await updateClaim(tx, claim.id, { stage: 'sold', heldUntil: null, soldAt: now }, now);
    await writeEvent(tx, updated, 'sold', by, now, claimSnapshot(claim), claimSnapshot(updated));
    await recordLead(tx, updated, plot, 'plot_sold', by, now, {});
    await moveLead(tx, updated, leads, 'sold', now);
    return { ok: true, claim: updated, plot };
  });
}

/** A sold plot handed over to its buyer (allocation letter, survey). */
export async function markAllocated(db: Db, { claimId, by, now }: { claimId: string; by: PlotActor; now: Date }): Promise<ClaimResult> {
  return changeClaim(db, claimId, async (tx, claim, { plot }) => {
    if (claim.stage !== 'sold') return refuse('wrong_stage');
    const updated = await updateClaim(tx, claim.id, { stage: 'allocated', allocatedAt: now }, now);
    await writeEvent(tx, updated, 'allocated', by, now, claimSnapshot(claim), claimSnapshot(updated));
    await recordLead(tx, updated, plot, 'plot_allocated', by, now, {});
    return { ok: true, claim: updated, plot };
  });
}

/** Ends the holds past their time (the lapse job, every minute): each in its own transaction, with its event. */
export async function lapseExpiredHolds(db: Db, now: Date, limit = 200): Promise<{ lapsed: PlotClaimRow[] }> {
  const lapsed: PlotClaimRow[] = [];
  for (const due of await expiredHolds(db, now, limit)) {
    await changeClaim(db, due.id, async (tx, claim, { plot, leads }) => {
      if (!isLapsed(claim, now)) return refuse('not_active');
      const ended = await endClaim(tx, claim, plot, leads, 'lapsed', 'system', now);
      lapsed.push(ended);
      return refuse('lapsed');
    });
  }
  return { lapsed };
}

// ---- the pieces ----------------------------------------------------------------------------------------------------

const isLapsed = (claim: PlotClaimRow, now: Date) => claim.stage === 'held' && claim.heldUntil !== null && claim.heldUntil <= now;

/** Ends a hold past its time and answers `lapsed` (its caller was too late). */
async function lapseNow(tx: Db, claim: PlotClaimRow, plot: PlotRow, leads: Locked['leads'], now: Date): Promise<ClaimResult> {
  await endClaim(tx, claim, plot, leads, 'lapsed', 'system', now);
  return refuse('lapsed');
}

async function endClaim(
  tx: Db,
  claim: PlotClaimRow,
  plot: PlotRow,
  leads: Locked['leads'],
  reason: 'lapsed' | 'released',
  by: PlotActor,
  now: Date,
  why?: string,
): Promise<PlotClaimRow> {
  const ended = await endClaimRow(tx, claim.id, reason, now);
  await writeEvent(tx, ended, reason, by, now, claimSnapshot(claim), claimSnapshot(ended), why);
  await recordLead(tx, ended, plot, reason === 'lapsed' ? 'plot_lapsed' : 'plot_released', by, now, why ? { reason: why } : {});
  await moveLeadBack(tx, ended, leads, now);
  return ended;
}

const staffIdOf = (by: PlotActor) => (typeof by === 'object' ? by.id : null);

const claimSnapshot = (claim: PlotClaimRow) => ({
  stage: claim.stage,
  priceKobo: claim.priceKobo,
  heldUntil: claim.heldUntil?.toISOString() ?? null,
  depositKobo: claim.depositKobo,
  paymentReference: claim.paymentReference,
  ended: claim.endReason,
});

const writeEvent = (
  tx: Db,
  claim: PlotClaimRow,
  action: PlotEventAction,
  by: PlotActor,
  at: Date,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  reason?: string,
) =>
  insertPlotEvent(tx, {
    plotId: claim.plotId,
    claimId: claim.id,
    at,
    staffId: staffIdOf(by),
    // The lead is named when the buyer did it; staff's and the system's changes name who did them instead.
    leadId: by === 'buyer' ? claim.leadId : null,
    action,
    before,
    after,
    reason: reason ?? null,
  });

/** The line on the lead's page. */
async function recordLead(
  tx: Db,
  claim: PlotClaimRow,
  plot: PlotRow,
  action: LeadAction,
  by: PlotActor,
  now: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  if (!claim.leadId) return;
  await recordActivity(tx, {
    leadId: claim.leadId,
    actorId: typeof by === 'object' ? by.id : undefined,
    actorEmail: typeof by === 'object' ? by.email : by === 'buyer' ? 'buyer' : SYSTEM_ACTOR_EMAIL,
    action,
    detail: { plot: plot.label, block: plot.block, district: plot.district, claimId: claim.id, ...detail },
    createdAt: now,
  });
}

/**
 * The lead's stage a claim's stage moves it to, and from which stages: a new lead stays new on a hold (its agent still
 * owes the first call, as with a booked inspection: 0391); a deposit or a sale moves any open lead on.
 */
const LEAD_STAGE: Record<Exclude<PlotStage, 'allocated'>, { to: LeadStatus; from: LeadStatus[] }> = {
  held: { to: 'plot_held', from: ['contacted', 'qualified', 'inspection_booked', 'inspected'] },
  reserved: { to: 'reserved', from: ['new', 'contacted', 'qualified', 'inspection_booked', 'inspected', 'plot_held'] },
  sold: { to: 'won', from: ['new', 'contacted', 'qualified', 'inspection_booked', 'inspected', 'plot_held', 'reserved'] },
};

async function moveLead(
  tx: Db,
  claim: PlotClaimRow,
  leads: Locked['leads'],
  stage: Exclude<PlotStage, 'allocated'>,
  now: Date,
): Promise<void> {
  const lead = claim.leadId ? leads.get(claim.leadId) : undefined;
  if (!claim.leadId || !lead) return;
  const { to, from } = LEAD_STAGE[stage];
  if (!from.includes(lead.status)) return;
  await setLeadStatus(tx, claim.leadId, lead, to, now);
}

/**
 * A claim ended: a lead our claims had moved on (plot_held, reserved) goes to the stage its other live claims give it,
 * or back to where it was before the hold. A stage staff set by hand stays.
 */
async function moveLeadBack(tx: Db, claim: PlotClaimRow, leads: Locked['leads'], now: Date): Promise<void> {
  const lead = claim.leadId ? leads.get(claim.leadId) : undefined;
  if (!claim.leadId || !lead || (lead.status !== 'plot_held' && lead.status !== 'reserved')) return;
  const others = (await activeClaimsOfLead(tx, claim.leadId)).filter((other) => other.id !== claim.id);
  const to: LeadStatus = others.some((other) => other.stage !== 'held')
    ? 'reserved'
    : others.some((other) => other.stage === 'held' && other.heldUntil && other.heldUntil > now)
      ? 'plot_held'
      : (claim.leadStatusBefore ?? 'inspected');
  if (to === lead.status) return;
  await setLeadStatus(tx, claim.leadId, lead, to, now);
}

async function setLeadStatus(tx: Db, leadId: string, lead: { status: LeadStatus }, to: LeadStatus, now: Date): Promise<void> {
  await setStatus(tx, leadId, to, now, undefined);
  await recordActivity(tx, {
    leadId,
    actorEmail: SYSTEM_ACTOR_EMAIL,
    action: 'status_changed',
    detail: { from: lead.status, to },
    createdAt: now,
  });
  lead.status = to;
}
