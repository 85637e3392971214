import 'server-only';
import type { z } from 'zod';
import { REQUEST_ERRORS } from '@/content/form-errors';
import { errorResponse } from './response.server';

/**
 * Shared request parsing for the JSON API: a 16 KB cap read by streaming (the body is never buffered past the
 * cap), a JSON content-type check, the Idempotency-Key header; refusals are `{error: "<sentence>"}`.
 */

export const MAX_BODY_BYTES = 16 * 1024;

export type JsonBodyResult = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

const isJson = (type: string) => type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);

/** A form posted by the browser itself (scripts not loaded): `application/x-www-form-urlencoded`. */
export const isFormPost = (request: Request) => mediaType(request) === 'application/x-www-form-urlencoded';

/**
 * Reads a JSON object body: 415 when the content type is not JSON, 413 past maxBytes (declared or actual),
 * 400 when the bytes are not UTF-8 JSON or not an object.
 */
export async function readJsonObject(request: Request, maxBytes = MAX_BODY_BYTES): Promise<JsonBodyResult> {
  if (!isJson(mediaType(request))) return { ok: false, response: errorResponse(415, REQUEST_ERRORS.unreadable) };
  return readBody(request, maxBytes, parseJsonObject);
}

/**
 * Reads a JSON object, or the fields of a browser-posted form (each field's last value, as text), with the same
 * size cap and refusals.
 */
export async function readJsonOrForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<JsonBodyResult> {
  if (isFormPost(request)) return readBody(request, maxBytes, (text) => Object.fromEntries(new URLSearchParams(text)));
  return readJsonObject(request, maxBytes);
}

/**
 * A JSON or form body read and checked against `schema`: the value, or the 4xx that says why not (the schema's first
 * message, else `fallback`).
 */
export async function readValidated<S extends z.ZodType>(
  request: Request,
  schema: S,
  fallback: string = REQUEST_ERRORS.unreadable,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const body = await readJsonOrForm(request);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return { ok: false, response: errorResponse(400, parsed.error.issues[0]?.message ?? fallback) };
  return { ok: true, value: parsed.data };
}

async function readBody(
  request: Request,
  maxBytes: number,
  parse: (text: string) => Record<string, unknown> | undefined,
): Promise<JsonBodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    return { ok: false, response: errorResponse(413, REQUEST_ERRORS.tooLarge) };
  }
  const bytes = await readCapped(request, maxBytes);
  if (bytes === 'too-large') return { ok: false, response: errorResponse(413, REQUEST_ERRORS.tooLarge) };
  if (bytes === 'unreadable') return { ok: false, response: errorResponse(400, REQUEST_ERRORS.unreadable) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, response: errorResponse(400, REQUEST_ERRORS.unreadable) };
  }
  const value = parse(text);
  return value ? { ok: true, value } : { ok: false, response: errorResponse(400, REQUEST_ERRORS.unreadable) };
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    // Lone UTF-16 surrogates ("\ud800") are valid JSON but not valid Unicode, and PostgreSQL's jsonb refuses them:
    // they become U+FFFD here, so they can never turn into a database error.
    const value: unknown = JSON.parse(text, (_key, item: unknown) => (typeof item === 'string' ? item.toWellFormed() : item));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | 'too-large' | 'unreadable'> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'unreadable';
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** `Idempotency-Key`: optional; when present 8–128 characters of A–Z, a–z, 0–9, `_` and `-`. */
export type IdempotencyKeyResult = { ok: true; key: string | undefined } | { ok: false; response: Response };

export function readIdempotencyKey(request: Request): IdempotencyKeyResult {
  const raw = request.headers.get('idempotency-key');
  if (raw === null) return { ok: true, key: undefined };
  const key = raw.trim();
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) {
    return {
      ok: false,
      response: errorResponse(400, REQUEST_ERRORS.unreadable),
    };
  }
  return { ok: true, key };
}

/**
 * A provider's signed webhook body, read once: its exact bytes (what the signature covers) and their text, at most
 * `maxBytes`, strictly UTF-8. Answers 413 or 400 {error} otherwise. Parse it with `parseSignedJson` once the
 * signature is checked.
 */
export async function readSignedBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; bytes: Uint8Array; text: string } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  const bytes = declared > maxBytes ? 'too-large' : await readCapped(request, maxBytes);
  if (bytes === 'too-large') return { ok: false, response: errorResponse(413, REQUEST_ERRORS.tooLarge) };
  if (bytes === 'unreadable') return { ok: false, response: errorResponse(400, REQUEST_ERRORS.unreadable) };
  try {
    return { ok: true, bytes, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, response: errorResponse(400, REQUEST_ERRORS.unreadable) };
  }
}

/** A signed body's JSON, its strings made well-formed and free of NUL (which PostgreSQL's text refuses); undefined when it is not JSON. */
export function parseSignedJson(text: string): unknown {
  try {
    return JSON.parse(text, (_key, item: unknown) => (typeof item === 'string' ? item.replaceAll('\u0000', '').toWellFormed() : item));
  } catch {
    return undefined;
  }
}
