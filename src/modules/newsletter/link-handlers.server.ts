import 'server-only';
import { NEWSLETTER_ERRORS } from '@/content/form-errors';
import { getDatabase } from '@/lib/db/client';
import { isFormPost, readJsonOrForm } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, unavailableResponse } from '@/lib/http/response.server';
import { logError } from '@/lib/log';
import { NEWSLETTER_PATHS, withToken } from './links';
import { confirmByToken, unsubscribeByToken } from './repository.server';

/**
 * The POSTs behind the buttons of the confirmation and unsubscribe pages, and a mail client's one-click
 * unsubscribe (RFC 8058). The token travels in the query, as in the links. A page's form (urlencoded) is answered
 * with 303 to the page that shows the outcome; anything else with JSON: 200 {ok}, 404 or 503 {error}.
 */

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.trim() ?? '';
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** A mail client's one-click post: its body is `List-Unsubscribe=One-Click`, sent as multipart or urlencoded. */
async function isOneClick(request: Request): Promise<boolean> {
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return true;
  if (!isFormPost(request)) return false;
  const body = await readJsonOrForm(request);
  return body.ok && body.value['List-Unsubscribe'] === 'One-Click';
}

/** POST /api/newsletter/confirm?token=: subscribes and records the consent. */
export async function handleConfirmPost(request: Request): Promise<Response> {
  const token = tokenOf(request);
  const page = isFormPost(request);
  try {
    const { db } = await getDatabase();
    const confirmed = await confirmByToken(db, token);
    if (page) return seeOther(confirmed ? NEWSLETTER_PATHS.confirmed : withToken(NEWSLETTER_PATHS.confirm, token));
    return confirmed ? jsonResponse({ ok: true }) : errorResponse(404, NEWSLETTER_ERRORS.expiredLink);
  } catch (error) {
    logError('[newsletter] confirmation failed', error);
    return page ? seeOther(withToken(NEWSLETTER_PATHS.confirm, token)) : unavailableResponse(NEWSLETTER_ERRORS.linkUnavailable);
  }
}

/** POST /api/newsletter/unsubscribe?token=: the page's button, or a mail client's one-click. */
export async function handleUnsubscribePost(request: Request): Promise<Response> {
  const token = tokenOf(request);
  const page = isFormPost(request) && !(await isOneClick(request));
  try {
    const { db } = await getDatabase();
    const outcome = await unsubscribeByToken(db, token);
    if (page) return seeOther(withToken(NEWSLETTER_PATHS.unsubscribe, token));
    return outcome === 'unknown' ? errorResponse(404, NEWSLETTER_ERRORS.unknownLink) : jsonResponse({ ok: true });
  } catch (error) {
    logError('[newsletter] unsubscribe failed', error);
    return page ? seeOther(withToken(NEWSLETTER_PATHS.unsubscribe, token)) : unavailableResponse(NEWSLETTER_ERRORS.linkUnavailable);
  }
}

/** GET /api/newsletter/unsubscribe?token= (a mail client opening the List-Unsubscribe address): the page, nothing changed. */
export async function handleUnsubscribeGet(request: Request): Promise<Response> {
  return seeOther(withToken(NEWSLETTER_PATHS.unsubscribe, tokenOf(request)));
}
