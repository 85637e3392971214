import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newsletterMailTo, staffInvitationLink, uniqueEmail } from './helpers';
import { E2E_STAFF, PAST_REAUTH_MS } from './staff-fixtures';
import { addOwnerSession, createStaffAsOwner, rememberSecret, signInThroughApi, signInThroughPages, withFreshCode } from './staff-session';

/**
 * Slow, flaky phones: until the scripts arrive — or when a chunk never does — the forms must still post, the lead
 * must be stored, the visitor must see the confirmation, and nothing they typed may reach a URL.
 */
test.use({ javaScriptEnabled: false });

/** Every URL the page loaded or was sent to. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

/** The stored leads matching `q`, read with the owner's session (tests/e2e/global-setup.ts). */
async function leadsMatching(page: Page, q: string) {
  await addOwnerSession(page.context());
  const res = await page.request.get(`/api/admin/leads?q=${encodeURIComponent(q)}`);
  return (await res.json()).leads as { fullName: string; district: string }[];
}

test.describe('without scripts', () => {
  test('the home popup posts the lead, shows the confirmation, and keeps personal data out of every URL', async ({ page }) => {
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript');
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Title').selectOption('Miss');
    await dialog.getByLabel('Full name').fill('Zainab Bello');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Phone number').fill('0803 555 2468');
    await dialog.getByLabel('Preferred district').selectOption('Moniya, Ibadan');
    await dialog.getByRole('button', { name: 'Submit Interest' }).click();

    await expect(page).toHaveURL(/\/interest\/thanks\?book=[\w.-]+$/);
    await expect(page.getByText('Your Interest has been submitted! We will reach out shortly ...')).toBeVisible();
    for (const url of urls) {
      for (const typed of ['Zainab', 'Bello', email.split('@')[0], '2468']) expect(url).not.toContain(typed);
    }
    const leads = await leadsMatching(page, email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ fullName: 'Zainab Bello', district: 'Moniya, Ibadan' });
  });

  test('the home popup closes with its close button, and the page behind it can then be used', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Learn More/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/d[12]$/);
  });

  test("a district page's Submit Interest opens the form on its own page with the district chosen", async ({ page }) => {
    await page.goto('/d1');
    await page.getByRole('main').getByRole('button', { name: 'Submit Interest' }).first().click();
    await expect(page).toHaveURL(/\/interest\?district=Lugbe/);
    await expect(page.getByRole('heading', { level: 1, name: 'Submit Interest' })).toBeVisible();
    await expect(page.getByLabel('Preferred district')).toHaveValue('Lugbe, Abuja');
  });

  test('a refused form comes back with what was typed and the reason, and can then be sent', async ({ page }) => {
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript-retry');
    await page.goto('/interest');
    const form = page.getByRole('main');
    await form.getByLabel('Full name').fill('Chidi Okeke');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    // The browser accepts it (type=tel has no pattern); the server does not.
    await page.getByLabel('Phone number').fill('123');
    await form.getByRole('button', { name: 'Submit Interest' }).click();

    await expect(page).toHaveURL(/\/interest$/);
    await expect(page.getByRole('alert')).toHaveText('Please enter a phone number we can call, e.g. +234 803 123 4567.');
    await expect(page.getByLabel('Full name')).toHaveValue('Chidi Okeke');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Phone number')).toHaveValue('123');

    // Shown once: a reload starts afresh.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('Full name').fill('Chidi Okeke');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Phone number').fill('+234 803 555 1357');
    await form.getByRole('button', { name: 'Submit Interest' }).click();
    await expect(page).toHaveURL(/\/interest\/thanks\?book=[\w.-]+$/);
    for (const url of urls) expect(url).not.toContain('Chidi');
    expect(await leadsMatching(page, email)).toHaveLength(1);
  });

  test('the footer newsletter form asks for confirmation and lands on a check-your-inbox page', async ({ page }) => {
    const email = uniqueEmail('noscript-news');
    await page.goto('/d2');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('E-mail address').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/thanks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(
      page.getByText('Almost done: check your inbox and press the button in our e-mail to confirm your subscription.'),
    ).toBeVisible();
    expect(page.url()).not.toContain(email.split('@')[0]);
  });

  test('the confirmation and unsubscribe buttons work without scripts', async ({ page }) => {
    const email = uniqueEmail('noscript-confirm');
    await page.goto('/d1');
    await page.getByRole('contentinfo').getByLabel('E-mail address').fill(email);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/thanks$/);
    const mail = await newsletterMailTo(email);
    await page.goto(mail.confirmLink);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
    await page.goto(mail.unsubscribeLink);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  });
  test('staff sign in with a password and out again: the forms post, a refusal comes back with its sentence, nothing typed in a URL', async ({
    page,
  }) => {
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript-agent');
    const password = 'Agent-Passphrase-Kano-2026';
    await createStaffAsOwner(page.context(), { email, role: 'agent', name: 'Agent', password });
    await page.context().clearCookies();
    const signIn = async (typed: string) => {
      await page.goto('/registration');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(typed);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await signIn('not-the-password');
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole('alert')).toHaveText('That e-mail and password do not match an active staff account.');
    await signIn(password);
    // Every role sets up two-step sign-in first (docs/decisions/0348): the app's code posts without scripts.
    await expect(page).toHaveURL(/\/registration\/enrol$/);
    const { typedCode } = await turnOnTwoStep(page, email, /\/registration\/enrol\/codes$/);
    await page.getByRole('link', { name: 'Continue to the leads' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    // Sign out is a form too: the session ends and the browser is on the sign-in page.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/registration/);
    for (const url of urls) for (const typed of [email.split('@')[0], 'Passphrase', typedCode]) expect(url).not.toContain(typed);
  });

  test('a new owner sets up two-step sign-in: the code posts, the recovery codes show on a page of their own, nothing typed in a URL', async ({
    page,
  }) => {
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript-owner');
    const password = 'Owner-Passphrase-Zaria-2026';
    await createStaffAsOwner(page.context(), { email, role: 'owner', name: 'Owner', password });
    await page.context().clearCookies();
    await page.goto('/registration');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/registration\/enrol$/);
    const { typedCode, codes } = await turnOnTwoStep(page, email, /\/registration\/enrol\/codes$/);
    await page.getByRole('link', { name: 'Continue to the leads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    for (const url of urls) for (const typed of [email.split('@')[0], 'Passphrase', typedCode, codes[0]]) expect(url).not.toContain(typed);
  });

  test('an owner adds an account and its person chooses their password through the e-mailed link: plain forms, nothing typed in a URL', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript-invited');
    const password = 'Agent-Passphrase-Gombe-2026';
    await addOwnerSession(page.context());
    await page.goto('/admin/staff');
    const add = async () => {
      const form = page.getByRole('region', { name: 'Add a staff member' });
      await form.getByLabel('Name').fill('Invited Agent');
      await form.getByLabel('E-mail').fill(email);
      await form.getByRole('button', { name: 'Create account and send invitation' }).click();
      await page.waitForLoadState();
    };
    await add();
    // Unless the owners' shared session confirmed its password in the last E2E_REAUTH_SECONDS, a page asks for it, then comes back.
    if (/\/admin\/confirm-password/.test(page.url())) {
      await expect(page).toHaveURL(/\/admin\/confirm-password\?next=%2Fadmin%2Fstaff$/);
      await expect(page.getByText('send its form again there')).toBeVisible();
      await page.getByLabel('Your password').fill(E2E_STAFF.password);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await add();
    }
    await expect(page).toHaveURL(/\/admin\/staff$/);
    const row = page.getByRole('list', { name: 'Staff accounts' }).getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('invited, no password chosen yet');

    const invitee = await browser.newContext({ baseURL, javaScriptEnabled: false });
    let theirUrls: string[] = [];
    try {
      const theirs = await invitee.newPage();
      theirUrls = recordUrls(theirs);
      const link = await staffInvitationLink(email);
      await theirs.goto(link);
      await expect(theirs.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
      // A refusal comes back to the link's page with its sentence; the link still works.
      await theirs.getByLabel('Your password').fill('qwerty123456');
      await theirs.getByRole('button', { name: 'Save and continue' }).click();
      await expect(theirs.getByRole('alert')).toContainText('most common');
      await theirs.getByLabel('Your password').fill(password);
      await theirs.getByRole('button', { name: 'Save and continue' }).click();
      // An agent too sets up two-step sign-in before reaching the leads.
      await expect(theirs).toHaveURL(/\/registration\/enrol$/);
      await expect(theirs.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
    } finally {
      await invitee.close();
    }
    await page.reload();
    await expect(row).not.toContainText('no password chosen yet');
    for (const url of [...urls, ...theirUrls])
      for (const typed of [email.split('@')[0], 'Invited', 'Passphrase', 'qwerty']) expect(url).not.toContain(typed);
  });

  test('Your account: another device signed out, then new recovery codes (password page first), on a page of their own', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(105_000);
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript-account');
    const password = 'Agent-Passphrase-Ilorin-2026';
    await createStaffAsOwner(page.context(), { email, role: 'agent', name: 'Agent', password });
    // Two-step sign-in set up already (through the API): each sign-in below takes a code from the "app".
    await page.context().clearCookies();
    await signInThroughApi(page.context().request, email, password);
    expect((await page.context().request.post('/api/staff/sign-out')).status()).toBe(200);
    await page.context().clearCookies();
    const signIn = async (on: Page) => {
      await on.goto('/registration');
      await on.getByLabel('E-mail').fill(email);
      await on.getByLabel('Password', { exact: true }).fill(password);
      await on.getByRole('button', { name: 'Sign in' }).click();
      await expect(on).toHaveURL(/\/registration\/second-factor$/);
      await withFreshCode(email, async (code) => {
        await on.getByLabel('Code').fill(code);
        await on.getByRole('button', { name: 'Continue' }).click();
        await expect(on).toHaveURL(/\/admin$/);
      });
    };
    await signIn(page);
    const windows = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    try {
      const windowsPage = await windows.newPage();
      await signIn(windowsPage);

      // The device's Sign out is a form: the session ends and the browser is back on Your account.
      await page.goto('/admin/account');
      const devices = page.getByRole('list', { name: 'Your signed-in devices' });
      await expect(devices.getByRole('listitem')).toHaveCount(2);
      await devices
        .getByRole('listitem')
        .filter({ hasText: 'Firefox on Windows' })
        .getByRole('button', { name: /^Sign out Firefox on Windows/ })
        .click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(devices.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
      await windowsPage.goto('/admin');
      await expect(windowsPage).toHaveURL(/\/registration/);
    } finally {
      await windows.close();
    }

    // Nobody turns two-step sign-in off: with the app as the only method, it offers no way to remove it.
    await expect(page.getByText('On: a 6-digit code from your app works as the second step.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove the authenticator app' })).toHaveCount(0);
    // Past E2E_REAUTH_SECONDS (the e2e server's STAFF_REAUTH_SECONDS), new codes first ask for the password on its own page.
    await page.waitForTimeout(PAST_REAUTH_MS);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page).toHaveURL(/\/admin\/confirm-password\?next=%2Fadmin%2Faccount$/);
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page).toHaveURL(/\/admin\/account\/codes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your recovery codes' })).toBeVisible();
    const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('link', { name: 'Back to your account' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    for (const url of urls) for (const typed of [email.split('@')[0], 'Passphrase', codes[0]]) expect(url).not.toContain(typed);
  });

  test('the lead CSV link: the file at once after a recent password, else a page asks for it and then the file downloads', async ({
    page,
  }) => {
    test.setTimeout(105_000);
    const urls = recordUrls(page);
    const email = uniqueEmail('noscript-export');
    const password = 'Owner-Passphrase-Bauchi-2026';
    // The lead CSV is the owners' (docs/decisions/0388).
    await createStaffAsOwner(page.context(), { email, role: 'owner', name: 'Second Owner', password });
    // Two-step sign-in set up already (through the API); the sign-in below takes a code from the "app".
    await page.context().clearCookies();
    await signInThroughApi(page.context().request, email, password);
    expect((await page.context().request.post('/api/staff/sign-out')).status()).toBe(200);
    await page.context().clearCookies();
    await signInThroughPages(page, email, password, { scripts: false });
    const exportCsv = page.getByRole('link', { name: 'Export CSV' });
    // The password was typed just now: straight to the file, and the inbox stays on screen.
    const [first] = await Promise.all([page.waitForEvent('download'), exportCsv.click()]);
    expect(first.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page).toHaveURL(/\/admin$/);
    // Past E2E_REAUTH_SECONDS (the e2e server's STAFF_REAUTH_SECONDS), a page of its own asks for the password.
    await page.waitForTimeout(PAST_REAUTH_MS);
    await exportCsv.click();
    await expect(page).toHaveURL(/\/admin\/confirm-password\?next=%2Fadmin%2Fexports%2Fleads$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your password' })).toBeVisible();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('That password is not right.')).toBeVisible();
    await page.getByLabel('Your password').fill(password);
    const [second] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(second.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readFileSync((await second.path())!, 'utf8')).toMatch(/^\uFEFF"received_at",/);
    for (const url of urls) for (const typed of [email.split('@')[0], 'Passphrase', 'not-my-password']) expect(url).not.toContain(typed);
  });
});

/**
 * The set-up form on screen, sent without scripts with a code of its secret (a new one each showing): lands on the
 * recovery codes' own page (`codesPage`). Returns the code typed and the ten recovery codes shown.
 */
async function turnOnTwoStep(page: Page, email: string, codesPage: RegExp): Promise<{ typedCode: string; codes: string[] }> {
  rememberSecret(email, await page.getByTestId('totp-secret').innerText());
  let typedCode = '';
  await withFreshCode(email, async (code) => {
    typedCode = code;
    await page.getByLabel('2. Enter the 6-digit code the app now shows.').fill(code);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page).toHaveURL(codesPage);
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Your recovery codes' })).toBeVisible();
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  return { typedCode, codes };
}
