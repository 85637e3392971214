import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET as meRoute } from '@/app/api/admin/me/route';
import { GET as listStaffRoute, POST as createStaffRoute } from '@/app/api/admin/staff/route';
import { POST as resendRoute } from '@/app/api/admin/staff/[id]/invitation/route';
import { POST as welcomeRoute } from '@/app/api/staff/welcome/route';
import { STAFF_COPY } from '@/content/staff';
import {
  handleEnrolAtSignIn,
  handlePasswordResetConfirm,
  handlePasswordResetRequest,
  handleSignIn,
  handleWelcome,
} from '@/modules/staff/sign-in/handlers.server';
import { invitedAccount } from '@/modules/staff/accounts/invitation.server';
import { isLiveResetToken } from '@/modules/staff/sign-in/password-reset.server';
import { findStaffByEmail } from '@/modules/staff/repository.server';
import { pendingEnrolment } from '@/modules/staff/second-factor/second-factor.server';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { cookiesOf, formRequest, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest, totpCode } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const CHOSEN = 'Ibadan-Harvest-Lantern-93';
const HOUR = 3_600_000;

/**
 * An account an owner adds has no password: its person chooses one through a single-use link by e-mail, valid 72
 * hours (docs/decisions/0347-invitations-not-initial-passwords.md). Mail goes to a real SMTP peer.
 */
