import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/lib/env.server';
import { metaJson, startFakeWhatsApp, type WhatsAppFake } from '../../../../tests/support/fake-whatsapp';
import { startWebhookReceiver, waitFor, type Peer, type ReceivedWebhook } from '../../../../tests/support/peers';
import { ChannelError, type ChannelErrorKind } from './channel-error';
import type { StatusUpdate } from './events';
import {
  parseWhatsAppWebhook,
  sendWhatsAppTemplate,
  sendWhatsAppText,
  verifyWhatsAppSignature,
  whatsAppConfigured,
  whatsAppErrorKind,
  whatsAppHandshake,
} from './whatsapp-cloud.server';

const ACCOUNT = { token: 'EAAGtest-token-0123456789', phoneNumberId: '109876543210987', appSecret: 'app-secret-0123456789abcdef' };
const VERIFY_TOKEN = 'verify-token-0123456789';
const BUYER = '+2348031234567';
const TEXT = 'Good afternoon Mrs Okafor, the survey plan for plot 14 is ready.';
const FIRST_REPLY = {
  template: 'lead_first_reply',
  language: 'en',
  parameters: ['Adaeze', 'Lugbe, Abuja', 'Tunde Bakare', '+234 803 000 0000'],
};

let fake: WhatsAppFake;
let receiver: Peer<ReceivedWebhook>;

function useSettings(settings: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

const configured = () => ({
  WHATSAPP_TOKEN: ACCOUNT.token,
  WHATSAPP_PHONE_NUMBER_ID: ACCOUNT.phoneNumberId,
  WHATSAPP_APP_SECRET: ACCOUNT.appSecret,
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  WHATSAPP_API_BASE: fake.apiBase,
});
const unconfigured = () => Object.fromEntries(Object.keys(configured()).map((name) => [name, undefined]));

/** The refusal a send ended in; what it says is logged and stored, so it never holds the number (in any form) or the text. */
async function refusal(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  const channelError = error as ChannelError;
  for (const secret of [BUYER, BUYER.slice(1), '8031234567', TEXT, ...FIRST_REPLY.parameters]) {
    expect(channelError.message).not.toContain(secret);
    expect(channelError.providerCode ?? '').not.toContain(secret);
  }
  return channelError;
}

const sendFirstReply = (to = BUYER) => sendWhatsAppTemplate({ to, ...FIRST_REPLY });

beforeAll(async () => {
  fake = await startFakeWhatsApp({ ...ACCOUNT, templates: { lead_first_reply: { parameters: 4, languages: ['en'] } } });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await fake.stop();
  await receiver.stop();
});

beforeEach(async () => {
  useSettings(configured());
  await fake.up();
  await fake.settled();
  fake.sent.length = 0;
  fake.deliveries.length = 0;
  fake.requests = 0;
  fake.notOnWhatsApp.clear();
  fake.failuresBy = 'response';
  fake.statusesTo = undefined;
  fake.messagesPerSecond = undefined;
  receiver.received.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sending', () => {
  it('is on only with the token and the phone number id', () => {
    expect(whatsAppConfigured()).toBe(true);
    useSettings(unconfigured());
    expect(whatsAppConfigured()).toBe(false);
  });

  it('sends a template as Meta documents it: the number in digits, the body parameters in order', async () => {
    const sent = await sendFirstReply();

    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0].body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2348031234567',
      type: 'template',
      template: {
        name: 'lead_first_reply',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: FIRST_REPLY.parameters.map((text) => ({ type: 'text', text })) }],
      },
    });
    expect(sent).toEqual({ providerId: fake.sent[0].wamid });
  });

  it('puts a parameter with line breaks or tabs on one line, which Meta would refuse (#132018)', async () => {
    await sendWhatsAppTemplate({ to: BUYER, ...FIRST_REPLY, parameters: ['Adaeze', 'Lugbe,\nAbuja', 'Tunde\tBakare', 'x      y'] });
    expect(fake.sent[0].template?.parameters).toEqual(['Adaeze', 'Lugbe, Abuja', 'Tunde Bakare', 'x y']);
  });

  it('sends free text without a link preview inside the 24-hour window', async () => {
    fake.customerWrote(BUYER);
    const sent = await sendWhatsAppText({ to: BUYER, body: TEXT });

    expect(fake.sent[0].body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2348031234567',
      type: 'text',
      text: { body: TEXT, preview_url: false },
    });
    expect(sent.providerId).toBe(fake.sent[0].wamid);
  });

  it('sends nothing when WhatsApp is not configured, or to a number that is not international', async () => {
    useSettings(unconfigured());
    expect((await refusal(sendFirstReply())).kind).toBe('config');
    useSettings(configured());
    for (const number of ['08031234567', '2348031234567', '+234 803 123 4567', '+0123456789'])
      expect((await refusal(sendFirstReply(number))).kind).toBe('unreachable');
    expect(fake.requests).toBe(0);
  });
});

