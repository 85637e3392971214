import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, PHONE, screenshotToLookAt, uniqueEmail } from './helpers';
import { addOwnerSession, createStaffAsOwner, signInThroughPages } from './staff-session';

/**
 * Refunds and reversals from a plan's page (issue 59, item 5; docs/decisions/0416), scripts on and off: a buyer pays a
 * held plot's deposit (the fake Paystack), an owner finds the plan on the Payments page and asks for a refund (scripts
 * on) or a reversal of the payment (off) with a reason; nothing moves until a second owner, in a browser of their own,
 * approves it, and the ledger then shows the new entry with both names. Each run pays for its own plot.
 */

async function buyerPaysDeposit(page: Page, label: string, fullName: string) {
  await page.goto(`/d1/plots/${label}`);
  const form = page.locator('form#hold');
  await form.getByLabel('Full name').fill(fullName);
  await form.getByLabel('E-mail').fill(uniqueEmail(`refund-${label.toLowerCase()}`));
  await form.getByLabel('Phone number').fill('0803 555 0199');
  await form.getByRole('button', { name: 'Hold this plot' }).click();
  await page.getByRole('link', { name: 'Pay the deposit' }).click();
  await page.getByRole('button', { name: /^Pay the deposit · ₦/ }).click();
  await page.waitForURL(/\/payments\/callback\?/, { timeout: 30_000 });
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

for (const scripts of [true, false]) {
  test.describe(`a refund or reversal by two owners, scripts ${scripts ? 'on' : 'off'}`, PHONE, () => {
    test.use({ javaScriptEnabled: scripts });

    test(
      scripts ? 'a refund asked by one owner, approved by another' : 'a reversal asked by one owner, approved by another',
      async ({ page, browser }, info) => {
        test.setTimeout(180_000);
        const phone = info.project.name === 'phone';
        const label = phone ? (scripts ? 'A5' : 'A6') : scripts ? 'A7' : 'A8';
        const buyer = `Refund Buyer ${randomInt(10_000, 99_999)}`;
        const tag = `${info.project.name}-${scripts ? 'on' : 'off'}`;
        await buyerPaysDeposit(page, label, buyer);

        // The first owner: the Payments page lists the plan; its page shows the schedule, the ledger and the forms.
        await addOwnerSession(page.context());
        await page.goto('/admin/payments');
        await screenshotToLookAt(page, `payments-page-${tag}`, { fullPage: true });
        await page.getByRole('link', { name: new RegExp(buyer) }).click();
        await expect(
          page
            .getByRole('heading', { level: 1, name: `Mrs ${buyer}: payment plan` })
            .or(page.getByRole('heading', { level: 1, name: `${buyer}: payment plan` })),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
        const ledger = page.getByRole('region', { name: 'Ledger' });
        await expect(ledger.getByText('Payment · Paystack')).toBeVisible();
        if (scripts) await expectNoSeriousAxeViolations(page);
        await screenshotToLookAt(page, `payments-plan-${tag}`, { fullPage: true });

        if (scripts) {
          const refund = page.getByRole('form', { name: 'Refund' });
          await refund.getByLabel('Amount (₦)').fill('100,000');
          await refund.getByLabel('Reason').fill('Buyer asked for part of the deposit back');
          await refund.getByRole('button', { name: 'Ask for the refund' }).click();
        } else {
          const reversal = page.getByRole('form', { name: 'Reverse a payment' });
          await reversal.getByLabel('Reason').fill('Chargeback from the card issuer');
          await reversal.getByRole('button', { name: 'Ask for the reversal' }).click();
        }
        await expect(page.getByText('Asked: another owner approves it before it is written to the ledger.')).toBeVisible();
        const waiting = page.getByRole('region', { name: 'Waiting for another owner' });
        await expect(
          waiting.getByText(scripts ? 'Buyer asked for part of the deposit back' : 'Chargeback from the card issuer'),
        ).toBeVisible();
        // The owner who asked cannot approve it.
        await expect(waiting.getByRole('button', { name: 'Approve and write it' })).toHaveCount(0);
        await expect(ledger.getByText(/^(Refund|Reversal) · By an owner$/)).toHaveCount(0);
        const planPath = new URL(page.url()).pathname;

        // The second owner, in a browser of their own.
        const email = uniqueEmail(`second-owner-${tag}`);
        const password = 'Second-Owner-Passphrase-Meridian-9';
        await createStaffAsOwner(page.context(), { email, role: 'owner', name: `Second ${tag}`, password });
        const theirs = await browser.newContext({ javaScriptEnabled: scripts, viewport: page.viewportSize() ?? undefined });
        try {
          const other = await theirs.newPage();
          await signInThroughPages(other, email, password, { scripts });
          await other.goto(planPath);
          await other
            .getByRole('region', { name: 'Waiting for another owner' })
            .getByRole('button', { name: 'Approve and write it' })
            .click();
          // Said by a toast with scripts (a page in the background may hold it in its closing animation, hidden but
          // there), by the page without; the ledger entry below is what it wrote.
          await expect(other.getByText('Approved and written to the ledger.')).toBeAttached();
          const theirLedger = other.getByRole('region', { name: 'Ledger' });
          const entry = theirLedger.getByRole('listitem').filter({ hasText: scripts ? 'Refund · By an owner' : 'Reversal · By an owner' });
          await expect(entry).toContainText(scripts ? '-₦100,000' : '-₦');
          await expect(entry).toContainText(`approved by Second ${tag}`);
          if (scripts) await expectNoSeriousAxeViolations(other);
          await screenshotToLookAt(other, `payments-plan-approved-${tag}`, { fullPage: true });
        } finally {
          await theirs.close();
        }
        if (scripts) {
          // Where else it shows: the dashboard's money, and the plot's page (an owner's release of a reservation).
          await page.goto('/admin/dashboard');
          await expect(page.getByRole('heading', { level: 2, name: 'Money received' })).toBeVisible();
          await expect(page.getByTestId('money-funnel-step')).toHaveCount(5);
          await screenshotToLookAt(page.getByTestId('money'), `dashboard-money-${tag}`);
          await page.goto(planPath);
          await page
            .getByRole('region', { name: 'Buyer' })
            .getByRole('link', { name: new RegExp(`^Plot ${label},`) })
            .click();
          await expect(page.getByText('Only an owner ends a reservation or a sale')).toBeVisible();
          await screenshotToLookAt(page, `plot-reserved-release-${tag}`, { fullPage: true });
        }
      },
    );
  });
}
