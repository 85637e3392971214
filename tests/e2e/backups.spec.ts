import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addOwnerSession } from './staff-session';
import { E2E_STAFF } from './staff-fixtures';

/**
 * An owner's backups on the System page (docs/decisions/0111-backups-while-the-site-runs.md, 0385): taken and
 * downloaded before any script has run, as on a phone whose scripts have not arrived yet. A backup is the whole
 * database: both ask for the password when it was not typed in the last STAFF_REAUTH_SECONDS (E2E_REAUTH_SECONDS on this server), and
 * only encrypted files are served.
 */
test.describe('backups on the System page', () => {
  test.use({ javaScriptEnabled: false });
  // One after the other: both write to the one backups folder, and the first counts its files.
  test.describe.configure({ mode: 'serial' });

  /** The password page, when the owners' shared session did not confirm its password in the last E2E_REAUTH_SECONDS. */
  async function confirmPassword(page: Page) {
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your password' })).toBeVisible();
    await page.getByLabel('Your password').fill(E2E_STAFF.password);
    await page.getByRole('button', { name: 'Confirm' }).click();
  }

  test('an owner takes a backup with the plain form, confirming the password, and downloads the encrypted file', async ({
    page,
    context,
  }) => {
    await addOwnerSession(context);
    await page.goto('/admin/system');
    const list = page.getByRole('list', { name: 'Backup files, newest first' });
    const before = (await list.count()) ? await list.getByRole('listitem').count() : 0;

    const takeNow = async () => {
      await page.getByRole('button', { name: 'Take a backup now' }).click();
      await page.waitForLoadState();
    };
    await takeNow();
    if (/\/admin\/confirm-password/.test(page.url())) {
      await expect(page).toHaveURL(/\/admin\/confirm-password\?next=%2Fadmin%2Fsystem$/);
      await confirmPassword(page);
      await expect(page).toHaveURL(/\/admin\/system$/);
      await takeNow();
    }
    await expect(page).toHaveURL(/\/admin\/system#backups$/);
    await expect(list.getByRole('listitem')).toHaveCount(before + 1);

    const downloading = page.waitForEvent('download');
    await list
      .getByRole('link', { name: /^Download/ })
      .first()
      .click();
    // Either the file comes at once (a recent password) or the page asks for the password first: looked for on the
    // page, which waits through navigations, rather than in one navigation's event.
    const asked = await Promise.race([
      downloading.then(() => false),
      page
        .getByRole('heading', { level: 1, name: 'Confirm your password' })
        .waitFor({ timeout: 30_000 })
        .then(() => true),
    ]);
    if (asked) {
      await expect(page).toHaveURL(/\/admin\/confirm-password\?next=%2Fadmin%2Fbackups%3Fname%3D/);
      await confirmPassword(page);
    }
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^districts-pglite-\d{8}T\d{9}Z\.tar\.gz\.enc$/);
    expect(statSync((await download.path())!).size).toBeGreaterThan(100_000);
  });

  test('a file written without BACKUP_KEY has no download link, and the page says to copy it from the server', async ({
    page,
    context,
  }) => {
    // As an older install without BACKUP_KEY left it in BACKUP_DIR (DATA_DIR/backups on this server).
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
    const name = `districts-pglite-${stamp}.tar.gz`;
    const dir = join(process.env.E2E_DATA_DIR!, 'backups');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), 'every lead, in the clear');
    await addOwnerSession(context);
    await page.goto('/admin/system');
    const row = page.getByRole('list', { name: 'Backup files, newest first' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('not encrypted: written without BACKUP_KEY, so it is not served over the web');
    await expect(row).toContainText('Copy it from BACKUP_DIR on the server itself');
    await expect(row.getByRole('link')).toHaveCount(0);
  });
});
