import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, newsletterMailTo, uniqueEmail } from './helpers';

/**
 * Newsletter double opt-in as a reader lives it: the footer form only asks for confirmation, the e-mail's link
 * opens a page whose button subscribes, and unsubscribing takes a press of a button — opening a link (as mail
 * scanners do) changes nothing.
 */

test('sign up in the footer, get the confirmation e-mail, confirm with the button: subscribed', async ({ page }) => {
  const email = uniqueEmail('newsletter');
  await page.goto('/d1');
  const footer = page.getByRole('contentinfo');
  await footer.getByPlaceholder('Type your email').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    page.getByText('Almost done: check your inbox and press the button in our e-mail to confirm your subscription.'),
  ).toBeVisible();

  const { mail, confirmLink, unsubscribeLink } = await newsletterMailTo(email);
  // RFC 8058 one-click unsubscribe: the address a mail client posts to, and the body it posts.
  expect(mail.headers.get('list')).toEqual({
    unsubscribe: { url: unsubscribeLink.replace('/unsubscribe?', '/api/newsletter/unsubscribe?') },
    'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
  });

  // Opening the link (a person, or a scanner) only shows the button; opening it twice still does.
  await page.goto(confirmLink);
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();

  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired or was already used' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toHaveCount(0);
});

test('the unsubscribe link shows a button; opening it changes nothing, pressing it unsubscribes', async ({ page }) => {
  const email = uniqueEmail('newsletter-leave');
  expect((await page.request.post('/api/newsletter', { data: { email } })).status()).toBe(200);
  const { confirmLink, unsubscribeLink } = await newsletterMailTo(email);
  await page.goto(confirmLink);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();

  // Link scanners fetch every link, including the List-Unsubscribe address: still subscribed afterwards.
  const oneClickAddress = unsubscribeLink.replace('/unsubscribe?', '/api/newsletter/unsubscribe?');
  expect((await page.request.get(unsubscribeLink)).status()).toBe(200);
  expect((await page.request.get(oneClickAddress, { maxRedirects: 0 })).status()).toBe(303);
  await page.goto(unsubscribeLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from our newsletter?' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});
