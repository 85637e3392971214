import type { FakeTermii } from '../support/fake-termii';
import type { WhatsAppFake } from '../support/fake-whatsapp';

/**
 * The settings that point the site's WhatsApp and SMS channels at the fakes of Meta's Cloud API and Termii
 * (tests/support), for the integration tests of the lead's conversation; `CHANNELS_OFF` turns both off again.
 */
export const WHATSAPP = { token: 'fake-whatsapp-token-0123456789', phoneNumberId: '109876543210', appSecret: 'fake-app-secret-0123456789' };
export const WHATSAPP_VERIFY_TOKEN = 'fake-verify-token-0123456789';
export const TERMII = { apiKey: 'fake-termii-key-0123456789', secretKey: 'fake-termii-secret-0123456789', senderId: 'Meridian' };

export const whatsAppOn = (fake: WhatsAppFake) => ({
  WHATSAPP_TOKEN: WHATSAPP.token,
  WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
  WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
  WHATSAPP_VERIFY_TOKEN,
  WHATSAPP_API_BASE: fake.apiBase,
});

export const smsOn = (fake: FakeTermii) => ({
  TERMII_API_KEY: TERMII.apiKey,
  TERMII_SENDER_ID: TERMII.senderId,
  TERMII_SECRET_KEY: TERMII.secretKey,
  TERMII_API_BASE: fake.url,
});

export const CHANNELS_OFF = {
  WHATSAPP_TOKEN: undefined,
  WHATSAPP_PHONE_NUMBER_ID: undefined,
  WHATSAPP_APP_SECRET: undefined,
  WHATSAPP_VERIFY_TOKEN: undefined,
  WHATSAPP_API_BASE: undefined,
  TERMII_API_KEY: undefined,
  TERMII_SENDER_ID: undefined,
  TERMII_SECRET_KEY: undefined,
  TERMII_API_BASE: undefined,
};
