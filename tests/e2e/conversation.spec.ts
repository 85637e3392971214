import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE, PHONE_ONLY, screenshotToLookAt, uniqueEmail } from './helpers';
import { addOwnerSession } from './staff-session';
import { fakeWhatsAppUrl } from './whatsapp-fixtures';

/**
 * WhatsApp on the lead page (issue 46): a buyer's first reply goes by WhatsApp as the lead arrives; the buyer writes
 * back; the message is on the lead's page, and the sales team answers it there from a phone, inside WhatsApp's 24-hour
 * window, and sees it delivered. WhatsApp is the fake of Meta's Cloud API that global-setup.ts starts.
 */
test.describe('a conversation on the lead page', PHONE_ONLY, () => {
  test('an agent answers a buyer’s WhatsApp message from the lead page on a phone, and sees it delivered', async ({ page }, info) => {
    const local = `0803${String(randomInt(1_000_000, 9_999_999))}`;
    const number = `234${local.slice(1)}`;
    const res = await page.request.post('/api/interest', {
      data: {
        title: 'Mrs',
        fullname: 'Ngozi Conversation',
        email: uniqueEmail('conversation'),
        phonenumber: local,
        district: 'Lugbe, Abuja',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status()).toBe(201);
    const { id } = await res.json();

    // The first reply went by WhatsApp; the buyer answers it.
    const sentTo = async () =>
      ((await (await fetch(`${fakeWhatsAppUrl()}/fake/sent`)).json()) as { to: string; type: string; text?: string }[]).filter(
        (m) => m.to === number,
      );
    await expect.poll(async () => (await sentTo()).map((m) => m.type), { timeout: 20_000 }).toEqual(['template']);
    const wrote = await fetch(`${fakeWhatsAppUrl()}/fake/buyer-writes`, {
      method: 'POST',
      body: JSON.stringify({ from: number, text: 'Is there a corner plot left in Lugbe?', profileName: 'Ngozi' }),
    });
    expect((await wrote.json()).status).toBe(200);

    await addOwnerSession(page.context());
    await page.goto(`/admin/leads/${id}`);
    const messages = page.getByTestId('lead-messages');
    await expect(messages.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
    await expect(messages.getByTestId('lead-message').filter({ hasText: 'Is there a corner plot left in Lugbe?' })).toBeVisible();

    // Inside the 24-hour window the reply box takes free text, and says so.
    await expect(messages.getByTestId('reply-hint')).toContainText('By WhatsApp. You can write freely until');
    await messages.getByLabel('Your reply').fill('Yes: plot 14 is a corner plot. Shall I book you for Saturday’s inspection?');
    await messages.getByTestId('reply-send-text').click();
    const reply = messages.getByTestId('lead-message').filter({ hasText: 'plot 14 is a corner plot' });
    await expect(reply).toBeVisible();
    await expect.poll(async () => (await sentTo()).map((m) => m.type)).toEqual(['template', 'text']);
    expect((await sentTo())[1].text).toBe('Yes: plot 14 is a corner plot. Shall I book you for Saturday’s inspection?');

    // Meta's statuses come back by webhook: the page shows the reply delivered when it is opened again.
    await expect
      .poll(async () => {
        await page.reload();
        return reply.getByTestId('lead-message-status').textContent();
      })
      .toContain('Delivered');
    await expectNoSeriousAxeViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    const dir = process.env.SHOTS_DIR;
    if (dir) await messages.screenshot({ path: join(dir, `conversation-${info.project.name}.png`) });
  });
});

/**
 * A chat a buyer starts on WhatsApp from a number no lead has (issue 46, item 4; docs/decisions/0399): it is a lead in
 * the inbox, and its page says where it began and what it has not given; the district the call learns is set there.
 */
test.describe('a chat that starts on WhatsApp', PHONE, () => {
  test('becomes a lead in the inbox; its page says where it began, what it has not given, and takes its district', async ({
    page,
  }, info) => {
    const number = `23480${randomInt(10_000_000, 99_999_999)}`;
    const name = `Chidi Okonkwo-${randomInt(1000, 9999)}`;
    const campaign = `chat-${info.project.name}-${randomInt(1000, 9999)}`;
    const wrote = await fetch(`${fakeWhatsAppUrl()}/fake/buyer-writes`, {
      method: 'POST',
      body: JSON.stringify({
        from: number,
        text: `Hello, I am interested in a plot. (ref HOME ${campaign})`,
        profileName: name,
      }),
    });
    expect((await wrote.json()).status).toBe(200);

    await addOwnerSession(page.context());
    // Until its district is set, the dashboard's leads per day show it as a series of its own.
    await page.goto('/admin/dashboard');
    const perDay = page.getByTestId('chart-per-day');
    await expect(perDay.getByText('District not said yet', { exact: true }).first()).toBeVisible();
    await screenshotToLookAt(perDay, `chat-lead-per-day-${info.project.name}`);

    await page.goto('/admin');
    const lead = page.getByRole('link', { name, exact: true }).first();
    await expect(lead).toBeVisible();
    await screenshotToLookAt(page, `chat-lead-inbox-${info.project.name}`);
    await lead.click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText('Not given (the chat began on WhatsApp)')).toBeVisible();
    await expect(page.getByText('A WhatsApp chat the buyer started')).toBeVisible();
    await expect(page.getByTestId('lead-message').filter({ hasText: `(ref HOME ${campaign})` })).toBeVisible();
    // The home page's link named no district: the call learns it, and the agent sets it.
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByText('District not said yet')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshotToLookAt(page, `chat-lead-page-${info.project.name}`, { fullPage: true });
    await page.getByLabel('District', { exact: true }).selectOption('Moniya, Ibadan');
    await page.getByRole('button', { name: 'Save district' }).click();
    await expect(details.getByText('Moniya, Ibadan', { exact: true })).toBeVisible();
    await expect(
      page.getByTestId('lead-activity').filter({ hasText: 'changed the district from District not said yet to Moniya, Ibadan' }),
    ).toBeVisible();

    // The dashboard's conversion counts it on its campaign's row, as a lead by WhatsApp.
    await page.goto('/admin/dashboard');
    const row = page.getByTestId('conversion').getByTestId('conversion-row').filter({ hasText: campaign });
    await expect(row.getByTestId('conversion-row-whatsapp').filter({ visible: true })).toHaveText('1 by WhatsApp');
    await screenshotToLookAt(page.getByTestId('conversion-table'), `chat-lead-conversion-${info.project.name}`);
  });
});
