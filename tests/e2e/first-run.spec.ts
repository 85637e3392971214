import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './helpers';
import { rememberSecret, withFreshCode } from './staff-session';

/**
 * A newcomer's first run (docs/decisions/0380-first-owner-set-up-code.md): a fresh server with no staff account prints
 * a set-up code; the sign-in page leads to the first owner's set-up, which takes that code once, and the owner sets up
 * two-step sign-in and reaches the lead inbox. A server of its own from the same build, without ADMIN_EMAIL.
 */
test('a fresh install: the code the server pointed to makes the first owner, who sets up two-step sign-in and sees the inbox', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const port = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim();
  const dataDir = mkdtempSync(join(tmpdir(), 'districts-e2e-first-run-'));
  const base = `http://127.0.0.1:${port}`;
  const owner = { name: 'Ngozi Owner', email: 'first-owner@e2e.example.com', password: 'First-Owner-Passphrase-Oyo-7' };
  const server = spawn(process.execPath, ['server.mjs', '-H', '127.0.0.1', '-p', port], {
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SITE_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      STAFF_PASSWORD_SCRYPT_LOG2N: '12',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    // The set-up lines come once the database is open, after the ready line.
    // Its output is no terminal here (a service manager's log), so the code is not printed: the line names the file
    // that holds it, readable by the server's user only (docs/decisions/0404).
    await expect.poll(() => /code {3}in \S+first-owner-setup\.txt/.test(output), { timeout: 180_000, intervals: [250] }).toBe(true);
    // What the newcomer reads in the terminal: where the site and the staff area are, where the data and e-mails go,
    // and the way in.
    expect(output).toContain(`the staff area:  http://127.0.0.1:${port}/admin`);
    expect(output).toMatch(/\[db\] pglite database ready in .*districts-e2e-first-run-/);
    expect(output).toMatch(/\[mail\] no SMTP_URL: .*outbox-mail/);
    expect(output).toContain(`open   http://127.0.0.1:${port}/registration/first-owner`);
    expect(output).toContain('npm run staff:create');
    const file = /code {3}in (\S+first-owner-setup\.txt)/.exec(output)![1];
    const code = /set-up code: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(readFileSync(file, 'utf8'))![1];
    expect(output).not.toContain(code);

    await page.goto(`${base}/registration`);
    await expect(page.getByText('This site has no staff account yet.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Set up the first owner' }).click();
    await expect(page).toHaveURL(`${base}/registration/first-owner`);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up the first owner' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // A wrong code is refused.
    await page.getByLabel('Set-up code').fill('ABCD-EFGH-JKMN');
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Choose a password').fill(owner.password);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect(page.getByText('That set-up code is not right or has expired.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(`${base}/registration/first-owner`);

    // The right one, typed as a person might (lower case).
    await page.getByLabel('Set-up code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect(page).toHaveURL(`${base}/registration/enrol`);
    rememberSecret(owner.email, await page.getByTestId('totp-secret').innerText());
    await withFreshCode(owner.email, async (totp) => {
      await page.getByLabel('2. Enter the 6-digit code the app now shows.').fill(totp);
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    });
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Continue to the leads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();

    // The set-up is gone for good: its page is not found, the same code is refused.
    expect((await request.get(`${base}/registration/first-owner`)).status()).toBe(404);
    const again = await request.post(`${base}/api/staff/first-owner`, {
      data: { code, name: 'Someone Else', email: 'second-owner@e2e.example.com', password: 'Second-Owner-Passphrase-Ede-7' },
      headers: { origin: base },
    });
    expect(again.status()).toBe(404);
    await page.goto(`${base}/registration`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } finally {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
