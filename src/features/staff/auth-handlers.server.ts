import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { readJsonObject } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { clearSessionCookies, sessionTokenOf, setSessionCookie } from '@/lib/auth/cookie.server';
import { isCrossSite } from '@/lib/auth/csrf.server';
import { sessionKey } from '@/lib/auth/secret.server';
import { createSession, resolveSession, revokeSession } from '@/lib/auth/session.server';
import { signSessionToken } from '@/lib/auth/token.server';
import { STAFF_COPY } from '@/content/staff';
import { ensureFirstOwner } from './bootstrap.server';
import { guardedAttempt } from './lockout.server';
import { dummyPasswordHash, verifyPassword } from './password.server';
import { findStaffByEmail, touchSignIn } from './repository.server';
import { signInSchema } from './schema';
import type { StaffUserRow } from '@/lib/db/schema';

export interface AuthOptions {
  /** The clock (tests move it to check the lockout). */
  now?: () => Date;
}

/**
 * POST /api/staff/sign-in {email, password}: 200 {ok, email, role} with the session cookie; 401 with one sentence
 * for an unknown e-mail, a wrong password or a deactivated account alike; 429 with Retry-After while locked out or
 * past the per-client limit; 503 with Retry-After while the process is busy hashing other passwords.
 */
export async function handleSignIn(request: Request, options: AuthOptions = {}): Promise<Response> {
  const now = (options.now ?? (() => new Date()))();
  try {
    if (isCrossSite(request)) return errorResponse(403, STAFF_COPY.errors.crossSite);
    const body = await readJsonObject(request);
    if (!body.ok) return body.response;
    const parsed = signInSchema.safeParse(body.value);
    if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? STAFF_COPY.errors.unreadable);
    const { email, password } = parsed.data;

    const env = getEnv();
    const { db } = await getDatabase();
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

    const ttl = env.SESSION_TTL_SECONDS;
    const sessionId = await createSession(db, user.id, new Date(now.getTime() + ttl * 1000), now);
    await touchSignIn(db, user.id, now);
    const token = await signSessionToken(await sessionKey(db), { sub: user.id, jti: sessionId, email: user.email, role: user.role }, now, ttl);
    const response = jsonResponse({ ok: true, email: user.email, role: user.role, expiresAt: new Date(now.getTime() + ttl * 1000).toISOString() });
    setSessionCookie(response, request, token, ttl);
    return response;
  } catch (error) {
    logError('[staff] sign-in failed', error);
    return unavailableResponse(STAFF_COPY.errors.unavailable);
  }
}

/** POST /api/staff/sign-out: ends the session (if any) and clears the cookie; always 200 for a same-site request. */
export async function handleSignOut(request: Request): Promise<Response> {
  if (isCrossSite(request)) return errorResponse(403, STAFF_COPY.errors.crossSite);
  try {
    const { db } = await getDatabase();
    const session = await resolveSession(db, sessionTokenOf(request));
    if (session.ok) await revokeSession(db, session.staff.sessionId);
  } catch (error) {
    logError('[staff] sign-out could not revoke the session', error);
  }
  const response = jsonResponse({ ok: true });
  clearSessionCookies(response, request);
  return response;
}
