import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE_ONLY, uniqueEmail } from './helpers';
import { fakePaystackUrl } from './whatsapp-fixtures';

/**
 * The buyer's own account number on a phone (issue 59, item 1; docs/decisions/0417): a held plot → the pay page →
 * "Get my account number" (a plain form) → the bank, the number and the name → two transfers into it (made on the fake,
 * which sends Paystack's signed charge.success to the server) → both credited: the page shows what was paid and asks for
 * the first instalment, the plan shows the plot reserved. With scripts and without.
 */

for (const scripts of [true, false]) {
  // Each run holds its own plot of District 1's seeded layout (tests/e2e/seed-plots.ts).
  const label = scripts ? 'D9' : 'D11';
  test.describe(`the buyer's own account number, scripts ${scripts ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: scripts });

    test(`plot ${label}: held → own account number → two transfers → credited, reserved`, PHONE_ONLY, async ({ page, request }) => {
      const email = uniqueEmail(`own-account-${label.toLowerCase()}`);
      await page.goto(`/d1/plots/${label}`);
      const form = page.locator('form#hold');
      await form.getByLabel('Full name').fill(`Account Buyer ${scripts ? 'On' : 'Off'}`);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Phone number').fill('0803 555 0188');
      await form.getByRole('button', { name: 'Hold this plot' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Plot ${label} is held for you` })).toBeVisible();
      await page.getByRole('link', { name: 'Pay the deposit' }).click();
      await expect(page).toHaveURL(/\/payments\/pay\?t=/);

      const own = page.getByRole('heading', { level: 2, name: 'Pay by bank transfer to your own account number' });
      await expect(own).toBeVisible();
      await page.getByRole('radio', { name: '6 months' }).check();
      await page.getByRole('button', { name: 'Get my account number' }).click();

      // The account, large and plain; no personal data in the address.
      const number = page.locator('#own-account dd').nth(1);
      await expect(number).toHaveText(/^\d{10}$/);
      await expect(page.locator('#own-account')).toContainText('Test Bank');
      await expect(page.locator('#own-account')).toContainText('ACCOUNT BUYER');
      await expect(page.locator('#own-account')).toContainText('every later instalment');
      expect(page.url()).not.toContain(encodeURIComponent(email));
      await expect(page.getByRole('button', { name: 'Get my account number' })).toHaveCount(0);
      if (scripts) await expectNoSeriousAxeViolations(page);
      const accountNumber = (await number.textContent())!.trim();

      // The deposit (District 1: ₦3,000,000) in two transfers, as a bank's daily limit may need.
      for (const amount of [200_000_000, 100_000_000]) {
        const sent = await request.post(`${fakePaystackUrl()}/_simulate/transfer`, { data: { account_number: accountNumber, amount } });
        expect(sent.status()).toBe(200);
        expect((await sent.json()).data.webhook_status).toBe(200);
      }
      await expect(async () => {
        await page.reload();
        await expect(page.getByText('Paid so far')).toBeVisible({ timeout: 1_000 });
        await expect(page.locator('dd', { hasText: '₦3,000,000' })).toHaveCount(2, { timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      await expect(page.getByRole('button', { name: /^Pay the next instalment · ₦/ })).toBeVisible();
      await expect(page.locator('#own-account')).toContainText(accountNumber);

      await page.goto('/d1/plots');
      await expect(page.locator('svg.plan').getByRole('link', { name: new RegExp(`^Plot ${label},.*Reserved$`) })).toBeVisible();
    });
  });
}