describeEachDriver('staff invitations', (ctx) => {
  const db = () => ctx.handle().db;
  let smtp: Peer<ReceivedMail>;
  let owner: Awaited<ReturnType<typeof makeStaff>>;
  let ownerCookie = '';
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    setEnv({
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SMTP_URL: smtp.url,
      SITE_URL: 'https://districts.example',
      RATE_LIMIT_SIGN_IN: '1000/600',
      STAFF_REAUTH_SECONDS: undefined,
    });
    owner = await makeStaff(db(), 'owner');
    ownerCookie = await sessionCookieFor(db(), owner);
  });
  afterAll(async () => {
    setEnv({ SMTP_URL: undefined, SITE_URL: undefined });
    await smtp.stop();
  });

  const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const post = (
    handler: (r: Request, o?: { now?: () => Date }) => Promise<Response>,
    path: string,
    body: unknown,
    now = new Date(),
    cookie?: string,
  ) => handler(staffRequest(path, { method: 'POST', body, cookie, headers: freshClient() }), { now: () => now });
  const create = (body: unknown, cookie = ownerCookie) =>
    createStaffRoute(staffRequest('/api/admin/staff', { method: 'POST', cookie, body }), undefined);
  const resend = (id: string, cookie = ownerCookie) =>
    resendRoute(staffRequest(`/api/admin/staff/${id}/invitation`, { method: 'POST', cookie }), { params: Promise.resolve({ id }) });
  const mailsTo = (email: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(email));
  const linkIn = (mail: ReceivedMail) =>
    /https:\/\/districts\.example\/registration\/welcome\/([A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? '')?.[1];
  const signIn = (email: string, password: string) => post(handleSignIn, '/api/staff/sign-in', { email, password });

  /** An account added by the owner, and the token of the link in its e-mail. */
  async function invite(role: 'owner' | 'agent') {
    const email = uniqueEmail(`invited-${role}`);
    const res = await create({ email, name: 'Ada Obi', role });
    expect(res.status).toBe(201);
    const { staff } = (await res.json()) as { staff: { id: string } };
    expect(await waitFor(() => mailsTo(email).length === 1, 10_000)).toBe(true);
    return { email, id: staff.id, token: linkIn(mailsTo(email)[0])! };
  }

  it('an account the owner adds takes no password from them, and no password signs it in before its link is used', async () => {
    const email = uniqueEmail('new-agent');
    const withPassword = await create({ email, name: 'Ada Obi', role: 'agent', password: STAFF_PASSWORD });
    expect(withPassword.status).toBe(400);
    expect(await withPassword.json()).toEqual({ error: STAFF_COPY.errors.noPasswordForOthers });
    expect(await findStaffByEmail(db(), email)).toBeUndefined();

    const created = await create({ email: email.toUpperCase(), name: 'Ada Obi', role: 'agent' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ ok: true, invitationSent: true, staff: { email, role: 'agent', invited: true } });
    expect((await findStaffByEmail(db(), email))!.passwordHash).toBeNull();
    for (const password of [STAFF_PASSWORD, 'Lagos-Sales-Desk-2026']) {
      const res = await signIn(email, password);
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe(STAFF_COPY.errors.badCredentials);
    }

    expect(await waitFor(() => mailsTo(email).length === 1, 10_000)).toBe(true);
    const { mail } = mailsTo(email)[0];
    expect(mail.subject).toMatch(/your staff account/);
    expect(mail.text).toContain('Hello Ada Obi,');
    expect(mail.text).toContain('for 72 hours');
    const token = linkIn(mailsTo(email)[0])!;
    expect(token).toBeTruthy();
    expect(mail.html).toContain(`/registration/welcome/${token}`);
    expect(mail.text).not.toMatch(/welcome\/[^\s]*new-agent/);
    expect(await invitedAccount(db(), token)).toMatchObject({ email });

    // "Forgot your password?" sends nothing for it (the owner sends its links), and the invitation stays live.
    expect((await post(handlePasswordResetRequest, '/api/staff/password-reset', { email })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(email)).toHaveLength(1);
    expect(await invitedAccount(db(), token)).toMatchObject({ email });

    // The owners' list says it is waiting, with its link's expiry.
    const list = (await (await listStaffRoute(staffRequest('/api/admin/staff', { cookie: ownerCookie }), undefined)).json()) as {
      staff: { email: string; invited: boolean; invitationExpiresAt: string }[];
    };
    const listed = list.staff.find((member) => member.email === email)!;
    expect(listed.invited).toBe(true);
    expect(new Date(listed.invitationExpiresAt).getTime() - Date.now()).toBeGreaterThan(71 * HOUR);
    expect(JSON.stringify(list)).not.toMatch(/scrypt|token/);
  });

  it('the link lets the person choose their password once; an agent then sets up two-step sign-in before any session', async () => {
    const { email, token } = await invite('agent');
    const weak = await post(handleWelcome, '/api/staff/welcome', { token, password: 'qwerty123456' });
    expect(weak.status).toBe(400);
    expect(await invitedAccount(db(), token)).toBeDefined(); // a refused password does not use the link up

    const done = await post(handleWelcome, '/api/staff/welcome', { token, password: CHOSEN });
    expect(done.status).toBe(200);
    // Every role has a second factor: the agent sets one up first (docs/decisions/0348), as an owner does.
    expect(await done.json()).toEqual({ ok: true, step: 'enrol', next: '/registration/enrol' });
    expect(cookiesOf(done)).not.toContain('staff_session');
    expect(
      (await meRoute(staffRequest('/api/admin/me', { cookie: cookiesOf(done).replace('staff_challenge', 'staff_session') }), undefined))
        .status,
    ).toBe(401);

    const again = await post(handleWelcome, '/api/staff/welcome', { token, password: 'Another-Good-Passphrase-7' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: STAFF_COPY.errors.invitationExpired });
    expect(await invitedAccount(db(), token)).toBeUndefined();

    expect((await signIn(email, 'Another-Good-Passphrase-7')).status).toBe(401);
    const signedIn = await signIn(email, CHOSEN);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ step: 'enrol' });
    expect((await findStaffByEmail(db(), email))!.passwordHash).toMatch(/^scrypt\$/);
  });

  it('an owner goes on to set up two-step sign-in; without scripts the form posts and is redirected, nothing in a URL', async () => {
    const { email, token } = await invite('owner');
    const native = (password: string) => welcomeRoute(formRequest('/api/staff/welcome', { token, password }, { headers: freshClient() }));
    const weak = await native('qwerty123456');
    expect(weak.status).toBe(303);
    expect(weak.headers.get('location')).toBe(`/registration/welcome/${token}`);
    const flash = weak.headers.getSetCookie().find((c) => c.startsWith('staff_form_flash='));
    expect(flash).toMatch(new RegExp(`Path=/registration/welcome/${token}`));

    const done = await native(CHOSEN);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/registration/enrol');
    const challenge = cookiesOf(done);
    expect(challenge).toMatch(/staff_challenge=eyJ/);
    expect(challenge).not.toContain('staff_session');
    for (const header of [done.headers.get('location') ?? '', ...done.headers.getSetCookie()]) {
      expect(header).not.toContain(email.split('@')[0]);
      expect(header).not.toContain(CHOSEN);
    }

    // The enrolment after it is sign-in's: the leads stay out of reach until the second factor is set up.
    const user = (await findStaffByEmail(db(), email))!;
    const { secret } = (await pendingEnrolment(db(), user))!;
    const now = new Date();
    const enrolled = await post(handleEnrolAtSignIn, '/api/staff/second-factor/enrol', { code: totpCode(secret, now) }, now, challenge);
    expect(enrolled.status).toBe(200);
    expect(await enrolled.json()).toMatchObject({ email, role: 'owner' });
    expect((await meRoute(staffRequest('/api/admin/me', { cookie: cookiesOf(enrolled) }), undefined)).status).toBe(200);
  });

  it('an expired link fails; a new link from the owner ends the old one; a reset does not take an invitation', async () => {
    const { email, id, token } = await invite('agent');
    expect(await invitedAccount(db(), token, new Date(Date.now() + 71 * HOUR))).toBeDefined();
    const late = new Date(Date.now() + 73 * HOUR);
    expect(await invitedAccount(db(), token, late)).toBeUndefined();
    const expired = await post(handleWelcome, '/api/staff/welcome', { token, password: CHOSEN }, late);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: STAFF_COPY.errors.invitationExpired });

    // The two kinds of link stay apart: the reset's page and API do not take an invitation's token.
    expect(await isLiveResetToken(db(), token)).toBe(false);
    const asReset = await post(handlePasswordResetConfirm, '/api/staff/password-reset/confirm', { token, password: CHOSEN });
    expect(asReset.status).toBe(400);
    expect(await invitedAccount(db(), token)).toBeDefined();

    const resent = await resend(id);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ ok: true, invitationSent: true });
    expect(await waitFor(() => mailsTo(email).length === 2, 10_000)).toBe(true);
    const newer = linkIn(mailsTo(email)[1])!;
    expect(newer).not.toBe(token);
    expect(await invitedAccount(db(), token)).toBeUndefined();
    expect((await post(handleWelcome, '/api/staff/welcome', { token, password: CHOSEN })).status).toBe(400);
    expect((await post(handleWelcome, '/api/staff/welcome', { token: newer, password: CHOSEN })).status).toBe(200);

    // Once the password is chosen there is nothing to send; an unknown account is 404; a stale password asks again.
    const setUp = await resend(id);
    expect(setUp.status).toBe(409);
    expect(await setUp.json()).toEqual({ error: STAFF_COPY.errors.alreadySetUp });
    expect((await resend('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const stale = await sessionCookieFor(db(), owner, 3600, new Date(Date.now() - 11 * 60_000));
    const other = await invite('agent');
    expect(await (await resend(other.id, stale)).json()).toMatchObject({ reauth: true });
    expect(await invitedAccount(db(), other.token)).toBeDefined();
    // Malformed tokens are the same refusal, never a 5xx.
    for (const bad of ['x'.repeat(43), '../../etc', ''])
      expect((await post(handleWelcome, '/api/staff/welcome', { token: bad, password: CHOSEN })).status).toBe(400);
  });

  it("the Staff page's forms post without scripts and come back to it; a stale password is asked for first", async () => {
    const email = uniqueEmail('noscript-agent');
    const native = (path: string, body: Record<string, string>, cookie = ownerCookie) =>
      formRequest(path, body, { cookie, headers: freshClient() });
    const stale = await sessionCookieFor(db(), owner, 3600, new Date(Date.now() - 11 * 60_000));

    const asked = await createStaffRoute(native('/api/admin/staff', { email, name: 'Bola', role: 'agent' }, stale), undefined);
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/admin/confirm-password?next=%2Fadmin%2Fstaff');
    expect(await findStaffByEmail(db(), email)).toBeUndefined();

    const created = await createStaffRoute(native('/api/admin/staff', { email, name: 'Bola', role: 'agent' }), undefined);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/admin/staff');
    const account = (await findStaffByEmail(db(), email))!;
    expect(account.passwordHash).toBeNull();
    expect(await waitFor(() => mailsTo(email).length === 1, 10_000)).toBe(true);

    const duplicate = await createStaffRoute(native('/api/admin/staff', { email, name: 'Bola', role: 'agent' }), undefined);
    expect(duplicate.status).toBe(303);
    expect(duplicate.headers.get('location')).toBe('/admin/staff');
    expect(duplicate.headers.getSetCookie().find((c) => c.startsWith('staff_form_flash='))).toMatch(/Path=\/admin\/staff/);

    const resent = await resendRoute(native(`/api/admin/staff/${account.id}/invitation`, {}), {
      params: Promise.resolve({ id: account.id }),
    });
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe('/admin/staff');
    expect(await waitFor(() => mailsTo(email).length === 2, 10_000)).toBe(true);
  });
});
