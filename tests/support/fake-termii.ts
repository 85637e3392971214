import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { phoneNumberSet, startLocalHttpPeer } from './local-http-peer.mjs';

/**
 * Termii's SMS API played in-process on loopback, for the SMS channel's tests: `POST /api/sms/send` as Termii documents
 * it (developer.termii.com/messaging-api: JSON `{to, from, sms, type, channel, api_key}`, the number in international
 * form without a plus; answered `{message_id, message: "Successfully Sent", balance, user}`), its errors (an HTTP
 * status and a sentence, developer.termii.com/error), and its webhook events signed as Termii signs them
 * (developer.termii.com/events-and-reports: X-Termii-Signature, the HMAC-SHA512 in hex of the raw body with the
 * account's secret key). Like tests/support/peers.ts it can be taken down and brought back on the same port.
 *
 * Termii's docs give no body for an error: the fake answers `{message}` with the sentence their list of common errors
 * names ("Unauthorized", "Invalid Sender Id", "Insufficient balance", "You are not set up on this route"), and
 * validation errors as Laravel, which Termii's API is built on, shapes them: `{message, errors: {field: [sentence]}}`.
 */

export interface FakeTermiiOptions {
  apiKey: string;
  secretKey: string;
  senderId: string;
  /** The account's balance, in the units an SMS costs (`costPerSms`): an SMS it cannot pay for is refused. */
  balance?: number;
  costPerSms?: number;
  /** A throughput limit: requests past it within a second are answered 429 with Retry-After: 1. */
  requestsPerSecond?: number;
}

/** A send Termii took. */
export interface FakeTermiiSms {
  at: number;
  messageId: string;
  /** The number as sent: international form without a plus. */
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
}

/** A scripted answer for the next requests: an HTTP status with a JSON body (or a string sent as it is), or a connection that hangs or is reset. */
export type FakeTermiiFailure =
  { status: number; body?: unknown; headers?: Record<string, string>; retryAfterSeconds?: number } | { drop: 'stall' | 'reset' };

/** A webhook delivery the fake made, as Termii would: to the account's webhook URL. */
export interface FakeTermiiDelivery {
  at: number;
  url: string;
  body: string;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
}

export interface FakeTermii {
  /** http://127.0.0.1:<port>, the value for TERMII_API_BASE. */
  url: string;
  /** Every SMS accepted, in order. */
  sent: FakeTermiiSms[];
  /** Every request received to the API, accepted or not. */
  requests: number;
  /** The account's balance; may be changed at any time (0: every send is refused "Insufficient balance"). */
  balance: number;
  /** The throughput limit (starts as the option's); may be changed at any time. */
  requestsPerSecond?: number;
  /** Numbers (digits or +E.164) the account has no route to: answered 403 "You are not set up on this route". */
  unreachable: Set<string>;
  /** The account's webhook: when set, each accepted SMS's delivery reports (Message Sent, then its outcome) are delivered to it. */
  reportsTo?: string;
  /** Numbers (digits or +E.164) whose delivery report ends in this Termii status rather than Delivered, e.g. 'Expired'. */
  reportFailure: Map<string, string>;
  /** Webhook deliveries made (by `deliver` and the delivery reports). */
  deliveries: FakeTermiiDelivery[];
  /** The next `count` requests get `failure` instead of being handled. */
  failNext(count: number, failure: FakeTermiiFailure): void;
  /** The next `count` requests get 429 with Retry-After, as a rate limit answers. */
  rateLimitNext(count: number, retryAfterSeconds?: number): void;
  /** POSTs a webhook event as Termii does (X-Termii-Signature over the exact bytes sent); 'bad' signs with another key, 'none' leaves it out. */
  deliver(targetUrl: string, payload: unknown, options?: { signature?: 'valid' | 'bad' | 'none' }): Promise<Response>;
  /** Waits for the delivery reports in flight. */
  settled(): Promise<void>;
  /** Stops accepting connections (connection refused), keeping the port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** X-Termii-Signature of a raw body. */
export function termiiSignature(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody, 'utf8').digest('hex');
}

