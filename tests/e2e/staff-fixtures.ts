/** Test staff account and session secret, passed to the e2e server by playwright.config.ts. */
export const E2E_STAFF = {
  email: 'owner@e2e.example.com',
  password: 'E2E-Owner-Passphrase-Meridian-7',
  sessionSecret: 'e2e-session-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
} as const;

/**
 * STAFF_REAUTH_SECONDS on the e2e server: how long a typed password counts as recent. Long enough that a sign-in through
 * the pages is still recent when a test goes on to a download (13 s from the password to the export was seen on a
 * loaded 2-core machine, past the 15 s this once was), short enough for a test to wait it out (PAST_REAUTH_MS).
 */
export const E2E_REAUTH_SECONDS = 30;
/** A test's wait until the password it typed is no longer recent. */
export const PAST_REAUTH_MS = (E2E_REAUTH_SECONDS + 1) * 1000;
