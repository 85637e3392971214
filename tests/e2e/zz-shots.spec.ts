import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { addOwnerSession } from './staff-session';

test('temporary screenshots', async ({ page }, info) => {
  test.setTimeout(180_000);
  const dir = process.env.SHOTS_DIR!;
  mkdirSync(dir, { recursive: true });
  for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    for (const [name, path] of [['home', '/'], ['d1', '/d1'], ['d2', '/d2'], ['d1-inspection', '/d1/inspection']]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(dir, `${name}-${size.width}-${info.project.name}.png`) });
    }
  }
  await addOwnerSession(page.context());
  for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await page.goto('/admin/system');
    await page.screenshot({ path: join(dir, `system-${size.width}-${info.project.name}.png`), fullPage: true });
  }
});
