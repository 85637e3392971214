import 'server-only';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { getEnv } from '@/lib/env.server';
import { ChannelError, mayHaveReachedProvider, type ChannelErrorKind } from './channel-error';
import type { ChannelEvent, IncomingMessage, SentMessage, StatusUpdate } from './events';

/**
 * Meta's WhatsApp Business Cloud API through plain fetch (docs/decisions/0394-whatsapp-and-sms.md): template messages
 * and free text out, the signed webhook's messages and statuses in. Every failed send throws a ChannelError whose kind
 * says what the sender does next; its message holds Meta's codes and titles, never the number or the text.
 */

/** Per request; Meta slower than this is treated as down and the send is tried again later. */
export const WHATSAPP_TIMEOUT_MS = 10_000;

export function whatsAppConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID);
}

/**
 * Sends an approved template; `parameters` fill its body's {{1}}, {{2}}, … in order. `reference` (our id of the
 * message) goes as `biz_opaque_callback_data`, which Meta gives back in the message's statuses: a message whose answer
 * was lost is still found by them.
 */
export async function sendWhatsAppTemplate({
  to,
  template,
  language,
  parameters,
  reference,
}: {
  to: string;
  template: string;
  language: string;
  parameters: string[];
  reference?: string;
}): Promise<SentMessage> {
  return postMessage(to, {
    ...(reference ? { biz_opaque_callback_data: reference } : {}),
    type: 'template',
    template: {
      name: template,
      language: { code: language },
      ...(parameters.length > 0
        ? { components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text: templateText(text) })) }] }
        : {}),
    },
  });
}

/** Sends free text, which WhatsApp delivers only within 24 hours of the buyer's last message (else `window_closed`). */
export async function sendWhatsAppText({ to, body }: { to: string; body: string }): Promise<SentMessage> {
  return postMessage(to, { type: 'text', text: { body, preview_url: false } });
}

/**
 * Meta refuses a template parameter holding a line break, a tab or more than four spaces in a row (#132018), and
 * the whole message with it; such text (a district's name pasted with a line break) is sent on one line instead.
 */
function templateText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const SentAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const GraphErrorAnswer = z.object({
  error: z.object({
    code: z.number().int().optional().catch(undefined),
    error_subcode: z.number().int().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    error_data: z
      .object({ details: z.string().optional().catch(undefined) })
      .optional()
      .catch(undefined),
    fbtrace_id: z.string().optional().catch(undefined),
  }),
});

