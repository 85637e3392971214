import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE_ONLY, uniqueEmail } from './helpers';

/**
 * Paying a deposit on a phone (issue 59's done-when; docs/decisions/0414): a held plot → "Pay the deposit" → Paystack's
 * hosted checkout (the fake global-setup.ts starts) → our callback page → the receipt page → the plot shows reserved
 * on the plan. With scripts and without: the pay form is a plain POST, our continue page sends the browser on by a
 * refresh and a link, and the callback page shows what the server holds.
 */

for (const scripts of [true, false]) {
  // Each run pays for its own plot of District 1's seeded layout (tests/e2e/seed-plots.ts).
  const label = scripts ? 'D8' : 'D10';
  test.describe(`paying the deposit, scripts ${scripts ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: scripts });

    test(`plot ${label}: held → pay the deposit → Paystack → callback → receipt → reserved on the plan`, PHONE_ONLY, async ({ page }) => {
      const email = uniqueEmail(`pay-${label.toLowerCase()}`);

      // The hold, from the plot's page.
      await page.goto(`/d1/plots/${label}`);
      const form = page.locator('form#hold');
      await form.getByLabel('Full name').fill(`Paying Buyer ${scripts ? 'On' : 'Off'}`);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Phone number').fill('0803 555 0177');
      await form.getByRole('button', { name: 'Hold this plot' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Plot ${label} is held for you` })).toBeVisible();

      // The pay page: Paystack offered (it is configured), the amount the server works out.
      await page.getByRole('link', { name: 'Pay the deposit' }).click();
      await expect(page).toHaveURL(/\/payments\/pay\?t=/);
      expect(page.url()).not.toContain(encodeURIComponent(email));
      const pay = page.getByRole('button', { name: /^Pay the deposit · ₦/ });
      await expect(pay).toBeVisible();
      if (scripts) await expectNoSeriousAxeViolations(page);
      await pay.click();

      // Our continue page sends the browser to the hosted checkout, which takes the money and comes back to our callback.
      await page.waitForURL(/\/payments\/callback\?/, { timeout: 30_000 });
      // The callback page shows what the server holds: confirmed by Paystack, then credited (it never credits itself).
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      if (scripts) await expectNoSeriousAxeViolations(page);

      // The receipt: its number, the buyer's initials only, what was paid and with what.
      await page.getByRole('link', { name: 'See the receipt' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
      await expect(page.getByText(/^RCT-\d{4}-\d{6}$/).first()).toBeVisible();
      await expect(page.getByText('P. B. O.', { exact: true })).toBeVisible();
      await expect(page.getByText('Paid with')).toBeVisible();
      const html = await page.content();
      expect(html).not.toContain(email);
      expect(html).not.toContain('Paying Buyer');
      if (scripts) await expectNoSeriousAxeViolations(page);

      // The plan shows the plot reserved.
      await page.goto('/d1/plots');
      await expect(page.locator('svg.plan').getByRole('link', { name: new RegExp(`^Plot ${label},.*Reserved$`) })).toBeVisible();
    });
  });
}
