import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE } from './helpers';
import { addOwnerSession } from './staff-session';

/**
 * The owners' System page (issue 29, item 6; docs/decisions/0112-health-metrics-and-owner-alerts.md): reached from the
 * staff nav, one section after the other, readable on a phone without sideways scrolling. This test server has no mail
 * server and no webhook, so the channels say "Not configured"; what they say when failing is tested in
 * tests/integration/owner-alerts.test.ts, and what the load balancer sees in tests/integration/health.test.ts.
 */
test.describe('system page', PHONE, () => {
  test('an owner opens it from the nav and reads the messages, alerts, backups and database sections', async ({ page, context }) => {
    await addOwnerSession(context);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'System', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/system$/);
    // Like every staff page: never indexed (tests/e2e/staff.spec.ts checks the others). Reached by a client-side
    // navigation, the page's head can briefly hold the robots tag twice (both noindex) while React swaps it.
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System');
    await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'System' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('system-summary')).toBeVisible();
    for (const heading of ['Messages', 'Alerts', 'Backups', 'Database and job queue'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    // BACKUP_KEY is set on this server, as production requires: every backup is encrypted.
    await expect(page.locator('#backups')).toContainText('Files are encrypted with BACKUP_KEY.');
    const channels = page.getByTestId('system-channel');
    // Push alerts need no set-up (the site makes its own keys); the others do. This server's WhatsApp is the fake of
    // Meta's Cloud API (global-setup.ts), so the buyers' first replies go (docs/decisions/0394).
    await expect(channels).toHaveCount(5);
    for (const channel of ['push', 'first_reply'])
      await expect(page.locator(`[data-testid="system-channel"][data-channel="${channel}"]`)).not.toContainText('Not configured');
    for (const channel of ['sales_email', 'receipt', 'webhook'])
      await expect(page.locator(`[data-testid="system-channel"][data-channel="${channel}"]`)).toContainText('Not configured');
    await page.locator('summary', { hasText: 'Jobs per queue' }).click();
    await expect(page.getByRole('table', { name: 'Jobs per queue' })).toContainText('owner-alert');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
  });
});
