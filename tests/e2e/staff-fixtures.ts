/** Test staff account and session secret, passed to the e2e server by playwright.config.ts. */
export const E2E_STAFF = {
  email: 'owner@e2e.example.com',
  password: 'E2E-Owner-Passphrase-Meridian-7',
  sessionSecret: 'e2e-session-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
} as const;
