import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, isPhone, screenshotToLookAt, uniqueEmail, PHONE } from './helpers';
import { dashboardSeed } from './dashboard-seed';
import { addOwnerSession, createStaffAsOwner, signInThroughPages } from './staff-session';

/**
 * Sales insight (issue 12): the owner's dashboard with its charts on desktop and phone, a lead given to an agent who
 * then finds it under "My leads", and a lead flagged overdue. The e2e server works around the clock with a one-minute
 * target (playwright.config.ts), so a lead still new a minute after it arrived is overdue. Other tests add leads to
 * the same database at the same time, so figures are checked through this run's own campaign name.
 */

const AGENT_PASSWORD = 'Agent-Passphrase-Dashboard-2026';

async function postLead(request: APIRequestContext, lead: Record<string, string>): Promise<string> {
  const res = await request.post('/api/interest', {
    data: { title: 'Mrs', phonenumber: '0803 555 0199', email: uniqueEmail('dashboard'), ...lead },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

/** The drawing the page shows at this size: the one chart variant that is displayed. */
const shownChart = (page: Page, id: string) => page.getByTestId(`chart-${id}`).locator('svg:visible');

test.describe('sales dashboard', PHONE, () => {
  test('the owner sees the charts, gives a lead to an agent who finds it under My leads, and the lead turns overdue', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    // The lead given to the agent, which stays new, was sent when the run began (global-setup.ts), from this run's
    // campaign: when it is looked for under My leads it is close to a minute old, so little is left to wait.
    const { run, district, assignedName, assignedId } = dashboardSeed(info.project.name);

    // Two more leads: one from the same campaign (it moves on to qualified), one from a referring site.
    const contactedId = await postLead(page.request, { fullname: `Dash Contacted ${run}`, district, utm_source: run, utm_medium: 'cpc' });
    await postLead(page.request, { fullname: `Dash Referred ${run}`, district, referrer: 'https://www.nairaland.com/thread' });
    await addOwnerSession(page.context());
    for (const status of ['contacted', 'qualified']) {
      expect((await page.request.patch(`/api/admin/leads/${contactedId}`, { data: { status } })).status()).toBe(200);
    }
    const agentEmail = uniqueEmail('dashboard-agent');
    const agentName = `Dash Agent ${run}`;
    await createStaffAsOwner(page.context(), { email: agentEmail, role: 'agent', name: agentName, password: AGENT_PASSWORD });

    // The dashboard, reached from the staff navigation.
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('combobox', { name: 'District' }).selectOption(district);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`district=${encodeURIComponent(district).replace(/%20/g, '(\\+|%20)')}`));

    for (const id of ['per-day', 'sources', 'funnel', 'first-contact']) {
      const figure = page.getByTestId(`chart-${id}`);
      await expect(figure.getByRole('heading', { level: 2 })).toBeVisible();
      await expect(page.getByTestId(`chart-${id}-summary`)).not.toBeEmpty();
      // One drawing shown for this screen, sized for it (a phone's is drawn 340 wide), and a table for screen readers.
      await expect(shownChart(page, id)).toHaveCount(1);
      expect(await shownChart(page, id).getAttribute('width')).toBe(
        isPhone(info) ? '340' : id === 'sources' || id === 'funnel' ? '500' : '1000',
      );
      await expect(figure.locator('table')).toHaveCount(1);
    }
    // The bars are there, and this run's campaign is a source of two leads, in the chart and its table (a retry has
    // posted its own contacted lead once more).
    expect(await shownChart(page, 'per-day').locator('rect').count()).toBeGreaterThan(0);
    await expect(shownChart(page, 'sources')).toContainText(`${run} / cpc`);
    await expect(
      page
        .getByTestId('chart-sources')
        .locator('table tr', { hasText: `${run} / cpc` })
        .locator('td'),
    ).toHaveText(String(2 + info.retry));
    await expect(page.getByTestId('chart-funnel').locator('table tr', { hasText: 'Qualified' }).locator('td').first()).not.toHaveText('0');
    await expect(page.getByTestId('kpi-received')).not.toHaveText('0');
    // Site inspections (issue 44, item 9): the chosen district's funnel row (no total for one district), and the
    // conversion table's booked, came and won, as columns on wider screens and a line under the name on phones.
    const inspections = page.getByTestId('inspections');
    await expect(inspections.getByRole('heading', { level: 2, name: 'Site inspections' })).toBeVisible();
    await expect(inspections.getByTestId('inspection-funnel-row')).toHaveCount(1);
    await expect(inspections.getByTestId('inspection-funnel-row').getByRole('rowheader')).toHaveText(district);
    await expect(page.getByTestId('kpi-booked')).toBeVisible();
    const campaignRow = page.getByTestId('conversion-row').filter({ hasText: run });
    if (isPhone(info)) await expect(campaignRow.getByTestId('conversion-row-inspections')).toBeVisible();
    else await expect(page.getByTestId('conversion-table').getByRole('columnheader', { name: /^Booked/ })).toBeVisible();
    // Speed to lead (issue 46, item 7): per week and agent, the first automatic message and the first contact.
    const speed = page.getByTestId('speed-to-lead');
    await expect(speed.getByRole('heading', { level: 2, name: 'Speed to lead' })).toBeVisible();
    await expect(speed.getByTestId('speed-row').first()).toContainText('within target');
    await screenshotToLookAt(speed, `speed-to-lead-${info.project.name}`);
    await expectNoSeriousAxeViolations(page);
    await screenshotToLookAt(page, `dashboard-${info.project.name}`, { fullPage: true });

    // The owner gives the first lead to the agent on its page.
    await page.goto(`/admin/leads/${assignedId}`);
    await page.getByLabel('Give this lead to').selectOption({ label: agentName });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The toast closes itself after 5 s; on a loaded CI machine it was seen already leaving, so its presence is checked
    // and the change itself through the history line below.
    await expect(page.getByText('Lead reassigned.')).toBeAttached();
    await expect(page.getByRole('listitem').filter({ hasText: `gave the lead to ${agentName}` })).toBeVisible();

    // The agent signs in and finds it first, under My leads.
    const agentContext = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      isMobile: isPhone(info),
      hasTouch: isPhone(info),
    });
    const agentPage = await agentContext.newPage();
    await signInThroughPages(agentPage, agentEmail, AGENT_PASSWORD);
    const myLeads = agentPage.getByTestId('my-leads');
    await expect(myLeads.getByRole('heading', { name: 'My leads' })).toBeVisible();
    // The lead's row (desktop) or card (phone): the one shown at this size.
    const shownLead = (scope: Page | ReturnType<Page['getByTestId']>, prefix: string) =>
      scope.locator(`[data-testid="${prefix}-row"], [data-testid="${prefix}-card"]`).filter({ hasText: assignedName, visible: true });
    const card = shownLead(myLeads, 'my-lead');
    await expect(card).toBeVisible();
    // My leads comes before the rest of the inbox, which for an agent is theirs and the leads to claim (0388).
    const allLeads = agentPage.getByRole('heading', { level: 2, name: 'Your leads and leads to claim' });
    expect((await myLeads.boundingBox())!.y).toBeLessThan((await allLeads.boundingBox())!.y);

    // A minute after it arrived the lead, still new, is overdue: flagged in My leads, on its page and counted.
    await expect(async () => {
      await agentPage.reload();
      await expect(card.getByTestId('overdue-badge')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 90_000, intervals: [5_000] });
    await screenshotToLookAt(agentPage, `my-leads-${info.project.name}`, { fullPage: true });
    await agentPage.goto(`/admin?overdue=1&assignee=me`);
    await expect(shownLead(agentPage, 'lead')).toBeVisible();
    await agentPage.goto(`/admin/leads/${assignedId}`);
    await expect(agentPage.getByTestId('overdue-badge')).toBeVisible();
    await agentContext.close();

    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('kpi-overdue')).not.toHaveText('0');
  });
});

test('a campaign name that carries markup is drawn as text in the chart and its table, never run (issue 30, item 13)', async ({ page }) => {
  const marker = `mk${Date.now().toString(36)}`;
  const campaign = `<img src=x onerror="window.__ran='${marker}'">`;
  // Three leads, so the campaign is among the sources shown by name.
  for (let i = 0; i < 3; i++)
    await postLead(page.request, { fullname: `Dash Markup ${i}`, district: 'Lugbe, Abuja', utm_source: campaign, utm_medium: marker });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await addOwnerSession(page.context());
  await page.goto('/admin/dashboard');
  // The chart shortens long names; its table (for screen readers) reads them whole.
  await expect(shownChart(page, 'sources')).toContainText('<img src=x onerror=');
  await expect(page.getByTestId('chart-sources').getByRole('rowheader', { name: `${campaign} / ${marker}`, exact: true })).toHaveCount(1);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
