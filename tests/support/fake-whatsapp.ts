import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { phoneNumberSet, startLocalHttpPeer } from './local-http-peer.mjs';

/**
 * Meta's WhatsApp Business Cloud API, faked in-process on loopback for the tests (docs/decisions/0394-whatsapp-and-sms.md):
 * `POST /v23.0/<phone number id>/messages` with Meta's requests, answers and Graph API errors, and Meta's side of the
 * webhook (signed deliveries of messages and statuses). Point WHATSAPP_API_BASE at `apiBase`.
 *
 * Meta reports some failures in the answer and many only later, as a `failed` status in the webhook (a number not on
 * WhatsApp: 131026; free text outside the 24-hour window: 131047). `failuresBy` chooses which; the webhook way is the
 * usual one in production.
 */

export const FAKE_GRAPH_VERSION = 'v23.0';

export interface FakeWhatsAppOptions {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Our business number as Meta shows it (metadata.display_phone_number); a message to it is refused (131021). */
  displayPhoneNumber?: string;
  /** The approved templates: how many body parameters each takes, in which languages. Unset: any template goes. */
  templates?: Record<string, { parameters: number; languages?: string[] }>;
  /** Meta's throughput limit: messages accepted per second, beyond which it answers code 130429. Unset: no limit. */
  messagesPerSecond?: number;
  /** The port to listen on (any free one when unset): a server started before the fake is told it. */
  port?: number;
  /** The app's webhook, for the status reports (`statusesTo`). */
  statusesTo?: string;
}

/** A message the fake accepted (answered with a wamid). */
export interface FakeWhatsAppMessage {
  at: number;
  wamid: string;
  /** As the request gave it: Meta documents the international number's digits, without '+'. */
  to: string;
  type: 'template' | 'text';
  template?: { name: string; language: string; parameters: string[] };
  text?: string;
  /** The code of the `failed` status the fake reported for it by webhook (failuresBy 'webhook'). */
  failedWith?: number;
  /** The request's body as sent. */
  body: unknown;
}

/**
 * A scripted answer for the next requests: a Graph API error, or a connection that hangs or is reset before the message
 * is handled; or (`taken-then-reset`) the message taken, its statuses reported, and the connection reset before the
 * answer, as when the sending process dies mid-send.
 */
export type FakeFailure =
  { status: number; code?: number; subcode?: number; retryAfterSeconds?: number } | { drop: 'stall' | 'reset' | 'taken-then-reset' };

/** A webhook delivery the fake made, as Meta would: to the app's callback URL. */
export interface FakeWebhookDelivery {
  at: number;
  url: string;
  body: string;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
}

