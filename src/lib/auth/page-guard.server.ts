import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { SIGN_IN_PATH } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { tokenFromCookies } from './cookie.server';
import { resolveSession, type SessionStaff } from './session.server';
import { servedOverHttps } from './transport.server';

/**
 * The gate of every /admin page: without a live session, a redirect to /registration; an agent on an owner-only
 * page is sent back to the inbox. (src/proxy.ts already redirects requests that carry no session cookie at all.)
 */
export async function requireStaffPage(options: { owner?: boolean } = {}): Promise<SessionStaff> {
  const { db } = await getDatabase();
  const session = await resolveSession(db, tokenFromCookies(await cookies(), servedOverHttps({ headers: await headers() })));
  if (!session.ok) redirect(SIGN_IN_PATH);
  if (options.owner && session.staff.role !== 'owner') redirect('/admin');
  return session.staff;
}

/** The signed-in staff member of this request, checked once per render (layout and page share it). */
export const currentStaff = cache(() => requireStaffPage());
