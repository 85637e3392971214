import 'server-only';
import { STAFF_COPY } from '@/content/staff';
import { SESSION_EXPIRED_ERROR } from '@/lib/constants';
import { getDatabase, type Db } from '@/lib/db/client';
import { errorResponse, jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { sessionTokenOf } from '@/lib/auth/cookie.server';
import { isCrossSite } from '@/lib/auth/csrf.server';
import { passwordIsRecent } from './sessions/recent-password.server';
import { resolveSession, type SessionStaff } from './sessions/session.server';

/**
 * The gate of every /api/admin/* handler: the cross-site check (every method, reads too), then a live session, then the
 * role. Without a valid session the answer is always 401 {error: "jwt expired"}: the browser's error catalogue
 * then clears the stored keys and sends the user to /registration (docs/decisions/0200-staff-sessions.md).
 */
export type Guarded = { ok: true; db: Db; staff: SessionStaff } | { ok: false; response: Response };

export interface GuardOptions {
  /** Owners only: agents get 403. */
  owner?: boolean;
  /**
   * A sensitive change or a bulk download (docs/decisions/0323-recent-password.md, 0345): the password must have been
   * typed in this session within STAFF_REAUTH_SECONDS, else 403 {error, reauth: true} and the page asks for it
   * (ReauthDialog) and retries.
   */
  recentPassword?: boolean;
}

export async function requireStaff(request: Request, options: GuardOptions = {}): Promise<Guarded> {
  if (isCrossSite(request)) return { ok: false, response: errorResponse(403, STAFF_COPY.errors.crossSite) };
  const { db } = await getDatabase();
  const session = await resolveSession(db, sessionTokenOf(request));
  if (!session.ok) return { ok: false, response: errorResponse(401, SESSION_EXPIRED_ERROR) };
  if (options.owner && session.staff.role !== 'owner') return { ok: false, response: errorResponse(403, STAFF_COPY.errors.forbidden) };
  if (options.recentPassword && !passwordIsRecent(session.staff)) {
    return { ok: false, response: jsonResponse({ error: STAFF_COPY.errors.reauthRequired, reauth: true }, 403) };
  }
  return { ok: true, db, staff: session.staff };
}

/** Wraps a handler: guard first, and a database failure becomes 503 {error}, never a bare 500. */
export function staffRoute<C = unknown>(
  options: GuardOptions,
  handler: (request: Request, ctx: { db: Db; staff: SessionStaff }, routeContext: C) => Promise<Response>,
): (request: Request, routeContext: C) => Promise<Response> {
  return async (request, routeContext) => {
    try {
      const guard = await requireStaff(request, options);
      if (!guard.ok) return guard.response;
      return await handler(request, { db: guard.db, staff: guard.staff }, routeContext);
    } catch (error) {
      logError(`[staff] ${request.method} ${new URL(request.url).pathname} failed`, error);
      return unavailableResponse(STAFF_COPY.errors.unavailable);
    }
  };
}

/** The route context of a `[id]` segment. */
export type IdRouteContext = { params: Promise<{ id: string }> };
