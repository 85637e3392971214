import 'server-only';
import type { z } from 'zod';
import { getDatabase } from '@/lib/db/client';
import { REQUEST_ERRORS } from '@/content/form-errors';
import { clientHashOf } from './client.server';
import { RateLimited } from './rate-limit.server';
import { createHash } from 'node:crypto';
import { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies';
import { wantsSecureCookies } from '@/lib/auth/transport.server';
import { FORM_FLASH_COOKIE } from '@/lib/constants';
import { logError } from '@/lib/log';
import { formRequestTimer } from '@/lib/ops/metrics.server';
import { FORM_FLASH_MAX_AGE, sealFormFlash } from './form-flash.server';
import { isFormPost, readIdempotencyKey, readJsonOrForm } from './request.server';
import { errorResponse, rateLimitedResponse, unavailableResponse } from './response.server';

/**
 * What every public form's API route shares around its own steps: read the body (size, type, JSON or a
 * browser-posted form), validate it with the form's own schema, then run the route's steps and turn their outcome
 * into the answer: a refusal is 4xx {error: "<sentence>"}, a rate limit (RateLimited, thrown by countRequests)
 * 429 with Retry-After, any other failure (the database) 503 {error}. Nothing a visitor sends leads to a 500.
 *
 * The same route takes the form as the browser posts it before (or without) scripts: urlencoded fields, answered
 * with a 303 to the success page, or to the form's own page with what the visitor typed and the error sentence in
 * an encrypted cookie (form-flash.server.ts). Personal data never goes into a URL.
 */

export interface PublicForm<S extends z.ZodType> {
  /** Log label, e.g. 'interest'. */
  name: string;
  schema: S;
  /** Fields the visitor fills: their issues carry the schema's own sentences; anything else gets `errors.unreadable`. */
  visibleFields: readonly string[];
  errors: { unreadable: string; unavailable: string };
  /**
   * Where a browser-posted form sends the visitor: the success page, and the form's own page after a refusal. Either may
   * depend on the JSON answer (e.g. a page named by a signed token it carries; never anything personal).
   */
  formPages: { success: string | FormPageOf; retry: string | FormPageOf };
}

/** A form's page from the route's JSON answer and the fields as posted. */
export type FormPageOf = (answer: Record<string, unknown>, fields: Record<string, unknown>) => string;

export interface PublicSubmission<T> {
  request: Request;
  /** The body, valid by the form's schema. */
  input: T;
  /**
   * The Idempotency-Key header of a scripted post; for a browser-posted form, a digest of what was typed, the client
   * and the day (a static page cannot give each visitor a key of their own): sending the same form twice stores it once.
   */
  idempotencyKey: string | undefined;
  /**
   * What the key is tied to (docs/decisions/0404): a digest of the body, and for a browser-posted form of the client
   * too. A repeat of the key with another binding is refused (throw KeyReusedElsewhere: 409).
   */
  idempotencyBinding: string | undefined;
  /**
   * The key was made here from what was typed, not sent by the browser: anyone who knows those details (on the same
   * network, the same day) makes it too, so a repeat of it is answered without anything the first answer carried.
   */
  keyFromForm: boolean;
}

/** An idempotency key sent again with another body, or a form's from another client: answered 409, nothing replayed. */
export class KeyReusedElsewhere extends Error {
  constructor() {
    super('Idempotency key reused with another body or from another client.');
    this.name = 'KeyReusedElsewhere';
  }
}

export function publicForm<S extends z.ZodType>(
  form: PublicForm<S>,
  steps: (submission: PublicSubmission<z.infer<S>>) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const answered = formRequestTimer(form.name);
    const browserForm = isFormPost(request);
    let fields: Record<string, unknown> = {};
    // Every outcome passes here: /metrics counts it (refusals by reason) and times it.
    const answer = (response: Response) => {
      answered(response.status);
      return browserForm ? formAnswer(request, response, form, fields) : response;
    };
    try {
      const body = await readJsonOrForm(request);
      if (!body.ok) return await answer(body.response);
      fields = body.value;
      const key = browserForm ? ({ ok: true, key: undefined } as const) : readIdempotencyKey(request);
      if (!key.ok) return await answer(key.response);
      const parsed = form.schema.safeParse(fields);
      if (!parsed.success)
        return await answer(errorResponse(400, visitorMessage(parsed.error, form.visibleFields, form.errors.unreadable)));
      const sent = bodyDigest(parsed.data as Record<string, unknown>);
      if (browserForm) {
        // A form's key is also the client's: the same details typed elsewhere are another form, not a repeat of this one.
        const client = await clientHashOf((await getDatabase()).db, request);
        const formKeyed = { key: formKey(fields, form.visibleFields, client), binding: digest(['form', sent, client]) };
        return await answer(
          await steps({
            request,
            input: parsed.data,
            idempotencyKey: formKeyed.key,
            idempotencyBinding: formKeyed.binding,
            keyFromForm: true,
          }),
        );
      }
      return await answer(
        await steps({
          request,
          input: parsed.data,
          idempotencyKey: key.key,
          idempotencyBinding: key.key ? digest(['body', sent]) : undefined,
          keyFromForm: false,
        }),
      );
    } catch (error) {
      if (error instanceof RateLimited) return answer(rateLimitedResponse(error.retryAfterSeconds));
      if (error instanceof KeyReusedElsewhere) return answer(errorResponse(409, REQUEST_ERRORS.keyReused));
      logError(`[${form.name}] request failed`, error);
      return answer(unavailableResponse(form.errors.unavailable));
    }
  };
}

