import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/lib/env.server';
import { deliveryReport, inboundMessage, startFakeTermii, termiiSignature, type FakeTermii } from '../../../../tests/support/fake-termii';
import { ChannelError } from './channel-error';
import type { ChannelEvent } from './events';
import { parseTermiiEvent, sendSms, smsConfigured, verifyTermiiSignature } from './termii.server';

const ACCOUNT = { apiKey: 'TLtest-api-key-0123456789', secretKey: 'termii-test-secret-key', senderId: 'Meridian' };
const BUYER = '+2348031234567';
const TEXT = 'Hello Ada, Tunde from Meridian Districts will call you about Lugbe from 0803 000 0000.';

let fake: FakeTermii;

function useTermii(settings: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

const configured = () => ({
  TERMII_API_KEY: ACCOUNT.apiKey,
  TERMII_SENDER_ID: ACCOUNT.senderId,
  TERMII_SECRET_KEY: ACCOUNT.secretKey,
  TERMII_API_BASE: fake.url,
});

async function refusal(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  const channelError = error as ChannelError;
  // What a refusal says is logged and stored: never the buyer's number (in any form) or the text.
  for (const secret of [BUYER, BUYER.slice(1), '8031234567', TEXT]) {
    expect(channelError.message).not.toContain(secret);
    expect(channelError.providerCode ?? '').not.toContain(secret);
  }
  return channelError;
}

/** The app's side of the webhook in miniature: checks each event's signature, parses what passes. */
async function startReceiver() {
  const received: { verified: boolean; events: ChannelEvent[] }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['x-termii-signature'];
      const verified = verifyTermiiSignature(raw, typeof header === 'string' ? header : null);
      received.push({ verified, events: verified ? parseTermiiEvent(JSON.parse(raw)) : [] });
      res.writeHead(verified ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/sms`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

beforeAll(async () => {
  fake = await startFakeTermii(ACCOUNT);
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  useTermii(configured());
  fake.sent.length = 0;
  fake.requests = 0;
  fake.balance = 1_000;
  fake.unreachable.clear();
  fake.reportFailure.clear();
  fake.reportsTo = undefined;
  fake.requestsPerSecond = undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('smsConfigured', () => {
  it('is on with the key and sender ID, off without them', () => {
    expect(smsConfigured()).toBe(true);
    useTermii({ TERMII_API_KEY: undefined, TERMII_SENDER_ID: undefined, TERMII_SECRET_KEY: undefined });
    expect(smsConfigured()).toBe(false);
  });
});

describe('sendSms', () => {
  it('sends Termii the request it documents, on the transactional route, and returns its message id', async () => {
    const sent = await sendSms({ to: BUYER, text: TEXT });
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatchObject({ to: '2348031234567', from: 'Meridian', sms: TEXT, type: 'plain', channel: 'dnd' });
    expect(sent).toEqual({ providerId: fake.sent[0].messageId });
    expect(sent.providerId).toMatch(/^\d{19}$/);
  });

  it('keeps all 19 digits of the id when Termii gives it only as a JSON number too large for a double', async () => {
    fake.failNext(1, {
      status: 200,
      body: '{"message_id": 9122821270554876574, "message_id_str": "9122821270554876574", "message": "Successfully Sent"}',
    });
    expect(await sendSms({ to: BUYER, text: TEXT })).toEqual({ providerId: '9122821270554876574' });
    fake.failNext(1, {
      status: 200,
      body: { message_id: '5964465985113503103', message: 'Successfully Sent', balance: 9, user: 'Peter Mcleish' },
    });
    expect(await sendSms({ to: BUYER, text: TEXT })).toEqual({ providerId: '5964465985113503103' });
  });

  it('is a config error, sending nothing, while SMS is off', async () => {
    useTermii({ TERMII_API_KEY: undefined, TERMII_SENDER_ID: undefined, TERMII_SECRET_KEY: undefined });
    const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
    expect(error.kind).toBe('config');
    expect(fake.requests).toBe(0);
  });

  it('refuses a number not in E.164 as unreachable without asking Termii', async () => {
    for (const to of ['08031234567', '2348031234567', '+0803', '+234 803 123 4567', ''])
      expect((await refusal(sendSms({ to, text: TEXT }))).kind).toBe('unreachable');
    expect(fake.requests).toBe(0);
  });

  it('maps a wrong API key (401) to config', async () => {
    useTermii({ ...configured(), TERMII_API_KEY: 'TLwrong-key' });
    const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
    expect(error).toMatchObject({ kind: 'config', providerCode: '401 unauthorized' });
    expect(fake.sent).toHaveLength(0);
  });

  it('maps a 403 to config', async () => {
    fake.failNext(1, { status: 403, body: { message: 'Forbidden' } });
    expect(await refusal(sendSms({ to: BUYER, text: TEXT }))).toMatchObject({ kind: 'config', providerCode: '403' });
  });

  it('maps a sender ID Termii does not know to config', async () => {
    useTermii({ ...configured(), TERMII_SENDER_ID: 'Unapproved' });
    const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
    expect(error).toMatchObject({ kind: 'config', providerCode: '400 invalid_sender_id' });
    expect(error.message).toMatch(/sender ID/);
  });

  it('maps an empty balance to config', async () => {
    fake.balance = 0;
    const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
    expect(error).toMatchObject({ kind: 'config', providerCode: '400 insufficient_balance' });
    expect(error.message).toMatch(/balance/);
  });

  it('maps a number the account has no route to as unreachable', async () => {
    fake.unreachable.add('+447700900123');
    const error = await refusal(sendSms({ to: '+447700900123', text: TEXT }));
    expect(error).toMatchObject({ kind: 'unreachable', providerCode: '403 route_not_set_up' });
    // Other numbers still go.
    await sendSms({ to: BUYER, text: TEXT });
    expect(fake.sent.map((s) => s.to)).toEqual(['2348031234567']);
  });

  it('maps a refusal of the number itself to unreachable, without repeating what Termii said about it', async () => {
    fake.failNext(1, {
      status: 422,
      body: { message: '2348031234567 is not a valid phone number', errors: { to: ['2348031234567 is invalid'] } },
    });
    expect(await refusal(sendSms({ to: BUYER, text: TEXT }))).toMatchObject({ kind: 'unreachable', providerCode: '422 invalid_number' });
    fake.failNext(1, { status: 400, body: { message: 'Invalid phone number' } });
    expect((await refusal(sendSms({ to: BUYER, text: TEXT }))).kind).toBe('unreachable');
  });

  it('maps a rate limit (429) to retry, honouring Retry-After in seconds or as a date', async () => {
    fake.rateLimitNext(1, 17);
    expect(await refusal(sendSms({ to: BUYER, text: TEXT }))).toMatchObject({ kind: 'retry', retryAfterSeconds: 17 });
    fake.failNext(1, { status: 429, body: {}, headers: { 'Retry-After': new Date(Date.now() + 120_000).toUTCString() } });
    const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
    expect(error.kind).toBe('retry');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(120);
    // Once the limit lifts, the send goes.
    await sendSms({ to: BUYER, text: TEXT });
    expect(fake.sent).toHaveLength(1);
  });

  it('meets the fake’s throughput limit as retry after a second', async () => {
    fake.requestsPerSecond = 2;
    await sendSms({ to: BUYER, text: TEXT });
    await sendSms({ to: BUYER, text: TEXT });
    expect(await refusal(sendSms({ to: BUYER, text: TEXT }))).toMatchObject({
      kind: 'retry',
      retryAfterSeconds: 1,
      providerCode: '429 rate_limited',
    });
    expect(fake.sent).toHaveLength(2);
  });

  it('maps Termii failing (5xx) to retry', async () => {
    fake.failNext(2, {
      status: 503,
      body: '<html>Service Unavailable</html>',
      headers: { 'Content-Type': 'text/html', 'Retry-After': '5' },
    });
    expect(await refusal(sendSms({ to: BUYER, text: TEXT }))).toMatchObject({ kind: 'retry', retryAfterSeconds: 5, providerCode: '503' });
    fake.failNext(1, { status: 500, body: { message: 'Service temporarily unavailable' } });
    expect((await refusal(sendSms({ to: BUYER, text: TEXT }))).kind).toBe('retry');
    expect((await refusal(sendSms({ to: BUYER, text: TEXT }))).kind).toBe('retry');
  });

  it('maps Termii being down to retry, and sends once it is back', async () => {
    await fake.down();
    try {
      const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
      expect(error.kind).toBe('retry');
      expect(error.message).toMatch(/could not be reached/);
    } finally {
      await fake.up();
    }
    await sendSms({ to: BUYER, text: TEXT });
    expect(fake.sent).toHaveLength(1);
  });

  it('gives up on a Termii that does not answer within 10 s, and on a connection reset, as retry', async () => {
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const asked: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      asked.push(ms);
      return timeout(50);
    });
    fake.failNext(1, { drop: 'stall' });
    const error = await refusal(sendSms({ to: BUYER, text: TEXT }));
    expect(error.kind).toBe('retry');
    expect(error.message).toMatch(/no answer within 10 s/);
    expect(asked).toEqual([10_000]);
    fake.failNext(1, { drop: 'reset' });
    expect(await refusal(sendSms({ to: BUYER, text: TEXT }))).toMatchObject({
      kind: 'retry',
      message: expect.stringMatching(/connection failed/),
    });
  });

  it('does not take a 200 without a message id as sent', async () => {
    fake.failNext(1, { status: 200, body: { message: 'Insufficient balance' } });
    expect((await refusal(sendSms({ to: BUYER, text: TEXT }))).kind).toBe('config');
    fake.failNext(1, { status: 200, body: {} });
    expect((await refusal(sendSms({ to: BUYER, text: TEXT }))).kind).toBe('retry');
  });

  it('does not follow a redirect: the origin is wrong', async () => {
    fake.failNext(1, { status: 301, headers: { Location: 'https://api.ng.termii.com/api/sms/send' } });
    expect((await refusal(sendSms({ to: BUYER, text: TEXT }))).kind).toBe('config');
  });
});

describe('verifyTermiiSignature', () => {
  const body = JSON.stringify(deliveryReport({ messageId: '5964465985113503103', receiver: BUYER, status: 'Delivered' }));

  it('accepts the HMAC-SHA512 of the raw body with the secret key, in hex of either case', () => {
    const signature = termiiSignature(body, ACCOUNT.secretKey);
    expect(verifyTermiiSignature(body, signature)).toBe(true);
    expect(verifyTermiiSignature(body, signature.toUpperCase())).toBe(true);
  });

  it('refuses another key, another body, a missing or malformed header, and everything while the secret is unset', () => {
    const signature = termiiSignature(body, ACCOUNT.secretKey);
    expect(verifyTermiiSignature(body, termiiSignature(body, 'another-secret'))).toBe(false);
    expect(verifyTermiiSignature(body.replace('Delivered', 'Message Failed'), signature)).toBe(false);
    expect(verifyTermiiSignature(`${body} `, signature)).toBe(false);
    for (const header of [null, '', 'sha512=' + signature, signature.slice(0, 64), `${signature}00`, 'z'.repeat(128)])
      expect(verifyTermiiSignature(body, header)).toBe(false);
    useTermii({ TERMII_API_KEY: undefined, TERMII_SENDER_ID: undefined, TERMII_SECRET_KEY: undefined });
    expect(verifyTermiiSignature(body, signature)).toBe(false);
  });

  it('agrees with the fake: its valid events pass, its bad and unsigned ones do not', async () => {
    const receiver = await startReceiver();
    try {
      const event = inboundMessage({ from: BUYER, text: 'Yes, please call me' });
      expect((await fake.deliver(receiver.url, event)).status).toBe(200);
      expect((await fake.deliver(receiver.url, event, { signature: 'bad' })).status).toBe(401);
      expect((await fake.deliver(receiver.url, event, { signature: 'none' })).status).toBe(401);
      expect(receiver.received.map((r) => r.verified)).toEqual([true, false, false]);
      expect(receiver.received[0].events).toMatchObject([{ type: 'message', from: BUYER, text: 'Yes, please call me' }]);
    } finally {
      await receiver.close();
    }
  });
});

describe('the fake’s delivery reports', () => {
  it('name the id the send returned: sent, then delivered, or the failure Termii reports', async () => {
    const receiver = await startReceiver();
    try {
      fake.reportsTo = receiver.url;
      fake.reportFailure.set('+2348099999999', 'Expired');
      const delivered = await sendSms({ to: BUYER, text: TEXT });
      const expired = await sendSms({ to: '+2348099999999', text: TEXT });
      await fake.settled();
      const updates = receiver.received.flatMap((r) => r.events).map((e) => (e.type === 'status' ? [e.providerId, e.status, e.error] : []));
      expect(updates.filter(([id]) => id === delivered.providerId)).toEqual([
        [delivered.providerId, 'sent', undefined],
        [delivered.providerId, 'delivered', undefined],
      ]);
      expect(updates.filter(([id]) => id === expired.providerId)).toEqual([
        [expired.providerId, 'sent', undefined],
        [expired.providerId, 'failed', 'Expired'],
      ]);
    } finally {
      await receiver.close();
    }
  });
});

describe('parseTermiiEvent', () => {
  const receivedAt = new Date('2026-03-02T09:00:00Z');

  it('turns delivery reports into status updates of the message id the send returned', () => {
    const report = (status: string) =>
      parseTermiiEvent(deliveryReport({ messageId: '5964465985113503103', receiver: BUYER, status }), receivedAt);
    expect(report('Delivered')).toEqual([
      { type: 'status', channel: 'sms', providerId: '5964465985113503103', status: 'delivered', at: receivedAt },
    ]);
    expect(report('DELIVERED | Message delivered to handset')[0]).toMatchObject({ status: 'delivered' });
    expect(report('Received')[0]).toMatchObject({ status: 'delivered' });
    expect(report('Message Sent')[0]).toMatchObject({ status: 'sent' });
    expect(report('Message Sent')[0]).not.toHaveProperty('error');
  });

  it('reports a failed message with Termii’s reason', () => {
    for (const reason of ['DND Active on Phone Number', 'Message Failed', 'Rejected', 'Expired']) {
      const [update] = parseTermiiEvent(deliveryReport({ messageId: '42', receiver: BUYER, status: reason }), receivedAt);
      expect(update).toEqual({ type: 'status', channel: 'sms', providerId: '42', status: 'failed', at: receivedAt, error: reason });
    }
  });

  it('reads the example delivery report of Termii’s docs', () => {
    const documented = {
      type: 'outbound',
      message_id: '5964465985113503103',
      receiver: '2343459509389',
      sender: 'N-Alert',
      message: 'Your Termii confirmation code is 234u53.',
      sent_at: '2020-12-16 11:34:36',
      cost: '3.9',
      command: 'deliver',
      status: 'DELIVERED | Message delivered to handset',
      channel: 'Number Api',
    };
    expect(parseTermiiEvent(documented, receivedAt)).toEqual([
      { type: 'status', channel: 'sms', providerId: '5964465985113503103', status: 'delivered', at: receivedAt },
    ]);
  });

  it('turns an inbound SMS into an incoming message from an E.164 number, with Termii’s id and time', () => {
    const documented = {
      type: 'inbound',
      id: '8248611476370959318',
      message_id: '3905204342778053556',
      receiver: '12022214836',
      sender: '2347069549231',
      message: 'Great ',
      received_at: '2020-12-16T10:51:03.000000Z',
      cost: null,
      command: 'Received',
      status: 'Received',
      channel: null,
    };
    expect(parseTermiiEvent(documented, receivedAt)).toEqual([
      {
        type: 'message',
        channel: 'sms',
        providerId: '3905204342778053556',
        from: '+2347069549231',
        at: new Date('2020-12-16T10:51:03Z'),
        text: 'Great ',
      },
    ]);
  });

  it('reads a sender in local Nigerian, 00-prefixed or plus form', () => {
    for (const sender of ['08031234567', '002348031234567', '+2348031234567', '234 803 123 4567'])
      expect(parseTermiiEvent({ ...inboundMessage({ from: BUYER, text: 'Hi' }), sender }, receivedAt)[0]).toMatchObject({ from: BUYER });
    expect(parseTermiiEvent({ ...inboundMessage({ from: BUYER, text: 'Hi' }), sender: 'MTN' }, receivedAt)).toEqual([]);
  });

  it('gives an inbound SMS without Termii’s ids one made from its own fields: the same each time it comes', () => {
    const at = new Date('2026-03-02T08:59:00Z');
    const event = inboundMessage({ from: BUYER, text: 'STOP', messageId: null, receivedAt: at });
    const [first] = parseTermiiEvent(event, receivedAt);
    const [again] = parseTermiiEvent(JSON.parse(JSON.stringify(event)), new Date('2026-03-02T09:05:00Z'));
    expect(first).toMatchObject({ type: 'message', from: BUYER, text: 'STOP', at });
    expect(first.providerId).toMatch(/^derived-[0-9a-f]{32}$/);
    expect(again.providerId).toBe(first.providerId);
    const [other] = parseTermiiEvent(inboundMessage({ from: BUYER, text: 'Stop', messageId: null, receivedAt: at }), receivedAt);
    expect(other.providerId).not.toBe(first.providerId);
  });

  it('never dates a message after it reached us, and reads Termii’s zoneless time as UTC', () => {
    const event = (received_at: string) => ({ ...inboundMessage({ from: BUYER, text: 'Hi' }), received_at });
    expect(parseTermiiEvent(event('2999-01-01 00:00:00'), receivedAt)[0].at).toEqual(receivedAt);
    expect(parseTermiiEvent(event('2026-03-02 08:30:00'), receivedAt)[0].at).toEqual(new Date('2026-03-02T08:30:00Z'));
    expect(parseTermiiEvent(event('yesterday'), receivedAt)[0].at).toEqual(receivedAt);
  });

  it('reads events whose type is missing from their fields, and a batch of them', () => {
    const report: Record<string, unknown> = deliveryReport({ messageId: '7', receiver: BUYER, status: 'Delivered' });
    const reply: Record<string, unknown> = inboundMessage({ from: BUYER, text: 'Hello' });
    delete report.type;
    delete reply.type;
    expect(parseTermiiEvent([report, reply], receivedAt).map((e) => e.type)).toEqual(['status', 'message']);
  });

  it('gives nothing for what is not a report or a reply, and never throws', () => {
    const garbage: unknown[] = [
      null,
      undefined,
      42,
      'Delivered',
      [],
      {},
      { type: 'device_status', status: 'disconnected', device_id: 'e0c5a9b', name: 'TermiiWh' },
      { type: 'outbound', message_id: '1', receiver: BUYER, status: 'Queued somewhere' },
      { type: 'outbound', receiver: BUYER, status: 'Delivered' },
      { type: 'outbound', message_id: { nested: true }, status: 'Delivered' },
      { type: 'inbound', message: 'no sender' },
      { type: 'inbound', sender: ['2348031234567'], message: 'Hi' },
      { type: 7, status: null, message_id: Number.NaN },
      [null, 'x', { type: 'inbound' }],
    ];
    for (const payload of garbage) expect(parseTermiiEvent(payload, receivedAt)).toEqual([]);
  });
});
