import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** The home page opens with the Submit Interest popup; most tests start by closing it. */
export async function closeInterestPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
  await expectPopupReady(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Opens a navigation item: from the bar on desktop, from the side menu on phones. */
export async function openNavItem(page: Page, info: TestInfo, label: string) {
  if (isPhone(info)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole(label === 'Home' ? 'link' : 'button', { name: label, exact: true }).click();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole(label === 'Home' ? 'link' : 'button', { name: label, exact: true }).click();
  }
}

export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The popup takes focus once the page is interactive (hydrated); typing before that would be lost. */
export async function expectPopupReady(page: Page) {
  await expect(page.getByRole('dialog', { name: 'Submit Interest' }).getByLabel('Full name')).toBeFocused();
}

export async function fillInterestForm(page: Page, values: { fullname: string; email: string; phone: string; title?: string; district?: string }) {
  const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
  await expectPopupReady(page);
  if (values.title) await dialog.getByLabel('Title').selectOption(values.title);
  await dialog.getByLabel('Full name').fill(values.fullname);
  await dialog.getByLabel('E-mail').fill(values.email);
  await dialog.getByLabel('Phone number').fill(values.phone);
  if (values.district) await dialog.getByLabel('Preferred district').selectOption(values.district);
  return dialog;
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
