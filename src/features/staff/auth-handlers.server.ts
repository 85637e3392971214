import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { clientAddress, hashClient } from '@/lib/http/client.server';
import { readJsonObject } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { clearSessionCookies, sessionTokenOf, setSessionCookie } from '@/lib/auth/cookie.server';
import { isCrossSite } from '@/lib/auth/csrf.server';
import { sessionKey } from '@/lib/auth/secret.server';
import { createSession, resolveSession, revokeSession } from '@/lib/auth/session.server';
import { signSessionToken } from '@/lib/auth/token.server';
import { STAFF_COPY } from '@/content/staff';
import { ensureFirstOwner } from './bootstrap.server';
import { accountKey, checkLockout, clearAccountFailures, clientKey, recordFailure } from './lockout.server';
import { dummyPasswordHash, verifyPassword } from './password.server';
import { findStaffByEmail, touchSignIn } from './repository.server';
import { signInSchema } from './schema';

export interface AuthOptions {
  /** The clock (tests move it to check the lockout). */
  now?: () => Date;
}

/**
 * POST /api/staff/sign-in {email, password}: 200 {ok, email, role} with the session cookie; 401 with one sentence
 * for an unknown e-mail, a wrong password or a deactivated account alike; 429 with Retry-After while locked out.
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
    const keys = [accountKey(email), clientKey(await hashClient(db, clientAddress(request, env.TRUST_PROXY)))];

    const locked = await checkLockout(db, keys, now);
    if (locked) {
      const seconds = Math.max(1, Math.ceil((locked.getTime() - now.getTime()) / 1000));
      return errorResponse(429, STAFF_COPY.errors.lockedOut(Math.ceil(seconds / 60)), { 'Retry-After': String(seconds) });
    }

    const user = await findStaffByEmail(db, email);
    // Unknown e-mails are checked against a dummy hash so both answers take the same time.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !matches || !user.active) {
      await recordFailure(db, keys, now);
      return errorResponse(401, STAFF_COPY.errors.badCredentials);
    }

    await clearAccountFailures(db, email);
    const ttl = env.SESSION_TTL_SECONDS;
    const sessionId = await createSession(db, user.id, new Date(now.getTime() + ttl * 1000));
    await touchSignIn(db, user.id, now);
    const token = await signSessionToken(await sessionKey(db), { sub: user.id, jti: sessionId, email: user.email, role: user.role }, now, ttl);
    const response = jsonResponse({ ok: true, email: user.email, role: user.role, expiresAt: new Date(now.getTime() + ttl * 1000).toISOString() });
    setSessionCookie(response, request, token, ttl);
    return response;
  } catch (error) {
    console.error('[staff] sign-in failed:', error);
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
    console.error('[staff] sign-out could not revoke the session:', error);
  }
  const response = jsonResponse({ ok: true });
  clearSessionCookies(response, request);
  return response;
}
