import 'server-only';
import { getDatabase, type Db } from '@/lib/db/client';
import type { StaffUserRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { isFormPost, readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { recordAudit } from '@/modules/staff/audit.server';
import { clearSessionCookies, sessionTokenOf, setSessionCookie } from '@/lib/auth/cookie.server';
import { isCrossSite } from '@/lib/auth/csrf.server';
import { deviceLabel } from '@/lib/auth/device-label';
import { sessionKey } from '@/lib/auth/secret.server';
import { createSession, resolveSession } from '@/modules/staff/sessions/session.server';
import { endSessions } from '@/modules/staff/sessions/end-sessions.server';
import { signSessionToken } from '@/lib/auth/token.server';
import {
  ENROL_CODES_PATH,
  ENROL_PATH,
  FIRST_OWNER_PATH,
  PASSWORD_RESET_PATH,
  SECOND_FACTOR_PATH,
  SIGN_IN_PATH,
  WELCOME_PATH,
} from '@/lib/constants';
import { STAFF_COPY } from '@/content/staff';
import { ensureFirstOwner } from '../accounts/bootstrap.server';
import { awaitsFirstOwner, createFirstOwner, forgetSetUpCode, isSetUpCode } from '../accounts/first-owner.server';
import { challengeOf, endChallenge, issueChallenge, liveChallengeOf } from './challenge.server';
import { answerFormPost, keepRecoveryCodesForPage } from '../form-post.server';
import { clientLimitRefusal, clientOf, forgetAccountFailures, guardedAttempt, hashesBusyResponse, requestRefusal } from './lockout.server';
import { acquireHashSlot, dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../password.server';
import { hashResetToken, sendPasswordResetLink } from './password-reset.server';
import { authenticationOptions, registerPasskey, registrationOptions, verifyPasskeySignIn } from '../second-factor/passkeys.server';
import { countRecoveryCodesLeft, findStaffByEmail, hasSecondFactor, resetPasswordWithLink, touchSignIn } from '../repository.server';
import { confirmEnrolment } from '../second-factor/second-factor.server';
import { keepForRestore } from '../restore-again.server';
import { checkSecondFactorUnderLock, type LockedCheck } from '../second-factor/second-factor-lock.server';
import {
  firstOwnerSchema,
  passkeyAnswerSchema,
  RESET_TOKEN_PATTERN,
  resetConfirmSchema,
  resetRequestSchema,
  secondFactorSchema,
  signInSchema,
} from '../schema';

export interface AuthOptions {
  /** The clock (tests move it to check the lockout). */
  now?: () => Date;
}

type Step = (input: { request: Request; body: Record<string, unknown>; db: Db; now: Date }) => Promise<Response>;

/**
 * One step of signing in: refused cross-site, the body read (JSON from the page's script, or the browser's own form
 * post before the script runs: then answered with a redirect back to its `page`, see form-post.server.ts), a failure
 * answered 503. `page` may depend on the body (the reset link's own page).
 */
function signInStep(name: string, page: string | ((body: Record<string, unknown>) => string), step: Step) {
  return async (request: Request, options: AuthOptions = {}): Promise<Response> => {
    const now = (options.now ?? (() => new Date()))();
    let formPage = typeof page === 'string' ? page : SIGN_IN_PATH;
    const answer = (response: Response) => answerFormPost(request, response, formPage);
    try {
      if (isCrossSite(request)) return answer(errorResponse(403, STAFF_COPY.errors.crossSite));
      const body = await readJsonOrForm(request);
      if (!body.ok) return answer(body.response);
      if (typeof page === 'function') formPage = page(body.value);
      const { db } = await getDatabase();
      return answer(await step({ request, body: body.value, db, now }));
    } catch (error) {
      logError(`[staff] ${name} failed`, error);
      return answer(unavailableResponse(STAFF_COPY.errors.unavailable));
    }
  };
}

/** Signs in: the session row and cookie, the challenge (if any) ended. `extra` joins the JSON answer. */
async function startSession(
  db: Db,
  request: Request,
  user: StaffUserRow,
  now: Date,
  passwordCheckedAt: Date,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const ttl = getEnv().SESSION_TTL_SECONDS;
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  const device = deviceLabel(request.headers.get('user-agent'));
  const sessionId = await createSession(db, user.id, expiresAt, now, passwordCheckedAt, device);
  await touchSignIn(db, user.id, now);
  const token = await signSessionToken(sessionKey(), { sub: user.id, jti: sessionId, email: user.email, role: user.role }, now, ttl);
  const response = jsonResponse({ ok: true, email: user.email, role: user.role, expiresAt: expiresAt.toISOString(), ...extra });
  setSessionCookie(response, request, token, ttl);
  endChallenge(response, request);
  return response;
}

/**
 * POST /api/staff/sign-in {email, password}: 200 {ok, step: 'second-factor', next} with a challenge cookie for an
 * account with a second factor, {ok, step: 'enrol', next} for one without (it sets one up before any session). 401 with one sentence for an unknown e-mail, a wrong password or a deactivated account
 * alike; 429 with Retry-After while locked out or past the per-client limit; 503 with Retry-After while the process
 * is busy hashing other passwords.
 */
export const handleSignIn = signInStep('sign-in', SIGN_IN_PATH, async ({ request, body, db, now }) => {
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const { email, password } = parsed.data;
  await ensureFirstOwner(db);

  let user: StaffUserRow | undefined;
  const attempt = await guardedAttempt(db, request, { email, now, hashes: true }, async () => {
    user = await findStaffByEmail(db, email);
    // Unknown e-mails are checked against a dummy hash so both answers take the same time.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    return Boolean(user && matches && user.active);
  });
  if (attempt.outcome === 'refused') return attempt.response;
  if (attempt.outcome === 'failed' || !user) return errorResponse(401, STAFF_COPY.errors.badCredentials);
  return afterPassword(db, request, user, now);
});

/**
 * The right password was typed just now: the next step, never a session yet. Every role has a second factor
 * (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md): the passkey or code, or setting one up first.
 */
async function afterPassword(db: Db, request: Request, user: StaffUserRow, now: Date): Promise<Response> {
  const step = (await hasSecondFactor(db, user.id)) ? 'second-factor' : 'enrol';
  const response = jsonResponse({ ok: true, step, next: step === 'enrol' ? ENROL_PATH : SECOND_FACTOR_PATH });
  await issueChallenge(response, request, user.id, step, now);
  return response;
}

/** The page of a password link posted without scripts (its token in the path), to come back to with a refusal. */
const linkPage = (base: string, fallback: string) => (body: Record<string, unknown>) =>
  typeof body.token === 'string' && RESET_TOKEN_PATTERN.test(body.token) ? `${base}/${body.token}` : fallback;

/** A new password's hash, under the per-client limit and the hashing slots of sign-in; or the refusal. */
async function hashUnderLimits(db: Db, request: Request, password: string, now: Date): Promise<{ hash: string } | { refusal: Response }> {
  const limited = await clientLimitRefusal(db, await clientOf(db, request), now);
  if (limited) return { refusal: limited };
  const slot = acquireHashSlot();
  if (!slot) return { refusal: hashesBusyResponse() };
  try {
    return { hash: await hashPassword(password) };
  } finally {
    slot.release();
  }
}

/**
 * POST /api/staff/second-factor {code} (after the password): a code from the authenticator app or a recovery code →
 * 200 {ok, email, role[, recoveryCodesLeft]} with the session cookie. 401 for a wrong, reused or spent code, or a
 * challenge that expired; 403 once wrong codes have locked the factor (second-factor-lock.server.ts); lockout and
 * per-client limit as for the password.
 */
export const handleSecondFactor = signInStep('second factor', SECOND_FACTOR_PATH, async ({ request, body, db, now }) => {
  const parsed = secondFactorSchema.safeParse(body);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const challenge = await challengeOf(db, request, 'second-factor', now);
  if (!challenge) return errorResponse(401, STAFF_COPY.errors.challengeExpired);
  const { user } = challenge;
  if (user.secondFactorLockedAt) return errorResponse(403, STAFF_COPY.errors.secondFactorLocked);
  let check = { ok: false } as LockedCheck;
  const attempt = await guardedAttempt(db, request, { email: user.email, now, hashes: false }, async () => {
    check = await checkSecondFactorUnderLock(db, user, parsed.data.code, now);
    return check.ok;
  });
  if (attempt.outcome === 'refused') return attempt.response;
  if (!check.ok)
    return 'locked' in check ? errorResponse(403, STAFF_COPY.errors.secondFactorLocked) : errorResponse(401, STAFF_COPY.errors.badCode);
  const extra = check.method === 'recovery' ? { recoveryCodesLeft: await countRecoveryCodesLeft(db, user.id) } : {};
  return startSession(db, request, user, now, challenge.passwordCheckedAt, extra);
});

/**
 * POST /api/staff/second-factor/enrol {code} (after the password, an account without a second factor): the code from the app
 * confirms the secret shown on /registration/enrol → 200 {ok, email, role, recoveryCodes} with the session cookie
 * (the recovery codes are shown this once; posted without scripts, on /registration/enrol/codes). 401 for a wrong
 * code or an expired challenge.
 */
export const handleEnrolAtSignIn = signInStep('enrolment', ENROL_PATH, async ({ request, body, db, now }) => {
  const parsed = secondFactorSchema.safeParse(body);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const challenge = await challengeOf(db, request, 'enrol', now);
  if (!challenge) return errorResponse(401, STAFF_COPY.errors.challengeExpired);
  const { user } = challenge;
  let recoveryCodes: string[] | undefined;
  const attempt = await guardedAttempt(db, request, { email: user.email, now, hashes: false }, async () => {
    // At sign-in the account has no method yet: the app is its first, and comes with recovery codes.
    recoveryCodes = (await confirmEnrolment(db, user.id, parsed.data.code, now))?.recoveryCodes;
    return recoveryCodes !== undefined;
  });
  if (attempt.outcome === 'refused') return attempt.response;
  if (attempt.outcome === 'failed' || !recoveryCodes) return errorResponse(401, STAFF_COPY.errors.badCode);
  // A change of the second factor ends the account's other sessions (0341), as on Your account.
  await endSessions(db, { account: user.id }, now);
  await recordAudit(db, user, 'staff.second_factor', user.email, { change: 'enabled', method: 'app' });
  if (!isFormPost(request)) return startSession(db, request, user, now, challenge.passwordCheckedAt, { recoveryCodes });
  // Posted before the page's script ran: the codes are shown once by a page of their own (form-post.server.ts).
  const response = await startSession(db, request, user, now, challenge.passwordCheckedAt, { next: ENROL_CODES_PATH });
  await keepRecoveryCodesForPage(response, request, recoveryCodes);
  return response;
});

/**
 * POST /api/staff/passkey/options (after the password; JSON, the page's script): the options of the ceremony the
 * sign-in is at — with a second factor, signing in with one of the account's passkeys (409 when it has none); while
 * setting one up, a new passkey. 401 when the challenge cookie is missing or expired; the per-client limit applies.
 */
export const handlePasskeyOptions = signInStep('passkey options', SIGN_IN_PATH, async ({ request, db, now }) => {
  const challenge = await liveChallengeOf(db, request, now);
  if (!challenge) return errorResponse(401, STAFF_COPY.errors.challengeExpired);
  const limited = await clientLimitRefusal(db, await clientOf(db, request), now);
  if (limited) return limited;
  if (challenge.purpose === 'enrol') return jsonResponse({ ok: true, options: await registrationOptions(db, challenge.user, now) });
  const options = await authenticationOptions(db, challenge.user, now);
  return options ? jsonResponse({ ok: true, options }) : errorResponse(409, STAFF_COPY.errors.noPasskey);
});

/**
 * POST /api/staff/passkey {response} (the browser's answer to the options above): signing in, 200 {ok, email, role}
 * with the session cookie; setting up, the passkey kept and 200 {ok, email, role, recoveryCodes} (shown once). 401 for
 * an answer not accepted (wrong origin or site, a challenge used already or expired, an unknown passkey, a bad
 * signature, no user verification), 400 for one that cannot be read. Attempts count towards the sign-in lockout and
 * the per-client limit like codes; they do not count towards the lock of wrong codes, which a passkey also does not
 * lift (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md).
 */
export const handlePasskey = signInStep('passkey', SIGN_IN_PATH, async ({ request, body, db, now }) => {
  const parsed = passkeyAnswerSchema.safeParse(body);
  if (!parsed.success) return errorResponse(400, STAFF_COPY.errors.passkeyUnreadable);
  const challenge = await liveChallengeOf(db, request, now);
  if (!challenge) return errorResponse(401, STAFF_COPY.errors.challengeExpired);
  const { user } = challenge;
  if (challenge.purpose === 'enrol') {
    let added: { recoveryCodes?: string[] } | undefined;
    const attempt = await guardedAttempt(db, request, { email: user.email, now, hashes: false }, async () => {
      added = await registerPasskey(db, user, parsed.data, request.headers.get('user-agent'), now);
      return added !== undefined;
    });
    if (attempt.outcome === 'refused') return attempt.response;
    if (!added) return errorResponse(401, STAFF_COPY.errors.passkeyNotAdded);
    await endSessions(db, { account: user.id }, now);
    await recordAudit(db, user, 'staff.second_factor', user.email, { change: 'enabled', method: 'passkey' });
    return startSession(db, request, user, now, challenge.passwordCheckedAt, { recoveryCodes: added.recoveryCodes });
  }
  const attempt = await guardedAttempt(db, request, { email: user.email, now, hashes: false }, () =>
    verifyPasskeySignIn(db, user, parsed.data, now),
  );
  if (attempt.outcome === 'refused') return attempt.response;
  if (attempt.outcome === 'failed') return errorResponse(401, STAFF_COPY.errors.passkeyFailed);
  return startSession(db, request, user, now, challenge.passwordCheckedAt);
});

/**
 * POST /api/staff/password-reset {email} → 200 {ok, next} for any address, before anything is looked up; the link
 * is sent in the background when the address is an active account's. The refusals of sign-in: 429 while the account
 * or the client is locked out, or past the per-client limit.
 */
export const handlePasswordResetRequest = signInStep('password reset request', PASSWORD_RESET_PATH, async ({ request, body, db, now }) => {
  const parsed = resetRequestSchema.safeParse(body);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const refusal = await requestRefusal(db, request, parsed.data.email, now);
  if (refusal) return refusal;
  void sendPasswordResetLink(db, parsed.data.email, now).catch((error) => logError('[staff] password-reset link not sent', error));
  return jsonResponse({ ok: true, next: `${PASSWORD_RESET_PATH}?sent=1` });
});

/**
 * POST /api/staff/password-reset/confirm {token, password} → 200 {ok, next}: the link used up, the new password set,
 * every session of the account ended, its failed sign-ins forgotten. Then the person signs in as usual — with the
 * second factor where they have one. 400 for a weak password (the link stays usable) or a link that is not live.
 */
export const handlePasswordResetConfirm = signInStep(
  'password reset',
  linkPage(PASSWORD_RESET_PATH, PASSWORD_RESET_PATH),
  async ({ request, body, db, now }) => {
    const parsed = resetConfirmSchema.safeParse(body);
    if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
    const problem = passwordProblem(parsed.data.password);
    if (problem) return errorResponse(400, problem);
    const hashed = await hashUnderLimits(db, request, parsed.data.password, now);
    if ('refusal' in hashed) return hashed.refusal;
    const user = await resetPasswordWithLink(db, hashResetToken(parsed.data.token), hashed.hash, now);
    if (!user) return errorResponse(400, STAFF_COPY.errors.linkExpired);
    await endSessions(db, { account: user.id }, now);
    await keepForRestore(user.id, { what: 'password', passwordHash: hashed.hash }, now);
    await forgetAccountFailures(db, user.email);
    await recordAudit(db, user, 'staff.update', user.email, { passwordReset: true, via: 'email' });
    return jsonResponse({ ok: true, next: `${SIGN_IN_PATH}?reset=done` });
  },
);

/**
 * POST /api/staff/welcome {token, password} (an invitation link, docs/decisions/0347-invitations-not-initial-passwords.md):
 * the account's first password, the link used up; then on as after a sign-in with that password: it sets up two-step
 * sign-in ({step: 'enrol', next}), whatever its role. 400 for a weak password (the link stays usable),
 * or a link that is not live (used, expired, replaced by a newer one, or the account deactivated).
 */
export const handleWelcome = signInStep('invitation', linkPage(WELCOME_PATH, SIGN_IN_PATH), async ({ request, body, db, now }) => {
  const parsed = resetConfirmSchema.safeParse(body);
  if (!parsed.success) {
    const linkProblem = parsed.error.issues.some((issue) => issue.path[0] === 'token');
    return errorResponse(
      400,
      linkProblem ? STAFF_COPY.errors.invitationExpired : (parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable),
    );
  }
  const problem = passwordProblem(parsed.data.password);
  if (problem) return errorResponse(400, problem);
  const hashed = await hashUnderLimits(db, request, parsed.data.password, now);
  if ('refusal' in hashed) return hashed.refusal;
  const user = await resetPasswordWithLink(db, hashResetToken(parsed.data.token), hashed.hash, now, 'welcome');
  if (!user) return errorResponse(400, STAFF_COPY.errors.invitationExpired);
  // Recorded too: a restore must not reopen the used invitation link of an account whose person has set a password.
  await keepForRestore(user.id, { what: 'password', passwordHash: hashed.hash }, now);
  await forgetAccountFailures(db, user.email);
  await recordAudit(db, user, 'staff.update', user.email, { passwordSet: true, via: 'invitation' });
  return afterPassword(db, request, user, now);
});

/**
 * POST /api/staff/first-owner {code, name, email, password} (a new install, docs/decisions/0380-first-owner-set-up-code.md):
 * the first owner, made with the set-up code the server printed; then on as after a sign-in, two-step sign-in set up
 * first ({step: 'enrol', next}). 404 once any staff account exists; 400 for a weak password, or a code that is not the
 * live one (counted as a failed sign-in: the per-client limit and lockout apply).
 */
export const handleFirstOwner = signInStep('first owner', FIRST_OWNER_PATH, async ({ request, body, db, now }) => {
  if (!(await awaitsFirstOwner(db))) return errorResponse(404, STAFF_COPY.errors.setUpDone);
  const parsed = firstOwnerSchema.safeParse(body);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
  const { code, name, email, password } = parsed.data;
  const problem = passwordProblem(password);
  if (problem) return errorResponse(400, problem);
  let passwordHash = '';
  const attempt = await guardedAttempt(db, request, { email, now, hashes: true }, async () => {
    if (!(await isSetUpCode(db, code, now))) return false;
    passwordHash = await hashPassword(password);
    return true;
  });
  if (attempt.outcome === 'refused') return attempt.response;
  if (attempt.outcome === 'failed') return errorResponse(400, STAFF_COPY.errors.setUpCode);
  const outcome = await createFirstOwner(db, { email, name, passwordHash, code }, now);
  if ('refused' in outcome)
    return errorResponse(
      outcome.refused === 'exists' ? 404 : 400,
      STAFF_COPY.errors[outcome.refused === 'exists' ? 'setUpDone' : 'setUpCode'],
    );
  await forgetSetUpCode(db);
  const user = (await findStaffByEmail(db, email))!;
  await recordAudit(db, user, 'staff.create', user.email, { role: 'owner', via: 'set-up code' });
  return afterPassword(db, request, user, now);
});

/** POST /api/staff/sign-out: ends the session (if any) and clears the cookie; always 200 for a same-site request. */
export async function handleSignOut(request: Request): Promise<Response> {
  if (isCrossSite(request)) return errorResponse(403, STAFF_COPY.errors.crossSite);
  try {
    const { db } = await getDatabase();
    const session = await resolveSession(db, sessionTokenOf(request));
    if (session.ok) await endSessions(db, { session: session.staff.sessionId, of: session.staff.id });
  } catch (error) {
    logError('[staff] sign-out could not revoke the session', error);
  }
  // Pressed before the page's scripts ran, the button posts its form: the browser goes to the sign-in page.
  const response = isFormPost(request)
    ? new Response(null, { status: 303, headers: { Location: SIGN_IN_PATH, 'Cache-Control': 'no-store' } })
    : jsonResponse({ ok: true });
  clearSessionCookies(response, request);
  endChallenge(response, request);
  return response;
}
