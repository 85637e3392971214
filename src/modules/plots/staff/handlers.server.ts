import 'server-only';
import type { z } from 'zod';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { PLOTS_IMPORT_COPY } from '@/content/plots-import';
import { leadScope, type LeadScope } from '@/modules/leads/server';
import { recordAudit, staffRoute, type IdRouteContext, type SessionStaff } from '@/modules/staff/server';
import { getDatabase, type Db } from '@/lib/db/client';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { readValidated } from '@/lib/http/request.server';
import { idParamSchema } from '@/lib/validation/id';
import { districtSlugOf } from '@/lib/db/districts';
import { extendHold, holdPlot, markAllocated, markSold, releaseClaim, reserveClaim, type ClaimResult } from '../claims.server';
import { pendingDraft, saveDraft } from '../import/drafts.repository.server';
import { LAYOUT_MAX_BYTES, readLayout } from '../import/parse-layout';
import { answeredAsForm, IMPORT_PAGE, PLOTS_PAGE, plotPage } from './form-answer.server';
import { applyLayout, editPlot, restorePlot, withdrawPlot, type InventoryResult } from './inventory-changes.server';
import { inventoryPlot, mayWorkLead, type InventoryPlot } from './inventory.repository.server';
import {
  districtSchema,
  editSchema,
  extendSchema,
  holdSchema,
  releaseSchema,
  reserveSchema,
  restoreSchema,
  withdrawSchema,
} from './schema';

/**
 * Handlers of /api/admin/plots/... (route files only re-export these; docs/decisions/0413). Each answers JSON, and a
 * form posted without scripts with a 303 to the plot's page. Who may do what: owners everything; an agent holds a plot
 * for their own lead, and extends or releases a hold of their own lead's (403 for another agent's); reserving (a
 * deposit), selling, allocating, editing, withdrawing and importing are the owners'.
 */

const copy = PLOTS_STAFF_COPY;
const errors = copy.errors;

/** The body read and checked against `schema`, or the 4xx that says why not. */
const readInput = <S extends z.ZodType>(request: Request, schema: S) => readValidated(request, schema, errors.unreadable);

/** The plot of the URL as the reader sees it, or the 404. */
async function plotOf(db: Db, ctx: IdRouteContext, scope: LeadScope): Promise<InventoryPlot | Response> {
  const id = idParamSchema.safeParse((await ctx.params).id);
  const plot = id.success ? await inventoryPlot(db, id.data, scope) : undefined;
  return plot ?? errorResponse(404, errors.notFound);
}

/** A claim's change answered: the refusal's sentence (409), or done with the page to go back to. */
function claimAnswer(result: ClaimResult, plotId: string, notice: string): Response {
  if (!result.ok) return jsonResponse({ error: result.message, refusal: result.refusal, next: plotPage(plotId) }, 409);
  return jsonResponse({
    ok: true,
    claim: { id: result.claim.id, stage: result.claim.stage, heldUntil: result.claim.heldUntil },
    notice,
    next: plotPage(plotId),
  });
}

function inventoryAnswer(result: InventoryResult, plotId: string, notice: string): Response {
  if (result.ok)
    return jsonResponse({
      ok: true,
      changed: result.changed,
      notice: result.changed ? notice : copy.done.unchanged,
      next: plotPage(plotId),
    });
  const refusal = {
    not_found: [404, errors.notFound],
    bound: [409, errors.bound],
    claimed: [409, errors.claimed],
    withdrawn: [409, errors.withdrawn],
    not_withdrawn: [409, errors.notWithdrawn],
  } as const;
  const [status, error] = refusal[result.refusal];
  return jsonResponse({ error, next: plotPage(plotId) }, status);
}

/**
 * The plot's live claim, if the reader may change it this way: owners always; an agent only a hold (not a reservation
 * or a sale) of a lead they may change. 409 when nobody holds the plot, 403 otherwise.
 */
function claimTheyRun(plot: InventoryPlot, staff: SessionStaff): NonNullable<InventoryPlot['claim']> | Response {
  const claim = plot.claim;
  if (!claim) return jsonResponse({ error: errors.noClaim, next: plotPage(plot.id) }, 409);
  if (staff.role === 'owner') return claim;
  if (claim.stage !== 'held' || !claim.mayChangeLead) return jsonResponse({ error: errors.notYours, next: plotPage(plot.id) }, 403);
  return claim;
}

const actor = (staff: SessionStaff) => ({ id: staff.id, email: staff.email });