describe('a refused send', () => {
  it('to a number not on WhatsApp is unreachable (131026): the next channel is tried', async () => {
    fake.notOnWhatsApp.add(BUYER);
    const error = await refusal(sendFirstReply());
    expect(error).toMatchObject({ kind: 'unreachable', providerCode: '131026' });
    expect(error.message).toContain('131026 (Message Undeliverable)');
    expect(fake.sent).toHaveLength(0);
  });

  it('of free text more than 24 hours after the buyer last wrote is window_closed (131047)', async () => {
    fake.customerWrote(BUYER, Date.now() - 25 * 3600 * 1000);
    const error = await refusal(sendWhatsAppText({ to: BUYER, body: TEXT }));
    expect(error).toMatchObject({ kind: 'window_closed', providerCode: '131047' });
    // An approved template still goes.
    await sendFirstReply();
    expect(fake.sent).toHaveLength(1);
  });

  it("over Meta's throughput limit (code 130429, which Meta answers with HTTP 400) is retried", async () => {
    fake.messagesPerSecond = 1;
    await sendFirstReply();
    const error = await refusal(sendFirstReply());
    expect(error).toMatchObject({ kind: 'retry', providerCode: '130429' });
    expect(error.message).toContain('HTTP 400');
  });

  it('with HTTP 429 and Retry-After is retried no sooner than Meta said', async () => {
    fake.failNext(1, { status: 429, code: 130429, retryAfterSeconds: 30 });
    expect(await refusal(sendFirstReply())).toMatchObject({ kind: 'retry', providerCode: '130429', retryAfterSeconds: 30 });
    // The next attempt goes through.
    await sendFirstReply();
    expect(fake.sent).toHaveLength(1);
  });

  it.each([
    [{ status: 500 }, '131000'],
    [{ status: 503, code: 131016 }, '131016'],
    [{ status: 400, code: 131056 }, '131056'],
    [{ status: 400, code: 131048 }, '131048'],
    [{ status: 400, code: 4 }, '4'],
    [{ status: 400, code: 80007 }, '80007'],
  ])('when Meta is down or limiting us (%o) is retried', async (failure, code) => {
    fake.failNext(1, failure);
    expect(await refusal(sendFirstReply())).toMatchObject({ kind: 'retry', providerCode: code, retryAfterSeconds: undefined });
  });

  it('with a wrong token is config (190), for the owners to mend', async () => {
    useSettings({ ...configured(), WHATSAPP_TOKEN: 'EAAGrevoked-token-000' });
    const error = await refusal(sendFirstReply());
    expect(error).toMatchObject({ kind: 'config', providerCode: '190' });
    expect(error.message).toContain('HTTP 401');
  });

  it('with a wrong phone number id is config', async () => {
    useSettings({ ...configured(), WHATSAPP_PHONE_NUMBER_ID: '100000000000001' });
    expect(await refusal(sendFirstReply())).toMatchObject({ kind: 'config', providerCode: '100' });
  });

  it('of a template Meta does not know, in another language, paused or with the wrong number of parameters is config', async () => {
    const unknown = await refusal(sendWhatsAppTemplate({ to: BUYER, ...FIRST_REPLY, template: 'lead_first_reply_v2' }));
    expect(unknown).toMatchObject({ kind: 'config', providerCode: '132001' });
    expect(unknown.message).toContain('HTTP 404');
    const language = await refusal(sendWhatsAppTemplate({ to: BUYER, ...FIRST_REPLY, language: 'en_GB' }));
    expect(language).toMatchObject({ kind: 'config', providerCode: '132001' });
    const count = await refusal(sendWhatsAppTemplate({ to: BUYER, ...FIRST_REPLY, parameters: ['Adaeze'] }));
    expect(count).toMatchObject({ kind: 'config', providerCode: '132000' });
    fake.failNext(1, { status: 400, code: 132015 });
    expect(await refusal(sendFirstReply())).toMatchObject({ kind: 'config', providerCode: '132015' });
    expect(fake.sent).toHaveLength(0);
  });

  it('when Meta cannot be reached is retried, and goes once it is back', async () => {
    await fake.down();
    const error = await refusal(sendFirstReply());
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('could not be reached');
    await fake.up();
    await sendFirstReply();
    expect(fake.sent).toHaveLength(1);
  });

  it('when Meta resets the connection is retried, as a send that may have gone', async () => {
    fake.failNext(1, { drop: 'reset' });
    expect(await refusal(sendFirstReply())).toMatchObject({ kind: 'retry', unanswered: true });
    fake.failNext(1, { drop: 'taken-then-reset' });
    expect(await refusal(sendFirstReply())).toMatchObject({ kind: 'retry', unanswered: true });
    expect(fake.sent).toHaveLength(1);
  });

  it('gives our id of the message as biz_opaque_callback_data, and reads it back from its statuses', async () => {
    await sendWhatsAppTemplate({ to: BUYER, ...FIRST_REPLY, reference: 'our-id-1' });
    expect(fake.sent[0].body).toMatchObject({ biz_opaque_callback_data: 'our-id-1' });
    const events = parseWhatsAppWebhook(
      JSON.parse(
        metaJson(fake.statusPayload({ wamid: fake.sent[0].wamid, status: 'delivered', recipient: BUYER, callbackData: 'our-id-1' })),
      ),
    );
    expect(events).toMatchObject([{ type: 'status', status: 'delivered', reference: 'our-id-1' }]);
  });

  it('when Meta does not answer within 10 s is retried', async () => {
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    // The time limit asked for is 10 s; the test waits a twentieth of a second of it.
    const asked = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(50));
    fake.failNext(1, { drop: 'stall' });
    const error = await refusal(sendFirstReply());
    expect(error.kind).toBe('retry');
    expect(error.message).toContain('no answer within 10 s');
    expect(error.unanswered).toBe(true);
    expect(asked).toHaveBeenCalledWith(10_000);
  });

  it.each<[number | undefined, number, string | undefined, ChannelErrorKind]>([
    [131026, 400, undefined, 'unreachable'],
    [131021, 400, undefined, 'unreachable'],
    [131030, 400, undefined, 'unreachable'],
    [100, 400, "Invalid parameter 'to'", 'unreachable'],
    [131009, 400, 'Recipient phone number is not valid', 'unreachable'],
    [100, 400, 'Invalid parameter', 'config'],
    [131047, 400, undefined, 'window_closed'],
    [0, 401, undefined, 'config'],
    [10, 403, undefined, 'config'],
    [200, 403, undefined, 'config'],
    [299, 403, undefined, 'config'],
    [132016, 400, undefined, 'config'],
    [368, 403, undefined, 'config'],
    [131000, 500, undefined, 'retry'],
    [133016, 400, undefined, 'retry'],
    [undefined, 502, undefined, 'retry'],
    [undefined, 429, undefined, 'retry'],
    [undefined, 418, undefined, 'config'],
    [999999, 400, undefined, 'config'],
    [999999, 500, undefined, 'retry'],
  ])("Meta's code %s (HTTP %s, %s) is %s", (code, status, details, kind) => {
    expect(whatsAppErrorKind(code, status, details)).toBe(kind);
  });
});

