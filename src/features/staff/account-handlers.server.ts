import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/lib/audit.server';
import { staffRoute } from '@/lib/auth/guard.server';
import { markPasswordChecked, requiresSecondFactor, revokeUserSessions } from '@/lib/auth/session.server';
import { REAUTH_PATH } from '@/lib/constants';
import { readJsonObject, readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { answerFormPost } from './form-post.server';
import { guardedAttempt } from './lockout.server';
import { hashPassword, passwordProblem, verifyPassword } from './password.server';
import { findStaffRowById, updateStaff } from './repository.server';
import { newPasswordBodySchema, reauthSchema, secondFactorSchema } from './schema';
import { confirmEnrolment, removeSecondFactor, renewRecoveryCodes } from './second-factor.server';

/**
 * Handlers of /api/admin/account/...: the signed-in person's own password and second factor (0322). Changes need the
 * password typed within the last minutes (0323): POST /api/admin/account/reauth records it.
 */

/**
 * POST /api/admin/account/reauth {password} → {ok}: the password checked again in this session (under the sign-in
 * lockout and limits), so sensitive changes go through for the next STAFF_REAUTH_SECONDS. 403 when it is wrong.
 * Also the plain form of REAUTH_PATH (no scripts, 0345): answered 303 to its `?next=` (a page inside /admin), or back
 * to REAUTH_PATH with the refusal.
 */
const checkPassword = staffRoute({}, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = reauthSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const now = new Date();
  const attempt = await guardedAttempt(db, request, { email: staff.email, now, hashes: true }, async () => {
    const row = await findStaffRowById(db, staff.id);
    return Boolean(row && (await verifyPassword(parsed.data.password, row.passwordHash)));
  });
  if (attempt.outcome === 'refused') return attempt.response;
  if (attempt.outcome === 'failed') return errorResponse(403, STAFF_COPY.errors.wrongPassword);
  await markPasswordChecked(db, staff.sessionId, now);
  return jsonResponse({ ok: true });
});
export const reauthHandler = async (request: Request, routeContext: unknown) =>
  answerFormPost(request, await checkPassword(request, routeContext), REAUTH_PATH);

/**
 * GET /api/admin/account/reauth → {ok} while the password typed in this session is recent, else the guard's
 * 403 {error, reauth: true}: asked before a download that needs it (0345), so the page's dialog asks for the password
 * first and the browser then downloads the file itself (streamed, its own file name).
 */
export const recentPasswordHandler = staffRoute({ recentPassword: true }, async () => jsonResponse({ ok: true }));

/** POST /api/admin/account/password {password} → {ok}: a new password; the person's other sessions end. */
export const changePasswordHandler = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = newPasswordBodySchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const problem = passwordProblem(parsed.data.password);
  if (problem) return errorResponse(400, problem);
  await updateStaff(db, staff.id, { passwordHash: await hashPassword(parsed.data.password) });
  await revokeUserSessions(db, staff.id, staff.sessionId);
  await recordAudit(db, staff, 'staff.update', staff.email, { passwordReset: true, self: true });
  return jsonResponse({ ok: true });
});

/**
 * POST /api/admin/account/second-factor {code} → {ok, recoveryCodes}: confirms the secret shown on Your account. Like
 * turning it off and new recovery codes, it ends the account's other sessions.
 */
export const enrolSecondFactorHandler = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = secondFactorSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const recoveryCodes = await confirmEnrolment(db, staff.id, parsed.data.code, new Date());
  if (!recoveryCodes) return errorResponse(400, STAFF_COPY.errors.badCode);
  // A change of the second factor ends the account's other sessions (0341): one opened with a stolen password ends.
  await revokeUserSessions(db, staff.id, staff.sessionId);
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'enabled' });
  return jsonResponse({ ok: true, recoveryCodes });
});

/** DELETE /api/admin/account/second-factor → {ok}: agents may turn it off; owners keep it (409). */
export const removeSecondFactorHandler = staffRoute({ recentPassword: true }, async (_request, { db, staff }) => {
  if (requiresSecondFactor(staff.role)) return errorResponse(409, STAFF_COPY.errors.ownerKeepsSecondFactor);
  if (!(await removeSecondFactor(db, staff.id))) return errorResponse(409, STAFF_COPY.errors.noSecondFactor);
  await revokeUserSessions(db, staff.id, staff.sessionId);
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'removed' });
  return jsonResponse({ ok: true });
});

/** POST /api/admin/account/recovery-codes → {ok, recoveryCodes}: new codes; the old ones stop working. */
export const renewRecoveryCodesHandler = staffRoute({ recentPassword: true }, async (_request, { db, staff }) => {
  const recoveryCodes = await renewRecoveryCodes(db, staff.id);
  if (!recoveryCodes) return errorResponse(409, STAFF_COPY.errors.noSecondFactor);
  await revokeUserSessions(db, staff.id, staff.sessionId);
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'recovery_codes' });
  return jsonResponse({ ok: true, recoveryCodes });
});
