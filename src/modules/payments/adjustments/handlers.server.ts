import 'server-only';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { readValidated } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { idParamSchema } from '@/lib/validation/id';
import { answeredAsForm } from '@/modules/inspections/server';
import type { Db } from '@/lib/db/client';
import { recordAudit, staffRoute, type SessionStaff } from '@/modules/staff/server';
import { LEDGER_REFUSALS } from '../ledger/rules';
import { PAYMENTS_PATH } from '../transfers/handlers.server';
import { approveAdjustment, rejectAdjustment, requestAdjustment, type AdjustmentResult } from './adjustments.server';
import { adjustmentSchema, rejectAdjustmentSchema } from './schema';

/**
 * Handlers of /api/admin/payments/plans/:id/adjustments/... (route files only re-export these; docs/decisions/0416):
 * an owner asks for a refund, reversal or correction of a plan's ledger; another owner approves or rejects it. JSON
 * answers, and a plain form post gets a 303 back to the plan's page with its sentence.
 */
const copy = PAYMENT_STAFF_COPY.adjustments;

export const planPagePath = (claimId: string) => `${PAYMENTS_PATH}/${claimId}`;

type PlanRouteContext = { params: Promise<{ id: string; adjustmentId?: string }> };
type Ids = { claimId: string; adjustmentId?: string };

const REFUSED: Record<Exclude<AdjustmentResult, { ok: true }>['refusal'], [number, string]> = {
  no_plan: [404, copy.errors.noPlan],
  not_found: [404, copy.errors.notFound],
  decided: [409, copy.errors.decided],
  same_person: [403, copy.errors.samePerson],
  ledger: [409, copy.errors.decided],
};

function refused(result: Exclude<AdjustmentResult, { ok: true }>): Response {
  const [status, sentence] = REFUSED[result.refusal];
  return errorResponse(status, result.ledger ? LEDGER_REFUSALS[result.ledger] : sentence);
}

/**
 * An owners' handler of one plan (and one of its requests): the ids of the URL checked (404 otherwise), and a form's
 * answer sent back to that plan's page (the flash cookie is the page's own).
 */
function planRoute(
  handler: (request: Request, ctx: { db: Db; staff: SessionStaff }, ids: Ids) => Promise<Response>,
  /** The route names one request (approve, reject). */
  needsAdjustment = false,
) {
  return async (request: Request, routeContext: PlanRouteContext): Promise<Response> => {
    const params = await routeContext.params;
    const claimId = idParamSchema.safeParse(params.id);
    const adjustmentId = params.adjustmentId === undefined ? undefined : idParamSchema.safeParse(params.adjustmentId);
    const page = claimId.success ? planPagePath(claimId.data) : PAYMENTS_PATH;
    return answeredAsForm(
      page,
      staffRoute({ owner: true }, async (req, ctx) => {
        if (!claimId.success || (adjustmentId && !adjustmentId.success) || (needsAdjustment && !adjustmentId))
          return errorResponse(404, copy.errors.notFound);
        return handler(req, ctx, { claimId: claimId.data, adjustmentId: adjustmentId?.data });
      }),
    )(request, routeContext);
  };
}

/** POST /api/admin/payments/plans/:id/adjustments {kind, amount?, direction?, entryId?, reason} → 201 {ok, id} (owners). */
export const requestAdjustmentHandler = planRoute(async (request, { db, staff }, { claimId }) => {
  const input = await readValidated(request, adjustmentSchema, copy.errors.unreadable);
  if (!input.ok) return input.response;
  const result = await requestAdjustment(db, claimId, input.value, staff.id);
  if (!result.ok) return refused(result);
  const { id, kind, amountKobo } = result.adjustment;
  await recordAudit(db, staff, 'payments.adjustment_requested', id, { claimId, kind, amountKobo });
  return jsonResponse({ ok: true, id, notice: copy.requested }, 201);
});

/** POST …/adjustments/:adjustmentId/approve → {ok, entryId} (an owner other than who asked). */
export const approveAdjustmentHandler = planRoute(async (_request, { db, staff }, { claimId, adjustmentId }) => {
  const result = await approveAdjustment(db, claimId, adjustmentId!, staff.id);
  if (!result.ok) return refused(result);
  const { id, kind, amountKobo, entryId } = result.adjustment;
  await recordAudit(db, staff, 'payments.adjustment_approved', id, { claimId, kind, amountKobo, entryId });
  return jsonResponse({ ok: true, entryId, notice: copy.approved });
}, true);

/** POST …/adjustments/:adjustmentId/reject {reason} → {ok} (an owner other than who asked). */
export const rejectAdjustmentHandler = planRoute(async (request, { db, staff }, { claimId, adjustmentId }) => {
  const input = await readValidated(request, rejectAdjustmentSchema, copy.errors.unreadable);
  if (!input.ok) return input.response;
  const result = await rejectAdjustment(db, claimId, adjustmentId!, staff.id, input.value.reason);
  if (!result.ok) return refused(result);
  await recordAudit(db, staff, 'payments.adjustment_rejected', result.adjustment.id, { claimId });
  return jsonResponse({ ok: true, notice: copy.rejected });
}, true);