let lastId = 0n;
/** Termii's message ids are 19-digit numbers, given as strings. */
function nextMessageId(): string {
  const candidate = BigInt(Date.now()) * 1_000_000n;
  lastId = candidate > lastId ? candidate : lastId + 1n;
  return (3_000_000_000_000_000_000n + lastId).toString();
}

const CHANNELS = ['dnd', 'generic', 'whatsapp'];

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export async function startFakeTermii({
  apiKey,
  secretKey,
  senderId,
  balance = 1_000,
  costPerSms = 1,
  requestsPerSecond,
}: FakeTermiiOptions): Promise<FakeTermii> {
  const failures: FakeTermiiFailure[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let recent: number[] = [];

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  async function deliver(targetUrl: string, payload: unknown, { signature = 'valid' }: { signature?: 'valid' | 'bad' | 'none' } = {}) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== 'none') headers['x-termii-signature'] = termiiSignature(body, signature === 'valid' ? secretKey : `${secretKey}-not`);
    const delivery: FakeTermiiDelivery = { at: Date.now(), url: targetUrl, body, status: 0 };
    fake.deliveries.push(delivery);
    const response = await fetch(targetUrl, { method: 'POST', headers, body });
    delivery.status = response.status;
    return response;
  }

  /** Termii's later reports of what became of an accepted SMS, when the account's webhook is known. */
  function report(sms: FakeTermiiSms) {
    const url = fake.reportsTo;
    if (!url) return;
    const outcome = fake.reportFailure.get(sms.to) ?? 'Delivered';
    track(
      (async () => {
        for (const status of ['Message Sent', outcome]) {
          const response = await deliver(
            url,
            deliveryReport({ messageId: sms.messageId, receiver: sms.to, status, sender: sms.from }),
          ).catch(() => undefined);
          await response?.body?.cancel().catch(() => {});
        }
      })(),
    );
  }

  const invalid = (field: string, sentence: string): Answer => ({
    status: 400,
    body: { message: sentence, errors: { [field]: [sentence] } },
  });

  function send(raw: string): Answer {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return { status: 400, body: { message: 'The request body must be JSON.' } };
    }
    if (body.api_key !== apiKey) return { status: 401, body: { message: 'Unauthorized' } };
    const { to, from, sms, type, channel } = body;
    if (typeof to !== 'string' || !/^[1-9]\d{7,14}$/.test(to))
      return invalid('to', 'The to must be a phone number in international format.');
    if (typeof from !== 'string' || !from) return invalid('from', 'The from field is required.');
    if (typeof sms !== 'string' || !sms) return invalid('sms', 'The sms field is required.');
    if (type !== 'plain') return invalid('type', 'The selected type is invalid.');
    if (typeof channel !== 'string' || !CHANNELS.includes(channel)) return invalid('channel', 'The selected channel is invalid.');
    if (from !== senderId) return { status: 400, body: { message: 'Invalid Sender Id' } };
    if (fake.unreachable.has(to)) return { status: 403, body: { message: 'You are not set up on this route' } };
    if (fake.balance < costPerSms) return { status: 400, body: { message: 'Insufficient balance' } };
    fake.balance -= costPerSms;
    const accepted: FakeTermiiSms = { at: Date.now(), messageId: nextMessageId(), to, from, sms, type, channel };
    fake.sent.push(accepted);
    report(accepted);
    return {
      status: 200,
      body: {
        code: 'ok',
        message_id: accepted.messageId,
        message_id_str: accepted.messageId,
        message: 'Successfully Sent',
        balance: fake.balance,
        user: 'Meridian Test',
      },
    };
  }

  function answer(res: ServerResponse, { status, body, headers }: Answer) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    fake.requests++;
    const scripted = failures.shift();
    if (scripted && 'drop' in scripted) {
      if (scripted.drop === 'reset') req.socket.destroy();
      return; // 'stall': never answered
    }
    if (scripted) {
      const headers: Record<string, string> = { ...scripted.headers };
      if (scripted.retryAfterSeconds !== undefined) headers['retry-after'] = String(scripted.retryAfterSeconds);
      return answer(res, { status: scripted.status, body: scripted.body ?? {}, headers });
    }
    if (fake.requestsPerSecond !== undefined) {
      const now = Date.now();
      recent = recent.filter((at) => at > now - 1000);
      if (recent.length >= fake.requestsPerSecond)
        return answer(res, { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1' } });
      recent.push(now);
    }
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path !== '/api/sms/send') return answer(res, { status: 404, body: { message: 'Not Found' } });
    if (req.method !== 'POST')
      return answer(res, { status: 405, body: { message: `The ${req.method} method is not supported for this route.` } });
    answer(res, send(raw));
  }

  const http = await startLocalHttpPeer(handle);
  const port = http.port;

  const fake: FakeTermii = {
    url: `http://127.0.0.1:${port}`,
    sent: [],
    requests: 0,
    balance,
    requestsPerSecond,
    unreachable: phoneNumberSet(),
    reportFailure: digitMap(),
    deliveries: [],
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    rateLimitNext(count, retryAfterSeconds = 30) {
      fake.failNext(count, { status: 429, body: { message: 'Too Many Attempts.' }, retryAfterSeconds });
    },
    deliver: (targetUrl, payload, options) => track(deliver(targetUrl, payload, options)),
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    down: http.down,
    up: http.up,
    stop: async () => {
      await fake.settled();
      await http.down();
    },
  };
  return fake;
}