async function postMessage(to: string, message: Record<string, unknown>): Promise<SentMessage> {
  const env = getEnv();
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID)
    throw new ChannelError('config', 'WhatsApp is not configured (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID).');
  // Meta's `to` is the international number's digits; anything else could only reach the wrong person or no one.
  if (!/^\+[1-9]\d{6,14}$/.test(to)) throw new ChannelError('unreachable', 'The number is not an international (E.164) number.');
  const url = `${env.WHATSAPP_API_BASE.replace(/\/+$/, '')}/${env.WHATSAPP_PHONE_NUMBER_ID}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.WHATSAPP_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: to.slice(1), ...message }),
      redirect: 'error',
      signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ChannelError('retry', `WhatsApp could not be reached (${networkReason(error)}).`, {
      unanswered: mayHaveReachedProvider(error),
    });
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const sent = SentAnswer.safeParse(answer);
    if (sent.success) return { providerId: sent.data.messages[0].id };
    throw new ChannelError('retry', `WhatsApp answered HTTP ${response.status} without a message id.`, { unanswered: true });
  }
  const error = GraphErrorAnswer.safeParse(answer).data?.error;
  const code = error?.code;
  const kind = whatsAppErrorKind(code, response.status, error?.error_data?.details ?? error?.message);
  const title = errorTitle(error?.message);
  const described = [
    `HTTP ${response.status}`,
    code === undefined ? undefined : `code ${code}${error?.error_subcode ? `/${error.error_subcode}` : ''}${title ? ` (${title})` : ''}`,
    error?.fbtrace_id && /^[\w-]{1,64}$/.test(error.fbtrace_id) ? `fbtrace_id ${error.fbtrace_id}` : undefined,
  ];
  throw new ChannelError(kind, `WhatsApp refused the message: ${described.filter(Boolean).join(', ')}.`, {
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
    providerCode: code === undefined ? undefined : String(code),
  });
}

/** Meta's throughput, spam and pair rate limits, and its own outages: the same message may go later. */
const RETRY_CODES = new Set([2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 131057, 133004, 133016]);
/** Not on WhatsApp, not a number WhatsApp knows, our own number, or a number a test account may not message. */
const UNREACHABLE_CODES = new Set([131021, 131026, 131030]);
/** Authentication and permissions (0, 3, 10, 190, 200–299), a restricted or unpaid account (368, 131031, 131042). */
const CONFIG_CODES = new Set([0, 3, 10, 190, 368, 131005, 131031, 131042]);

/**
 * What a Graph API error means for the sender, from Meta's documented codes first (Meta answers most of them,
 * rate limits included, with HTTP 400), then from the HTTP status. Also for a failed status's code in the webhook,
 * where Meta reports many delivery failures (131026, 131047) after having accepted the message.
 */
export function whatsAppErrorKind(code: number | undefined, httpStatus?: number, details?: string): ChannelErrorKind {
  if (code !== undefined) {
    if (RETRY_CODES.has(code)) return 'retry';
    if (UNREACHABLE_CODES.has(code)) return 'unreachable';
    if (code === 131047) return 'window_closed';
    if (CONFIG_CODES.has(code) || (code >= 200 && code <= 299) || (code >= 132000 && code <= 132999)) return 'config';
    // An invalid parameter that is the recipient's number: no other parameter of ours would mend it.
    if ((code === 100 || code === 131009) && details && /recipient|['"]to['"]/i.test(details)) return 'unreachable';
  }
  if (httpStatus === undefined || httpStatus === 429 || httpStatus >= 500) return 'retry';
  return 'config';
}

/** Meta's title from its message ("(#131026) Message Undeliverable."), when it holds nothing but words. */
function errorTitle(message: string | undefined): string | undefined {
  const title = message?.replace(/^\(#\d+\)\s*/, '').replace(/\.$/, '');
  return title && /^[A-Za-z ,'()/-]{1,100}$/.test(title) ? title : undefined;
}

function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${WHATSAPP_TIMEOUT_MS / 1000} s`;
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? code : 'network error';
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Meta signs each webhook's raw body: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 with the app secret>`. */
export function verifyWhatsAppSignature(rawBody: string | Uint8Array, header: string | null): boolean {
  const secret = getEnv().WHATSAPP_APP_SECRET;
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!secret || !given) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** The webhook's subscription check (GET): Meta's challenge, to be answered as it came, when the verify token is ours. */
export function whatsAppHandshake(params: URLSearchParams): string | undefined {
  const expected = getEnv().WHATSAPP_VERIFY_TOKEN;
  const given = params.get('hub.verify_token');
  const challenge = params.get('hub.challenge');
  if (!expected || given === null || !challenge || params.get('hub.mode') !== 'subscribe') return undefined;
  // Digests of equal length, so the comparison takes as long whatever the given token's length.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected)) ? challenge : undefined;
}