describe('failures Meta reports later, by webhook', () => {
  it("a number not on WhatsApp is accepted, then a failed status says why (131026), in the app's own terms", async () => {
    fake.failuresBy = 'webhook';
    fake.statusesTo = receiver.url;
    fake.notOnWhatsApp.add(BUYER);
    const sent = await sendFirstReply();
    await fake.settled();

    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0];
    expect(verifyWhatsAppSignature(body, headers['x-hub-signature-256'] as string)).toBe(true);
    const [status] = parseWhatsAppWebhook(JSON.parse(body)) as StatusUpdate[];
    expect(status).toMatchObject({ type: 'status', providerId: sent.providerId, status: 'failed', error: '131026 Message Undeliverable' });
    expect(whatsAppErrorKind(Number.parseInt(status.error!, 10))).toBe('unreachable');
  });

  it('a delivered message is reported sent, then delivered', async () => {
    fake.statusesTo = receiver.url;
    const sent = await sendFirstReply();
    expect(await waitFor(() => receiver.received.length === 2, 5_000)).toBe(true);
    const statuses = receiver.received.flatMap(({ body }) => parseWhatsAppWebhook(JSON.parse(body)));
    expect(statuses.map((s) => [s.providerId, 'status' in s && s.status])).toEqual([
      [sent.providerId, 'sent'],
      [sent.providerId, 'delivered'],
    ]);
  });
});

