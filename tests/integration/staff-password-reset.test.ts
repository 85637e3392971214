import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as resetRequestRoute } from '@/app/api/staff/password-reset/route';
import { handlePasswordResetConfirm, handlePasswordResetRequest, handleSignIn } from '@/modules/staff/sign-in/handlers.server';
import { isLiveResetToken } from '@/modules/staff/sign-in/password-reset.server';
import { tokenFromCookieHeader } from '@/lib/auth/cookie.server';
import { resolveSession } from '@/modules/staff/sessions/session.server';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { formRequest, makeStaff, sessionCookieFor, STAFF_PASSWORD, staffRequest } from './staff-helpers';

const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
const NEW_PASSWORD = 'Ibadan-Harvest-Lantern-93';

describeEachDriver('forgotten staff password', (ctx) => {
  const db = () => ctx.handle().db;
  let smtp: Peer<ReceivedMail>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    setEnv({
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SMTP_URL: smtp.url,
      SITE_URL: 'https://districts.example',
      RATE_LIMIT_SIGN_IN: undefined,
    });
  });
  afterAll(async () => {
    setEnv({ SMTP_URL: undefined, SITE_URL: undefined });
    await smtp.stop();
  });

  const post = (
    handler: (r: Request, o?: { now?: () => Date }) => Promise<Response>,
    path: string,
    body: unknown,
    now = new Date(),
    client = freshClient(),
  ) => handler(staffRequest(path, { method: 'POST', body, headers: client }), { now: () => now });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.mail.to && JSON.stringify(m.mail.to).includes(email));
  const linkIn = (mail: ReceivedMail) =>
    /https:\/\/districts\.example\/registration\/reset\/([A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? '')?.[1];

  it('sends a single-use link by e-mail; the new password signs in, with the second factor still asked of an owner', async () => {
    const owner = await makeStaff(db(), 'owner');
    const openSession = await sessionCookieFor(db(), owner);
    const res = await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: owner.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, next: '/registration/reset?sent=1' });
    expect(await waitFor(() => mailsTo(owner.email).length === 1, 10_000)).toBe(true);
    const [mail] = mailsTo(owner.email);
    expect(mail.mail.subject).toMatch(/choose a new staff password/);
    const token = linkIn(mail)!;
    expect(token).toBeTruthy();
    expect(mail.mail.html).toContain(`/registration/reset/${token}`);
    // Nothing personal in the link: only the token.
    expect(mail.mail.text).not.toMatch(new RegExp(`reset/[^\\s]*${owner.email.split('@')[0]}`));
    expect(await isLiveResetToken(db(), token)).toBe(true);

    const weak = await post(handlePasswordResetConfirm, '/api/staff/password-reset/confirm', { token, password: 'qwerty123456' });
    expect(weak.status).toBe(400);
    expect(await isLiveResetToken(db(), token)).toBe(true); // a refused password does not use the link up

    const done = await post(handlePasswordResetConfirm, '/api/staff/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true, next: '/registration?reset=done' });
    expect((await resolveSession(db(), tokenFromCookieHeader(openSession))).ok).toBe(false);

    const again = await post(handlePasswordResetConfirm, '/api/staff/password-reset/confirm', {
      token,
      password: 'Another-Good-Passphrase-7',
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatch(/expired or was used/);

    expect((await post(handleSignIn, '/api/staff/sign-in', { email: owner.email, password: STAFF_PASSWORD })).status).toBe(401);
    const signIn = await post(handleSignIn, '/api/staff/sign-in', { email: owner.email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ step: 'second-factor' });
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const agent = await makeStaff(db(), 'agent');
    const before = smtp.received.length;
    const known = await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: agent.email });
    const unknown = await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: 'nobody-here@example.com' });
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);
    expect(await waitFor(() => mailsTo(agent.email).length === 1, 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.length).toBe(before + 1);
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('a link expires after 30 minutes, and a newer link ends the older one', async () => {
    const agent = await makeStaff(db(), 'agent');
    await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: agent.email });
    expect(await waitFor(() => mailsTo(agent.email).length === 1, 10_000)).toBe(true);
    const first = linkIn(mailsTo(agent.email)[0])!;
    expect(await isLiveResetToken(db(), first, new Date(Date.now() + 31 * 60_000))).toBe(false);
    const late = await post(
      handlePasswordResetConfirm,
      '/api/staff/password-reset/confirm',
      { token: first, password: NEW_PASSWORD },
      new Date(Date.now() + 31 * 60_000),
    );
    expect(late.status).toBe(400);
    await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: agent.email });
    expect(await waitFor(() => mailsTo(agent.email).length === 2, 10_000)).toBe(true);
    expect(await isLiveResetToken(db(), first)).toBe(false);
    expect(await isLiveResetToken(db(), linkIn(mailsTo(agent.email)[1])!)).toBe(true);
    expect(
      (await post(handlePasswordResetConfirm, '/api/staff/password-reset/confirm', { token: 'x'.repeat(43), password: NEW_PASSWORD }))
        .status,
    ).toBe(400);
    expect(
      (await post(handlePasswordResetConfirm, '/api/staff/password-reset/confirm', { token: '../../etc', password: NEW_PASSWORD })).status,
    ).toBe(400);
  });

  it('has the refusals of sign-in: a locked-out account or client, and the per-client limit', async () => {
    const agent = await makeStaff(db(), 'agent');
    const t0 = new Date(Date.now() + 2 * 3_600_000);
    const stranger = freshClient();
    for (let i = 0; i < 10; i++)
      await post(handleSignIn, '/api/staff/sign-in', { email: agent.email, password: `wrong-password-${i}` }, t0, stranger);
    const locked = await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: agent.email }, t0, stranger);
    expect(locked.status).toBe(429);
    // From its fifth failure the client waits before each try (its later wrong passwords were not even checked).
    expect((await locked.json()).error).toMatch(/Too many wrong attempts on this account lately/);
    // The client that failed is locked out of the account, not the person: from their own client the link still comes
    // (docs/decisions/0386-staff-sessions-round-3.md).
    expect((await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: agent.email }, t0)).status).toBe(200);
    // Locked the same way for an address without an account: the answer tells nothing.
    const another = freshClient();
    for (let i = 0; i < 10; i++)
      await post(handleSignIn, '/api/staff/sign-in', { email: 'ghost@example.com', password: `wrong-password-${i}` }, t0, another);
    expect((await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: 'ghost@example.com' }, t0, another)).status).toBe(
      429,
    );

    setEnv({ RATE_LIMIT_SIGN_IN: '2/600' });
    try {
      const client = freshClient();
      const ask = () => post(handlePasswordResetRequest, '/api/staff/password-reset', { email: 'limit@example.com' }, new Date(), client);
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(429);
    } finally {
      setEnv({ RATE_LIMIT_SIGN_IN: undefined });
    }
    expect((await post(handlePasswordResetRequest, '/api/staff/password-reset', { email: 'not an address' })).status).toBe(400);
  });

  it('works without scripts: the request form posts and lands on the page saying the link is on its way', async () => {
    const res = await resetRequestRoute(
      formRequest('/api/staff/password-reset', { email: 'someone@example.com' }, { headers: freshClient() }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/registration/reset?sent=1');
  });
});
