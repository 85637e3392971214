import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { SIGN_IN_PATH } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { tokenFromCookies } from '@/lib/auth/cookie.server';
import { downloadPageTarget, type StaffDownload } from './sessions/recent-password.server';
import { resolveSession, type SessionStaff } from './sessions/session.server';
import { servedOverHttps } from '@/lib/auth/transport.server';

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

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The page of a download that needs the password typed recently (docs/decisions/0345-fresh-password-for-bulk-and-irreversible.md),
 * as a link followed without scripts opens it: on to the file with the query it was opened with, or first to the page
 * that asks for the password. Never renders.
 */
export async function downloadPage(download: StaffDownload, searchParams: SearchParams, options: { owner?: boolean } = {}): Promise<never> {
  const staff = await requireStaffPage(options);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) for (const item of [value ?? []].flat()) query.append(key, item);
  const search = query.toString();
  redirect(downloadPageTarget(staff, download, search && `?${search}`));
}