export interface WhatsAppFake {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The value for WHATSAPP_API_BASE: the origin with the pinned Graph API version. */
  apiBase: string;
  phoneNumberId: string;
  /** Every message accepted, in order. */
  sent: FakeWhatsAppMessage[];
  /** Every request received to the API, accepted or not. */
  requests: number;
  /** Meta's throughput limit (starts as the option's); may be changed at any time. */
  messagesPerSecond?: number;
  /** Numbers (digits or +E.164) that are not on WhatsApp: a message to them fails with 131026. */
  notOnWhatsApp: Set<string>;
  /** Where a failure Meta may report either way is reported: in the answer (400), or later as a `failed` status. */
  failuresBy: 'response' | 'webhook';
  /** Free text only within 24 hours of the buyer's last message, as Meta enforces (131047). On by default. */
  enforceWindow: boolean;
  /** The app's webhook: when set, each accepted message's statuses (sent, delivered; or failed) are delivered to it. */
  statusesTo?: string;
  /** Webhook deliveries made (by `deliver` and the status reports). */
  deliveries: FakeWebhookDelivery[];
  /** The next `count` requests get `failure` instead of being handled. */
  failNext(count: number, failure: FakeFailure): void;
  /** When the buyer last wrote (now unless told), which opens the 24-hour window; `deliver` of a message payload does this too. */
  customerWrote(number: string, at?: number): void;
  /** POSTs a webhook payload as Meta does (its JSON escaping, `X-Hub-Signature-256` over the exact bytes sent). */
  deliver(targetUrl: string, payload: unknown, options?: { signature?: 'valid' | 'bad' | 'none' }): Promise<Response>;
  /** Meta's payload of an incoming text message (its metadata naming this phone number unless told otherwise). */
  messagePayload(message: {
    from: string;
    text: string;
    wamid?: string;
    profileName?: string;
    timestamp?: number;
    referral?: { sourceUrl?: string; sourceId?: string; sourceType?: string; headline?: string; body?: string; ctwaClid?: string };
    phoneNumberId?: string;
  }): object;
  /** Meta's payload of a status of a message we sent. */
  statusPayload(status: {
    wamid: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipient: string;
    errors?: { code: number; title?: string }[];
    timestamp?: number;
    phoneNumberId?: string;
    /** The send request's biz_opaque_callback_data, which Meta gives back in its statuses. */
    callbackData?: string;
  }): object;
  /** Waits for the status reports in flight. */
  settled(): Promise<void>;
  /** Stops accepting connections (connection refused), keeping the port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** Meta's titles of the codes the fake answers with (the `message` is "(#code) title"). */
const TITLES: Record<number, string> = {
  4: 'Application request limit reached',
  100: 'Invalid parameter',
  190: 'Access token has expired',
  80007: 'Rate limit issues',
  130429: 'Rate limit hit',
  131000: 'Something went wrong',
  131008: 'Required parameter is missing',
  131009: 'Parameter value is not valid',
  131016: 'Service unavailable',
  131021: 'Recipient cannot be sender',
  131026: 'Message Undeliverable',
  131047: 'Re-engagement message',
  131048: 'Spam rate limit hit',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  132015: 'Template is Paused',
  132016: 'Template is Disabled',
  132018: 'There was an issue with the parameters in your template',
};

const DETAILS: Record<number, string> = {
  131026: 'Message Undeliverable.',
  131047: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
};

const WINDOW_MS = 24 * 3600 * 1000;
const digits = (number: string) => number.replace(/^\+/, '');
const unixSeconds = (ms: number) => String(Math.floor(ms / 1000));
const traceId = () => randomBytes(12).toString('base64url');
/** Real wamids are base64 (with + / =) after "wamid.". */
const newWamid = () => `wamid.${randomBytes(30).toString('base64')}`;

interface GraphError {
  status: number;
  code: number;
  subcode?: number;
  message?: string;
  details?: string;
  type?: string;
  headers?: Record<string, string>;
}

function graphErrorBody(error: GraphError) {
  return {
    error: {
      message: error.message ?? `(#${error.code}) ${TITLES[error.code] ?? 'Unknown error'}`,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      ...(error.details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details: error.details } }),
      fbtrace_id: traceId(),
    },
  };
}

/**
 * The JSON Meta's webhooks carry: non-ASCII characters as \u escapes with lower-case hex and "/" as "\/". The
 * signature covers these bytes, so a receiver that checks a re-serialised body instead of the raw one fails here too.
 */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}