describe('the webhook signature', () => {
  const deliveredBody = async (
    signature: 'valid' | 'bad' | 'none',
    payload: unknown = fake.messagePayload({ from: BUYER, text: TEXT }),
  ) => {
    receiver.received.length = 0;
    const response = await fake.deliver(receiver.url, payload, { signature });
    expect(response.status).toBe(204);
    const { headers, body } = receiver.received[0];
    return { body, header: (headers['x-hub-signature-256'] as string | undefined) ?? null };
  };

  it("is Meta's HMAC of the raw body with the app secret", async () => {
    const { body, header } = await deliveredBody('valid');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWhatsAppSignature(body, header)).toBe(true);
    expect(verifyWhatsAppSignature(new TextEncoder().encode(body), header)).toBe(true);
  });

  it('covers the bytes as Meta sent them (non-ASCII and "/" escaped), not the body parsed and written again', async () => {
    const payload = fake.messagePayload({ from: BUYER, text: 'Ẹ káàsán 👋 https://meridian.example/lugbe', profileName: 'Adaéze' });
    const { body, header } = await deliveredBody('valid', payload);
    expect(body).toContain('Ada\\u00e9ze');
    expect(body).toContain('https:\\/\\/meridian.example');
    expect(verifyWhatsAppSignature(body, header)).toBe(true);
    expect(verifyWhatsAppSignature(JSON.stringify(JSON.parse(body)), header)).toBe(false);
  });

  it('refuses a tampered body, another secret, a missing or malformed header, and an unset secret', async () => {
    const { body, header } = await deliveredBody('valid');
    expect(verifyWhatsAppSignature(body.replace('Good afternoon', 'Good afternooN'), header)).toBe(false);
    const otherSecret = await deliveredBody('bad');
    expect(verifyWhatsAppSignature(otherSecret.body, otherSecret.header)).toBe(false);
    const unsigned = await deliveredBody('none');
    expect(unsigned.header).toBeNull();
    expect(verifyWhatsAppSignature(unsigned.body, unsigned.header)).toBe(false);
    for (const malformed of ['', 'sha256=', 'sha256=abc', `sha1=${header!.slice(7)}`, header!.slice(7), `${header}00`])
      expect(verifyWhatsAppSignature(body, malformed)).toBe(false);
    useSettings({ ...configured(), WHATSAPP_APP_SECRET: undefined, WHATSAPP_TOKEN: undefined, WHATSAPP_PHONE_NUMBER_ID: undefined });
    expect(verifyWhatsAppSignature(body, header)).toBe(false);
  });
});

