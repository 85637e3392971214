import { expect, test, type Locator, type Page } from '@playwright/test';
import { holdScripts, PHONE } from './helpers';

test.describe('District 1 (/d1)', () => {
  test('hero, about, six features, three why-choose cards, six landmarks', async ({ page }) => {
    await page.goto('/d1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('District 1 · Lugbe, Abuja')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'About District 1' })).toBeVisible();
    const features = page.getByRole('region', { name: 'Features' });
    await expect(features.getByRole('listitem')).toHaveCount(6);
    const why = page.getByRole('region', { name: 'Why choose District 1' });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText([
      'Safety and Security',
      'Comfort and Lifestyle',
      'Convenience and amenities',
    ]);
    const landmarks = page.getByRole('region', { name: 'Landmarks' });
    await expect(landmarks.getByRole('listitem')).toHaveCount(6);
    for (const kind of ['Airport', 'Market', 'Rail station', 'University', 'Bus terminal', 'Shopping mall']) {
      await expect(landmarks.getByText(new RegExp(`^${kind} ·`))).toBeVisible();
    }
    await expect(landmarks.getByText('Lugbe Market')).toBeVisible();
  });

  test('features show as two rows of three on desktop, one column on phones', PHONE, async ({ page }, info) => {
    await page.goto('/d1');
    const tops = await page
      .getByRole('region', { name: 'Features' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
    if (info.project.name === 'phone') {
      expect(new Set(tops).size).toBe(6);
    } else {
      expect(new Set(tops.slice(0, 3)).size).toBe(1);
      expect(new Set(tops.slice(3)).size).toBe(1);
      expect(tops[3]).toBeGreaterThan(tops[0]);
    }
  });

  test('land offer in naira, instalment view for 6/12/18 months', async ({ page }) => {
    await page.goto('/d1');
    const offer = page.getByRole('region', { name: 'Land offer' });
    await expect(offer).toContainText("300 sqm plot of Abuja's most-loved district");
    await expect(offer).toContainText('₦10,000,000');
    await expect(offer).toContainText('₦3,000,000');
    await expect(offer).toContainText('₦7,000,000');
    await expect(offer.getByRole('radio', { name: '12 months' })).toBeChecked();
    await expect(offer).toContainText('₦583,334');
    await offer.getByText('6 months').click();
    await expect(offer).toContainText('₦1,166,667');
    await offer.getByText('18 months').click();
    await expect(offer).toContainText('₦388,889');
    await offer.getByText('See the full monthly schedule').click();
    await expect(offer.getByRole('table').getByRole('row')).toHaveCount(1 + 1 + 18);
    await expect(offer).toContainText('Indicative only, with no interest charged');
  });

  test('a period tapped before the scripts arrive is kept, and its figures shown once they have', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/d1', { waitUntil: 'domcontentloaded' });
    const offer = page.getByRole('region', { name: 'Land offer' });
    await offer.getByText('6 months').click();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(offer.getByRole('radio', { name: '6 months' })).toBeChecked();
    await expect(offer).toContainText('₦1,166,667');
  });

  test('Contact Us offers call, WhatsApp with a message naming the district, and e-mail', async ({ page }) => {
    await page.goto('/d1');
    await page.getByRole('region', { name: 'Land offer' }).getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact our sales team' });
    await expect(dialog.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+\d+$/);
    const wa = await dialog.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href');
    expect(wa).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(wa!.split('text=')[1])).toContain('District 1, Lugbe, Abuja');
    await expect(dialog.getByRole('link', { name: /^E-mail/ })).toHaveAttribute('href', /^mailto:.+\?subject=/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('District 2 (/d2)', () => {
  test('seven numbered why-choose blocks with the spec titles', async ({ page }) => {
    await page.goto('/d2');
    const why = page.getByRole('region', { name: 'Why choose District 2' });
    await expect(why.getByRole('list')).toHaveJSProperty('tagName', 'OL');
    await expect(why.getByRole('heading', { level: 3 })).toHaveText([
      'Safety and security',
      'Lifestyle and convenience',
      'Community and social life',
      'Family-friendly',
      'Investment and property value',
      'Career and personal growth',
      'Technology and innovation',
    ]);
    await expect(page.getByRole('region', { name: 'Features' }).getByRole('listitem')).toHaveCount(6);
  });

  test('landmarks: six of ten shown, a control reveals the other four', async ({ page }) => {
    await page.goto('/d2');
    const landmarks = page.getByRole('region', { name: 'Landmarks' });
    await expect(landmarks.getByRole('listitem')).toHaveCount(6);
    const more = landmarks.getByRole('button', { name: 'Show all 10 landmarks' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(landmarks.getByRole('listitem')).toHaveCount(10);
    await expect(landmarks.getByText('University of Ibadan')).toBeVisible();
    await landmarks.getByRole('button', { name: 'Show fewer landmarks' }).click();
    await expect(landmarks.getByRole('listitem')).toHaveCount(6);
  });

  test('land offer with the specification figures and wording', async ({ page }) => {
    await page.goto('/d2');
    const offer = page.getByRole('region', { name: 'Land offer' });
    await expect(offer).toContainText("450 sqm plot of Abuja's most-loved district");
    await expect(offer).toContainText('₦1,500,000');
    await expect(offer).toContainText('₦500,000');
    await offer.getByText('6 months').click();
    await expect(offer).toContainText('₦166,667');
    await offer.getByRole('button', { name: 'Submit Interest' }).click();
    await expect(page.getByRole('dialog', { name: 'Submit Interest' }).getByLabel('Preferred district')).toHaveValue('Moniya, Ibadan');
  });
});

/** What a buyer checks before leaving their number (issue 13), on both district pages. */
const BUYER_PAGES = [
  {
    path: '/d1',
    name: 'District 1',
    choice: 'Lugbe, Abuja',
    landmarks: 6,
    figures: ['300 sqm', '₦10,000,000', '₦3,000,000', '₦7,000,000', '6, 12 or 18 months', '₦388,889'],
  },
  {
    path: '/d2',
    name: 'District 2',
    choice: 'Moniya, Ibadan',
    landmarks: 10,
    figures: ['450 sqm', '₦1,500,000', '₦500,000', '₦1,000,000', '6, 12 or 18 months', '₦55,556'],
  },
];
const BUYER_SECTIONS = ['Where it is', 'How buying works', 'Title and documents', 'Questions buyers ask'];

const faqJsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text))
    .filter((data) => data['@type'] === 'FAQPage');

for (const district of BUYER_PAGES) {
  test.describe(`Buyer confidence on ${district.path}`, () => {
    test('each section is found by its heading; the steps quote the district’s own figures', async ({ page }) => {
      await page.goto(district.path);
      for (const heading of BUYER_SECTIONS) {
        await expect(page.getByRole('main').getByRole('region', { name: heading })).toBeVisible();
        await expect(page.getByRole('main').getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
      }
      const steps = page.getByRole('region', { name: 'How buying works' });
      await expect(steps.getByRole('listitem')).toHaveCount(8);
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
        'Submit your interest',
        'We call you',
        'Inspect the site',
        'Offer letter',
        'Initial deposit',
        'Instalments',
        'Allocation',
        'Documents',
      ]);
      for (const figure of district.figures) await expect(steps).toContainText(figure);
      await expect(steps).toContainText('live video tour');
    });

    test('where it is: a map with a numbered drive time per landmark, and directions in the visitor’s maps app', async ({ page }) => {
      await page.goto(district.path);
      const where = page.getByRole('region', { name: 'Where it is' });
      await expect(where.getByRole('img', { name: new RegExp(`^Map of ${district.name}`) })).toBeVisible();
      await expect(where.getByRole('listitem')).toHaveCount(district.landmarks);
      await expect(where.getByRole('listitem').first()).toHaveText(/\d+ min$/);
      const directions = where.getByRole('link', { name: `Get directions to ${district.name}` });
      await expect(directions).toBeVisible();
      const href = new URL((await directions.getAttribute('href'))!);
      expect(`${href.origin}${href.pathname}`).toBe('https://www.google.com/maps/dir/');
      expect(href.searchParams.get('api')).toBe('1');
      const [lat, lng] = href.searchParams.get('destination')!.split(',').map(Number);
      // Inside Nigeria.
      expect(lat).toBeGreaterThan(4);
      expect(lat).toBeLessThan(14);
      expect(lng).toBeGreaterThan(2.6);
      expect(lng).toBeLessThan(14.7);
      await expect(directions).toHaveAttribute('rel', /noopener/);
    });

    test('title and documents: what the buyer receives, and the inspection offer leads to booking one in the district', async ({
      page,
    }) => {
      await page.goto(district.path);
      const title = page.getByRole('region', { name: 'Title and documents' });
      await expect(title.getByRole('term')).toHaveText([
        'Payment receipts',
        'Contract of sale',
        'Allocation letter',
        'Survey plan',
        'Deed of assignment',
      ]);
      await expect(title.getByRole('heading', { level: 3, name: 'Documents available for inspection' })).toBeVisible();
      // The offer books a site inspection (docs/decisions/0391), where the title documents are shown.
      await title.getByRole('link', { name: 'Book a document inspection' }).click();
      await expect(page).toHaveURL(new RegExp(`${district.path}/inspection$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Book a site inspection' })).toBeVisible();
    });

    test('questions buyers ask: disclosures work by keyboard and match the FAQPage structured data', async ({ page }) => {
      await page.goto(district.path);
      const faq = page.getByRole('region', { name: 'Questions buyers ask' });
      const items = faq.locator('details');
      const count = await items.count();
      expect(count).toBeGreaterThanOrEqual(8);
      expect(count).toBeLessThanOrEqual(10);

      const [first, second] = [items.nth(0), items.nth(1)];
      await expect(first.locator('p')).toBeHidden();
      await first.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveJSProperty('open', true);
      await expect(first.locator('p')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(second.locator('summary')).toBeFocused();
      await page.keyboard.press('Space');
      await expect(second).toHaveJSProperty('open', true);
      await page.keyboard.press('Space');
      await expect(second).toHaveJSProperty('open', false);

      const data = await faqJsonLd(page);
      expect(data).toHaveLength(1);
      expect(data[0]['@context']).toBe('https://schema.org');
      const entities = data[0].mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
      expect(entities.map((q) => q.name)).toEqual((await faq.locator('summary').allTextContents()).map((t) => t.trim()));
      for (const [index, entity] of entities.entries()) {
        expect(entity['@type']).toBe('Question');
        expect(entity.acceptedAnswer['@type']).toBe('Answer');
        expect(entity.acceptedAnswer.text).toBe((await items.nth(index).locator('p').textContent())?.trim());
      }
    });
  });
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the document inspection offer leads to the district’s booking page, its slots and form', async ({ page }) => {
    await page.goto('/d2');
    await page.getByRole('region', { name: 'Title and documents' }).getByRole('link', { name: 'Book a document inspection' }).click();
    await expect(page).toHaveURL(/\/d2\/inspection$/);
    await expect(page.getByRole('button', { name: 'Book my seat' })).toBeVisible();
  });

  test('the answers open without scripts', async ({ page }) => {
    await page.goto('/d1');
    const first = page.getByRole('region', { name: 'Questions buyers ask' }).locator('details').first();
    await first.locator('summary').click();
    await expect(first.locator('p')).toBeVisible();
  });
});

/**
 * Prices for buyers abroad (issue 32, part 4): the e2e server's build has the owner's rates of
 * tests/support/site-facts.ts (USD=1610, GBP=2050 on 2026-11-01), so each naira price shows its indicative $ and £.
 */
test.describe('indicative $ and £ beside the naira prices', () => {
  const BASIS = 'at ₦1,610/$ and ₦2,050/£ on 1 Nov 2026';
  /** The note under a block of prices (its rates and day then read twice in its text: once seen, once heard). */
  const note = (scope: Locator) =>
    scope.locator('p').filter({ hasText: `Prices are in Naira; dollar and pound figures are indicative, ${BASIS}` });
  const BUILT_WITHOUT_RATES =
    'no indicative figures: was this build made without SITE_FX_RATES? `npm run build:if-stale` builds with tests/support/site-facts.ts';

  /** The hero's entry price, then its $ and £ with the word "indicative", the rates and their day. */
  async function expectHero(page: Page, naira: string, figures: string) {
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    await expect(hero.getByText(figures, { exact: true }), BUILT_WITHOUT_RATES).toBeVisible();
    await expect(hero).toContainText(`Plots from ${naira} deposit`);
    await expect(hero.getByText(figures, { exact: true }).locator('xpath=ancestor::p[1]')).toContainText(`indicative, ${BASIS}`);
  }

  /** The definition after the naira one under a term: "≈ $6,200 · £4,900" (then what a screen reader hears instead). */
  const besides = (scope: Locator, term: string) =>
    scope
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[2]');
  const startsWith = (text: string) => new RegExp(`^${text.replace(/[$.*+?^()[\]{}|\\]/g, '\\$&')}`);

  test('home: the hero’s entry price (the lowest deposit)', async ({ page }) => {
    await page.goto('/');
    await expectHero(page, '₦500,000', '≈ $310 · £240');
  });

  for (const { path, hero, price, deposit, balance, months } of [
    {
      path: '/d1',
      hero: ['₦3,000,000', '≈ $1,900 · £1,500'],
      price: '≈ $6,200 · £4,900',
      deposit: '≈ $1,900 · £1,500',
      balance: '≈ $4,300 · £3,400',
      months: { 12: ['₦583,334', '≈ $360 · £280'], 6: ['₦1,166,667', '≈ $720 · £570'], 18: ['₦388,889', '≈ $240 · £190'] },
    },
    {
      path: '/d2',
      hero: ['₦500,000', '≈ $310 · £240'],
      price: '≈ $930 · £730',
      deposit: '≈ $310 · £240',
      balance: '≈ $620 · £490',
      months: { 12: ['₦83,334', '≈ $52 · £41'], 6: ['₦166,667', '≈ $100 · £81'], 18: ['₦55,556', '≈ $35 · £27'] },
    },
  ] as const) {
    test(`${path}: hero, about, offer and the instalment view, which follow the period chosen`, async ({ page }) => {
      await page.goto(path);
      await expectHero(page, hero[0], hero[1]);

      const about = page.getByRole('main').locator('#about');
      await expect(besides(about, 'Price')).toHaveText(startsWith(price));
      await expect(besides(about, 'Initial deposit')).toHaveText(startsWith(deposit));

      const offer = page.getByRole('region', { name: 'Land offer' });
      await expect(besides(offer, 'Outright price')).toHaveText(startsWith(price));
      await expect(besides(offer, 'Initial deposit').first()).toHaveText(startsWith(deposit));
      await expect(note(offer).first()).toBeVisible();
      // A screen reader hears words, not "almost equal to dollar sign".
      await expect(
        offer
          .getByRole('term')
          .filter({ hasText: /^Outright price$/ })
          .locator('..'),
      ).toMatchAriaSnapshot(`
        - term: Outright price
        - definition: /₦[\\d,]+/
        - definition: /^about [\\d,]+ US dollars or [\\d,]+ pounds$/
      `);

      const plan = page.getByRole('region', { name: 'Instalment view' });
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await expect(besides(plan, 'Balance after deposit')).toHaveText(startsWith(balance));
      await expect(note(plan)).toBeVisible();
      for (const period of [12, 6, 18] as const) {
        if (period !== 12) await plan.getByText(`${period} months`).click();
        await expect(besides(plan, 'Monthly payment')).toHaveText(startsWith(months[period][1]));
        await expect(plan.getByRole('term').filter({ hasText: 'Monthly payment' }).locator('..')).toContainText(months[period][0]);
      }
    });
  }

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test('the figures are in the page itself', async ({ page }) => {
      await page.goto('/d1');
      await expectHero(page, '₦3,000,000', '≈ $1,900 · £1,500');
      const plan = page.getByRole('region', { name: 'Instalment view' });
      await expect(besides(plan, 'Monthly payment')).toHaveText(startsWith('≈ $360 · £280'));
    });
  });
});
