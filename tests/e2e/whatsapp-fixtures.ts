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

/**
 * Paystack as the e2e server sees it: the fake (tests/support/fake-paystack.ts) that global-setup.ts starts on
 * E2E_PAYSTACK_PORT with this secret key, so the pay page offers Paystack (tests/e2e/payments.spec.ts). Only the pay
 * page changes with it (it offers a card payment and the buyer's own account number beside the transfer); no other
 * test goes there. Transfers into an account number are made on the fake (`fakePaystackUrl()/_simulate/transfer`).
 */
export const E2E_PAYSTACK = { secretKey: 'sk_test_e2e_0123456789abcdef' } as const;
export const e2ePaystackEnv = (port: number) => ({
  PAYSTACK_SECRET_KEY: E2E_PAYSTACK.secretKey,
  PAYSTACK_API_BASE: `http://127.0.0.1:${port}`,
  PAYSTACK_DEDICATED_BANK: 'test-bank',
});
export const fakePaystackUrl = () => `http://127.0.0.1:${process.env.E2E_PAYSTACK_PORT}`;
