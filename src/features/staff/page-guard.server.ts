import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/lib/db/client';
import { ensureFirstOwner } from './guard.server';
import type { SessionStaff } from './repository.server';
import { SIGN_IN_PATH } from '@/lib/browser/session-keys';
import { resolveSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session.server';

/**
 * The gate of every /admin page: without a live session, a redirect to /registration; an agent on an owner-only
 * page is sent back to the inbox. (src/proxy.ts already redirects requests that carry no session cookie at all.)
 */
export async function requireStaffPage(options: { owner?: boolean } = {}): Promise<SessionStaff> {
  const jar = await cookies();
  const token = jar.get(SECURE_SESSION_COOKIE)?.value || jar.get(SESSION_COOKIE)?.value;
  const { db } = await getDatabase();
  await ensureFirstOwner(db);
  const session = await resolveSession(db, token);
  if (!session.ok) redirect(SIGN_IN_PATH);
  if (options.owner && session.staff.role !== 'owner') redirect('/admin');
  return session.staff;
}
