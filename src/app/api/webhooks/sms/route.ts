import { takeChannelEvents } from '@/modules/conversations/server';
import { alertOwnersOfFlood } from '@/modules/system/server';
import { getDatabase } from '@/lib/db/client';
import { parseSignedJson, readSignedBody } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, postOnly } from '@/lib/http/response.server';
import { parseTermiiEvent, smsConfigured, verifyTermiiSignature } from '@/modules/messaging/server';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 100_000;

/** POST: Termii's delivery reports and inbound SMS, signed over the raw body (X-Termii-Signature). */
async function events(request: Request): Promise<Response> {
  if (!smsConfigured()) return errorResponse(404, 'SMS is not set up on this site.');
  const body = await readSignedBody(request, MAX_BODY_BYTES);
  if (!body.ok) return body.response;
  if (!verifyTermiiSignature(body.bytes, request.headers.get('x-termii-signature')))
    return errorResponse(401, 'The signature does not match.');
  const payload = parseSignedJson(body.text);
  if (payload === undefined) return errorResponse(400, 'The event is not JSON.');
  const database = await getDatabase();
  return jsonResponse(await takeChannelEvents(database.db, await database.jobs(), parseTermiiEvent(payload), alertOwnersOfFlood));
}

export const { POST, GET, PUT, PATCH, DELETE } = postOnly(events);