/** Termii's time format in delivery reports: `2020-12-16 11:34:36`. */
function termiiTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A delivery report as Termii posts it (developer.termii.com/events-and-reports, "Outbound Message"). `status` is one of
 * Termii's states: 'Delivered', 'Message Sent', 'DND Active on Phone Number', 'Message Failed', 'Rejected', 'Expired',
 * 'Received' (or an older report's 'DELIVERED | Message delivered to handset').
 */
export function deliveryReport({
  messageId,
  receiver,
  status,
  sender = 'Meridian',
  message = 'Your message',
  sentAt = new Date(),
}: {
  messageId: string;
  /** The number it went to (digits or +E.164); Termii writes it without the plus. */
  receiver: string;
  status: string;
  sender?: string;
  message?: string;
  sentAt?: Date;
}) {
  return {
    type: 'outbound',
    id: nextMessageId(),
    message_id: messageId,
    receiver: digits(receiver),
    sender,
    message,
    sent_at: termiiTime(sentAt),
    cost: '3.9',
    status,
    channel: 'dnd',
  };
}

/**
 * A reply as Termii posts it (developer.termii.com/incoming, "Inbound-Message Received"). `from` may be given in E.164;
 * Termii writes it without the plus. `messageId: null` leaves Termii's ids out, as an event lacking them would.
 */
export function inboundMessage({
  from,
  text,
  to = '2348000000000',
  messageId,
  receivedAt = new Date(),
}: {
  from: string;
  text: string;
  to?: string;
  messageId?: string | null;
  receivedAt?: Date;
}) {
  const ids = messageId === null ? {} : { id: nextMessageId(), message_id: messageId ?? nextMessageId() };
  return {
    type: 'inbound',
    ...ids,
    receiver: digits(to),
    sender: digits(from),
    message: text,
    // Termii's example writes microseconds: 2020-12-16T10:51:03.000000Z.
    received_at: receivedAt.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'),
    cost: null,
    command: 'Received',
    status: 'Received',
    channel: null,
  };
}

function digits(number: string): string {
  return number.replace(/\D/g, '');
}

function digitMap(): Map<string, string> {
  const map = new Map<string, string>();
  const set = map.set.bind(map);
  const get = map.get.bind(map);
  const has = map.has.bind(map);
  const remove = map.delete.bind(map);
  map.set = (number: string, status: string) => set(digits(number), status);
  map.get = (number: string) => get(digits(number));
  map.has = (number: string) => has(digits(number));
  map.delete = (number: string) => remove(digits(number));
  return map;
}
