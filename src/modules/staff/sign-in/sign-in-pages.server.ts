import 'server-only';
import { staffNextPath } from '@/lib/constants';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The form action of a sign-in step's page: its API, with the `?next=` the page was opened with (for native posts). */
export async function stepAction(api: string, searchParams: SearchParams): Promise<string> {
  const next = (await searchParams).next;
  return typeof next === 'string' && next ? `${api}?next=${encodeURIComponent(staffNextPath(next))}` : api;
}