/** POST /api/admin/plots/:id/hold {leadId, hours?} → {ok, claim}: the plot held for a lead the reader may work. */
export const holdHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const input = await readInput(request, holdSchema);
    if (!input.ok) return input.response;
    if (!(await mayWorkLead(db, input.value.leadId, scope)))
      return jsonResponse({ error: errors.leadNotYours, next: plotPage(plot.id) }, 403);
    const result = await holdPlot(db, {
      plotId: plot.id,
      leadId: input.value.leadId,
      by: actor(staff),
      now: scope.now,
      hours: input.value.hours ?? undefined,
    });
    return claimAnswer(result, plot.id, copy.done.held);
  }),
);

/** POST /api/admin/plots/:id/extend {hours} → {ok, claim}: the hold now ends `hours` from now. */
export const extendHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const claim = claimTheyRun(plot, staff);
    if (claim instanceof Response) return claim;
    const input = await readInput(request, extendSchema);
    if (!input.ok) return input.response;
    const until = new Date(scope.now.getTime() + input.value.hours * 3_600_000);
    // The new end's reminders are queued in the extension's transaction; the queue is started before it (PGlite).
    const tell = await (await getDatabase()).jobs();
    return claimAnswer(
      await extendHold(db, { claimId: claim.id, until, by: actor(staff), now: scope.now, tell }),
      plot.id,
      copy.done.extended,
    );
  }),
);

/**
 * POST /api/admin/plots/:id/release {reason} → {ok}: the claim ends; an agent releases only their own lead's hold (a
 * reservation or a sale only an owner, and its buyer is told: docs/decisions/0416).
 */
export const releaseHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({}, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const claim = claimTheyRun(plot, staff);
    if (claim instanceof Response) return claim;
    const input = await readInput(request, releaseSchema);
    if (!input.ok) return input.response;
    // A reservation's or sale's buyer is told in the release's transaction; the queue is started before it (PGlite).
    const tell = claim.stage === 'held' ? undefined : await (await getDatabase()).jobs();
    const result = await releaseClaim(db, { claimId: claim.id, reason: input.value.reason, by: actor(staff), now: scope.now, tell });
    if (result.ok && claim.stage !== 'held') await recordAudit(db, staff, 'plots.release', plot.id, { stage: claim.stage });
    return claimAnswer(result, plot.id, copy.done.released);
  }),
);

/**
 * POST /api/admin/plots/:id/reserve {depositNaira, depositDate, reference?} → {ok} (owners): the deposit recorded by
 * hand (until payments record it themselves), in kobo, and the hold becomes a reservation at its frozen price.
 */
export const reserveHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const claim = claimTheyRun(plot, staff);
    if (claim instanceof Response) return claim;
    const input = await readInput(request, reserveSchema);
    if (!input.ok) return input.response;
    const { depositNaira: depositKobo, depositDate, reference } = input.value;
    const result = await reserveClaim(db, {
      claimId: claim.id,
      by: actor(staff),
      now: scope.now,
      depositKobo,
      paymentReference: reference ?? undefined,
      paidAt: depositDate,
    });
    if (result.ok && !result.repeated)
      await recordAudit(db, staff, 'plots.reserve', plot.id, { depositKobo, depositDate: depositDate.toISOString(), reference });
    return claimAnswer(result, plot.id, copy.done.reserved);
  }),
);

/** A claim moved one step on by an owner (sold, then allocated): the same checks, one function of the plots module. */
const claimStepHandler = (step: typeof markSold | typeof markAllocated, done: string) =>
  answeredAsForm(
    PLOTS_PAGE,
    staffRoute<IdRouteContext>({ owner: true }, async (_request, { db, staff }, ctx) => {
      const scope = leadScope(staff);
      const plot = await plotOf(db, ctx, scope);
      if (plot instanceof Response) return plot;
      const claim = claimTheyRun(plot, staff);
      if (claim instanceof Response) return claim;
      return claimAnswer(await step(db, { claimId: claim.id, by: actor(staff), now: scope.now }), plot.id, done);
    }),
  );

/** POST /api/admin/plots/:id/sold → {ok} (owners). */
export const soldHandler = claimStepHandler(markSold, copy.done.sold);

/** POST /api/admin/plots/:id/allocated → {ok} (owners): a sold plot handed over. */
export const allocatedHandler = claimStepHandler(markAllocated, copy.done.allocated);

/** POST /api/admin/plots/:id {priceNaira, sizeSqm, corner, reason?} → {ok, changed} (owners): one plot edited. */
export const editPlotHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const input = await readInput(request, editSchema);
    if (!input.ok) return input.response;
    const { priceNaira: priceKobo, sizeSqm, corner, reason } = input.value;
    const result = await editPlot(db, plot.id, { priceKobo, sizeSqm, corner, reason }, actor(staff), scope.now);
    return inventoryAnswer(result, plot.id, copy.done.edited);
  }),
);

