import { expect, test } from '@playwright/test';

test.describe('District 1 (/d1)', () => {
  test('hero, about, six features, three why-choose cards, six landmarks', async ({ page }) => {
    await page.goto('/d1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('District 1 · Lugbe, Abuja')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'About District 1' })).toBeVisible();
    const features = page.getByRole('region', { name: 'Features' });
    await expect(features.getByRole('listitem')).toHaveCount(6);
    const why = page.getByRole('region', { name: 'Why choose District 1' });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText(['Safety and Security', 'Comfort and Lifestyle', 'Convenience and amenities']);
    const landmarks = page.getByRole('region', { name: 'Landmarks' });
    await expect(landmarks.getByRole('listitem')).toHaveCount(6);
    for (const kind of ['Airport', 'Market', 'Rail station', 'University', 'Bus terminal', 'Shopping mall']) {
      await expect(landmarks.getByText(new RegExp(`^${kind} ·`))).toBeVisible();
    }
    await expect(landmarks.getByText('Lugbe Market')).toBeVisible();
  });

  test('features show as two rows of three on desktop, one column on phones', async ({ page }, info) => {
    await page.goto('/d1');
    const tops = await page.getByRole('region', { name: 'Features' }).getByRole('listitem').evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
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
