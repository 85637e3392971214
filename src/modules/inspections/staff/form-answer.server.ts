import 'server-only';
import { cookies } from 'next/headers';
import { SIGN_IN_PATH, STAFF_FORM_FLASH_COOKIE } from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { keepStaffFormAnswer, openFormFlash } from '@/lib/http/form-flash.server';
import { isFormPost } from '@/lib/http/request.server';

/**
 * The Inspections page and the schedule post plain forms (a phone at the estate gate may never load the scripts): the
 * handler's JSON answer becomes a 303 back to the page, at the slot the form was about, with its sentence (done or
 * refused) in the staff area's short-lived encrypted flash cookie for that page (as src/modules/staff/form-post.server.ts
 * does for the sign-in forms). Nothing personal in the URL.
 */

export const INSPECTIONS_PATH = '/admin/inspections';
export const SCHEDULE_PATH = '/admin/inspections/schedule';

export function answeredAsForm<C>(page: string, handler: (request: Request, routeContext: C) => Promise<Response>) {
  return async (request: Request, routeContext: C): Promise<Response> => {
    const response = await handler(request, routeContext);
    if (!isFormPost(request)) return response;
    if (response.status === 401) return seeOther(`${SIGN_IN_PATH}?next=${encodeURIComponent(page)}`);
    let body: { error?: unknown; notice?: unknown; slotId?: unknown } = {};
    try {
      body = await response.clone().json();
    } catch {
      /* no JSON: a refusal without a sentence */
    }
    const anchor = typeof body.slotId === 'string' && /^[0-9a-f-]{36}$/.test(body.slotId) ? `#slot-${body.slotId}` : '';
    const redirect = seeOther(page + anchor);
    const error = !response.ok && typeof body.error === 'string' ? body.error : '';
    const notice = response.ok && typeof body.notice === 'string' ? body.notice : '';
    if (error || notice) await keepStaffFormAnswer(request, redirect, page, { values: { notice }, error });
    return redirect;
  };
}

// Relative location: a form may only be redirected to its own origin (CSP form-action 'self').
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** On the page: the sentence of its last form posted without scripts, if it came within the minute. */
export async function formAnswer(): Promise<{ error?: string; notice?: string }> {
  const token = (await cookies()).get(STAFF_FORM_FLASH_COOKIE)?.value;
  const flash = token ? await openFormFlash((await getDatabase()).db, token) : undefined;
  if (!flash) return {};
  return flash.error ? { error: flash.error } : flash.values.notice ? { notice: flash.values.notice } : {};
}
