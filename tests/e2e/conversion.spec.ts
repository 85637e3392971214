import { expect, test, type Page } from '@playwright/test';
import { closeInterestPopup, expectNoSeriousAxeViolations, fillInterestForm, uniqueEmail, PHONE } from './helpers';

const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('conversion on phones', PHONE, () => {
  for (const viewport of PHONES) {
    test.describe(`${viewport.width} × ${viewport.height}`, () => {
      test.use({ viewport, hasTouch: true, isMobile: true });
      test.beforeEach(({}, info) => test.skip(info.project.name !== 'phone', 'phone sizes run once, in the phone project'));

      test('the land offer figures never overlap and stay on screen', async ({ page }) => {
        for (const path of ['/d1', '/d2']) {
          await page.goto(path);
          // Price and deposit, each its naira figure with (when the owner set rates) its indicative $ and £ under it.
          const offer = page.locator('#land-offer dl').first();
          const figures = offer.locator(':scope > div');
          await expect(figures).toHaveCount(2);
          await figures.first().scrollIntoViewIfNeeded();
          const [price, deposit] = [(await figures.nth(0).boundingBox())!, (await figures.nth(1).boundingBox())!];
          expect(overlaps(price, deposit), `${path}: price and deposit overlap`).toBe(false);
          for (const box of [price, deposit]) expect(box.x + box.width, path).toBeLessThanOrEqual(viewport.width);
          // Each figure's text fits its own box (no glyphs spilling into its neighbour).
          for (const [index, figure] of (await offer.locator('dd').all()).entries()) {
            const fits = await figure.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
            expect(fits, `${path}: figure ${index} is wider than its box`).toBe(true);
          }
        }
      });

      test('the action bar is in view mid-page and never covers the footer links', async ({ page }) => {
        await page.goto('/d1');
        const bar = page.getByRole('complementary', { name: 'Talk to us' });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await expect(bar).toBeInViewport();
        await expect(bar.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*District%201/);
        const box = (await bar.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);

        // Its button opens the popup with the page's district chosen.
        await bar.getByRole('button', { name: 'Submit Interest' }).click();
        const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
        await expect(dialog.getByLabel('Preferred district')).toHaveValue('Lugbe, Abuja');
        await page.keyboard.press('Escape');

        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const barBox = (await bar.boundingBox())!;
        for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
          const linkBox = await link.boundingBox();
          if (linkBox) expect(overlaps(barBox, linkBox), `covers ${await link.textContent()}`).toBe(false);
        }
      });

      test('the side menu links both districts', async ({ page }) => {
        await page.goto('/d2');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('link', { name: 'District 1' })).toHaveAttribute('href', '/d1');
        await expect(menu.getByRole('link', { name: 'District 2' })).toHaveAttribute('href', '/d2');
        for (const item of ['Home', 'Buy', 'Rent', 'Investment', 'Management'])
          await expect(menu.getByText(item, { exact: true })).toBeVisible();
        await menu.getByRole('link', { name: 'District 1' }).click();
        await expect(page).toHaveURL(/\/d1$/);
      });

      test('the first screen names the entry price', async ({ page }) => {
        await page.goto('/');
        await closeInterestPopup(page);
        await expect(page.getByText('Plots from ₦500,000 deposit')).toBeInViewport();
        await page.goto('/d1');
        await expect(page.getByText('Plots from ₦3,000,000 deposit')).toBeInViewport();
      });
    });
  }
});

test.describe('the home page popup', () => {
  test('a first visit gets it open in the server HTML, with no field focused on a touch screen', PHONE, async ({ request, browser }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/role="dialog"[^>]*aria-modal="true"/);
    expect(html).toMatch(/<h2[^>]*>Submit Interest<\/h2>/);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Submit Interest' });
    await expect(dialog).toBeFocused();
    await expect(page.locator('input:focus, select:focus')).toHaveCount(0);
    await context.close();
  });

  test('after a submit, reloading / does not open it, and the confirmation offers the next step', async ({ page }) => {
    await page.goto('/');
    const dialog = await fillInterestForm(page, {
      fullname: 'Chiamaka Eze',
      email: uniqueEmail('next-step'),
      phone: '+2348031234567',
      district: 'Moniya, Ibadan',
    });
    await dialog.getByRole('button', { name: 'Submit Interest' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Thank you' });
    await expect(confirmation).toContainText('Your Interest has been submitted! We will reach out shortly ...');
    const next = confirmation.getByRole('navigation', { name: 'While you wait' });
    await expect(next.getByRole('link', { name: 'Chat on WhatsApp now' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=.*District%202/,
    );
    await expect(next.getByRole('link', { name: 'How buying in District 2 works' })).toHaveAttribute('href', '/d2#how-buying-works');

    await page.reload();
    await expectPopupStaysClosed(page);
  });

  test('after a close, reloading / does not open it; a Submit Interest button still does', async ({ page }) => {
    await page.goto('/');
    await closeInterestPopup(page);
    await page.reload();
    await expectPopupStaysClosed(page);
    await page.getByRole('main').getByRole('button', { name: 'Submit Interest' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Submit Interest' })).toBeVisible();
  });
});

/** Hidden from the first paint on (the server HTML still carries it), and never shown once the page runs. */
async function expectPopupStaysClosed(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Submit Interest' });
  await expect(popup).toBeHidden();
  await page.waitForLoadState('networkidle');
  await expect(popup).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
}

test.describe('light pages', PHONE, () => {
  for (const path of ['/privacy', '/terms']) {
    test(`${path}: the header's text stands out from what is behind it (≥ 4.5:1)`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByRole('banner');
      const texts = [
        header.getByRole('link', { name: /Districts home$/ }),
        ...(await header.getByRole('navigation').getByRole('link').all()),
      ];
      for (const text of texts) {
        if (!(await text.isVisible())) continue;
        const ratio = await text.evaluate((element) => {
          // Any CSS colour (rgb, oklab, color-mix…) to sRGB 0–255 and alpha 0–1, through a 1×1 canvas.
          const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
          const rgba = (css: string) => {
            context.clearRect(0, 0, 1, 1);
            context.fillStyle = css;
            context.fillRect(0, 0, 1, 1);
            const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
            return { rgb: [r, g, b], a: a / 255 };
          };
          const over = (top: { rgb: number[]; a: number }, below: number[]) => top.rgb.map((c, i) => c * top.a + below[i] * (1 - top.a));
          const luminance = (rgb: number[]) => {
            const [r, g, b] = rgb.map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          // What is behind the text: every background from the page up to the element, composited in order.
          const layers: { rgb: number[]; a: number }[] = [];
          for (let node: Element | null = element; node; node = node.parentElement)
            layers.unshift(rgba(getComputedStyle(node).backgroundColor));
          const behind = layers.reduce((below, layer) => over(layer, below), [255, 255, 255]);
          const [light, dark] = [luminance(over(rgba(getComputedStyle(element).color), behind)), luminance(behind)].sort((x, y) => y - x);
          return (light + 0.05) / (dark + 0.05);
        });
        expect(ratio, `${path}: ${await text.textContent()}`).toBeGreaterThanOrEqual(4.5);
      }
      await expectNoSeriousAxeViolations(page);
    });
  }
});