/** The fields the visitor typed, as text (what goes back into the form after a refusal). */
function visibleValues(fields: Record<string, unknown>, visible: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    visible.filter((name) => typeof fields[name] === 'string').map((name) => [name, String(fields[name]).slice(0, 300)]),
  );
}

const digest = (parts: readonly unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** The body as the schema read it, its fields in name order: the same form sent again gives the same digest. */
const bodyDigest = (data: Record<string, unknown>) =>
  digest(
    Object.keys(data)
      .sort()
      .map((name) => [name, data[name] ?? null]),
  );

function formKey(fields: Record<string, unknown>, visible: readonly string[], clientHash: string): string {
  const typed = visible.map((name) =>
    String(fields[name] ?? '')
      .trim()
      .toLowerCase(),
  );
  return `form-${digest([...typed, clientHash, new Date().toISOString().slice(0, 10)]).slice(0, 48)}`;
}

/** A browser-posted form's answer: 303 to the success page, or back to the form with the typed values and the error. */
async function formAnswer(
  request: Request,
  response: Response,
  options: PublicForm<z.ZodType>,
  fields: Record<string, unknown>,
): Promise<Response> {
  // Relative locations: behind a proxy the request's own URL may name another host, and a form may only be
  // redirected to its own origin (CSP form-action 'self').
  const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  const answer: Record<string, unknown> = await response
    .clone()
    .json()
    .catch(() => ({}));
  const page = (target: string | FormPageOf) => (typeof target === 'string' ? target : target(answer ?? {}, fields));
  if (response.ok) return seeOther(page(options.formPages.success));
  const redirect = seeOther(page(options.formPages.retry));
  const values = visibleValues(fields, options.visibleFields);
  try {
    const { error } = answer as { error: string };
    const token = await sealFormFlash((await getDatabase()).db, { values, error });
    new ResponseCookies(redirect.headers).set(FORM_FLASH_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: FORM_FLASH_MAX_AGE,
      secure: wantsSecureCookies(request),
    });
  } catch (error) {
    // Without the database the form page opens empty; the visitor still lands on the form, not on an error page.
    logError(`[${options.name}] could not keep the form for the visitor`, error);
  }
  return redirect;
}

/** One sentence for the visitor from a Zod error: the first issue on a field they fill, else `fallback`. */
export function visitorMessage(error: z.ZodError, visibleFields: readonly string[], fallback: string): string {
  const visible = error.issues.find((issue) => issue.path.length > 0 && visibleFields.includes(String(issue.path[0])));
  return visible?.message ?? fallback;
}
