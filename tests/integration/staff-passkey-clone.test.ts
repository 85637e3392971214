import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handlePasskey, handlePasskeyOptions, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { addPasskey, disablePasskey, listPasskeys, recordPasskeyUse } from '@/modules/staff/repository.server';
import { PasskeyList } from '@/modules/staff/sessions/PasskeyList';
import { staffPasskeys } from '@/lib/db/schema';
import { startSmtpPeer, waitFor, type SmtpPeer } from '../support/peers';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';
import { cookiesOf, makeStaff, STAFF_PASSWORD, staffRequest } from './staff-helpers';

/**
 * Issue "Security round 3", item 9 (docs/decisions/0386-staff-sessions-round-3.md): a passkey whose signature counter
 * goes back (a copy of it signed) is refused and disabled; its person is told by e-mail and the owners are alerted.
 */

const SITE = 'https://staff.meridian.example';

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
});

describeEachDriver('a cloned passkey', (ctx) => {
  const db = () => ctx.handle().db;
  let clock = Date.now() + 60_000;
  const nextStep = () => new Date((clock = Math.max(clock, Date.now() + 60_000) + 90_000));

  beforeAll(() =>
    setEnv({
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      RATE_LIMIT_SIGN_IN: '1000/600',
      SITE_URL: SITE,
      SMTP_URL: smtp.url,
    }),
  );

  type Handler = (r: Request, o?: { now?: () => Date }) => Promise<Response>;
  const post = (handler: Handler, path: string, body: unknown, cookie: string | undefined, now: Date) =>
    handler(staffRequest(path, { method: 'POST', body, cookie, headers: freshClient() }), { now: () => now });

  /** The password, then the passkey's options: the challenge cookie and the options to answer (or the refusal's status). */
  async function signInOptions(email: string) {
    const t = nextStep();
    const first = await post(handleSignIn, '/api/staff/sign-in', { email, password: STAFF_PASSWORD }, undefined, t);
    expect(first.status).toBe(200);
    const cookie = cookiesOf(first);
    const res = await post(handlePasskeyOptions, '/api/staff/passkey/options', {}, cookie, t);
    return { status: res.status, cookie, options: (await res.json()).options, t };
  }
  async function signInWith(email: string, authenticator: SoftAuthenticator) {
    const { cookie, options, t } = await signInOptions(email);
    return post(handlePasskey, '/api/staff/passkey', { response: authenticator.authenticate(options) }, cookie, t);
  }
  const mailTo = (address: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(address));

  it('refuses and disables it, e-mails its person and the owners, and Your account shows it disabled', async () => {
    const owner = await makeStaff(db(), 'owner');
    const agent = await makeStaff(db(), 'agent', undefined, undefined, { enrol: false });
    const original = new SoftAuthenticator(SITE, 'staff.meridian.example');

    // Set up at sign-in, then one sign-in: the stored counter is 1.
    const t = nextStep();
    const first = await post(handleSignIn, '/api/staff/sign-in', { email: agent.email, password: STAFF_PASSWORD }, undefined, t);
    const enrolCookie = cookiesOf(first);
    const created = await (await post(handlePasskeyOptions, '/api/staff/passkey/options', {}, enrolCookie, t)).json();
    const enrolled = await post(handlePasskey, '/api/staff/passkey', { response: original.register(created.options) }, enrolCookie, t);
    expect(enrolled.status).toBe(200);
    expect((await signInWith(agent.email, original)).status).toBe(200);

    // Someone without the key sends a low counter: the signature fails, and nothing is disabled.
    const forger = new SoftAuthenticator(SITE, 'staff.meridian.example');
    Object.assign(forger, { credentialId: original.credentialId });
    expect((await signInWith(agent.email, forger)).status).toBe(401);
    expect((await listPasskeys(db(), agent.id))[0]!.disabledAt).toBeNull();

    // A copy of the key, its counter behind the original's: refused, and the passkey disabled.
    const copy = new SoftAuthenticator(SITE, 'staff.meridian.example');
    Object.assign(copy, { keys: original.keys, credentialId: original.credentialId, counter: 0 });
    const cloned = await signInWith(agent.email, copy);
    expect(cloned.status).toBe(401);
    expect(cookiesOf(cloned)).not.toContain('staff_session');
    const [passkey] = await db().select().from(staffPasskeys).where(eq(staffPasskeys.userId, agent.id));
    expect(passkey!.disabledAt).not.toBeNull();

    // The sign-in offers it no more: the account's only passkey is disabled.
    expect((await signInOptions(agent.email)).status).toBe(409);

    expect(await waitFor(() => mailTo(agent.email).some((m) => /passkeys was disabled/.test(m.mail.subject ?? '')), 10_000)).toBe(true);
    expect(await waitFor(() => mailTo(owner.email).some((m) => /staff passkey was disabled/.test(m.mail.subject ?? '')), 10_000)).toBe(
      true,
    );
    expect(mailTo(owner.email).find((m) => /staff passkey was disabled/.test(m.mail.subject ?? ''))!.mail.text).toContain(agent.email);

    const page = renderToStaticMarkup(PasskeyList({ passkeys: await listPasskeys(db(), agent.id), removable: false }));
    expect(page).toMatch(/Disabled .*a copy of it would\. Remove it and add a new one\./);
  });
  it('a use that raced its disabling signs nobody in', async () => {
    // Issue 57 item 8: the signature was checked while the passkey was enabled; another request disabled it before the
    // use was recorded. Recording it must fail, or the sign-in goes through with a disabled passkey.
    const agent = await makeStaff(db(), 'agent');
    const credentialId = `raced-${Date.now()}`;
    expect(
      await addPasskey(db(), { userId: agent.id, credentialId, publicKey: 'placeholder', label: 'Phone' }, undefined, new Date()),
    ).toBe(true);
    const [passkey] = await db().select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, credentialId));
    expect(await disablePasskey(db(), passkey!.id, new Date())).toBeDefined();
    expect(
      await recordPasskeyUse(db(), passkey!.id, { counter: 1, previousCounter: passkey!.counter, backedUp: false, at: new Date() }),
    ).toBe(false);
    const [after] = await db().select().from(staffPasskeys).where(eq(staffPasskeys.id, passkey!.id));
    expect(after!.lastUsedAt).toBeNull();
  });
});
