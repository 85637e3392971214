import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, mailTo, PHONE_ONLY, screenshotAtBothWidths, uniqueEmail } from './helpers';

/**
 * A buyer's passkey on their phone (issue 60, item 1; docs/decisions/0423): signed in by the e-mail's link, they add a
 * passkey (the phone's fingerprint: Chromium's virtual authenticator), sign out everywhere, and sign in with it.
 */
test(
  "a buyer adds a passkey on /account (the phone's fingerprint), signs out everywhere, and signs in with it",
  PHONE_ONLY,
  async ({ page, playwright }) => {
    test.setTimeout(300_000);
    // WebAuthn needs a site name, not an address (127.0.0.1): a second server from the same build whose SITE_URL is
    // http://localhost:<port>, the relying party `localhost`, as the staff passkey test does.
    const port = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim();
    const dataDir = mkdtempSync(join(tmpdir(), 'districts-e2e-buyer-passkey-'));
    const base = `http://localhost:${port}`;
    const server = spawn(process.execPath, ['server.mjs', '-H', '127.0.0.1', '-p', port], {
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        SITE_URL: base,
        RATE_LIMIT_SIGN_IN: '1000/600',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const api = await playwright.request.newContext({ baseURL: base });
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status, {
          timeout: 180_000,
          intervals: [250],
        })
        .toBe(200);
      // A buyer: their Submit Interest form.
      const email = uniqueEmail('buyer-passkey');
      const lead = await api.post('/api/interest', {
        data: { title: 'Mrs', fullname: 'Chioma Passkey', email, phonenumber: '0803 555 0177', district: 'Lugbe, Abuja' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(lead.status()).toBe(201);

      // The buyer's phone: a platform authenticator with a fingerprint.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      // Signed in by the e-mail's link (the first time, there is no passkey to use).
      await page.goto(`${base}/account`);
      await expect(page).toHaveURL(`${base}/account/sign-in`);
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await screenshotAtBothWidths(page, 'account-passkey-sign-in');
      await page.getByLabel('E-mail address or phone number').fill(email);
      await page.getByRole('button', { name: 'Send my sign-in' }).click();
      await expect(page).toHaveURL(`${base}/account/sign-in/sent`);
      const mail = await mailTo(email, /sign-in link/, 20_000, dataDir);
      await page.goto(/https?:\/\/[^\s]+\/account\/link\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0]);
      await page.getByRole('button', { name: 'Sign in to my page' }).click();
      await expect(page).toHaveURL(`${base}/account`);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Chioma' })).toBeVisible();

      // Passkeys, beside the devices: none yet; one added with the fingerprint, and the buyer told by e-mail.
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await expect(passkeys.getByText('No passkey yet.')).toBeVisible();
      await passkeys.getByRole('button', { name: 'Add a passkey for this device' }).click();
      const list = passkeys.getByRole('list', { name: 'Your passkeys' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText(/Passkey on Android/);
      await expect(list).toContainText('not used yet');
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
      await mailTo(email, /A passkey was added/, 20_000, dataDir);
      await expect(page.getByRole('region', { name: 'Signed-in devices' })).toContainText('Signing out everywhere keeps your passkeys');
      await expectNoSeriousAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await passkeys.scrollIntoViewIfNeeded();
      await screenshotAtBothWidths(page, 'account-passkeys', false);
      await screenshotAtBothWidths(page, 'account-passkeys-page');

      // Signed out everywhere, then back with the fingerprint instead of a link.
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page).toHaveURL(`${base}/account/sign-in?e=signedOut`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page).toHaveURL(`${base}/account`);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Chioma' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Signed-in devices' })).toContainText('Signed in with a passkey');
      await expect(page.getByRole('list', { name: 'Your passkeys' })).not.toContainText('not used yet');
    } finally {
      await api.dispose();
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
