import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, mailTo, PHONE_ONLY, screenshotAtBothWidths as screenshot, uniqueEmail } from './helpers';

/**
 * A buyer chooses and holds a plot on a phone (issue 58; District 1's plots come from tests/e2e/seed-plots.ts): from
 * the district page's count to the live plan, a plot, its hold form and the confirmation; another visitor's plan then
 * shows the plot on hold without naming anyone. With scripts and without: every step is a link, a GET filter or a POST.
 */

for (const scripts of [true, false]) {
  // Each run holds its own plot of District 1's seeded layout.
  const label = scripts ? 'C3' : 'C5';
  test.describe(`choosing a plot, scripts ${scripts ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: scripts, timezoneId: 'Europe/London' });

    test(
      `district page → plan → plot ${label} → hold → confirmation; another visitor sees it held, nobody named`,
      PHONE_ONLY,
      async ({ page, browser }) => {
        const name = `Plot Buyer ${scripts ? 'On' : 'Off'}`;
        const email = uniqueEmail(`plot-${label.toLowerCase()}`);

        // The district page: its count comes with scripts (a prerendered page cannot know it), the link either way.
        await page.goto('/d1');
        const counts = page.locator('[data-plot-counts="d1"]').first();
        if (scripts) await expect(counts).toContainText(/\d+ of 48 plots available/);
        // The live plan, an image drawn per request: live availability on the prerendered page, scripts or not.
        const plan = page.getByRole('img', { name: 'Live site plan of District 1: available, held, reserved and sold plots' });
        await plan.scrollIntoViewIfNeeded();
        await expect(plan).toBeVisible();
        await expect.poll(() => plan.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
        await expect(page.getByRole('link', { name: /Live site plan of District 1.*Open the plan to choose a plot/ })).toHaveAttribute(
          'href',
          '/d1/plots',
        );
        await counts.scrollIntoViewIfNeeded();
        await screenshot(page, `plots-district-${scripts ? 'on' : 'off'}`, false);
        await counts.getByRole('link', { name: /Choose your plot/ }).click();
        await expect(page).toHaveURL(/\/d1\/plots$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Choose your plot' })).toBeVisible();
        await expect(page.getByText(/\d+ of 48 plots available/).first()).toBeVisible();
        if (scripts) await expectNoSeriousAxeViolations(page);
        await screenshot(page, `plots-plan-${scripts ? 'on' : 'off'}`);

        // The list's filter: a plain GET form (block C: 12 plots).
        await page.getByLabel('Block', { exact: true }).selectOption('C');
        await page.getByRole('button', { name: 'Show plots' }).click();
        await expect(page).toHaveURL(/block=C/);
        await expect(page.getByText('Showing 12 of 48 plots')).toBeVisible();

        // The plot, from the plan: a link named by its number, block, size, price and status.
        await page
          .locator('svg.plan')
          .getByRole('link', { name: new RegExp(`^Plot ${label},.*Available$`) })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: `Plot ${label}` })).toBeVisible();
        const form = page.locator('form#hold');
        await form.getByLabel('Full name').fill(name);
        await form.getByLabel('E-mail').fill(email);
        await form.getByLabel('Phone number').fill('0803 555 0142');
        if (scripts) await expectNoSeriousAxeViolations(page);
        await screenshot(page, `plots-hold-form-${scripts ? 'on' : 'off'}`);
        await form.getByRole('button', { name: 'Hold this plot' }).click();

        // The confirmation: until when, in Lagos time; with scripts, in the visitor's own zone too (London here).
        await expect(page.getByRole('heading', { level: 1, name: `Plot ${label} is held for you` })).toBeVisible();
        await expect(page.getByText(/^Held until .+, Lagos time$/)).toBeVisible();
        if (scripts) await expect(page.getByText(/where you are\.$/)).toBeVisible();
        else await expect(page.getByText(/where you are\.$/)).toHaveCount(0);
        await expect(page.getByText('Our team will call you shortly to answer your questions and arrange your deposit.')).toBeVisible();
        expect(page.url()).not.toContain(encodeURIComponent(email));
        if (scripts) await expectNoSeriousAxeViolations(page);
        await screenshot(page, `plots-held-${scripts ? 'on' : 'off'}`);

        // Told at once: the buyer's e-mail, with the hold's own link.
        const mail = await mailTo(email, new RegExp(`Plot ${label}, .* is held for you`));
        expect(mail.text).toContain('Lagos time');

        // Another visitor, at once: the plot is on hold on the plan, its page offers no form, and nobody is named.
        const other = await browser.newContext({ javaScriptEnabled: scripts });
        const visitor = await other.newPage();
        await visitor.goto('/d1/plots');
        await expect(visitor.locator('svg.plan').getByRole('link', { name: new RegExp(`^Plot ${label},.*On hold$`) })).toBeVisible();
        const html = await visitor.content();
        expect(html).not.toContain(name);
        expect(html).not.toContain(email);
        await visitor.goto(`/d1/plots/${label}`);
        await expect(visitor.getByText('This plot is on hold for another buyer.', { exact: false })).toBeVisible();
        await expect(visitor.locator('form#hold')).toHaveCount(0);
        await other.close();
      },
    );
  });
}

test('a district without plots says plainly that plot selection opens soon', PHONE_ONLY, async ({ page }) => {
  await page.goto('/d2/plots');
  await expect(page.getByText(/Plot selection opens soon/)).toBeVisible();
  await expect(page.locator('svg.plan')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
