import 'server-only';
import type { z } from 'zod';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { getDatabase } from '@/lib/db/client';
import { readValidated } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { idParamSchema } from '@/lib/validation/id';
import { answeredAsForm } from '@/modules/inspections/server';
import { recordAudit, staffRoute, type IdRouteContext } from '@/modules/staff/server';
import { approveTransfer, recordTransfer, rejectTransfer, type TransferResult } from './transfers.server';
import { recordTransferSchema, rejectTransferSchema } from './schema';

/**
 * Handlers of /api/admin/payments/transfers/... (route files only re-export these): any staff member records a transfer;
 * an owner other than them approves or rejects it. JSON answers, and a plain form post gets a 303 back to the Payments
 * page with its sentence (docs/decisions/0414-the-money-core.md).
 */
export const PAYMENTS_PATH = '/admin/payments';
const copy = PAYMENT_STAFF_COPY;

/** The body read and checked against `schema`, or the 4xx that says why not. */
const readInput = <S extends z.ZodType>(request: Request, schema: S) => readValidated(request, schema, copy.errors.amount);

const REFUSED: Record<Exclude<TransferResult, { ok: true }>['refusal'], [number, string]> = {
  no_plan: [404, copy.errors.noPlan],
  same_reference: [409, copy.errors.sameReference],
  not_found: [404, copy.errors.notFound],
  decided: [409, copy.errors.decided],
  same_person: [403, copy.errors.samePerson],
  ledger: [409, copy.errors.decided],
};

function refused(result: Exclude<TransferResult, { ok: true }>): Response {
  const [status, sentence] = REFUSED[result.refusal];
  return errorResponse(status, result.detail ?? sentence);
}

async function transferIdOf(ctx: IdRouteContext): Promise<string | undefined> {
  const parsed = idParamSchema.safeParse((await ctx.params).id);
  return parsed.success ? parsed.data : undefined;
}

export const recordTransferHandler = answeredAsForm(
  PAYMENTS_PATH,
  staffRoute({}, async (request, { db, staff }) => {
    const input = await readInput(request, recordTransferSchema);
    if (!input.ok) return input.response;
    const { amount, ...rest } = input.value;
    const result = await recordTransfer(db, { ...rest, amountKobo: amount }, staff.id);
    if (!result.ok) return refused(result);
    await recordAudit(db, staff, 'payments.transfer_recorded', result.transfer.id, { amountKobo: amount });
    return jsonResponse({ ok: true, id: result.transfer.id, notice: copy.recorded }, 201);
  }),
);

export const approveTransferHandler = answeredAsForm(
  PAYMENTS_PATH,
  staffRoute<IdRouteContext>({ owner: true }, async (_request, { db, staff }, ctx) => {
    const id = await transferIdOf(ctx);
    if (!id) return errorResponse(404, copy.errors.notFoundId);
    const database = await getDatabase();
    const result = await approveTransfer(db, await database.jobs(), id, staff.id);
    if (!result.ok) return refused(result);
    await recordAudit(db, staff, 'payments.transfer_approved', id, { amountKobo: result.transfer.amountKobo });
    return jsonResponse({ ok: true, receipt: result.receiptNumber, notice: copy.approved(result.receiptNumber ?? '') });
  }),
);

export const rejectTransferHandler = answeredAsForm(
  PAYMENTS_PATH,
  staffRoute<IdRouteContext>({ owner: true }, async (request, { db, staff }, ctx) => {
    const id = await transferIdOf(ctx);
    if (!id) return errorResponse(404, copy.errors.notFoundId);
    const input = await readInput(request, rejectTransferSchema);
    if (!input.ok) return input.response;
    const result = await rejectTransfer(db, id, staff.id, input.value.reason);
    if (!result.ok) return refused(result);
    await recordAudit(db, staff, 'payments.transfer_rejected', id, {});
    return jsonResponse({ ok: true, notice: copy.rejected });
  }),
);
