import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE, uniqueEmail } from './helpers';
import { addOwnerSession } from './staff-session';

/**
 * The installable staff app (issue 31, item 1; docs/decisions/0360, 0361): the staff and sign-in pages link its
 * manifest and register its worker for /admin; offline, a staff page says so and shows no lead; the public pages
 * have neither.
 */

const MANIFEST = '/staff-app/manifest.webmanifest';

interface Manifest {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const manifestHref = (page: Page) => page.locator('link[rel="manifest"]').getAttribute('href');

/** Resolves once a worker controls the page: then the page works offline. */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 15_000 });

test.describe('staff app', PHONE, () => {
  test('a staff page and the sign-in page link a valid manifest whose icons load, and Chromium finds the app installable', async ({
    page,
    context,
    browser,
  }) => {
    // Before signing in: the sign-in page offers the app too.
    const signIn = await browser.newPage();
    await signIn.goto('/registration');
    expect(await manifestHref(signIn)).toBe(MANIFEST);
    await signIn.close();

    await addOwnerSession(context);
    await page.goto('/admin');
    expect(await manifestHref(page)).toBe(MANIFEST);
    const response = await page.request.get(MANIFEST);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ start_url: '/admin', scope: '/admin', display: 'standalone' });
    expect(manifest.name).toMatch(/ Sales$/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect([icon.src, file.status(), file.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
    }

    // What Chromium's install prompt checks: the manifest parsed, its icons downloaded, a secure context.
    const cdp = await context.newCDPSession(page);
    const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(manifestErrors.map((error) => error.message)).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito ones, where Chromium never installs; nothing else may stand in the way.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('the worker controls /admin; offline, a staff page says "You are offline" and shows no lead', async ({ page, context, request }) => {
    const fullname = `Offline Check ${Date.now() % 1_000_000}`;
    const created = await request.post('/api/interest', {
      data: { title: 'Mrs', fullname, email: uniqueEmail('staff-app'), phonenumber: '08031234567', district: 'Lugbe, Abuja' },
    });
    expect(created.status()).toBe(201);
    const leadPage = `/admin/leads/${(await created.json()).id}`;

    await addOwnerSession(context);
    await page.goto(leadPage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullname);
    await controlled(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(new URL('/admin', page.url()).href);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${leadPage}$`));
    expect(await page.content()).not.toContain(fullname);
    // Nothing about leads is kept on the phone: the worker's cache holds its offline page and icons only.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
      return urls.sort();
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((path) => !path.startsWith('/staff-app/'))).toEqual([]);
    await expectNoSeriousAxeViolations(page);

    // Back online, "Try again" opens the page that was asked for.
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullname);
  });

  test('the public pages link no manifest and register no worker', async ({ page }) => {
    const staffAppRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/staff-app/')) staffAppRequests.push(r.url());
    });
    for (const path of ['/', '/d1']) {
      await page.goto(path);
      // Once its scripts have run, when a worker would have been registered.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), path).toBe(0);
    }
    expect(staffAppRequests).toEqual([]);
  });
});
