import 'server-only';
import { getDatabase, type Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { errorResponse } from '@/lib/http/request.server';
import { STAFF_COPY } from '@/content/staff';
import { isCrossSite } from './csrf.server';
import { hashPassword, passwordProblem } from './password.server';
import { createFirstOwnerIfNone, type SessionStaff } from './repository.server';
import { resolveSession, SESSION_EXPIRED_ERROR, tokenFromCookieHeader } from './session.server';

/**
 * The gate of every /api/admin/* handler: CSRF check on state-changing methods, then a live session, then the
 * role. Without a valid session the answer is always 401 {error: "jwt expired"}: the browser's error catalogue
 * then clears the stored keys and sends the user to /registration (docs/decisions/0200-staff-sessions.md).
 */
export type Guarded = { ok: true; db: Db; staff: SessionStaff } | { ok: false; response: Response };

export async function requireStaff(request: Request, options: { owner?: boolean } = {}): Promise<Guarded> {
  if (isCrossSite(request)) return { ok: false, response: errorResponse(403, STAFF_COPY.errors.crossSite) };
  const { db } = await getDatabase();
  await ensureFirstOwner(db);
  const session = await resolveSession(db, tokenFromCookieHeader(request.headers.get('cookie')));
  if (!session.ok) return { ok: false, response: errorResponse(401, SESSION_EXPIRED_ERROR) };
  if (options.owner && session.staff.role !== 'owner') return { ok: false, response: errorResponse(403, STAFF_COPY.errors.forbidden) };
  return { ok: true, db, staff: session.staff };
}

/** Wraps a handler: guard first, and a database failure becomes 503 {error}, never a bare 500. */
export function staffRoute<C = unknown>(
  options: { owner?: boolean },
  handler: (request: Request, ctx: { db: Db; staff: SessionStaff }, routeContext: C) => Promise<Response>,
): (request: Request, routeContext: C) => Promise<Response> {
  return async (request, routeContext) => {
    try {
      const guard = await requireStaff(request, options);
      if (!guard.ok) return guard.response;
      return await handler(request, { db: guard.db, staff: guard.staff }, routeContext);
    } catch (error) {
      console.error('[staff] request failed:', error);
      return errorResponse(503, STAFF_COPY.errors.unavailable, { 'Retry-After': '5' });
    }
  };
}

const bootstrapped = new WeakSet<object>();

/**
 * Creates the first owner from ADMIN_EMAIL/ADMIN_PASSWORD when no staff account exists (once per process and
 * database; also called at start-up). A common ADMIN_PASSWORD is refused with a message in the log.
 */
export async function ensureFirstOwner(db: Db): Promise<void> {
  if (bootstrapped.has(db)) return;
  const env = getEnv();
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    bootstrapped.add(db);
    return;
  }
  const problem = passwordProblem(env.ADMIN_PASSWORD);
  if (problem) {
    bootstrapped.add(db);
    console.error(`[staff] ADMIN_PASSWORD refused, no owner created: ${problem}`);
    return;
  }
  const password = env.ADMIN_PASSWORD;
  const created = await createFirstOwnerIfNone(db, env.ADMIN_EMAIL, () => hashPassword(password));
  bootstrapped.add(db);
  if (created) console.log(`[staff] first owner ${env.ADMIN_EMAIL.toLowerCase()} created from ADMIN_EMAIL`);
}