export async function startFakeWhatsApp({
  token,
  phoneNumberId,
  appSecret,
  displayPhoneNumber = '2349010000000',
  templates,
  messagesPerSecond,
  port: askedPort,
  statusesTo,
}: FakeWhatsAppOptions): Promise<WhatsAppFake> {
  const wabaId = String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999));
  const failures: FakeFailure[] = [];
  const lastInbound = new Map<string, number>();
  const inFlight = new Set<Promise<unknown>>();

  const envelope = (value: object, forPhoneNumberId = phoneNumberId) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhoneNumber, phone_number_id: forPhoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });

  const statusPayload: WhatsAppFake['statusPayload'] = ({
    wamid,
    status,
    recipient,
    errors,
    timestamp = Date.now(),
    phoneNumberId: id,
    callbackData,
  }) => {
    const billing =
      status === 'failed'
        ? {}
        : {
            conversation: {
              id: randomBytes(16).toString('hex'),
              ...(status === 'sent' ? { expiration_timestamp: unixSeconds(timestamp + WINDOW_MS) } : {}),
              origin: { type: 'utility' },
            },
            pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
          };
    const failure = errors?.map(({ code, title = TITLES[code] ?? 'Unknown error' }) => ({
      code,
      title,
      message: title,
      error_data: { details: DETAILS[code] ?? title },
      href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
    }));
    return envelope(
      {
        statuses: [
          {
            id: wamid,
            status,
            timestamp: unixSeconds(timestamp),
            recipient_id: digits(recipient),
            ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}),
            ...billing,
            ...(failure ? { errors: failure } : {}),
          },
        ],
      },
      id,
    );
  };

  const messagePayload: WhatsAppFake['messagePayload'] = ({
    from,
    text,
    wamid = newWamid(),
    profileName = 'Buyer',
    timestamp = Date.now(),
    referral,
    phoneNumberId: id,
  }) =>
    envelope(
      {
        contacts: [{ profile: { name: profileName }, wa_id: digits(from) }],
        messages: [
          {
            from: digits(from),
            id: wamid,
            timestamp: unixSeconds(timestamp),
            text: { body: text },
            type: 'text',
            ...(referral
              ? {
                  referral: {
                    source_url: referral.sourceUrl ?? 'https://fb.me/3cr4Wqqkv',
                    source_id: referral.sourceId ?? '120210000000000000',
                    source_type: referral.sourceType ?? 'ad',
                    headline: referral.headline ?? 'Plots in Lugbe',
                    body: referral.body ?? 'Dry, documented plots. Chat with us.',
                    media_type: 'image',
                    image_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/ad.jpg',
                    ctwa_clid: referral.ctwaClid ?? randomBytes(24).toString('base64url'),
                  },
                }
              : {}),
          },
        ],
      },
      id,
    );

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  async function deliver(targetUrl: string, payload: unknown, { signature = 'valid' }: { signature?: 'valid' | 'bad' | 'none' } = {}) {
    const body = typeof payload === 'string' ? payload : metaJson(payload);
    const sign = (secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'facebookexternalua' };
    if (signature !== 'none') headers['x-hub-signature-256'] = sign(signature === 'valid' ? appSecret : `${appSecret}-not`);
    // A message from a buyer opens the 24-hour window for free text to them, at Meta as here.
    try {
      const read = JSON.parse(body) as { entry?: { changes?: { value?: { messages?: { from?: string; timestamp?: string }[] } }[] }[] };
      for (const entry of read.entry ?? [])
        for (const change of entry.changes ?? [])
          for (const message of change.value?.messages ?? [])
            if (message.from) {
              const at = Number(message.timestamp) * 1000 || Date.now();
              if (at > (lastInbound.get(digits(message.from)) ?? 0)) fake.customerWrote(message.from, at);
            }
    } catch {
      // Not JSON: delivered as it is, to see the receiver refuse it.
    }
    const delivery: FakeWebhookDelivery = { at: Date.now(), url: targetUrl, body, status: 0 };
    fake.deliveries.push(delivery);
    const response = await fetch(targetUrl, { method: 'POST', headers, body });
    delivery.status = response.status;
    return response;
  }

  /** Meta's later report of what became of an accepted message, when the app's webhook is known. */
  function reportStatuses(message: FakeWhatsAppMessage) {
    const url = fake.statusesTo;
    if (!url) return;
    const recipient = message.to;
    const sent = message.body as { biz_opaque_callback_data?: unknown };
    const callbackData = typeof sent.biz_opaque_callback_data === 'string' ? sent.biz_opaque_callback_data : undefined;
    const statuses: Parameters<WhatsAppFake['statusPayload']>[0][] = message.failedWith
      ? [{ wamid: message.wamid, status: 'failed', recipient, errors: [{ code: message.failedWith }], callbackData }]
      : [
          { wamid: message.wamid, status: 'sent', recipient, callbackData },
          { wamid: message.wamid, status: 'delivered', recipient, callbackData },
        ];
    track(
      (async () => {
        for (const status of statuses) {
          const response = await deliver(url, statusPayload(status)).catch(() => undefined);
          await response?.body?.cancel().catch(() => {});
        }
      })(),
    );
  }

  type Handled = { status: number; body: object; headers?: Record<string, string> } | GraphError;

  function handleMessage(pathId: string, authorization: string | undefined, raw: string): Handled {
    if (authorization !== `Bearer ${token}`)
      return {
        status: 401,
        code: 190,
        message: 'Invalid OAuth access token - Cannot parse access token',
        headers: {
          'www-authenticate': 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token - Cannot parse access token"',
        },
      };
    if (pathId !== phoneNumberId)
      return {
        status: 400,
        code: 100,
        subcode: 33,
        type: 'GraphMethodException',
        message: `Unsupported post request. Object with ID '${pathId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      };
    if (fake.messagesPerSecond !== undefined) {
      const lastSecond = fake.sent.filter((message) => message.at > Date.now() - 1000).length;
      if (lastSecond >= fake.messagesPerSecond)
        return { status: 400, code: 130429, details: 'Cloud API message throughput has been reached.' };
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    } catch {
      return { status: 400, code: 100, message: '(#100) The parameter messaging_product is required.' };
    }
    const invalid = (details: string, code = 100): GraphError => ({ status: 400, code, details });
    if (body.messaging_product !== 'whatsapp')
      return { status: 400, code: 100, message: '(#100) The parameter messaging_product is required.' };
    if (body.recipient_type !== undefined && body.recipient_type !== 'individual') return invalid('Invalid recipient_type', 131009);
    if (typeof body.to !== 'string') return { status: 400, code: 100, message: '(#100) The parameter to is required.' };
    if (!/^\+?\d{6,15}$/.test(body.to)) return invalid("Invalid parameter 'to': not a phone number or WhatsApp ID");
    const to = body.to;
    if (digits(to) === digits(displayPhoneNumber)) return invalid('Recipient cannot be sender.', 131021);

    let message: Pick<FakeWhatsAppMessage, 'type' | 'template' | 'text'>;
    if (body.type === 'text') {
      const text = body.text as { body?: unknown; preview_url?: unknown } | undefined;
      if (typeof text?.body !== 'string' || text.body.length === 0) return invalid("Param text['body'] is required");
      if (text.body.length > 4096) return invalid("Param text['body'] must be at most 4096 characters long.");
      if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
        return invalid("Param text['preview_url'] must be a boolean");
      message = { type: 'text', text: text.body };
    } else if (body.type === 'template') {
      const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
      if (typeof template?.name !== 'string' || !template.name) return invalid("Param template['name'] is required", 131008);
      if (typeof template.language?.code !== 'string') return invalid("Param template['language']['code'] is required", 131008);
      const components = template.components ?? [];
      if (!Array.isArray(components)) return invalid("Param template['components'] must be an array");
      const parameters: string[] = [];
      for (const component of components as { type?: unknown; parameters?: unknown }[]) {
        if (component?.type !== 'body') continue;
        if (!Array.isArray(component.parameters)) return invalid("Param template['components'][0]['parameters'] must be an array");
        for (const parameter of component.parameters as { type?: unknown; text?: unknown }[]) {
          if (parameter?.type !== 'text' || typeof parameter.text !== 'string') return invalid('Parameter of type text is expected');
          if (!parameter.text) return invalid('Parameter text is missing', 131008);
          if (/[\n\t]| {5,}/.test(parameter.text))
            return invalid('Param text cannot have new-line/tab characters or more than 4 consecutive spaces', 132018);
          parameters.push(parameter.text);
        }
      }
      const approved = templates?.[template.name];
      if (templates && (!approved || (approved.languages && !approved.languages.includes(template.language.code))))
        return { status: 404, code: 132001, details: `template name (${template.name}) does not exist in ${template.language.code}` };
      if (approved && approved.parameters !== parameters.length)
        return invalid(
          `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${approved.parameters})`,
          132000,
        );
      message = { type: 'template', template: { name: template.name, language: template.language.code, parameters } };
    } else {
      return invalid('The fake takes text and template messages only');
    }

    const opened = lastInbound.get(digits(to));
    const failure = fake.notOnWhatsApp.has(digits(to))
      ? 131026
      : message.type === 'text' && fake.enforceWindow && (opened === undefined || Date.now() - opened > WINDOW_MS)
        ? 131047
        : undefined;
    if (failure && fake.failuresBy === 'response') return { status: 400, code: failure, details: DETAILS[failure] };

    const wamid = newWamid();
    const accepted: FakeWhatsAppMessage = { at: Date.now(), wamid, to, ...message, ...(failure ? { failedWith: failure } : {}), body };
    fake.sent.push(accepted);
    reportStatuses(accepted);
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: digits(to) }],
        messages: [{ id: wamid, ...(message.type === 'template' ? { message_status: 'accepted' } : {}) }],
      },
    };
  }

  function answer(res: ServerResponse, handled: Handled) {
    const headers = { 'content-type': 'application/json; charset=UTF-8', ...handled.headers };
    res.writeHead(handled.status, headers).end(JSON.stringify('code' in handled ? graphErrorBody(handled) : handled.body));
  }

  /**
   * The fake's own door for tests in another process (the e2e's browsers' test code), not Meta's: `POST /fake/buyer-writes`
   * {from, text, profileName?} delivers a buyer's message to `statusesTo` as Meta would (and opens the 24-hour window);
   * `GET /fake/sent` lists the messages accepted.
   */
  function control(req: IncomingMessage, res: ServerResponse, raw: string, path: string) {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && path === '/fake/sent') return json(200, fake.sent);
    if (req.method === 'POST' && path === '/fake/buyer-writes' && fake.statusesTo) {
      const { from, text, profileName } = JSON.parse(raw) as { from: string; text: string; profileName?: string };
      void deliver(fake.statusesTo, messagePayload({ from, text, profileName })).then(
        (answer) => json(200, { status: answer.status }),
        () => json(502, { error: 'the app could not be reached' }),
      );
      return;
    }
    json(404, { error: 'no such fake door' });
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const controlPath = new URL(req.url ?? '/', 'http://fake').pathname;
    if (controlPath.startsWith('/fake/')) return control(req, res, raw, controlPath);
    fake.requests++;
    const scripted = failures.shift();
    if (scripted && 'drop' in scripted) {
      if (scripted.drop === 'taken-then-reset') {
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        handleMessage(/\/([^/]+)\/messages$/.exec(path)?.[1] ?? '', req.headers.authorization, raw);
      }
      if (scripted.drop !== 'stall') req.socket.destroy();
      return; // 'stall': never answered
    }
    if (scripted)
      return answer(res, {
        status: scripted.status,
        code: scripted.code ?? (scripted.status >= 500 ? 131000 : 100),
        subcode: scripted.subcode,
        headers: scripted.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(scripted.retryAfterSeconds) },
      });
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const match = new RegExp(`^/${FAKE_GRAPH_VERSION.replace('.', '\\.')}/([^/]+)/messages$`).exec(path);
    if (!match) return answer(res, { status: 400, code: 2500, message: `Unknown path components: ${path}` });
    if (req.method !== 'POST')
      return answer(res, {
        status: 400,
        code: 100,
        subcode: 33,
        type: 'GraphMethodException',
        message: `Unsupported ${req.method?.toLowerCase()} request.`,
      });
    answer(res, handleMessage(match[1], req.headers.authorization, raw));
  }

  const http = await startLocalHttpPeer(handle, askedPort);
  const port = http.port;

  const fake: WhatsAppFake = {
    url: `http://127.0.0.1:${port}`,
    apiBase: `http://127.0.0.1:${port}/${FAKE_GRAPH_VERSION}`,
    phoneNumberId,
    sent: [],
    requests: 0,
    messagesPerSecond,
    notOnWhatsApp: phoneNumberSet(),
    failuresBy: 'response',
    enforceWindow: true,
    statusesTo,
    deliveries: [],
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    customerWrote(number, at = Date.now()) {
      lastInbound.set(digits(number), at);
    },
    deliver: (targetUrl, payload, options) => track(deliver(targetUrl, payload, options)),
    messagePayload,
    statusPayload,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    down: http.down,
    up: http.up,
    stop: http.down,
  };
  return fake;
}