/** POST /api/admin/plots/:id/withdraw {reason} → {ok} (owners): off sale and off the public plan. */
export const withdrawHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const input = await readInput(request, withdrawSchema);
    if (!input.ok) return input.response;
    return inventoryAnswer(await withdrawPlot(db, plot.id, input.value.reason, actor(staff), scope.now), plot.id, copy.done.withdrawn);
  }),
);

/** POST /api/admin/plots/:id/restore {reason?} → {ok} (owners): a withdrawn plot back on sale. */
export const restoreHandler = answeredAsForm(
  PLOTS_PAGE,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const scope = leadScope(staff);
    const plot = await plotOf(db, ctx, scope);
    if (plot instanceof Response) return plot;
    const input = await readInput(request, restoreSchema);
    if (!input.ok) return input.response;
    return inventoryAnswer(await restorePlot(db, plot.id, input.value.reason, actor(staff), scope.now), plot.id, copy.done.restored);
  }),
);

// ---- import -------------------------------------------------------------------------------------------------------

/** The upload's form fields: a little over the file's limit for the other fields and the multipart framing. */
const UPLOAD_MAX_BYTES = LAYOUT_MAX_BYTES + 64 * 1024;

/**
 * POST /api/admin/plots/import (multipart: district, file, withdrawMissing) → 201 {ok, draftId, next} (owners): the
 * layout read and kept as a preview, nothing else written; a bad file 400 {error, problems: ["Line 7: …"]}.
 */
export const importPreviewHandler = answeredAsForm(
  IMPORT_PAGE,
  staffRoute({ owner: true }, async (request, { db, staff }) => {
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > UPLOAD_MAX_BYTES) return jsonResponse({ error: copy.import.refusedHeading, problems: [tooLarge()] }, 413);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return errorResponse(400, errors.file);
    }
    const district = districtSchema.safeParse(form.get('district'));
    if (!district.success) return errorResponse(400, errors.district);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return errorResponse(400, errors.file);
    if (file.size > LAYOUT_MAX_BYTES) return jsonResponse({ error: copy.import.refusedHeading, problems: [tooLarge()] }, 413);
    const read = readLayout(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) return jsonResponse({ error: copy.import.refusedHeading, problems: read.problems }, 400);
    const withdrawMissing = ['on', 'true', 'yes'].includes(String(form.get('withdrawMissing') ?? ''));
    const draft = await saveDraft(db, {
      district: district.data,
      fileName: fileNameOf(file.name),
      format: read.format,
      layout: read.plots,
      withdrawMissing,
      staffId: staff.id,
      now: new Date(),
    });
    return jsonResponse({ ok: true, draftId: draft.id, plots: read.plots.length, next: `${IMPORT_PAGE}?draft=${draft.id}` }, 201);
  }),
);

const tooLarge = () => PLOTS_IMPORT_COPY.fileTooLarge(`${LAYOUT_MAX_BYTES / 1024 / 1024} MB`);

/** A file's name as shown back (no path, no control characters, at most 100 characters). */
const fileNameOf = (name: string) =>
  (name.split(/[\\/]/).pop() ?? 'layout').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100) || 'layout';

/** POST /api/admin/plots/import/:id → {ok, changes, next} (owners): the preview applied, once, in one transaction. */
export const importApplyHandler = answeredAsForm(
  IMPORT_PAGE,
  staffRoute<IdRouteContext>({ owner: true }, async (_request, { db, staff }, ctx) => {
    const id = idParamSchema.safeParse((await ctx.params).id);
    const now = new Date();
    const draft = id.success ? await pendingDraft(db, id.data, now) : undefined;
    if (!draft) return jsonResponse({ error: errors.draft, next: IMPORT_PAGE }, 404);
    const plan = await applyLayout(db, draft.district, draft.layout, {
      withdrawMissing: draft.withdrawMissing,
      now,
      staffId: staff.id,
      reason: `import ${draft.fileName}`,
      draftId: draft.id,
    });
    if (!plan) return jsonResponse({ error: errors.draft, next: IMPORT_PAGE }, 409);
    await recordAudit(db, staff, 'plots.import', draft.id, { district: draft.district, file: draft.fileName, changes: plan.changes });
    return jsonResponse({
      ok: true,
      changes: plan.changes,
      notice: copy.done.imported(plan.changes),
      next: `${PLOTS_PAGE}?district=${districtSlugOf(draft.district) ?? ''}`,
    });
  }),
);
