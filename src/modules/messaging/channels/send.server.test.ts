import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env.server';
import { startFakeTermii, type FakeTermii } from '../../../../tests/support/fake-termii';
import { startSmtpPeer, startWebhookReceiver } from '../../../../tests/support/peers';
import { ChannelError } from './channel-error';
import { emailChannel, smsChannel, webhookChannel } from './send.server';
import { SmsWithheld } from './sms-gate.server';
import { sendSms } from './termii.server';

// The SMS channel is Termii behind its limits' gate (docs/decisions/0402, 0409): what the gate withholds never reaches
// Termii, though Termii itself would have taken it.
const ACCOUNT = { apiKey: 'TLtest-api-key-0123456789', secretKey: 'termii-test-secret-key', senderId: 'Meridian' };
const UK_NUMBER = '+447700900123';
let fake: FakeTermii;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeTermii(ACCOUNT);
  Object.assign(process.env, {
    TERMII_API_KEY: ACCOUNT.apiKey,
    TERMII_SENDER_ID: ACCOUNT.senderId,
    TERMII_SECRET_KEY: ACCOUNT.secretKey,
    TERMII_API_BASE: fake.url,
    SMS_COUNTRIES: 'NG',
  });
  resetEnvCache();
});

afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  await fake.stop();
});

it('sends an SMS only through its gate: a number of a country not in SMS_COUNTRIES is withheld before Termii', async () => {
  // The country is checked before the day's budget, so no database is reached.
  const withheld = await smsChannel.send({} as Db, { to: UK_NUMBER, text: 'Hello' }).catch((error: unknown) => error);
  expect(withheld).toBeInstanceOf(SmsWithheld);
  expect((withheld as SmsWithheld).reason).toBe('country');
  expect(fake.requests).toBe(0);

  await sendSms({ to: UK_NUMBER, text: 'Hello' });
  expect(fake.sent).toHaveLength(1);
});

// Every channel's failure is a ChannelError (docs/decisions/0410-one-outbox.md): the outbox keeps its kind, and a
// sender tells a refusal from a retry alike on every channel.
it('throws typed failures for the webhook and e-mail: a refusal of our secret is config, a receiver down retry, a mailbox refused unreachable', async () => {
  let status = 503;
  const hooks = await startWebhookReceiver(() => status);
  const smtp = await startSmtpPeer();
  smtp.refuse = (address) => address === 'nobody@example.com';
  const secret = `whsec_${Buffer.from('districts-test-webhook-secret-32b').toString('base64')}`;
  try {
    const post = () => webhookChannel.send({} as Db, { url: hooks.url, secret, id: 'msg_1', payload: {} }).catch((error: unknown) => error);
    expect(await post()).toMatchObject({ name: 'ChannelError', kind: 'retry', message: 'the webhook receiver answered HTTP 503' });
    status = 401;
    expect(await post()).toMatchObject({ name: 'ChannelError', kind: 'config' });

    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    const refused = await emailChannel
      .send({} as Db, { to: ['nobody@example.com'], subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChannelError);
    expect(refused).toMatchObject({ kind: 'unreachable', providerCode: '550' });
    await smtp.stop();
    const down = await emailChannel
      .send({} as Db, { to: ['buyer@example.com'], subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })
      .catch((error: unknown) => error);
    expect(down).toMatchObject({ name: 'ChannelError', kind: 'retry' });
  } finally {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await hooks.stop();
    await smtp.stop();
  }
});
