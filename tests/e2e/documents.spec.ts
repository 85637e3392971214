import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE, uniqueEmail } from './helpers';
import { addOwnerSession } from './staff-session';

/**
 * A buyer's documents and the check page (issue 60's done-when; docs/decisions/0419): a buyer pays the deposit (the
 * fake Paystack of global-setup.ts), anyone checks the receipt on /check (genuine) and an altered number ("not ours"),
 * and an owner marks the contract of sale done on a day on the Documents page, which then shows that day. With scripts
 * and without: every form here is plain (GET for the check, POST and 303 for the owner's).
 */

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

for (const scripts of [true, false]) {
  test.describe(`documents and the check page, scripts ${scripts ? 'on' : 'off'}`, PHONE, () => {
    test.use({ javaScriptEnabled: scripts });

    test('a receipt checks as genuine, an altered number as not ours, and a stage moved by an owner shows its day', async ({
      page,
    }, info) => {
      const phone = info.project.name === 'phone';
      // Each run its own plot of District 1's seeded layout (tests/e2e/seed-plots.ts), block A.
      const label = phone ? (scripts ? 'A11' : 'A12') : scripts ? 'A9' : 'A10';
      const name = `Ngozi Documents ${label}`;
      const email = uniqueEmail(`docs-${label.toLowerCase()}`);

      await page.goto(`/d1/plots/${label}`);
      const form = page.locator('form#hold');
      await form.getByLabel('Full name').fill(name);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Phone number').fill('0803 555 0188');
      await form.getByRole('button', { name: 'Hold this plot' }).click();
      await page.getByRole('link', { name: 'Pay the deposit' }).click();
      await page.getByRole('button', { name: /^Pay the deposit · ₦/ }).click();
      await page.waitForURL(/\/payments\/callback\?/, { timeout: 30_000 });
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      await page.getByRole('link', { name: 'See the receipt' }).click();
      const receiptUrl = new URL(page.url());
      const number = decodeURIComponent(receiptUrl.pathname.split('/').pop()!);
      const code = receiptUrl.searchParams.get('code')!;
      expect(number).toMatch(/^RCT-\d{4}-\d{6}$/);

      // Anyone checks it by number and code: genuine, with what it covers and the initials only.
      await page.goto('/check');
      await page.getByLabel('Number').fill(number);
      await page.getByLabel('Check code').fill(code);
      await page.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Genuine: this is ours' })).toBeVisible();
      await expect(page.getByText(`Plot ${label}, Block A`)).toBeVisible();
      await expect(page.getByText('N. D. A.', { exact: true })).toBeVisible();
      expect(await page.content()).not.toContain(name);
      if (scripts) await expectNoSeriousAxeViolations(page);
      await shot(page, `check-genuine-${info.project.name}`);

      // The same code with an altered number: not ours, plainly.
      const altered = number.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
      await page.getByLabel('Number').fill(altered);
      await page.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Not ours' })).toBeVisible();
      await expect(page.getByText(`Plot ${label}`)).toHaveCount(0);
      if (scripts) await expectNoSeriousAxeViolations(page);
      await shot(page, `check-not-ours-${info.project.name}`);

      // An owner marks the contract of sale done on a day; the page then shows it, with who did it.
      await addOwnerSession(page.context());
      await page.goto('/admin/documents?district=d1');
      const buyer = page.getByRole('region', { name: new RegExp(`^${name}, Plot ${label}`) });
      await expect(buyer).toBeVisible();
      const contract = buyer.locator('li').filter({ hasText: 'Contract of sale' });
      if (/CS-\d{4}-\d{6}/.test((await contract.textContent()) ?? '')) {
        // The site's job made the contract before the owner came (its letter follows the deposit by seconds, and on a
        // loaded machine the steps above take longer): done the day it was made, with its number, by the site.
        await expect(contract).toContainText(/Done on \d{1,2} \w+ \d{4} · CS-\d{4}-\d{6}/);
        await expect(contract).toContainText('Last change by the site');
      } else {
        // A native disclosure: a click that lands while the page still shifts (a loaded CI machine) is clicked again.
        const doneOn = contract.getByLabel('Done on');
        await expect(async () => {
          if (!(await doneOn.isVisible())) await contract.getByText('Update').click();
          await expect(doneOn).toBeVisible({ timeout: 3_000 });
        }).toPass({ timeout: 60_000 });
        await doneOn.fill('2026-11-27');
        await contract.getByRole('button', { name: 'Mark done' }).click();
        await expect(page.getByText('Saved.')).toBeVisible();
        const moved = page
          .getByRole('region', { name: new RegExp(`^${name}, Plot ${label}`) })
          .locator('li')
          .filter({ hasText: 'Contract of sale' });
        await expect(moved).toContainText('Done on 27 November 2026');
        await expect(moved).toContainText('Last change by');
      }
      if (scripts) await expectNoSeriousAxeViolations(page);
      await shot(page, `staff-documents-${info.project.name}`);
    });
  });
}
