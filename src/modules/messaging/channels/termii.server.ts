import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { getEnv } from '@/lib/env.server';
import { toE164 } from '@/lib/validation/phone';
import { ChannelError, mayHaveReachedProvider } from './channel-error';
import type { ChannelEvent, IncomingMessage, SentMessage, StatusUpdate } from './events';

/**
 * SMS through Termii (docs/decisions/0394-whatsapp-and-sms.md), by plain fetch: its send API on the transactional
 * ("dnd") route, which reaches numbers on the NCC's do-not-disturb register and is not held back at night, and its
 * signed webhook events (delivery reports and replies). tests/support/fake-termii.ts plays Termii in tests.
 */

const TIMEOUT_MS = 10_000;

/** On when the key and the sender ID are set (the settings require the secret key with them). */
export function smsConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.TERMII_API_KEY && env.TERMII_SENDER_ID);
}

/** E.164: a plus and up to 15 digits, the first not 0. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Sends one SMS; resolves with Termii's id of the message, which its delivery reports name. Fails with a ChannelError
 * whose message never holds the number or the text (it is logged and stored).
 */
export async function sendSms({ to, text }: { to: string; text: string }): Promise<SentMessage> {
  const env = getEnv();
  if (!env.TERMII_API_KEY || !env.TERMII_SENDER_ID)
    throw new ChannelError('config', 'SMS is off: TERMII_API_KEY and TERMII_SENDER_ID are not set.');
  if (!E164.test(to)) throw new ChannelError('unreachable', 'The number is not in international (E.164) form, so no SMS can go to it.');

  let response: Response;
  try {
    response = await fetch(`${env.TERMII_API_BASE.replace(/\/+$/, '')}/api/sms/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      // Termii takes the number in international form without its plus.
      body: JSON.stringify({
        to: to.slice(1),
        from: env.TERMII_SENDER_ID,
        sms: text,
        type: 'plain',
        channel: 'dnd',
        api_key: env.TERMII_API_KEY,
      }),
      // A redirect means the origin is wrong (Termii's docs name http for https as a cause of Unauthorized): not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : 'the connection failed';
    throw new ChannelError('retry', `Termii could not be reached: ${reason}.`, { unanswered: mayHaveReachedProvider(error) });
  }

  const answer = await readAnswer(response);
  if (response.ok) {
    const messageId = messageIdOf(answer);
    if (messageId) return { providerId: messageId };
  }
  throw refusal(response, answer);
}

/** The fields of Termii's answers that matter: the send's id, and the sentence an error carries. */
const answerSchema = z.looseObject({
  message_id_str: z.unknown().optional(),
  message_id: z.unknown().optional(),
  message: z.unknown().optional(),
  errors: z.unknown().optional(),
});
type Answer = z.infer<typeof answerSchema>;

async function readAnswer(response: Response): Promise<Answer> {
  const body = await response.text().catch(() => '');
  try {
    const parsed = answerSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Message ids are 19-digit numbers: the string form comes first, as a JSON number loses digits beyond 2^53. */
function messageIdOf(answer: Answer): string | undefined {
  for (const value of [answer.message_id_str, answer.message_id]) {
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/**
 * Termii's errors are an HTTP status and a sentence (developer.termii.com/error: "Common Errors"); these are the
 * sentences that change what the sender does, matched loosely since their wording is not fixed. Each maps to a
 * ChannelError kind and a short code for the record, made of our words, never the answer's (which may quote the
 * number).
 */
const KNOWN_REFUSALS: { pattern: RegExp; kind: ChannelError['kind']; code: string; says: string }[] = [
  {
    pattern: /insufficient\s+balance|low\s+balance/i,
    kind: 'config',
    code: 'insufficient_balance',
    says: 'the account’s balance is too low',
  },
  { pattern: /sender\s*id/i, kind: 'config', code: 'invalid_sender_id', says: 'the sender ID is not registered or approved' },
  { pattern: /api[\s_]*key|unauthori[sz]ed|unauthenticated/i, kind: 'config', code: 'unauthorized', says: 'the API key is not valid' },
  { pattern: /account\s+is\s+not\s+active/i, kind: 'config', code: 'account_not_active', says: 'the account is not active' },
  {
    pattern: /service\s+is\s+currently\s+not\s+active/i,
    kind: 'config',
    code: 'service_not_active',
    says: 'the service is not active on the account',
  },
  // The route to this number's country or network is not open to the account: this number cannot get an SMS from
  // us, though others can, so the next channel is tried rather than the same send again.
  {
    pattern: /not\s+set\s*up\s+on\s+this\s+route/i,
    kind: 'unreachable',
    code: 'route_not_set_up',
    says: 'the account has no route to this number',
  },
  { pattern: /temporarily\s+unavailable/i, kind: 'retry', code: 'service_unavailable', says: 'the service is temporarily unavailable' },
  { pattern: /too\s+many/i, kind: 'retry', code: 'rate_limited', says: 'too many requests' },
  {
    pattern: /\b(phone|number|destination|recipient|msisdn)\b/i,
    kind: 'unreachable',
    code: 'invalid_number',
    says: 'the number is invalid or cannot be routed',
  },
];

function refusal(response: Response, answer: Answer): ChannelError {
  const status = response.status;
  const retryAfterSeconds = retryAfter(response.headers.get('retry-after'));
  const sentence = typeof answer.message === 'string' ? answer.message : '';
  // A validation answer that names the `to` field refuses the number itself.
  const numberRefused = Boolean(answer.errors && typeof answer.errors === 'object' && 'to' in answer.errors);
  const known = numberRefused
    ? KNOWN_REFUSALS.find((k) => k.code === 'invalid_number')
    : KNOWN_REFUSALS.find((k) => k.pattern.test(sentence));
  const providerCode = known ? `${status} ${known.code}` : String(status);

  if (status === 429 || status >= 500)
    return new ChannelError(
      'retry',
      `Termii is limiting or failing (HTTP ${status}${known ? `: ${known.says}` : ''}); the SMS is to be tried again.`,
      {
        retryAfterSeconds,
        providerCode,
      },
    );
  if (status >= 200 && status < 300)
    return known && known.kind !== 'retry'
      ? new ChannelError(known.kind, `Termii did not send the SMS: ${known.says}.`, { providerCode })
      : new ChannelError('retry', 'Termii answered the send without a message id.', { providerCode, unanswered: true });
  if (status >= 300 && status < 400)
    return new ChannelError('config', `Termii answered with a redirect (HTTP ${status}): TERMII_API_BASE is not Termii's API origin.`, {
      providerCode,
    });
  if (known)
    return new ChannelError(known.kind, `Termii refused the SMS (HTTP ${status}): ${known.says}.`, { retryAfterSeconds, providerCode });
  // Otherwise our request or our account is wrong (401/403 credentials, 404/405 the origin, 400/422 a request it
  // will not take): the same send would fail again, so the owners are told.
  return new ChannelError('config', `Termii refused the SMS (HTTP ${status}).`, { providerCode });
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Whether a webhook's body came from Termii: its X-Termii-Signature header is the HMAC-SHA512 of the raw body with the
 * account's secret key, in hex (developer.termii.com/events-and-reports). False when the secret is unset or the
 * header missing or malformed; compared in constant time.
 */
export function verifyTermiiSignature(rawBody: string | Uint8Array, header: string | null): boolean {
  const secret = getEnv().TERMII_SECRET_KEY;
  if (!secret || !header) return false;
  const given = header.trim();
  if (!/^[0-9a-f]{128}$/i.test(given)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** Ids arrive as strings in Termii's examples; a number is taken as it comes. */
const idField = z.union([z.string(), z.number()]).optional().nullable().catch(undefined);
const textField = z.string().optional().nullable().catch(undefined);

const eventSchema = z.looseObject({
  type: textField,
  id: idField,
  message_id: idField,
  receiver: idField,
  sender: idField,
  message: textField,
  sent_at: textField,
  received_at: textField,
  status: textField,
});
type TermiiEvent = z.infer<typeof eventSchema>;

/**
 * Turns a Termii webhook body into channel events; anything it does not recognise gives none (it never throws).
 * - `type: "outbound"`: a delivery report, a StatusUpdate of the `message_id` our send got. Its time is when the report
 *   reached us (`receivedAt`): the report's `sent_at` is when the message left, not when its state changed.
 * - `type: "inbound"`: a reply, an IncomingMessage. Its id is Termii's `message_id` (or `id`); an event with neither is
 *   given one made from its own fields, so the same event delivered twice still has one id.
 * Other types (a WhatsApp device's `device_status`) and unknown statuses give nothing.
 */
export function parseTermiiEvent(payload: unknown, receivedAt: Date = new Date()): ChannelEvent[] {
  const items = Array.isArray(payload) ? payload : [payload];
  const events: ChannelEvent[] = [];
  for (const item of items) {
    const parsed = eventSchema.safeParse(item);
    if (!parsed.success) continue;
    const event = parsed.data;
    const type = (event.type ?? inferType(event)).trim().toLowerCase();
    const result =
      type === 'outbound' ? statusUpdate(event, receivedAt) : type === 'inbound' ? incomingMessage(event, receivedAt) : undefined;
    if (result) events.push(result);
  }
  return events;
}

/** An event without a type: a reply has a time received, a report a status and the number it went to. */
function inferType(event: TermiiEvent): string {
  if (event.received_at && event.sender != null) return 'inbound';
  if (event.status && event.message_id != null && event.receiver != null) return 'outbound';
  return '';
}

/**
 * Termii's states of a sent message (developer.termii.com/events-and-reports, "Status of messages sent"). Older
 * reports say `DELIVERED | Message delivered to handset`: the part before the bar is the state. `Received` on an
 * outbound report means the handset received it.
 */
const STATUSES: Record<string, StatusUpdate['status']> = {
  delivered: 'delivered',
  received: 'delivered',
  'message sent': 'sent',
  sent: 'sent',
  'dnd active on phone number': 'failed',
  'message failed': 'failed',
  failed: 'failed',
  rejected: 'failed',
  expired: 'failed',
  undelivered: 'failed',
};

function statusUpdate(event: TermiiEvent, receivedAt: Date): StatusUpdate | undefined {
  const providerId = idText(event.message_id);
  const said = event.status?.split('|')[0].trim() ?? '';
  const status = STATUSES[said.toLowerCase().replace(/\s+/g, ' ')];
  if (!providerId || !status) return undefined;
  return {
    type: 'status',
    channel: 'sms',
    providerId,
    status,
    at: receivedAt,
    ...(status === 'failed' ? { error: said.slice(0, 200) } : {}),
  };
}

function incomingMessage(event: TermiiEvent, receivedAt: Date): IncomingMessage | undefined {
  const from = senderE164(idText(event.sender));
  if (!from) return undefined;
  const text = event.message ?? '';
  const at = eventTime(event.received_at, receivedAt);
  const providerId =
    idText(event.message_id) ??
    idText(event.id) ??
    `derived-${createHash('sha256')
      .update(JSON.stringify([from, event.received_at ?? '', text]))
      .digest('hex')
      .slice(0, 32)}`;
  return { type: 'message', channel: 'sms', providerId, from, at, text };
}

function idText(value: string | number | null | undefined): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  const text = value?.trim();
  return text ? text : undefined;
}

/**
 * A sender's number in E.164, by the site's one rule of phone numbers (src/lib/validation/phone.ts). Termii writes it
 * in international form without the plus (`2347069549231`); a local Nigerian form is read as the form reads it.
 */
function senderE164(raw: string | undefined): string | undefined {
  const compact = raw?.replace(/[\s().-]/g, '') ?? '';
  return toE164(/^[1-9]\d+$/.test(compact) ? `+${compact}` : compact) ?? undefined;
}

/**
 * An event's own time: ISO 8601 as Termii's inbound example gives it, or `YYYY-MM-DD HH:mm:ss` without a zone, read
 * as UTC. Never later than it reached us (so a local time read as UTC cannot put a message in the future); the time it
 * reached us when there is none.
 */
function eventTime(value: string | null | undefined, receivedAt: Date): Date {
  const text = value?.trim();
  if (!text) return receivedAt;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return receivedAt;
  return at.getTime() > receivedAt.getTime() ? receivedAt : at;
}
