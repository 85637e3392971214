import 'server-only';
import { cookies } from 'next/headers';
import { SIGN_IN_PATH, STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { keepStaffFormAnswer, openFormFlash } from '@/lib/http/form-flash.server';
import { isFormPost } from '@/lib/http/request.server';

/**
 * The Inventory's forms work without scripts (docs/decisions/0011, 0413), as the Inspections page's do: a form's JSON
 * answer becomes a 303 to the page it is about (`next` in the answer: the plot's page, the import's preview), with
 * its sentence in the staff area's short-lived encrypted flash cookie for /admin/plots. Nothing personal in the URL.
 */

export const PLOTS_PAGE = '/admin/plots';
export const IMPORT_PAGE = '/admin/plots/import';
export const plotPage = (id: string) => `${PLOTS_PAGE}/${id}`;

/**
 * A form the browser posted itself: fields (urlencoded), or a file (multipart, the import) unless the sender asks for
 * JSON (a script or a test uploading the same form).
 */
const postedByBrowser = (request: Request) =>
  isFormPost(request) ||
  ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data') &&
    !(request.headers.get('accept') ?? '').includes('application/json'));

/** Only our own pages are followed: a path of /admin/plots, never another origin. */
const ownPage = (next: unknown, fallback: string) =>
  typeof next === 'string' && /^\/admin\/plots(\/[\w-]+)*(\?[\w=&-]*)?$/.test(next) ? next : fallback;

export function answeredAsForm<C>(fallback: string, handler: (request: Request, routeContext: C) => Promise<Response>) {
  return async (request: Request, routeContext: C): Promise<Response> => {
    const byBrowser = postedByBrowser(request);
    const response = await handler(request, routeContext);
    if (!byBrowser) return response;
    if (response.status === 401) return seeOther(`${SIGN_IN_PATH}?next=${encodeURIComponent(fallback)}`);
    let body: { error?: unknown; notice?: unknown; next?: unknown; problems?: unknown } = {};
    try {
      body = await response.clone().json();
    } catch {
      /* no JSON: a refusal without a sentence */
    }
    const redirect = seeOther(ownPage(body.next, fallback));
    const problems = Array.isArray(body.problems) ? body.problems.filter((p): p is string => typeof p === 'string') : [];
    // A refused file's problems go along, a few of them (the cookie holds about 4 KB); the page says how many more.
    const error = !response.ok && typeof body.error === 'string' ? [body.error, ...problems.slice(0, 8)].join('\n') : '';
    const more = problems.length > 8 ? String(problems.length - 8) : '';
    const notice = response.ok && typeof body.notice === 'string' ? body.notice : '';
    if (error || notice) await keepStaffFormAnswer(request, redirect, PLOTS_PAGE, { values: { notice, more }, error });
    return redirect;
  };
}

// Relative location: a form may only be redirected to its own origin (CSP form-action 'self').
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** On the page: the sentence of its last form posted without scripts (a refusal may have several lines), if any. */
export async function plotsFormAnswer(): Promise<{ error?: string[]; notice?: string; more?: number }> {
  const token = (await cookies()).get(STAFF_FORM_FLASH_COOKIE)?.value;
  const flash = token ? await openFormFlash((await getDatabase()).db, token) : undefined;
  if (!flash) return {};
  if (flash.error) return { error: flash.error.split('\n'), more: Number(flash.values.more) || 0 };
  return flash.values.notice ? { notice: flash.values.notice } : {};
}
