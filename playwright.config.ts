import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, E2E_CHROMIUM } from './scripts/lib/chromium.mjs';
import { E2E_REAUTH_SECONDS, E2E_STAFF } from './tests/e2e/staff-fixtures';
import { e2ePaystackEnv, e2eWhatsAppEnv } from './tests/e2e/whatsapp-fixtures';
import { PUSH_SERVICE_CERT } from './tests/support/push-service.mjs';
import { TEST_SITE_FACTS } from './tests/support/site-facts';

// The config is evaluated by the runner and again by each worker; the first evaluation picks the port and
// data directory and leaves them in the environment the workers inherit.
process.env.E2E_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'districts-e2e-'));
// The fake of WhatsApp's Cloud API (tests/support/fake-whatsapp.ts), started by global-setup.ts on this port.
process.env.E2E_WHATSAPP_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim();
process.env.E2E_PAYSTACK_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export const chromiumLaunch = { executablePath: E2E_CHROMIUM, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests/e2e',
  // The first owner sets up two-step sign-in and keeps a session for the tests (after the web server is up).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Four on two cores: several tests wait (a TOTP step, the password's E2E_REAUTH_SECONDS, a lead turning overdue), and with three
  // the cores went half idle whenever three waited at once (docs/benchmarks/0382-ci-time.md).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // A test's whole budget, not a performance target: the long staff and newsletter flows with axe passed 45 s on a
  // CI machine whose two cores the process tests shared.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    launchOptions: chromiumLaunch,
    // A trace is recorded while each test runs and kept only when it fails: in a run of every test that is 201 traces
    // thrown away. `.ci/run` records none (E2E_TRACE=off: 451 -> 325 CPU seconds for the run; a failure still leaves
    // its error-context.md, the page as seen); elsewhere traces keep the page's DOM but no screencast frames, which were
    // most of their cost (451 -> 362; docs/benchmarks/0382-ci-time.md). With CI set, as before, a retry records one.
    trace: process.env.CI ? 'on-first-retry' : process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'desktop',
      // A visitor who asked for reduced motion: the home page's hero video, which plays on wide screens, kept half a
      // core busy for as long as a test stayed on the page. tests/e2e/site.spec.ts checks the video with motion on.
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromiumLaunch, reducedMotion: 'reduce' },
      testIgnore: /backups\.spec\.ts/,
      // A phone's own flows (its fingerprint, its alerts: PHONE_ONLY in tests/e2e/helpers.ts) run in the phone project only.
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromiumLaunch },
      // Only what depends on the screen (layout, overflow, touch, axe, the phone inbox: tests tagged PHONE in
      // tests/e2e/helpers.ts); the rest behaves the same on any screen and runs once, in the desktop project.
      grep: /@phone/,
    },
    {
      // Last, alone: an embedded-database backup holds the server for seconds (docs/decisions/0111), which would
      // trip the timing of tests running beside it (scripts arriving within 3 s).
      name: 'after',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromiumLaunch, reducedMotion: 'reduce' },
      testMatch: /backups\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    // server.mjs, as `npm start`: the client address comes from the socket (tests/e2e/seo-security.spec.ts checks it).
    // One build shared with the crash and delivery tests: rebuilt only when the sources are newer.
    // District 1 gets a layout of plots first (tests/e2e/seed-plots.ts).
    command: `node scripts/build-if-stale.mjs && npx tsx --conditions=react-server tests/e2e/seed-plots.ts && node server.mjs -H 127.0.0.1 -p ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Many e2e submissions come from one address; the rate limit itself is tested in the integration suite.
      RATE_LIMIT_INTEREST: '1000/600',
      RATE_LIMIT_INTEREST_SITE: '1000/60',
      RATE_LIMIT_NEWSLETTER: '1000/600',
      RATE_LIMIT_SIGN_IN: '1000/600',
      // The same for the inspections' limits per client network and per buyer (docs/decisions/0401).
      INSPECTION_NETWORK_SEATS: '500',
      RATE_LIMIT_INSPECTION_CHANGE: '1000/600',
      RATE_LIMIT_INSPECTION_CHANGE_BOOKING: '1000/600',
      RATE_LIMIT_PLOT_HOLD: '1000/600',
      BUYER_MESSAGES_PER_DAY: '1000',
      // Short, so tests/e2e/staff.spec.ts sees the password asked again before a sensitive change.
      STAFF_REAUTH_SECONDS: String(E2E_REAUTH_SECONDS),
      // Staff passwords hashed cheaply on this test server; tests/integration/staff-auth.test.ts checks the strong default.
      STAFF_PASSWORD_SCRYPT_LOG2N: '12',
      MIN_FILL_MS: '0',
      // Working time around the clock and a one-minute first-contact target, so tests/e2e/dashboard.spec.ts sees a
      // lead turn overdue within the run whatever the time of day.
      LEAD_WORKING_DAYS: 'mon-sun',
      LEAD_WORKING_HOURS: '00:00-24:00',
      LEAD_CONTACT_TARGET_MINUTES: '1',
      SITE_URL: baseURL,
      // The test Web Push service's certificate (tests/e2e/staff-alerts.spec.ts), trusted as a real push service's is.
      NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CERT,
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      // The owner's exchange rates: the pages show indicative $ and £ beside each naira price (a build made without them
      // shows none; scripts/lib/harness.mjs builds with them).
      ...TEST_SITE_FACTS,
      // Staff area: the first owner is created from these at start-up (tests/e2e/staff*.spec.ts sign in with them).
      ADMIN_EMAIL: E2E_STAFF.email,
      ADMIN_PASSWORD: E2E_STAFF.password,
      SESSION_SECRET: E2E_STAFF.sessionSecret,
      // Backups encrypted, as in production: only such a file is served for download (tests/e2e/backups.spec.ts).
      BACKUP_KEY: 'e2e-backup-passphrase-0123456789',
      // WhatsApp on, against the fake global-setup.ts starts: every lead gets its first reply, and an agent answers a
      // buyer from the lead page (tests/e2e/conversation.spec.ts).
      ...e2eWhatsAppEnv(Number(process.env.E2E_WHATSAPP_PORT)),
      // Paystack on, against the fake global-setup.ts starts (tests/e2e/payments.spec.ts pays a deposit through it).
      ...e2ePaystackEnv(Number(process.env.E2E_PAYSTACK_PORT)),
    },
  },
});
