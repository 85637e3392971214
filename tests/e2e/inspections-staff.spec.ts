import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, uniqueEmail, PHONE } from './helpers';
import { addOwnerSession } from './staff-session';

/**
 * Site inspections as a sales manager runs them from a phone (issue 44, items 7 and 8): the default Saturday slots of a
 * fresh install, the owners' schedule, a one-off trip, a buyer's booking on it, marked as came at the gate (the lead
 * moves to Inspected), and a walk-in added from a phone whose scripts never loaded.
 */

/** `minutes` from now on the Lagos wall clock (UTC+1, no daylight saving), rounded up to 5 minutes: [day, time]. */
function lagosIn(minutes: number): [string, string] {
  const step = 5 * 60_000;
  const at = Math.ceil((Date.now() + minutes * 60_000) / step) * step + 3_600_000;
  const iso = new Date(at).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 16)];
}

async function shot(page: Page, name: string, project: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}-${project}.png`), fullPage: true });
}

test.describe('inspections in the staff area', PHONE, () => {
  test('an owner sees the default Saturday slots and the schedule, adds a trip, and marks its buyer as came', async ({
    page,
    browser,
  }, info) => {
    const project = info.project.name;
    const pickup = `Bodija gate ${project} ${Date.now() % 100000}`;
    const fullname = `Kemi Inspect ${Date.now() % 100000}`;
    await addOwnerSession(page.context());

    // A fresh install's default schedule: every Saturday at 10:00, both districts.
    await page.goto('/admin/inspections');
    await expect(page.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
    const saturdays = page
      .getByTestId('inspection-slot')
      .filter({ hasText: /Sat \d+/ })
      .filter({ hasText: '10:00' });
    await expect(saturdays.filter({ hasText: 'Lugbe, Abuja' }).first()).toBeVisible();
    await expect(saturdays.filter({ hasText: 'Moniya, Ibadan' }).first()).toBeVisible();
    expect(await saturdays.count()).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Inspections' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/admin\/inspections\/schedule$/);
    for (const district of ['Lugbe, Abuja', 'Moniya, Ibadan'])
      await expect(
        page.getByRole('region', { name: district }).getByTestId('schedule-row').filter({ hasText: 'Every Saturday, 10:00' }),
      ).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'inspections-schedule', project);

    // A one-off trip later today (bookable until two hours before it), four seats.
    const [day, time] = lagosIn(150);
    const oneOff = page.getByRole('form', { name: 'Add a one-off inspection' });
    await oneOff.getByLabel('District').selectOption('Moniya, Ibadan');
    await oneOff.getByLabel('Date').fill(day);
    await oneOff.getByLabel('Time (Lagos)').fill(time);
    await oneOff.getByLabel('Seats').fill('4');
    await oneOff.getByLabel('Pickup point').fill(pickup);
    await oneOff.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('One-off inspection added.')).toBeVisible();

    await page.goto('/admin/inspections?district=Moniya%2C%20Ibadan');
    const trip = page.getByTestId('inspection-slot').filter({ hasText: pickup });
    await expect(trip).toHaveCount(1);
    await expect(trip.getByTestId('slot-seats')).toHaveText('0 / 4 seats');
    const slotId = (await trip.getAttribute('id'))!.replace(/^slot-/, '');

    // A buyer books two seats on it from the public booking form, with a number of their own: one booking still to come
    // per phone (docs/decisions/0401), and the desktop and phone runs overlap.
    const phonenumber = `0803 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const booked = await page.request.post('/api/inspections/book', {
      data: {
        title: 'Mrs',
        fullname,
        email: uniqueEmail('inspect'),
        phonenumber,
        district: 'Moniya, Ibadan',
        slot: slotId,
        party: 2,
      },
    });
    expect(booked.status(), await booked.text()).toBeLessThan(300);

    await page.reload();
    await expect(trip.getByTestId('slot-seats')).toHaveText('2 / 4 seats');
    const booking = trip.getByTestId('inspection-booking').filter({ hasText: fullname });
    await expect(booking).toContainText('2 people');
    await expect(booking).toContainText('Confirmed');
    const came = booking.getByRole('button', { name: `Came: ${fullname}` });
    const box = await came.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await came.click();
    await expect(came).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousAxeViolations(page);
    await trip.scrollIntoViewIfNeeded();
    await shot(page, 'inspections-page', project);

    // The lead's page: the stage, the booking marked, the history.
    await booking.getByRole('link', { name: `Mrs ${fullname}`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: fullname })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: fullname }).locator('..').getByText('Inspected', { exact: true }),
    ).toBeVisible();
    const inspection = page.getByTestId('lead-inspection');
    await expect(inspection).toContainText('Came');
    await expect(inspection).toContainText('2 people');
    await expect(page.getByTestId('lead-activity').filter({ hasText: 'marked the buyer as came to the site inspection' })).toHaveCount(1);
    await expect(page.getByTestId('lead-activity').filter({ hasText: /The buyer\s+booked a site inspection for/ })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'inspections-lead', project);

    // A walk-in added from a phone whose scripts never loaded: the plain form, back at the slot with the sentence.
    const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, baseURL } = info.project.use;
    const noScripts = await browser.newContext({
      viewport,
      userAgent,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      baseURL,
      javaScriptEnabled: false,
    });
    await addOwnerSession(noScripts);
    const plain = await noScripts.newPage();
    await plain.goto('/admin/inspections?district=Moniya%2C%20Ibadan');
    const plainTrip = plain.getByTestId('inspection-slot').filter({ hasText: pickup });
    await plainTrip.getByText('Add a walk-in').click();
    await plainTrip.getByLabel('Name').fill('Tunde Walk-in');
    await plainTrip.getByLabel('Phone').fill('0803 555 0142');
    await plainTrip.getByLabel('People').fill('3');
    await plainTrip.getByRole('button', { name: 'Add' }).click();
    await expect(plain).toHaveURL(new RegExp(`/admin/inspections#slot-${slotId}$`));
    await expect(plain.getByRole('status').filter({ hasText: 'Walk-in added.' })).toBeVisible();
    await expect(plainTrip.getByTestId('inspection-booking').filter({ hasText: 'Tunde Walk-in' })).toContainText('Walk-in');
    expect(plain.url()).not.toContain('Tunde');
    await noScripts.close();
  });
});
