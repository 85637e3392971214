import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { staffInvitationLink } from './helpers';
import { E2E_STAFF } from './staff-fixtures';

/**
 * Signing staff in from the end-to-end tests, second factor included (docs/decisions/0322-second-factor.md): the
 * tests read an account's TOTP secret where a person would (the enrolment page), keep it in the run's data directory,
 * and compute codes like an authenticator app. The server accepts each 30-second step once per account, and workers
 * sign in in parallel, so picking and sending a code happens under a per-account lock file, and a step the server has
 * seen is never offered again.
 */

const stateDir = () => {
  const dir = join(process.env.E2E_DATA_DIR!, 'e2e-totp');
  mkdirSync(dir, { recursive: true });
  return dir;
};
const fileOf = (email: string, kind: 'secret' | 'step' | 'lock') =>
  join(stateDir(), `${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}.${kind}`);

/** The owner's signed-in browser state, made once by global-setup.ts. */
export const ownerStatePath = () => join(process.env.E2E_DATA_DIR!, 'owner-state.json');

/** Adds the owner's session (from global-setup.ts) to a browser context. */
export async function addOwnerSession(context: BrowserContext) {
  const state = JSON.parse(readFileSync(ownerStatePath(), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await context.clearCookies();
  await context.addCookies(state.cookies);
}

/**
 * The password typed again in this context's session (POST /api/admin/account/reauth), as the staff area's dialog does:
 * creating staff and the downloads of leads, subscribers or a person's data need it within STAFF_REAUTH_SECONDS (E2E_REAUTH_SECONDS
 * on the e2e server; docs/decisions/0323-recent-password.md, 0345). For set-up, not for what is being tested.
 */
export async function confirmPassword(request: APIRequestContext, password: string = E2E_STAFF.password) {
  expect((await request.post('/api/admin/account/reauth', { data: { password } })).status()).toBe(200);
}

/**
 * A staff account made through the API with the owner's session (tests/e2e/global-setup.ts), the password confirmed
 * first; then its person chooses `password` through the invitation link e-mailed to them
 * (docs/decisions/0347-invitations-not-initial-passwords.md). The context keeps the owner's session.
 */
export async function createStaffAsOwner(
  context: BrowserContext,
  account: { email: string; role: 'owner' | 'agent'; name: string; password: string },
) {
  const { password, ...invitation } = account;
  await addOwnerSession(context);
  await confirmPassword(context.request);
  expect((await context.request.post('/api/admin/staff', { data: invitation })).status()).toBe(201);
  // The new person, with a client of their own: the link's answer signs them in half-way (every role sets up two-step
  // sign-in next), and that is ended again, so a test sees only the sessions it opens itself.
  const theirs = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await acceptInvitation(theirs, account.email, password);
    expect((await theirs.post('/api/staff/sign-out')).status()).toBeLessThan(400);
  } finally {
    await theirs.dispose();
  }
}

/** The new person follows the invitation link in their e-mail and chooses their password (through the API). */
export async function acceptInvitation(request: APIRequestContext, email: string, password: string) {
  const token = new URL(await staffInvitationLink(email)).pathname.split('/').pop();
  expect((await request.post('/api/staff/welcome', { data: { token, password } })).status()).toBe(200);
}

async function withAccountLock<T>(email: string, fn: () => Promise<T>): Promise<T> {
  const lock = fileOf(email, 'lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      // A lock left by a killed worker is stale after a minute.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A code for a step the server has not accepted for this account yet (waiting for the next step when needed). */
async function unusedCode(email: string): Promise<string> {
  const secret = readFileSync(fileOf(email, 'secret'), 'utf8').trim();
  const last = existsSync(fileOf(email, 'step')) ? Number(readFileSync(fileOf(email, 'step'), 'utf8')) : -Infinity;
  // The server takes the current step or the next one (one step of drift); later steps have to wait. In a step's last
  // 5 seconds the next one is taken: a code of the current step sent from a loaded machine could reach the server after
  // its step ended, and be refused.
  let step = Math.max(Math.floor((Date.now() + 5_000) / 30_000), last + 1);
  while (step > Math.floor(Date.now() / 30_000) + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  step = Math.max(step, Math.floor(Date.now() / 30_000));
  writeFileSync(fileOf(email, 'step'), String(step));
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1000 });
}

/** Picks a fresh code and sends it with `send`, with no other worker sending a code for this account meanwhile. */
export const withFreshCode = (email: string, send: (code: string) => Promise<void>) =>
  withAccountLock(email, async () => send(await unusedCode(email)));

/** Keeps the key an enrolment page showed, as the person's app would. */
export function rememberSecret(email: string, secret: string) {
  writeFileSync(fileOf(email, 'secret'), secret.replace(/\s+/g, ''));
}

/**
 * Signs in through the pages as a person would: password, then the enrolment (first time, owners and agents alike: the
 * authenticator app's key read off the page, the recovery codes confirmed) or a code from the "app". Ends on the staff
 * area's first page.
 */
export async function signInThroughPages(page: Page, email: string, password: string, { scripts = true }: { scripts?: boolean } = {}) {
  await page.goto('/registration');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$|\/registration\/(second-factor|enrol)$/);
  // On a step's page loaded whole (the sign-in sent before its script ran), the passkey button appears above the code
  // form when the scripts have run, and moves the form down: a press made as it moved landed beside the button and was
  // lost (the code typed, no request, no error). So the code is typed once the page is run by its scripts (`scripts`:
  // false for a browser without them).
  if (scripts && !page.url().endsWith('/admin')) await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  if (page.url().endsWith('/registration/enrol')) {
    rememberSecret(email, await page.getByTestId('totp-secret').innerText());
    await withFreshCode(email, async (code) => {
      await page.getByLabel('2. Enter the 6-digit code the app now shows.').fill(code);
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    });
    // Sent by the page's script, the codes show in place; sent as a plain form (pressed before the script ran), on a
    // page of their own (docs/decisions/0322), whose way on is a link.
    if (page.url().endsWith('/registration/enrol/codes')) await page.getByRole('link', { name: 'Continue to the leads' }).click();
    else {
      await page.getByLabel('I have saved my recovery codes').check();
      await page.getByRole('button', { name: 'Continue to the leads' }).click();
    }
  } else if (page.url().endsWith('/registration/second-factor')) {
    await withFreshCode(email, async (code) => {
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/admin$/);
    });
  }
  await expect(page).toHaveURL(/\/admin$/);
  // The leads page loaded with its stylesheet: until then a check of what shows at this size (a lead's table row or its
  // phone card) can see both, as a script's layout may run before the stylesheet is in.
  await page.waitForLoadState('load');
}

/** The same through the API (a request context keeps the cookies): for set-up, not for what is being tested. */
export async function signInThroughApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/staff/sign-in', { data: { email, password } });
  expect(res.status()).toBe(200);
  const { step } = (await res.json()) as { step?: 'second-factor' | 'enrol' };
  if (!step) return;
  if (step === 'enrol') {
    const html = await (await request.get('/registration/enrol')).text();
    rememberSecret(email, /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(html)![1]);
  }
  await withFreshCode(email, async (code) => {
    const done = await request.post(step === 'enrol' ? '/api/staff/second-factor/enrol' : '/api/staff/second-factor', { data: { code } });
    expect(done.status()).toBe(200);
  });
}
