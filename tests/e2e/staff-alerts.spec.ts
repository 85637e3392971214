import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { CHROMIUM_FLAGS, FULL_CHROMIUM } from '../../scripts/lib/chromium.mjs';
import { startPushService, type PushService } from '../support/push-service.mjs';
import { expectNoSeriousAxeViolations, PHONE_ONLY, screenshotToLookAt, uniqueEmail } from './helpers';
import { createStaffAsOwner, signInThroughPages } from './staff-session';

/**
 * The agent's phone (docs/decisions/0364, 0365): alerts turned on and off on Your account, and "I'm on it" on the lead.
 * Headless Chromium has no push service to subscribe with, so the test stands in for that one piece: the page's
 * PushManager hands out a subscription of the test's own Web Push service (tests/support/push-service.mjs), which the
 * server then pushes to for real, signed and encrypted (the e2e server trusts its certificate, playwright.config.ts).
 */

// The full browser: Chromium's headless shell, which the other tests drive, has no PushManager at all.
test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_FLAGS } });

const AGENT_PASSWORD = 'Agent-Passphrase-Alerts-2026';
let service: PushService;

test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => {
  await service.stop();
});

test.describe('alerts on the agent’s phone', PHONE_ONLY, () => {
  test('an agent turns alerts on for this phone (a test alert arrives), claims a lead, and turns alerts off', async ({
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('alerts-agent');
    const name = `Alerts Agent ${randomUUID().slice(0, 6)}`;
    const setup = await browser.newContext({ baseURL });
    await createStaffAsOwner(setup, { email, role: 'agent', name, password: AGENT_PASSWORD });
    await setup.close();

    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['notifications'],
    });
    const phone = service.subscribe();
    // The browser's push service, stood in for: subscribe() answers with the test service's subscription, which,
    // like a browser's, says which key it was made for. Kept across page loads, as the browser keeps a real one, until
    // unsubscribed.
    await context.addInitScript((subscription) => {
      const KEY = 'e2e-push-subscription';
      const made = () => ({
        endpoint: subscription.endpoint,
        options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(JSON.parse(localStorage.getItem(KEY)!)).buffer },
        toJSON: () => subscription,
        unsubscribe: async () => (localStorage.removeItem(KEY), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes =
          typeof key === 'string'
            ? Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
            : Array.from(new Uint8Array(key instanceof ArrayBuffer ? key : (key as ArrayBufferView).buffer));
        localStorage.setItem(KEY, JSON.stringify(bytes));
        return made() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(KEY) ? made() : null) as PushSubscription | null;
      };
    }, phone.subscription);
    const page = await context.newPage();
    await signInThroughPages(page, email, AGENT_PASSWORD);

    await page.goto('/admin/account');
    const alerts = page.getByRole('region', { name: 'Alerts on your phone' });
    await alerts.getByRole('button', { name: 'Turn alerts on for this device' }).click();
    await expect(page.getByText('Alerts are on. A test is on its way to this device.')).toBeVisible();
    await expect(alerts.getByText('Alerts are on for this device.')).toBeVisible();
    await expect(alerts.getByRole('list', { name: 'Devices with alerts on' }).getByRole('listitem')).toHaveCount(1);
    // The test alert reached the phone's push service, signed with the site's key, and opens to Your account.
    await expect
      .poll(() => service.received.filter((push) => push.id === phone.id).map((push) => push.message.title))
      .toEqual(['Alerts are on']);
    expect(service.rejected).toEqual([]);
    await expectNoSeriousAxeViolations(page);
    await screenshotToLookAt(page, `alerts-on-${info.project.name}`, { fullPage: true });

    // "I'm on it" on a new lead's page: claimed, and shown.
    const res = await page.request.post('/api/interest', {
      data: {
        title: 'Mr',
        fullname: `Claim Lead ${name}`,
        email: uniqueEmail('claim'),
        phonenumber: '0803 555 0142',
        district: 'Lugbe, Abuja',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status()).toBe(201);
    const leadId = (await res.json()).id;
    await page.goto(`/admin/leads/${leadId}`);
    await page.getByRole('button', { name: "I'm on it" }).click();
    await expect(page.getByTestId('lead-claimed')).toContainText(`${name} is on it · claimed`);
    await expect(page.getByRole('button', { name: "I'm on it" })).toHaveCount(0);
    await expect(page.getByTestId('lead-activity').filter({ hasText: 'is on it (claimed the lead)' })).toBeVisible();
    // The lead is the claimer's now.
    await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
    await screenshotToLookAt(page, `lead-claimed-${info.project.name}`, { fullPage: true });

    // Alerts off: gone from this phone and from the list.
    await page.goto('/admin/account');
    await alerts.getByRole('button', { name: 'Turn alerts off for this device' }).click();
    await expect(page.getByText('Alerts are off for this device.')).toBeVisible();
    await expect(alerts.getByText('No device has alerts on yet.')).toBeVisible();
    await expect(alerts.getByRole('button', { name: 'Turn alerts on for this device' })).toBeVisible();
    await context.close();
  });
});