// The webhook's shape, read loosely: unknown fields are ignored, and a part that cannot be read drops that part only.
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const list = optional(z.array(z.unknown()));
const Payload = z.object({ object: z.literal('whatsapp_business_account'), entry: z.array(z.unknown()) });
const Entry = z.object({ changes: z.array(z.unknown()) });
const Change = z.object({
  field: z.literal('messages'),
  value: z.object({ metadata: z.object({ phone_number_id: z.string() }), contacts: list, messages: list, statuses: list }),
});
const Contact = z.object({ wa_id: z.string(), profile: optional(z.object({ name: optional(z.string()) })) });
const unixSeconds = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform((seconds) => new Date(Number(seconds) * 1000));
const Message = z.object({
  from: z.string().regex(/^[1-9]\d{5,14}$/),
  id: z.string().min(1),
  timestamp: unixSeconds,
  type: z.string(),
  text: optional(z.object({ body: z.string() })),
  button: optional(z.object({ text: z.string() })),
  interactive: optional(
    z.object({ button_reply: optional(z.object({ title: z.string() })), list_reply: optional(z.object({ title: z.string() })) }),
  ),
  image: optional(z.object({ caption: optional(z.string()) })),
  video: optional(z.object({ caption: optional(z.string()) })),
  document: optional(z.object({ caption: optional(z.string()) })),
  referral: optional(
    z.object({
      source_url: optional(z.string()),
      source_id: optional(z.string()),
      source_type: optional(z.string()),
      headline: optional(z.string()),
    }),
  ),
});
const Status = z.object({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: unixSeconds,
  errors: optional(z.array(z.object({ code: z.number().int(), title: optional(z.string()) }))),
  biz_opaque_callback_data: optional(z.string().max(512)),
});

/** Kinds that are not something the buyer wrote: a chat opened for the first time, a notice of a changed number. */
const NOT_WRITTEN = new Set(['request_welcome', 'system']);

/**
 * The messages and statuses of one webhook delivery, for our phone number only (a WhatsApp Business Account may have
 * others). Never throws: what cannot be read is left out.
 */
export function parseWhatsAppWebhook(payload: unknown): ChannelEvent[] {
  const ours = getEnv().WHATSAPP_PHONE_NUMBER_ID;
  const events: ChannelEvent[] = [];
  const payloadRead = Payload.safeParse(payload);
  if (!ours || !payloadRead.success) return events;
  for (const entry of payloadRead.data.entry) {
    for (const change of Entry.safeParse(entry).data?.changes ?? []) {
      const value = Change.safeParse(change).data?.value;
      if (!value || value.metadata.phone_number_id !== ours) continue;
      const contacts = (value.contacts ?? []).flatMap((contact) => Contact.safeParse(contact).data ?? []);
      for (const raw of value.messages ?? []) {
        const message = Message.safeParse(raw).data;
        if (!message || NOT_WRITTEN.has(message.type)) continue;
        const profileName = contacts.find((contact) => contact.wa_id === message.from)?.profile?.name;
        events.push(incoming(message, profileName));
      }
      for (const raw of value.statuses ?? []) {
        const status = Status.safeParse(raw).data;
        if (status) events.push(statusUpdate(status));
      }
    }
  }
  return events;
}

function incoming(message: z.infer<typeof Message>, profileName: string | undefined): IncomingMessage {
  const text =
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    message.image?.caption ??
    message.video?.caption ??
    message.document?.caption;
  const referral = message.referral && {
    sourceUrl: message.referral.source_url,
    sourceId: message.referral.source_id,
    sourceType: message.referral.source_type,
    headline: message.referral.headline,
  };
  return {
    type: 'message',
    channel: 'whatsapp',
    providerId: message.id,
    from: `+${message.from}`,
    at: message.timestamp,
    text: text?.trim() ? text : `[${/^[a-z_]{1,30}$/.test(message.type) ? message.type : 'message'}]`,
    ...(profileName ? { profileName } : {}),
    ...(referral ? { referral } : {}),
  };
}

function statusUpdate(status: z.infer<typeof Status>): StatusUpdate {
  const error = status.errors?.[0];
  const title = errorTitle(error?.title);
  return {
    type: 'status',
    channel: 'whatsapp',
    providerId: status.id,
    status: status.status,
    at: status.timestamp,
    ...(status.biz_opaque_callback_data ? { reference: status.biz_opaque_callback_data } : {}),
    ...(status.status === 'failed' && error
      ? { error: title ? `${error.code} ${title}` : String(error.code), errorKind: whatsAppErrorKind(error.code, undefined, error.title) }
      : {}),
  };
}
