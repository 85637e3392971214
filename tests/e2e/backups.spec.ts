import { statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addOwnerSession } from './staff-session';

/**
 * An owner's backups on the System page (docs/decisions/0111-backups-while-the-site-runs.md): taken and downloaded
 * before any script has run, as on a phone whose scripts have not arrived yet.
 */
test.describe('backups on the System page', () => {
  test.use({ javaScriptEnabled: false });

  test('an owner takes a backup with the plain form and downloads the file', async ({ page, context }) => {
    await addOwnerSession(context);
    await page.goto('/admin/system');
    const list = page.getByRole('list', { name: 'Backup files, newest first' });
    const before = (await list.count()) ? await list.getByRole('listitem').count() : 0;

    await page.getByRole('button', { name: 'Take a backup now' }).click();
    await expect(page).toHaveURL(/\/admin\/system#backups$/);
    await expect(list.getByRole('listitem')).toHaveCount(before + 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list
        .getByRole('link', { name: /^Download/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^districts-pglite-\d{8}T\d{9}Z\.tar\.gz$/);
    expect(statSync(await download.path()).size).toBeGreaterThan(100_000);
  });
});
