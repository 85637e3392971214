import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { recordAudit } from '@/modules/staff/audit.server';
import { staffRoute } from '@/modules/staff/guard.server';
import { listOpenSessions, markPasswordChecked } from '@/modules/staff/sessions/session.server';
import { endSessions as endSessionsAndAlerts } from '@/modules/staff/sessions/end-sessions.server';
import { ACCOUNT_CODES_PATH, ACCOUNT_PATH, REAUTH_PATH } from '@/lib/constants';
import { isFormPost, readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse } from '@/lib/http/response.server';
import { answerFormPost, keepRecoveryCodesForPage } from '../form-post.server';
import { guardedAttempt } from '../sign-in/lockout.server';
import { hashPassword, passwordProblem, verifyPassword } from '../password.server';
import { registerPasskey, registrationOptions } from '../second-factor/passkeys.server';
import { findStaffRowById, listPasskeys, removePasskeyBesideAnother, removeTotpBesidePasskey, updateStaff } from '../repository.server';
import {
  endSessionsSchema,
  newPasswordBodySchema,
  passkeyAnswerSchema,
  reauthSchema,
  removePasskeySchema,
  secondFactorSchema,
} from '../schema';
import { confirmEnrolment, renewRecoveryCodes } from '../second-factor/second-factor.server';
import { keepForRestore } from '../restore-again.server';

/**
 * Handlers of /api/admin/account/...: the signed-in person's own password, second factor (0322) and signed-in devices
 * (0321, addendum). Changes need the password typed within the last minutes (0323): POST /api/admin/account/reauth
 * records it. The forms of Your account post without scripts too: those posts are answered 303 back to it (or on to
 * its recovery codes page), a refusal with its sentence (form-post.server.ts).
 */

/** A handler of a Your account form: a native form post is answered with a redirect (back to ACCOUNT_PATH). */
const accountForm =
  <C>(handler: (request: Request, routeContext: C) => Promise<Response>) =>
  async (request: Request, routeContext: C) =>
    answerFormPost(request, await handler(request, routeContext), ACCOUNT_PATH, ACCOUNT_PATH);

/** New recovery codes: in the JSON answer for the page's script; for a native post, on a page of their own. */
async function recoveryCodesAnswer(request: Request, recoveryCodes: string[]): Promise<Response> {
  if (!isFormPost(request)) return jsonResponse({ ok: true, recoveryCodes });
  const response = jsonResponse({ ok: true, next: ACCOUNT_CODES_PATH });
  await keepRecoveryCodesForPage(response, request, recoveryCodes, ACCOUNT_CODES_PATH);
  return response;
}

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
    return Boolean(row?.passwordHash && (await verifyPassword(parsed.data.password, row.passwordHash)));
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
const changePassword = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = newPasswordBodySchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const problem = passwordProblem(parsed.data.password);
  if (problem) return errorResponse(400, problem);
  const passwordHash = await hashPassword(parsed.data.password);
  await updateStaff(db, staff.id, { passwordHash });
  await endSessionsAndAlerts(db, { account: staff.id, except: staff.sessionId });
  await keepForRestore(staff.id, { what: 'password', passwordHash });
  await recordAudit(db, staff, 'staff.update', staff.email, { passwordReset: true, self: true });
  return jsonResponse({ ok: true });
});
export const changePasswordHandler = accountForm(changePassword);

/**
 * POST /api/admin/account/second-factor {code} → {ok[, recoveryCodes]}: confirms the authenticator app shown on Your
 * account, beside the account's passkeys (their recovery codes stay; an account with no method, which has no session,
 * never gets here). Like every change of the second factor, it ends the account's other sessions. Posted without
 * scripts: 303 back to Your account (or to ACCOUNT_CODES_PATH when there are codes to show).
 */
const enrolSecondFactor = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = secondFactorSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const enabled = await confirmEnrolment(db, staff.id, parsed.data.code, new Date());
  if (!enabled) return errorResponse(400, STAFF_COPY.errors.badCode);
  // A change of the second factor ends the account's other sessions (0341): one opened with a stolen password ends.
  await endSessionsAndAlerts(db, { account: staff.id, except: staff.sessionId });
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'enabled', method: 'app' });
  return enabled.recoveryCodes ? recoveryCodesAnswer(request, enabled.recoveryCodes) : jsonResponse({ ok: true });
});
export const enrolSecondFactorHandler = accountForm(enrolSecondFactor);

/**
 * DELETE /api/admin/account/second-factor → {ok}: removes the authenticator app of an account that keeps a passkey.
 * Nobody turns two-step sign-in off (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md): without a
 * passkey beside it, 409. Ends the account's other sessions.
 */
export const removeSecondFactorHandler = staffRoute({ recentPassword: true }, async (_request, { db, staff }) => {
  const row = await findStaffRowById(db, staff.id);
  if (!row?.totpEnabledAt) return errorResponse(409, STAFF_COPY.errors.noAuthenticatorApp);
  if (!(await removeTotpBesidePasskey(db, staff.id))) return errorResponse(409, STAFF_COPY.errors.keepOneMethod);
  await endSessionsAndAlerts(db, { account: staff.id, except: staff.sessionId });
  await keepForRestore(staff.id, { what: 'app-removed' });
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'removed', method: 'app' });
  return jsonResponse({ ok: true });
});

