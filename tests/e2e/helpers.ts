import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { simpleParser } from 'mailparser';

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/**
 * Marks a test (or a group) that depends on the screen: layout, overflow, touch, axe, the phone inbox. The phone
 * project runs only these (playwright.config.ts); everything else is the same on any screen and runs once, on desktop.
 */
export const PHONE = { tag: '@phone' };

/**
 * A screenshot to look at, only when asked for (SHOTS_DIR, kept out of the repository): a full page at a phone's
 * pixel ratio costs the browser a second or more to draw and encode, which a run that only checks has no use for.
 */
export async function screenshotToLookAt(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await target.screenshot({ path: join(dir, `${name}.png`), ...options });
}
/** A page at a phone's width (390) and a desktop's (1440), when asked for (SHOTS_DIR); the page is left at 390 × 844. */
export async function screenshotAtBothWidths(page: Page, name: string, fullPage = true) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: join(dir, `${name}-390.png`), fullPage });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(dir, `${name}-1440.png`), fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The e-mail the server kept (no mail server on the e2e run) to `address` whose subject matches. */
export async function mailTo(address: string, subject: RegExp, timeoutMs = 20_000, dataDir = process.env.E2E_DATA_DIR!) {
  const dir = join(dataDir, 'outbox-mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(dir, name));
      // Most kept messages are other tests' e-mails: only those naming the address are parsed.
      if (!raw.includes(address)) continue;
      const mail = await simpleParser(raw);
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      if (to.includes(address) && subject.test(mail.subject ?? '')) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A flow about the phone itself (its fingerprint, its alerts): run in the phone project only (playwright.config.ts). */
export const PHONE_ONLY = { tag: '@phone-only' };

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
  // Every rule still runs and reports every violating node; only the passes and inapplicable results, which the test
  // never reads, are cut to one node each (axe's own option): a third less time per page, most of it serialising passes.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * The popup takes focus as soon as it is drawn (its inline script makes it a modal); what is typed before the
 * framework's scripts arrive is kept. Once they have, the full name field takes focus with a mouse and keyboard; on a
 * touch screen the dialog itself keeps it, so no keyboard pops up.
 */
export async function expectPopupReady(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

/**
 * Holds back every script of the framework until the returned function is called: the page as a visitor on a slow
 * network has it between its first paint and the scripts' arrival.
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function fillInterestForm(
  page: Page,
  values: { fullname: string; email: string; phone: string; title?: string; district?: string },
) {
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

/**
 * The newsletter confirmation e-mail the server sent to `address`. The e2e server has no mail server, so it keeps
 * every message as an .eml file in its data directory (DATA_DIR/outbox-mail).
 */
export async function newsletterMailTo(address: string, timeoutMs = 15_000) {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox-mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(join(dir, name)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      if (!to.includes(address) || !/confirm/i.test(mail.subject ?? '')) continue;
      const link = (path: string) => new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0] ?? '';
      return { mail, confirmLink: link('/newsletter/confirm'), unsubscribeLink: link('/unsubscribe') };
    }
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The booking confirmation e-mail to `address` (kept as an .eml file like every message of the e2e server): its
 * "Move or cancel" link and its calendar attachment.
 */
export async function inspectionConfirmationTo(address: string, timeoutMs = 20_000) {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox-mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(dir, name));
      if (!raw.includes(address)) continue;
      const mail = await simpleParser(raw);
      if (!/is booked/.test(mail.subject ?? '')) continue;
      const changeLink = /https?:\/\/[^\s]+\/inspection\/change\?t=[\w.-]+/.exec(mail.text ?? '')?.[0] ?? '';
      const calendar = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
      return { mail, changeLink, calendar };
    }
    if (Date.now() > deadline) throw new Error(`no booking confirmation to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The link of the `count`-th invitation e-mail to a new staff account at `address` (docs/decisions/0347), kept as an
 * .eml file like every message of the e2e server (no mail server). A new link from an owner is the next one.
 */
export async function staffInvitationLink(
  address: string,
  count = 1,
  timeoutMs = 15_000,
  dataDir = process.env.E2E_DATA_DIR!,
): Promise<string> {
  const dir = join(dataDir, 'outbox-mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // File names start with the time they were written: sorted, oldest first.
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    const links: string[] = [];
    for (const name of names) {
      const raw = await readFile(join(dir, name));
      // Most kept messages are the run's lead e-mails: only those naming the address are parsed.
      if (!raw.includes(address)) continue;
      const mail = await simpleParser(raw);
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      if (!to.includes(address) || !/your staff account/.test(mail.subject ?? '')) continue;
      const link = /https?:\/\/[^\s]+\/registration\/welcome\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
      if (link) links.push(link);
    }
    if (links.length >= count) return links[count - 1];
    if (Date.now() > deadline) throw new Error(`no invitation e-mail no. ${count} to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
