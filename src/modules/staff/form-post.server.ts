import 'server-only';
import { cookies } from 'next/headers';
import { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { wantsSecureCookies } from '@/lib/auth/transport.server';
import {
  ACCOUNT_CODES_PATH,
  ENROL_CODES_PATH,
  REAUTH_PATH,
  STAFF_FORM_FLASH_COOKIE,
  STAFF_RECOVERY_CODES_COOKIE,
  staffNextPath,
} from '@/lib/constants';
import { getDatabase } from '@/lib/db/client';
import { keepStaffFormAnswer, openFormFlash, sealFormFlash } from '@/lib/http/form-flash.server';
import { isFormPost } from '@/lib/http/request.server';

/**
 * The sign-in forms post natively until their script runs (docs/decisions/0011-forms-without-scripts.md, 0322): the
 * handler's JSON answer then becomes a 303 — after success to the next step's page or into the staff area, after a
 * refusal back to the form's page, its sentence in a short-lived encrypted cookie scoped to that page. The `next`
 * path (where an expired session was going) travels in the form's action URL, never anything personal.
 */
const FLASH_MAX_AGE = 60;

/** `path` (which may have a query of its own) with the `next` the form was posted with. */
function withNext(path: string, next: string | null): string {
  if (!next) return path;
  const url = new URL(path, 'http://form.invalid');
  url.searchParams.set('next', staffNextPath(next));
  return url.pathname + url.search;
}

/**
 * `done`: where a success without a `next` of its own goes (a form of Your account: back to it), else the `next` path.
 * A refusal for want of a recent password (0323) goes to REAUTH_PATH, which asks for it and comes back to `page`.
 */
export async function answerFormPost(request: Request, response: Response, page: string, done?: string): Promise<Response> {
  if (!isFormPost(request)) return response;
  const next = new URL(request.url).searchParams.get('next');
  let body: { next?: unknown; error?: unknown; reauth?: unknown } = {};
  try {
    body = await response.clone().json();
  } catch {
    /* an answer without JSON: treated as a refusal without a sentence */
  }
  const ok = response.ok && typeof body.error !== 'string';
  const reauth = !ok && body.reauth === true && staffNextPath(page) === page;
  const location = ok
    ? typeof body.next === 'string'
      ? withNext(body.next, next)
      : (done ?? staffNextPath(next))
    : reauth
      ? `${REAUTH_PATH}?next=${encodeURIComponent(page)}`
      : withNext(page, next);
  // Relative location: a form may only be redirected to its own origin (CSP form-action 'self').
  const redirect = new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  for (const cookie of response.headers.getSetCookie()) redirect.headers.append('Set-Cookie', cookie);
  if (!ok && !reauth && typeof body.error === 'string')
    await keepStaffFormAnswer(request, redirect, page, { values: {}, error: body.error });
  return redirect;
}

/** On a sign-in page: the refusal of its form's last native post, if any (for a script-less browser). */
export async function formRefusal(): Promise<string | undefined> {
  const token = (await cookies()).get(STAFF_FORM_FLASH_COOKIE)?.value;
  if (!token) return undefined;
  return (await openFormFlash((await getDatabase()).db, token))?.error;
}

/**
 * The recovery codes of an enrolment posted natively: the JSON answer becomes a 303 to ENROL_CODES_PATH (at sign-in)
 * or ACCOUNT_CODES_PATH (Your account: set up, or new codes), which shows them. They travel like a refusal: encrypted,
 * HttpOnly, for that path only, for a minute; never in a URL.
 */
export async function keepRecoveryCodesForPage(
  response: Response,
  request: Request,
  codes: string[],
  page: typeof ENROL_CODES_PATH | typeof ACCOUNT_CODES_PATH = ENROL_CODES_PATH,
): Promise<void> {
  const token = await sealFormFlash((await getDatabase()).db, { values: { codes: codes.join(' ') }, error: '' });
  new ResponseCookies(response.headers).set(STAFF_RECOVERY_CODES_COOKIE, token, {
    path: page,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: FLASH_MAX_AGE,
    secure: wantsSecureCookies(request),
  });
}

/** On ENROL_CODES_PATH or ACCOUNT_CODES_PATH: the codes kept by keepRecoveryCodesForPage, or undefined after the minute. */
export async function recoveryCodesForPage(): Promise<string[] | undefined> {
  const token = (await cookies()).get(STAFF_RECOVERY_CODES_COOKIE)?.value;
  const codes = token ? (await openFormFlash((await getDatabase()).db, token))?.values.codes : undefined;
  return codes ? codes.split(' ') : undefined;
}