/**
 * POST /api/admin/account/passkeys/options → {ok, options}: the options of a new passkey for the signed-in person (the
 * password typed recently). Needs scripts, as WebAuthn does.
 */
export const passkeyOptionsHandler = staffRoute({ recentPassword: true }, async (_request, { db, staff }) =>
  jsonResponse({ ok: true, options: await registrationOptions(db, staff, new Date()) }),
);

/**
 * POST /api/admin/account/passkeys {response} → {ok}: the new passkey verified and kept (labelled by the device: "Passkey
 * on Android"). 400 when the answer is not accepted or cannot be read. Ends the account's other sessions.
 */
export const addPasskeyHandler = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = passkeyAnswerSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.passkeyUnreadable);
  const added = await registerPasskey(db, staff, parsed.data, request.headers.get('user-agent'), new Date());
  if (!added) return errorResponse(400, STAFF_COPY.errors.passkeyNotAdded);
  await endSessionsAndAlerts(db, { account: staff.id, except: staff.sessionId });
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'enabled', method: 'passkey' });
  return jsonResponse({ ok: true });
});

/**
 * POST /api/admin/account/passkeys/remove {id} → {ok}: removes one of one's own passkeys while another method remains
 * (409 for the last; 404 for an id that is not one of one's passkeys). A plain form too (303 back to Your account). Ends
 * the account's other sessions: a lost phone's sessions go with its passkey.
 */
const removePasskey = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = removePasskeySchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.passkeyChoice);
  if (!(await listPasskeys(db, staff.id)).some((passkey) => passkey.id === parsed.data.id))
    return errorResponse(404, STAFF_COPY.errors.passkeyGone);
  const removed = await removePasskeyBesideAnother(db, staff.id, parsed.data.id);
  if (!removed) return errorResponse(409, STAFF_COPY.errors.keepOneMethod);
  await endSessionsAndAlerts(db, { account: staff.id, except: staff.sessionId });
  await keepForRestore(staff.id, { what: 'passkey-removed', passkeyId: removed.id });
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'removed', method: 'passkey', label: removed.label });
  return jsonResponse({ ok: true });
});
export const removePasskeyHandler = accountForm(removePasskey);

/**
 * POST /api/admin/account/recovery-codes → {ok, recoveryCodes}: new codes; the old ones stop working. Posted without
 * scripts: 303 to ACCOUNT_CODES_PATH, which shows them.
 */
const renewCodes = staffRoute({ recentPassword: true }, async (request, { db, staff }) => {
  const recoveryCodes = await renewRecoveryCodes(db, staff.id);
  if (!recoveryCodes) return errorResponse(409, STAFF_COPY.errors.noSecondFactor);
  await endSessionsAndAlerts(db, { account: staff.id, except: staff.sessionId });
  await recordAudit(db, staff, 'staff.second_factor', staff.email, { change: 'recovery_codes' });
  return recoveryCodesAnswer(request, recoveryCodes);
});
export const renewRecoveryCodesHandler = accountForm(renewCodes);

/**
 * GET /api/admin/account/sessions → {sessions: [{id, device, signedInAt, lastActiveAt, current}]}: the signed-in
 * person's open sessions, the one in use first. `device` is the label made at sign-in ("Chrome on Android") or null.
 */
export const listSessionsHandler = staffRoute({}, async (_request, { db, staff }) => {
  const sessions = await listOpenSessions(db, staff.id, staff.sessionId);
  return jsonResponse({
    sessions: sessions.map((session) => ({
      id: session.id,
      device: session.deviceLabel,
      signedInAt: session.signedInAt.toISOString(),
      lastActiveAt: session.lastSeenAt.toISOString(),
      current: session.current,
    })),
  });
});

/**
 * POST /api/admin/account/sessions {end: <session id> | 'others'} → {ok, ended}: signs out one of the person's other
 * devices, or all of them; each such session's next request gets 401 and goes to the sign-in page. Only one's own
 * sessions: any other id (someone else's, or one already over) is 404; the session in use is 409 (Sign out ends it).
 * No recent password needed: ending a session only takes access away (0321, addendum). Audited when one ended.
 */
const endSessions = staffRoute({}, async (request, { db, staff }) => {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body.response;
  const parsed = endSessionsSchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const { end } = parsed.data;
  if (end === staff.sessionId) return errorResponse(409, STAFF_COPY.errors.sessionCurrent);
  const ended = await endSessionsAndAlerts(
    db,
    end === 'others' ? { account: staff.id, except: staff.sessionId } : { session: end, of: staff.id },
  );
  if (end !== 'others' && !ended.length) return errorResponse(404, STAFF_COPY.errors.sessionGone);
  if (ended.length) {
    await recordAudit(db, staff, 'staff.sessions_ended', staff.email, {
      scope: end === 'others' ? 'others' : 'one',
      devices: ended.map((session) => session.deviceLabel),
    });
  }
  return jsonResponse({ ok: true, ended: ended.length });
});
export const endSessionsHandler = accountForm(endSessions);
