import { getDatabase } from '@/lib/db/client';
import { parseSignedJson, readSignedBody } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, routeMethods } from '@/lib/http/response.server';
import {
  PAYMENT_WEBHOOK_ERRORS,
  parsePaystackEvent,
  paystackConfigured,
  takePaystackEvent,
  verifyPaystackSignature,
} from '@/modules/payments/server';

export const dynamic = 'force-dynamic';

/** Paystack's events are a few kilobytes; anything larger is not Paystack's. */
const MAX_BODY_BYTES = 256_000;

/**
 * POST: Paystack's events, signed over the raw bytes (x-paystack-signature). A signed event is stored with its job and
 * answered 200 at once; the job verifies it with Paystack and credits (docs/decisions/0414-the-money-core.md).
 */
async function events(request: Request): Promise<Response> {
  if (!paystackConfigured()) return errorResponse(404, PAYMENT_WEBHOOK_ERRORS.off);
  const body = await readSignedBody(request, MAX_BODY_BYTES);
  if (!body.ok) return body.response;
  if (!verifyPaystackSignature(body.bytes, request.headers.get('x-paystack-signature')))
    return errorResponse(401, PAYMENT_WEBHOOK_ERRORS.signature);
  const event = parsePaystackEvent(parseSignedJson(body.text));
  if (!event) return errorResponse(400, PAYMENT_WEBHOOK_ERRORS.notAnEvent);
  const database = await getDatabase();
  await takePaystackEvent(database.db, await database.jobs(), event);
  return jsonResponse({ ok: true });
}

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: events });
