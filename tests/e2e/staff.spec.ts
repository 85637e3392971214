import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expectNoSeriousAxeViolations, fillInterestForm, uniqueEmail } from './helpers';
import { E2E_STAFF } from './staff-fixtures';

const SESSION_KEYS = ['jwt', 'active', 'email'];

async function signIn(page: Page, email: string = E2E_STAFF.email, password: string = E2E_STAFF.password) {
  await page.goto('/registration');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
}

const storedKeys = (page: Page) => page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);

async function submitLeadThroughPopup(page: Page, fullname: string, email: string) {
  await page.goto('/');
  const dialog = await fillInterestForm(page, { fullname, email, phone: '0803 555 1234', district: 'Moniya, Ibadan' });
  await dialog.getByRole('button', { name: 'Submit Interest' }).click();
  await expect(page.getByText('Your Interest has been submitted! We will reach out shortly ...')).toBeVisible();
}

/** An expired session token signed with the server's secret, as after 8 hours. */
async function expiredToken() {
  const iat = Math.floor(Date.now() / 1000) - 9 * 3600;
  return new SignJWT({ email: E2E_STAFF.email, role: 'owner' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('00000000-0000-4000-8000-000000000000')
    .setJti('00000000-0000-4000-8000-000000000001')
    .setIssuer('districts-staff')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 8 * 3600)
    .sign(new TextEncoder().encode(E2E_STAFF.sessionSecret));
}

async function setSessionCookie(context: BrowserContext, baseURL: string, value: string) {
  await context.clearCookies();
  await context.addCookies([{ name: 'staff_session', value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

test.describe('staff area', () => {
  test('sign in, see a popup lead, filter, change status, add a note, export CSV, sign out', async ({ page, baseURL }) => {
    const email = uniqueEmail('inbox');
    const name = `Folake Inbox ${Date.now() % 100000}`;
    await submitLeadThroughPopup(page, name, email);

    await signIn(page);
    // The spec's three keys are set; the JWT key holds a marker, never the token.
    const keys = await storedKeys(page);
    expect(keys[1]).toBe('true');
    expect(keys[2]).toBe(E2E_STAFF.email);
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toMatch(/^eyJ/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'staff_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

    // Filters go into the URL.
    await page.getByLabel('Search').fill(email);
    await page.getByLabel('District').selectOption('Moniya, Ibadan');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
    await expect(page).toHaveURL(/district=Moniya/);
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1);
    const filteredUrl = page.url();

    // Status and note on the detail page.
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // Its notifications: the e2e server has no mail server or webhook, and says so instead of pretending.
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('lead-notification')).toHaveCount(3);
      for (const channel of ['sales_email', 'receipt', 'webhook']) {
        await expect(page.locator(`[data-testid="lead-notification"][data-channel="${channel}"]`)).toHaveAttribute('data-state', 'not_configured');
      }
    }).toPass({ timeout: 15_000 });
    await expect(page.locator('[data-channel="receipt"]')).toContainText('not sent: no mail server configured');
    await expect(page.locator('[data-channel="webhook"]')).toContainText('not sent: no webhook configured');
    await expect(page.getByRole('button', { name: 'Send again: Receipt to the visitor' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Change status').selectOption('contacted');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByText('Status saved.')).toBeVisible();
    await expect(page.getByTestId('lead-activity').first()).toContainText(`${E2E_STAFF.email} changed status from New to Contacted`);
    await expect(page.getByText('First contact')).toBeVisible();
    await expect(page.getByText('Not contacted yet')).toHaveCount(0);
    await page.getByLabel('Add a note').fill('Called: prefers a site visit on Saturday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('lead-note').first()).toContainText('Called: prefers a site visit on Saturday.');
    await expect(page.getByTestId('lead-note').first()).toContainText(E2E_STAFF.email);

    // The CSV export of the filtered view.
    await page.goto(filteredUrl);
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toContain(`q=${encodeURIComponent(email)}`);
    const csv = await page.request.get(new URL(href!, baseURL).toString());
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0].split(',').slice(0, 8)).toEqual(['"received_at"', '"title"', '"full_name"', '"email"', '"phone"', '"phone_e164"', '"district"', '"status"']);
    expect(lines[1]).toContain(`,"${name}","${email}","0803 555 1234","'+2348035551234","Moniya, Ibadan","contacted",`);

    // Sign out: keys gone, /admin sends back to sign-in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    expect(await storedKeys(page)).toEqual([null, null, null]);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/registration\?next=%2Fadmin$/);
  });

  test("an expired session on an admin call leads to /registration with the toast and the keys removed", async ({ page, context, baseURL }) => {
    const email = uniqueEmail('expiry');
    const res = await page.request.post('/api/interest', { data: { title: 'Mrs', fullname: 'Expiry Check', email, phonenumber: '08031234567', district: 'Lugbe, Abuja' } });
    expect(res.status()).toBe(201);
    await signIn(page);
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: 'Expiry Check', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/leads\//);
    // Eight hours later: the cookie's token has expired.
    await setSessionCookie(context, baseURL!, await expiredToken());
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByText('session expired: please re-login')).toBeVisible();
    expect(await storedKeys(page)).toEqual([null, null, null]);
  });

  test('a wrong password gets one clear refusal and no session', async ({ page }) => {
    await page.goto('/registration');
    await page.getByLabel('E-mail').fill(E2E_STAFF.email);
    await page.getByLabel('Password').fill('not-the-right-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('That e-mail and password do not match an active staff account.')).toBeVisible();
    await expect(page).toHaveURL(/\/registration$/);
    expect(await storedKeys(page)).toEqual([null, null, null]);
  });

  test('an XSS payload in a lead name is shown as text', async ({ page, request }) => {
    const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>${Date.now()}`;
    const res = await request.post('/api/interest', {
      data: { title: 'Mr', fullname: payload, email: uniqueEmail('xss'), phonenumber: '08031234567', district: 'Lugbe, Abuja' },
    });
    expect(res.status()).toBe(201);
    await signIn(page);
    await page.goto(`/admin?q=${encodeURIComponent(payload.slice(-13))}`);
    await expect(page.getByRole('link', { name: payload, exact: true })).toBeVisible();
    await page.getByRole('link', { name: payload, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(payload);
    // A long unbroken name wraps instead of widening the page on phones.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('sign-in and admin pages pass axe and are not indexed', async ({ page }) => {
    await page.goto('/registration');
    await expectNoSeriousAxeViolations(page);
    await signIn(page);
    for (const path of ['/admin', '/admin/staff', '/admin/privacy']) {
      const response = await page.goto(path);
      expect(response?.headers()['x-robots-tag']).toContain('noindex');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expectNoSeriousAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});

/** Every page under src/app/admin, with dynamic segments filled in. */
function adminPages(): string[] {
  const root = join(process.cwd(), 'src', 'app', 'admin');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name === 'page.tsx' ? [path] : [];
    });
  return walk(root).map((file) => {
    const segments = relative(root, file).split(sep).slice(0, -1).map((s) => (s.startsWith('[') ? '00000000-0000-4000-8000-000000000000' : s));
    return ['/admin', ...segments].join('/');
  });
}
const OWNER_ONLY = ['/admin/staff', '/admin/privacy'];

test.describe('every /admin page refuses', () => {
  const pages = adminPages();
  test('the page list is what we expect', () => {
    expect(pages.sort()).toEqual(['/admin', '/admin/leads/00000000-0000-4000-8000-000000000000', '/admin/privacy', '/admin/staff']);
  });

  for (const path of pages) {
    test(`${path} without a session, with an expired one, and (owner pages) with an agent's`, async ({ page, context, baseURL }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/registration(\?|$)/);
      await setSessionCookie(context, baseURL!, await expiredToken());
      await page.goto(path);
      await expect(page).toHaveURL(/\/registration(\?|$)/);
      if (!OWNER_ONLY.includes(path)) return;
      // An agent, created by the owner through the API.
      await context.clearCookies();
      await signIn(page);
      const agentEmail = uniqueEmail('agent');
      const created = await page.request.post('/api/admin/staff', { data: { email: agentEmail, role: 'agent', name: 'Agent', password: 'Agent-Passphrase-Lagos-2026' } });
      expect(created.status()).toBe(201);
      await context.clearCookies();
      await signIn(page, agentEmail, 'Agent-Passphrase-Lagos-2026');
      await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      const api = await page.request.get(path === '/admin/staff' ? '/api/admin/staff' : '/api/admin/privacy/export?email=a@example.com');
      expect(api.status()).toBe(403);
    });
  }
});
