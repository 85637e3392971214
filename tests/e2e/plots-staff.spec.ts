import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, uniqueEmail, PHONE } from './helpers';
import { addOwnerSession } from './staff-session';

/**
 * The sales team's plots from a phone (issue 58, items 4, 5 and 7; docs/decisions/0413): an owner previews the example
 * Lugbe layout on the Import page (what it would change; applying it is the integration test's, so the plots other
 * tests see stay those tests/e2e/seed-plots.ts lays out), finds a plot by block and status on the plan and list, holds
 * it for a buyer, records the deposit by hand, and reads the plot's history. The desktop and phone runs share the
 * server: each works its own block.
 */

async function shot(page: Page, name: string, project: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}-${project}.png`), fullPage: true });
}

test.describe('plots in the staff area', PHONE, () => {
  test('an owner imports a layout, holds a plot for a buyer, records the deposit and reads its history', async ({ page }, info) => {
    const project = info.project.name;
    const block = project === 'phone' ? 'D' : 'C';
    const fullname = `Tunde Plot ${randomInt(10_000, 99_999)}`;
    const lead = await page.request.post('/api/interest', {
      data: {
        title: 'Mr',
        fullname,
        email: uniqueEmail('plots'),
        phonenumber: `0803${randomInt(1_000_000, 9_999_999)}`,
        district: 'Lugbe, Abuja',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(lead.status()).toBe(201);
    await addOwnerSession(page.context());

    await page.goto('/admin/plots?district=d1');
    await expect(page.getByRole('heading', { level: 1, name: 'Plots' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Plots' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await expect(page.getByRole('group', { name: /Site plan of District 1/ })).toBeVisible();

    // The import: upload, and the preview of what it would change (nothing written until "apply").
    await page.getByRole('link', { name: 'Import a layout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import a surveyor’s layout' })).toBeVisible();
    await page.getByLabel('Layout file').setInputFiles(join(process.cwd(), 'docs/examples/d1-layout.csv'));
    await page.getByRole('button', { name: 'Preview the changes' }).click();
    const preview = page.getByTestId('import-preview');
    await expect(preview.getByRole('heading', { name: 'What importing d1-layout.csv would change' })).toBeVisible();
    await expect(page.getByTestId('import-summary')).toContainText('120 new');
    await expect(preview.getByRole('button', { name: 'Apply these changes' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'plots-import-preview', project);
    await page.goto('/admin/plots?district=d1');

    // The list: filtered by block and status with a plain GET form.
    await expect(page.getByTestId('plot-counts')).toContainText('plots:');
    await page.getByRole('combobox', { name: 'Block' }).selectOption(block);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('available');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`block=${block}`));
    const rows = page.getByTestId('plot-list').getByRole('listitem');
    await expect(rows.first()).toContainText(`Block ${block}`);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'plots-inventory', project);

    // One plot: hold it for the buyer.
    const plotLink = rows.first().getByRole('link');
    const label = (await plotLink.textContent())!.replace(/^Plot /, '');
    await plotLink.click();
    await expect(page.getByRole('heading', { level: 1, name: `Plot ${label}` })).toBeVisible();
    await page.getByLabel('Buyer (lead)').selectOption({ label: fullname });
    await page.getByRole('button', { name: 'Hold the plot' }).click();
    await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: fullname })).toHaveAttribute('href', /\/admin\/leads\//);

    // The deposit by hand: naira typed, kept as kobo, shown as naira.
    await page.getByLabel('Deposit received (₦)').fill('3,000,000');
    await page.getByLabel('Bank or receipt reference').fill(`GTB-${randomInt(1000, 9999)}`);
    await page.getByRole('button', { name: 'Record the deposit' }).click();
    await expect(page.getByText('Reserved', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/deposit ₦3,000,000/)).toBeVisible();

    const history = page.getByTestId('plot-history');
    await expect(history.getByRole('listitem').first()).toContainText('Reserved');
    await expect(history).toContainText('Held');
    await expect(history).toContainText('Listed (imported)');
    await expect(history).toContainText('₦3,000,000');
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'plots-history', project);

    // Back on the list the plot shows its buyer, linked to the lead page.
    await page.goto(`/admin/plots?district=d1&block=${block}&status=reserved`);
    await expect(page.getByTestId('plot-list')).toContainText(fullname);
  });
});
