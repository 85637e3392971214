/**
 * WhatsApp's Cloud API as the e2e server sees it: the fake (tests/support/fake-whatsapp.ts) that global-setup.ts starts
 * on E2E_WHATSAPP_PORT, with these credentials; playwright.config.ts gives them to the server.
 */
export const E2E_WHATSAPP = {
  token: 'e2e-whatsapp-token-0123456789',
  phoneNumberId: '100200300401',
  appSecret: 'e2e-whatsapp-app-secret-0123456789',
} as const;

export const e2eWhatsAppEnv = (port: number) => ({
  WHATSAPP_TOKEN: E2E_WHATSAPP.token,
  WHATSAPP_PHONE_NUMBER_ID: E2E_WHATSAPP.phoneNumberId,
  WHATSAPP_APP_SECRET: E2E_WHATSAPP.appSecret,
  WHATSAPP_VERIFY_TOKEN: 'e2e-whatsapp-verify-token',
  WHATSAPP_API_BASE: `http://127.0.0.1:${port}/v23.0`,
});

/** The fake's own door (not Meta's), for the test code in the browsers' workers. */
export const fakeWhatsAppUrl = () => `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`;
