import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, mailTo, PHONE_ONLY, screenshotAtBothWidths, uniqueEmail } from './helpers';

/**
 * The buyer's own page on a phone (issue 60, items 1 and 2; docs/decisions/0418): a buyer who held a plot and paid its
 * deposit signs in without a password (the e-mail's link, read from the .eml outbox), and their page shows the plot,
 * the payment and its receipt's link. With scripts and without: every step is a plain form and a 303.
 */

/** Holds `label` of District 1's seeded layout (tests/e2e/seed-plots.ts) as a new buyer; optionally pays its deposit. */
async function holdPlot(page: Page, label: string, buyer: { name: string; email: string }, payDeposit: boolean) {
  await page.goto(`/d1/plots/${label}`);
  const form = page.locator('form#hold');
  await form.getByLabel('Full name').fill(buyer.name);
  await form.getByLabel('E-mail').fill(buyer.email);
  await form.getByLabel('Phone number').fill('0803 555 0188');
  await form.getByRole('button', { name: 'Hold this plot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Plot ${label} is held for you` })).toBeVisible();
  if (!payDeposit) return;
  await page.getByRole('link', { name: 'Pay the deposit' }).click();
  await page.getByRole('button', { name: /^Pay the deposit · ₦/ }).click();
  await page.waitForURL(/\/payments\/callback\?/, { timeout: 30_000 });
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

/** From the sign-in page to the buyer's page: the link from the e-mail, its button. */
async function signInByEmail(page: Page, email: string, shots?: string) {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your page' })).toBeVisible();
  if (shots) await screenshotAtBothWidths(page, `${shots}-sign-in`);
  await page.getByLabel('E-mail address or phone number').fill(email);
  await page.getByRole('button', { name: 'Send my sign-in' }).click();
  await expect(page).toHaveURL(/\/account\/sign-in\/sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  expect(page.url()).not.toContain(encodeURIComponent(email));
  if (shots) await screenshotAtBothWidths(page, `${shots}-sent`);
  const mail = await mailTo(email, /sign-in link/);
  const link = /https?:\/\/[^\s]+\/account\/link\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  if (shots) await screenshotAtBothWidths(page, `${shots}-link`);
  await page.getByRole('button', { name: 'Sign in to my page' }).click();
  await expect(page).toHaveURL(/\/account$/);
  return link;
}

for (const scripts of [true, false]) {
  const label = scripts ? 'B7' : 'B9';
  test.describe(`the buyer's page, scripts ${scripts ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: scripts });

    test(
      `plot ${label} held and paid → e-mail link → the page shows the plot, the payment and its receipt`,
      PHONE_ONLY,
      async ({ page, browser }) => {
        test.setTimeout(150_000);
        const email = uniqueEmail(`account-${label.toLowerCase()}`);
        const name = `Amaka Buyer ${scripts ? 'On' : 'Off'}`;
        await holdPlot(page, label, { name, email }, true);

        const shots = scripts ? 'account' : undefined;
        const link = await signInByEmail(page, email, shots);
        await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Amaka' })).toBeVisible();
        const plots = page.getByRole('region', { name: 'Your plot' });
        await expect(plots.getByText(label, { exact: true }).first()).toBeVisible();
        await expect(plots.getByText('Reserved (deposit paid)')).toBeVisible();
        // Their plot on a light drawing of the plan, named and marked, with the full plan and the plot's page a link away.
        const onPlan = plots.getByRole('img', { name: new RegExp(`^Your plot ${label} on the site plan of District 1`) });
        await expect(onPlan).toBeVisible();
        await expect(onPlan).toContainText(`Your plot · ${label}`);
        await expect(plots.getByRole('link', { name: 'Open the full site plan' })).toHaveAttribute('href', '/d1/plots');
        await expect(plots.getByRole('link', { name: `Plot ${label}'s page` })).toHaveAttribute('href', `/d1/plots/${label}`);
        await expect(plots.getByText(/^Next: ₦[\d,]+ by /)).toBeVisible();
        // Indicative dollars and pounds beside the naira, at the owner's dated rates.
        await expect(plots.getByText(/^≈ \$[\d,]+ · £[\d,]+$/).first()).toBeVisible();
        const devices = page.getByRole('region', { name: 'Signed-in devices' });
        await expect(devices.getByText('This device')).toBeVisible();
        if (scripts) {
          await expectNoSeriousAxeViolations(page);
          await screenshotAtBothWidths(page, 'account-paying');
          await screenshotAtBothWidths(page, 'account-devices', false);
        }
        // The link was used: a second visit says so.
        const second = await browser.newPage({ javaScriptEnabled: scripts });
        await second.goto(link);
        await expect(second.getByRole('heading', { level: 1, name: 'This link has expired or has already been used.' })).toBeVisible();
        await second.close();

        // The receipt's own page, from the payment's line.
        await page.getByRole('link', { name: /^Receipt RCT-\d{4}-\d{6}$/ }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();

        // Signed out everywhere, the page asks to sign in again.
        await page.goto('/account');
        await page.getByRole('button', { name: 'Sign out everywhere' }).click();
        await expect(page).toHaveURL(/\/account\/sign-in\?e=signedOut$/);
        await page.goto('/account');
        await expect(page).toHaveURL(/\/account\/sign-in$/);
      },
    );
  });
}

test.describe("the buyer's page for a hold, and the code's page", () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a buyer who only holds a plot sees it held, with the time it ends; a phone gets the code page', PHONE_ONLY, async ({ page }) => {
    const email = uniqueEmail('account-held');
    await holdPlot(page, 'B11', { name: 'Tunde Holder', email }, false);
    await signInByEmail(page, email);
    const plots = page.getByRole('region', { name: 'Your plot' });
    await expect(plots.getByText('Held for you')).toBeVisible();
    await expect(plots.getByText(/^Held until .*, Lagos time/)).toBeVisible();
    // Scripts show the Lagos time in the buyer's own zone too (New York here).
    await expect(plots.getByText(/^Your time: .*(EST|EDT|GMT-[45])/)).toBeVisible();
    await expect(plots.getByRole('link', { name: 'Pay the deposit' })).toBeVisible();
    await screenshotAtBothWidths(page, 'account-held');

    // A number: the code's page, its address holding a random token only.
    await page.goto('/account/sign-in');
    await page.getByLabel('E-mail address or phone number').fill('0803 555 0188');
    await page.getByLabel('SMS').check();
    await page.getByRole('button', { name: 'Send my sign-in' }).click();
    await expect(page).toHaveURL(/\/account\/sign-in\/code\?r=[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/^(That code is not right|This code can no longer be used)/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshotAtBothWidths(page, 'account-code');
  });
});