describe('the subscription handshake', () => {
  const params = (values: Record<string, string>) => new URLSearchParams(values);

  it('answers the challenge when the verify token is ours', () => {
    expect(whatsAppHandshake(params({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' }))).toBe(
      '1158201444',
    );
  });

  it('answers nothing to another token, another mode, no challenge, or when no token is set', () => {
    const challenge = { 'hub.challenge': '1158201444' };
    expect(whatsAppHandshake(params({ 'hub.mode': 'subscribe', 'hub.verify_token': `${VERIFY_TOKEN}x`, ...challenge }))).toBeUndefined();
    expect(whatsAppHandshake(params({ 'hub.mode': 'subscribe', 'hub.verify_token': '', ...challenge }))).toBeUndefined();
    expect(whatsAppHandshake(params({ 'hub.mode': 'subscribe', ...challenge }))).toBeUndefined();
    expect(whatsAppHandshake(params({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, ...challenge }))).toBeUndefined();
    expect(whatsAppHandshake(params({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN }))).toBeUndefined();
    useSettings(unconfigured());
    expect(whatsAppHandshake(params({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, ...challenge }))).toBeUndefined();
  });
});

describe('reading the webhook', () => {
  /** A payload of Meta's shape holding these messages, as from our number unless told otherwise. */
  const withMessages = (messages: unknown[], phoneNumberId = ACCOUNT.phoneNumberId) => {
    const payload = fake.messagePayload({ from: BUYER, text: 'x', phoneNumberId }) as {
      entry: { changes: { value: { messages: unknown[] } }[] }[];
    };
    payload.entry[0].changes[0].value.messages = messages;
    return payload;
  };
  const base = { from: '2348031234567', timestamp: '1767225600' };

  it("turns a buyer's message into an incoming message from their E.164 number, with their profile name", () => {
    const payload = fake.messagePayload({
      from: BUYER,
      text: "Hello, I'm interested in Lugbe (ref D1-K7)",
      wamid: 'wamid.abc=',
      profileName: 'Adaeze',
      timestamp: 1767225600_000,
    });
    expect(parseWhatsAppWebhook(payload)).toEqual([
      {
        type: 'message',
        channel: 'whatsapp',
        providerId: 'wamid.abc=',
        from: BUYER,
        at: new Date('2026-01-01T00:00:00Z'),
        text: "Hello, I'm interested in Lugbe (ref D1-K7)",
        profileName: 'Adaeze',
      },
    ]);
  });

  it("keeps a click-to-WhatsApp ad's referral", () => {
    const payload = fake.messagePayload({
      from: BUYER,
      text: 'Is this still available?',
      referral: { sourceUrl: 'https://fb.me/2ZxNk1', sourceId: '120210000000000001', sourceType: 'ad', headline: 'Plots in Lugbe' },
    });
    expect(parseWhatsAppWebhook(payload)[0]).toMatchObject({
      referral: { sourceUrl: 'https://fb.me/2ZxNk1', sourceId: '120210000000000001', sourceType: 'ad', headline: 'Plots in Lugbe' },
    });
  });

  it("reads a button's, a list's and a caption's text, and names other kinds", () => {
    const events = parseWhatsAppWebhook(
      withMessages([
        { ...base, id: 'w1', type: 'button', button: { text: 'Call me', payload: 'CALL' } },
        { ...base, id: 'w2', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Yes' } } },
        { ...base, id: 'w3', type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Lugbe' } } },
        { ...base, id: 'w4', type: 'image', image: { caption: 'My plot', mime_type: 'image/jpeg', id: 'm1' } },
        { ...base, id: 'w5', type: 'image', image: { mime_type: 'image/jpeg', id: 'm2' } },
        { ...base, id: 'w6', type: 'sticker', sticker: { id: 'm3' } },
        { ...base, id: 'w7', type: 'location', location: { latitude: 9.0, longitude: 7.4 } },
        { ...base, id: 'w8', type: 'request_welcome' },
        { ...base, id: 'w9', type: 'text', text: { body: 'Hello' }, context: { from: '2349010000000', id: 'wamid.earlier' } },
      ]),
    );
    expect(events.map((event) => 'text' in event && event.text)).toEqual([
      'Call me',
      'Yes',
      'Lugbe',
      'My plot',
      '[image]',
      '[sticker]',
      '[location]',
      'Hello',
    ]);
  });

  it('reads statuses, a failed one with its code and title', () => {
    const sent = fake.statusPayload({ wamid: 'wamid.1', status: 'sent', recipient: BUYER, timestamp: 1767225600_000 });
    const failed = fake.statusPayload({ wamid: 'wamid.2', status: 'failed', recipient: BUYER, errors: [{ code: 131047 }] });
    expect(parseWhatsAppWebhook(sent)).toEqual([
      { type: 'status', channel: 'whatsapp', providerId: 'wamid.1', status: 'sent', at: new Date('2026-01-01T00:00:00Z') },
    ]);
    expect(parseWhatsAppWebhook(failed)).toEqual([
      expect.objectContaining({ providerId: 'wamid.2', status: 'failed', error: '131047 Re-engagement message' }),
    ]);
    for (const status of ['delivered', 'read'] as const)
      expect(parseWhatsAppWebhook(fake.statusPayload({ wamid: 'wamid.3', status, recipient: BUYER }))).toMatchObject([{ status }]);
  });

  it("ignores another phone number's events, and everything when ours is not set", () => {
    expect(parseWhatsAppWebhook(fake.messagePayload({ from: BUYER, text: 'Hello', phoneNumberId: '100000000000001' }))).toEqual([]);
    expect(
      parseWhatsAppWebhook(fake.statusPayload({ wamid: 'w', status: 'read', recipient: BUYER, phoneNumberId: '100000000000001' })),
    ).toEqual([]);
    useSettings(unconfigured());
    expect(parseWhatsAppWebhook(fake.messagePayload({ from: BUYER, text: 'Hello' }))).toEqual([]);
  });

  it('returns nothing for what cannot be read, and keeps what can beside it', () => {
    const garbage: unknown[] = [
      null,
      'whatsapp_business_account',
      42,
      [],
      {},
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account', entry: 'x' },
      { object: 'whatsapp_business_account', entry: [null, { changes: 'x' }, { changes: [null, { field: 'messages' }] }] },
      {
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] }],
      },
      withMessages([
        null,
        { ...base, id: 'w', type: 'text', timestamp: 'yesterday' },
        { ...base, id: '', type: 'text' },
        { ...base, from: '+234', id: 'w', type: 'text' },
      ]),
      fake.statusPayload({ wamid: 'wamid.1', status: 'deleted' as 'read', recipient: BUYER }),
    ];
    for (const payload of garbage) expect(parseWhatsAppWebhook(payload)).toEqual([]);

    const mixed = withMessages([
      { id: 'broken' },
      { ...base, id: 'wamid.ok', type: 'text', text: 'not an object' },
      { ...base, id: 'wamid.ok2', type: 'text', text: { body: 'Hello' } },
    ]);
    expect(parseWhatsAppWebhook(mixed).map((event) => [event.providerId, 'text' in event && event.text])).toEqual([
      ['wamid.ok', '[text]'],
      ['wamid.ok2', 'Hello'],
    ]);
  });
});
