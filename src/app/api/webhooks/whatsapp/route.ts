import { takeChannelEvents } from '@/modules/conversations/server';
import { alertOwnersOfFlood } from '@/modules/system/server';
import { getDatabase } from '@/lib/db/client';
import { parseSignedJson, readSignedBody } from '@/lib/http/request.server';
import { errorResponse, jsonResponse, routeMethods } from '@/lib/http/response.server';
import { parseWhatsAppWebhook, verifyWhatsAppSignature, whatsAppConfigured, whatsAppHandshake } from '@/modules/messaging/server';

export const dynamic = 'force-dynamic';

/** Meta's Cloud API sends far less per call; anything larger is not Meta's. */
const MAX_BODY_BYTES = 1_000_000;

/** GET: Meta's subscription handshake (the verify token set in WHATSAPP_VERIFY_TOKEN); answers hub.challenge as text. */
async function handshake(request: Request): Promise<Response> {
  const challenge = whatsAppHandshake(new URL(request.url).searchParams);
  if (challenge === undefined) return errorResponse(403, 'The verify token does not match.');
  return new Response(challenge, { status: 200, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });
}

/** POST: messages and statuses, signed by Meta over the raw bytes (X-Hub-Signature-256). */
async function events(request: Request): Promise<Response> {
  if (!whatsAppConfigured()) return errorResponse(404, 'WhatsApp is not set up on this site.');
  const body = await readSignedBody(request, MAX_BODY_BYTES);
  if (!body.ok) return body.response;
  if (!verifyWhatsAppSignature(body.bytes, request.headers.get('x-hub-signature-256')))
    return errorResponse(401, 'The signature does not match.');
  const payload = parseSignedJson(body.text);
  if (payload === undefined) return errorResponse(400, 'The event is not JSON.');
  const database = await getDatabase();
  return jsonResponse(await takeChannelEvents(database.db, await database.jobs(), parseWhatsAppWebhook(payload), alertOwnersOfFlood));
}

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: handshake, POST: events });
