import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute } from '@/lib/auth/guard.server';
import { requiresSecondFactor } from '@/lib/auth/session.server';
import { readJsonObject } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { secondFactorSchema } from './schema';
import { confirmEnrolment, removeSecondFactor, renewRecoveryCodes } from './second-factor.server';

/** Handlers of /api/admin/account/...: the signed-in person's own second factor (docs/decisions/0322-second-factor.md). */

/** POST /api/admin/account/second-factor {code} → {ok, recoveryCodes}: confirms the secret shown on Your account. */
export const enrolSecondFactorHandler = staffRoute({}, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = secondFactorSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const recoveryCodes = await confirmEnrolment(db, staff.id, parsed.data.code, new Date());
  if (!recoveryCodes) return errorResponse(400, STAFF_COPY.errors.badCode);
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'enabled' });
  return jsonResponse({ ok: true, recoveryCodes });
});

/** DELETE /api/admin/account/second-factor → {ok}: agents may turn it off; owners keep it (409). */
export const removeSecondFactorHandler = staffRoute({}, async (_request, { db, staff }) => {
  if (requiresSecondFactor(staff.role)) return errorResponse(409, STAFF_COPY.errors.ownerKeepsSecondFactor);
  if (!(await removeSecondFactor(db, staff.id))) return errorResponse(409, STAFF_COPY.errors.noSecondFactor);
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'removed' });
  return jsonResponse({ ok: true });
});

/** POST /api/admin/account/recovery-codes → {ok, recoveryCodes}: new codes; the old ones stop working. */
export const renewRecoveryCodesHandler = staffRoute({}, async (_request, { db, staff }) => {
  const recoveryCodes = await renewRecoveryCodes(db, staff.id);
  if (!recoveryCodes) return errorResponse(409, STAFF_COPY.errors.noSecondFactor);
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'recovery_codes' });
  return jsonResponse({ ok: true, recoveryCodes });
});
