import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, fillInterestForm, isPhone, uniqueEmail, PHONE } from './helpers';
import { E2E_STAFF } from './staff-fixtures';
import { addOwnerSession } from './staff-session';

/**
 * The inbox as an agent uses it on a phone (issue 14): the first lead on the first screen, Call and WhatsApp as
 * thumb-sized buttons, the chat prefilled and signed by the agent, Mark contacted in one tap, the current section
 * marked, and a foreign lead's local time.
 */
/** The display name the bootstrap gives the first owner (src/modules/staff/repository.server.ts). */
const AGENT_NAME = 'Owner';
const PHONE_SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 780 },
];

async function submitLead(page: Page, fullname: string, email: string, phone: string) {
  await page.goto('/');
  const dialog = await fillInterestForm(page, { fullname, email, phone, title: 'Mrs', district: 'Moniya, Ibadan' });
  await dialog.getByRole('button', { name: 'Submit Interest' }).click();
  await expect(page.getByText('Your Interest has been submitted! We will reach out shortly ...')).toBeVisible();
}

const heightOf = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())?.height ?? 0;

test.describe('phone inbox', PHONE, () => {
  test('first lead on the first screen, 44 px Call and WhatsApp, greeting signed by the agent, local time, Mark contacted, tab marked', async ({
    page,
  }, info) => {
    test.skip(!isPhone(info), 'phone layout');
    const email = uniqueEmail('phone-inbox');
    const name = `Adaeze Abroad ${Date.now() % 100000}`;
    await submitLead(page, name, email, '+44 20 7946 0958');
    await addOwnerSession(page.context());

    for (const size of PHONE_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/admin');
      const card = page.locator('[data-testid$="-card"]').first();
      await expect(card).toBeVisible();
      // The whole first card, its buttons included, is on the first screen without scrolling.
      const call = card.getByTestId('card-call');
      const box = await call.boundingBox();
      expect(box, `Call button at ${size.width} px`).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(await heightOf(page, 'card-whatsapp')).toBeGreaterThanOrEqual(44);
      // The filters are folded behind one control; the chips are one tap each.
      await expect(page.getByRole('search', { name: 'Filter leads' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Mine', exact: true })).toBeVisible();
    }

    // The current section is marked for screen readers and for the eye.
    const nav = page.getByRole('navigation', { name: 'Staff sections' });
    const leadsTab = nav.getByRole('link', { name: 'Leads' });
    await expect(leadsTab).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Your account' })).not.toHaveAttribute('aria-current', 'page');
    const backgrounds = await nav.getByRole('link').evaluateAll((links) => links.map((link) => getComputedStyle(link).backgroundColor));
    expect(new Set(backgrounds).size).toBeGreaterThan(1);
    await expectNoSeriousAxeViolations(page);

    // A quick chip narrows the list and is marked as the view on screen.
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/status=new/);
    await expect(page.getByRole('link', { name: 'New', exact: true })).toHaveAttribute('aria-current', 'true');

    // The foreign lead: prefilled WhatsApp (title, name, agent), local time in the United Kingdom.
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    const mine = page.getByTestId('lead-card').filter({ hasText: name });
    await expect(mine).toHaveCount(1);
    const wa = await mine.getByTestId('card-whatsapp').getAttribute('href');
    expect(wa).toMatch(/^https:\/\/wa\.me\/442079460958\?text=/);
    const text = new URL(wa!).searchParams.get('text');
    expect(text).toContain(`Mrs ${name}`);
    expect(text).toContain(AGENT_NAME);
    await expect(mine.getByTestId('lead-local-time')).toContainText(/\d{2}:\d{2} in United Kingdom/);

    // The card is one tap target: a tap on its empty middle opens the lead.
    await mine.scrollIntoViewIfNeeded();
    const cardBox = (await mine.boundingBox())!;
    await page.mouse.click(cardBox.x + cardBox.width / 2, cardBox.y + 60);
    await expect(page).toHaveURL(/\/admin\/leads\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // On the lead page reaching the person comes first, then one tap records it.
    const leadCall = page.getByTestId('lead-call');
    const leadWa = page.getByTestId('lead-whatsapp');
    expect((await leadCall.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await leadWa.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await leadWa.boundingBox())!.y).toBeLessThan((await page.getByRole('heading', { name: 'Details' }).boundingBox())!.y);
    expect(new URL((await leadWa.getAttribute('href'))!).searchParams.get('text')).toContain(`Mrs ${name}`);
    await expect(page.getByTestId('lead-local-time')).toContainText('United Kingdom');
    await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Leads' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Mark contacted' }).click();
    await expect(page.getByText('Marked contacted.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark contacted' })).toHaveCount(0);
    // History names the staff member, not their e-mail address.
    const history = page.getByTestId('lead-activity').first();
    await expect(history).toContainText(`${AGENT_NAME} changed status from New to Contacted`);
    await expect(history).not.toContainText(E2E_STAFF.email);
  });

  test('search: always on screen, finds a caller by their number as they say it, clears, passes axe', async ({ page, request }, info) => {
    // A number of this run's own, so no other test's lead answers the search: 0803 then seven digits of the clock.
    const local = `0803${String(Date.now()).slice(-7)}`;
    const spoken = `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
    const name = `Nkechi Callback ${local.slice(-4)}`;
    const res = await request.post('/api/interest', {
      data: { title: 'Mrs', fullname: name, email: uniqueEmail('search'), phonenumber: `+234${local.slice(1)}`, district: 'Lugbe, Abuja' },
    });
    expect(res.status()).toBe(201);
    await addOwnerSession(page.context());
    const height = page.viewportSize()!.height;

    // From a chip's view (New), without opening anything: the box is on the first screen, labelled, a search field.
    await page.goto('/admin?status=new');
    const box = page.getByRole('searchbox', { name: 'Search leads' });
    await expect(box).toBeVisible();
    const at = (await box.boundingBox())!;
    expect(at.y + at.height).toBeLessThanOrEqual(height);
    await expect(box).toHaveAttribute('type', 'search');
    await expect(box).toHaveAttribute('enterkeyhint', 'search');
    await expect(page.getByRole('search', { name: 'Filter leads' })).toBeHidden();

    // The number as the caller says it, with the keyboard's search key: every lead is searched, not only New ones.
    await box.fill(spoken);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${encodeURIComponent(spoken).replace(/%20/g, '(\\+|%20)')}$`));
    const card = page.locator('[data-testid$="-card"]:visible, [data-testid$="-row"]:visible').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('search-result')).toContainText(`1 lead matches “${spoken}”.`);
    await expect(box).toHaveValue(spoken);
    await expect(box).toHaveAccessibleDescription(/1 lead matches/);
    await expectNoSeriousAxeViolations(page);
    const dir = process.env.SHOTS_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `inbox-search-${info.project.name}.png`) });
    }

    // Its last four digits find it too; a clear control takes the search away.
    await box.fill(local.slice(-4));
    await box.press('Enter');
    await expect(card).toHaveCount(1);
    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(box).toHaveValue('');
    await expect(page.getByTestId('search-result')).toHaveCount(0);
  });

  // Screenshots to look at, only when asked for (SHOTS_DIR); kept out of the repository.
  test('screenshots of the inbox, a lead page and the staff, system, dashboard and account pages', async ({ page }, info) => {
    const dir = process.env.SHOTS_DIR;
    test.skip(!dir, 'set SHOTS_DIR to take screenshots');
    mkdirSync(dir!, { recursive: true });
    await submitLead(page, `Chidinma Screenshot ${Date.now() % 100000}`, uniqueEmail('shots'), '+1 212 456 1234');
    await addOwnerSession(page.context());
    const sizes = isPhone(info) ? [...PHONE_SIZES] : [{ width: 1440, height: 900 }];
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.goto('/admin');
      await page.screenshot({ path: join(dir!, `inbox-${size.width}.png`) });
      await page.screenshot({ path: join(dir!, `inbox-${size.width}-full.png`), fullPage: true });
      await page
        .locator('[data-testid$="-card"]:visible, [data-testid$="-row"]:visible')
        .first()
        .locator('a[href^="/admin/leads/"]')
        .click();
      await expect(page).toHaveURL(/\/admin\/leads\//);
      await page.screenshot({ path: join(dir!, `lead-${size.width}.png`) });
      await page.screenshot({ path: join(dir!, `lead-${size.width}-full.png`), fullPage: true });
      for (const name of ['staff', 'system', 'dashboard', 'account']) {
        await page.goto(`/admin/${name}`);
        await page.screenshot({ path: join(dir!, `${name}-${size.width}-full.png`), fullPage: true });
      }
    }
  });
});
