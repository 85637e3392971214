import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as signInOptionsRoute } from '@/app/api/account/sign-in/passkey/options/route';
import { POST as signInRoute } from '@/app/api/account/sign-in/passkey/route';
import { POST as optionsRoute } from '@/app/api/account/passkeys/options/route';
import { POST as addRoute } from '@/app/api/account/passkeys/route';
import { POST as removeRoute } from '@/app/api/account/passkeys/remove/route';
import { POST as signOutRoute } from '@/app/api/account/sign-out/route';
import { buyerPasskeyChallenges, buyerPasskeys, leads, outboxMessages } from '@/lib/db/schema';
import { buyerSenders, buyerSessionOf, devicesOf, passkeysOf, startBuyerSession } from '@/modules/buyers/server';
import { startOutboxWorkers } from '@/modules/messaging/server';
import { eraseRecords } from '@/modules/privacy/server';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { SoftAuthenticator } from './soft-authenticator';
import { cookiesOf, formRequest, staffRequest } from './staff-helpers';

/**
 * A buyer's passkeys (issue 60, item 1; docs/decisions/0423), end to end at the server: real WebAuthn answers from a
 * software authenticator, verified against SITE_URL's host and origin. Added only by a session that signed in within
 * 15 minutes, with a notice by e-mail; signing in with one opens a session of its buyer; one buyer never removes or
 * uses another's; challenges work once and expire; sign-out everywhere keeps them, an erasure deletes them.
 */

const SITE = 'https://districts.example';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
type Route = (request: Request) => Promise<Response>;

describeEachDriver("a buyer's passkeys", (ctx) => {
  const db = () => ctx.handle().db;
  let smtp: Peer<ReceivedMail>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    setEnv({ SMTP_URL: smtp.url, SITE_URL: SITE, RATE_LIMIT_SIGN_IN: undefined });
    // The one outbox's worker with the buyers' senders, as the server runs it: the passkey notice goes through it.
    await startOutboxWorkers(ctx.handle(), buyerSenders());
  });
  afterAll(async () => {
    setEnv({ SMTP_URL: undefined, SITE_URL: undefined, RATE_LIMIT_SIGN_IN: undefined });
    await smtp.stop();
  });

  const phone = () => new SoftAuthenticator(SITE, 'districts.example');
  const post = (route: Route, path: string, body: unknown, cookie?: string, client = freshClient()) =>
    route(staffRequest(path, { method: 'POST', body, cookie, headers: { ...client, 'user-agent': ANDROID } }));
  const mailsTo = (email: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(email));
  const newEmail = () => `passkey-${randomUUID().slice(0, 8)}@example.com`;

  /** A session of `contact` that signed in by e-mail link `minutesAgo` minutes ago: its cookie. */
  async function signedIn(contact: string, minutesAgo = 1): Promise<string> {
    const response = new Response(null);
    const at = new Date(Date.now() - minutesAgo * 60_000);
    await startBuyerSession(
      db(),
      // Over plain HTTP as the test requests are (the cookie without its __Host- name).
      new Request('http://localhost/api/account/sign-in/link'),
      response,
      { contact, channel: 'email' },
      'Chrome on Android',
      at,
    );
    return cookiesOf(response);
  }
  const sessionOf = (cookie: string) => buyerSessionOf(db(), cookie.split('=')[1], new Date());

  /** Adds a passkey of `authenticator` for the buyer signed in as `cookie`: the answer's response. */
  async function addPasskey(cookie: string, authenticator: SoftAuthenticator) {
    const options = await post(optionsRoute, '/api/account/passkeys/options', {}, cookie);
    expect(options.status).toBe(200);
    const { options: created } = await options.json();
    return post(addRoute, '/api/account/passkeys', { response: authenticator.register(created) }, cookie);
  }
  async function signInOptions(client = freshClient()) {
    const res = await post(signInOptionsRoute, '/api/account/sign-in/passkey/options', {}, undefined, client);
    expect(res.status).toBe(200);
    return (await res.json()).options;
  }
  const signIn = (response: unknown, client = freshClient()) =>
    post(signInRoute, '/api/account/sign-in/passkey', { response }, undefined, client);

  it('a buyer adds a passkey (told by e-mail), signs in with it as themselves, keeps it through sign-out everywhere, removes it', async () => {
    const email = newEmail();
    const cookie = await signedIn(email);
    const options = await post(optionsRoute, '/api/account/passkeys/options', {}, cookie);
    expect(options.status).toBe(200);
    const { options: created } = await options.json();
    // The site as the relying party; a discoverable passkey that asks for the person (fingerprint, face or lock).
    expect(created).toMatchObject({
      rp: { id: 'districts.example' },
      user: { name: email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = phone();
    const added = await post(addRoute, '/api/account/passkeys', { response: authenticator.register(created) }, cookie);
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ ok: true, next: '/account' });
    const session = (await sessionOf(cookie))!;
    const [listed] = await passkeysOf(db(), session);
    expect(listed).toMatchObject({ label: 'Passkey on Android', lastUsedAt: null });
    // The buyer hears of it at their address.
    expect(await waitFor(() => mailsTo(email).length === 1, 10_000)).toBe(true);
    expect(mailsTo(email)[0].mail.subject).toMatch(/A passkey was added to your .* page/);
    expect(mailsTo(email)[0].mail.text).toContain('Passkey on Android');

    // Signing in names no address: the passkey says whose it is.
    const request = await signInOptions();
    expect(request.allowCredentials ?? []).toHaveLength(0);
    const answer = authenticator.authenticate(request);
    const signedInWithPasskey = await signIn(answer);
    expect(signedInWithPasskey.status).toBe(200);
    expect(await signedInWithPasskey.json()).toMatchObject({ ok: true, next: '/account' });
    const second = cookiesOf(signedInWithPasskey);
    expect(second).toMatch(/buyer_session=/);
    expect(await sessionOf(second)).toMatchObject({ contact: email, signedInWith: 'passkey' });
    // Listed among the devices, as any sign-in is; the passkey shows its use.
    expect((await devicesOf(db(), session, new Date())).map((d) => d.signedInWith).sort()).toEqual(['email', 'passkey']);
    expect((await passkeysOf(db(), session))[0].lastUsedAt).not.toBeNull();
    // The same answer again: its challenge was used.
    expect((await signIn(answer)).status).toBe(401);

    // Sign out everywhere ends both sessions and keeps the passkey, which signs in again.
    const out = await signOutRoute(formRequest('/api/account/sign-out', { everywhere: '1' }, { cookie: second }));
    expect(out.status).toBe(303);
    expect(await sessionOf(cookie)).toBeUndefined();
    expect(await db().select().from(buyerPasskeys).where(eq(buyerPasskeys.contact, email))).toHaveLength(1);
    const again = await signIn(authenticator.authenticate(await signInOptions()));
    expect(again.status).toBe(200);
    const third = cookiesOf(again);

    // Removed by its form (no scripts), it signs nobody in.
    const removed = await removeRoute(formRequest('/api/account/passkeys/remove', { passkey: listed.id }, { cookie: third }));
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/account');
    expect(await passkeysOf(db(), (await sessionOf(third))!)).toHaveLength(0);
    const refused = await signIn(authenticator.authenticate(await signInOptions()));
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toMatch(/did not sign you in/);
  });

  it('adding a passkey needs a sign-in of the last 15 minutes and a session; bad input gets a 4xx with its sentence', async () => {
    const email = newEmail();
    const old = await signedIn(email, 20);
    const stale = await post(optionsRoute, '/api/account/passkeys/options', {}, old);
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toMatch(/sign in again/i);
    expect((await post(optionsRoute, '/api/account/passkeys/options', {}, undefined)).status).toBe(401);
    expect(
      (await post(addRoute, '/api/account/passkeys', { response: phone().register({ challenge: 'x' } as never) }, undefined)).status,
    ).toBe(401);

    const fresh = await signedIn(email, 14);
    expect((await post(optionsRoute, '/api/account/passkeys/options', { extra: 1 }, fresh)).status).toBe(400);
    const unreadable = await post(addRoute, '/api/account/passkeys', { response: 'not an answer' }, fresh);
    expect(unreadable.status).toBe(400);
    expect((await unreadable.json()).error).toMatch(/could not be read/);
    // An answer to a challenge never issued, or from another site, adds nothing.
    const madeUp = await post(
      addRoute,
      '/api/account/passkeys',
      { response: phone().register({ challenge: 'bm90LWlzc3VlZA' } as never) },
      fresh,
    );
    expect(madeUp.status).toBe(400);
    const options = await (await post(optionsRoute, '/api/account/passkeys/options', {}, fresh)).json();
    const elsewhere = await post(
      addRoute,
      '/api/account/passkeys',
      { response: phone().register(options.options, { origin: 'https://evil.example' }) },
      fresh,
    );
    expect(elsewhere.status).toBe(400);
    expect((await post(signInRoute, '/api/account/sign-in/passkey', { response: { id: 'x' } }, undefined)).status).toBe(400);
    expect((await post(removeRoute, '/api/account/passkeys/remove', { passkey: 'not-an-id' }, fresh)).status).toBe(400);
    expect(await db().select().from(buyerPasskeys).where(eq(buyerPasskeys.contact, email))).toHaveLength(0);
  });

  it("buyer A can neither remove nor answer for buyer B's passkey; a challenge works once and expires", async () => {
    const [a, b] = [newEmail(), newEmail()];
    const [cookieA, cookieB] = [await signedIn(a), await signedIn(b)];
    const keyB = phone();
    expect((await addPasskey(cookieB, keyB)).status).toBe(200);
    const [passkeyB] = await passkeysOf(db(), (await sessionOf(cookieB))!);

    // A's session removes nothing of B's, and sees none of them.
    const remove = await post(removeRoute, '/api/account/passkeys/remove', { passkey: passkeyB.id }, cookieA);
    expect(remove.status).toBe(404);
    expect(await passkeysOf(db(), (await sessionOf(cookieA))!)).toHaveLength(0);
    expect(await passkeysOf(db(), (await sessionOf(cookieB))!)).toHaveLength(1);

    // A challenge issued to B's session cannot add a passkey from A's (it is tied to the session that asked).
    const forB = await (await post(optionsRoute, '/api/account/passkeys/options', {}, cookieB)).json();
    const planted = await post(addRoute, '/api/account/passkeys', { response: phone().register(forB.options) }, cookieA);
    expect(planted.status).toBe(400);
    expect(await passkeysOf(db(), (await sessionOf(cookieA))!)).toHaveLength(0);

    // B's passkey signs in as B only; A's key, never added, signs nobody in.
    const asB = await signIn(keyB.authenticate(await signInOptions()));
    expect(await sessionOf(cookiesOf(asB))).toMatchObject({ contact: b });
    expect((await signIn(phone().authenticate(await signInOptions()))).status).toBe(401);

    // A registration's challenge is not a sign-in's; it adds one passkey, once.
    const registration = await (await post(optionsRoute, '/api/account/passkeys/options', {}, cookieB)).json();
    expect((await signIn(keyB.authenticate(registration.options))).status).toBe(401);
    const answer = phone().register(registration.options);
    expect((await post(addRoute, '/api/account/passkeys', { response: answer }, cookieB)).status).toBe(200);
    expect((await post(addRoute, '/api/account/passkeys', { response: answer }, cookieB)).status).toBe(400);
    expect(await passkeysOf(db(), (await sessionOf(cookieB))!)).toHaveLength(2);

    // A challenge past its five minutes is refused, and forgotten by the next ceremony.
    const request = await signInOptions();
    await db()
      .update(buyerPasskeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(buyerPasskeyChallenges.challenge, request.challenge));
    expect((await signIn(keyB.authenticate(request))).status).toBe(401);
    await signInOptions();
    expect(await db().select().from(buyerPasskeyChallenges).where(eq(buyerPasskeyChallenges.challenge, request.challenge))).toHaveLength(0);
  });

  it('signing in with a passkey counts against the sign-in limits per client, as links and codes do', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN: '3/600' });
    try {
      const client = freshClient();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await post(signInOptionsRoute, '/api/account/sign-in/passkey/options', {}, undefined, client)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await post(signInRoute, '/api/account/sign-in/passkey', { response: { id: 'x' } }, undefined, client);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toMatch(/Too many tries/);
    } finally {
      setEnv({ RATE_LIMIT_SIGN_IN: undefined });
    }
  });

  it('erasing the buyer deletes their passkeys: the passkey signs nobody in again', async () => {
    const email = newEmail();
    const { plan } = await buyerWithPlan(db(), { email });
    const cookie = await signedIn(email);
    const key = phone();
    expect((await addPasskey(cookie, key)).status).toBe(200);
    await eraseRecords(db(), { leads: eq(leads.id, plan.leadId!), newsletter: sql`false` }, null);
    expect(await db().select().from(buyerPasskeys).where(eq(buyerPasskeys.contact, email))).toHaveLength(0);
    expect(await sessionOf(cookie)).toBeUndefined();
    expect((await signIn(key.authenticate(await signInOptions()))).status).toBe(401);
  });

  it('a mail server down when a passkey is added delays the notice, never loses it', { timeout: 90_000 }, async () => {
    const email = newEmail();
    const cookie = await signedIn(email);
    // Nothing listens on port 1: every send fails as a dead mail server's would.
    setEnv({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await addPasskey(cookie, phone())).status).toBe(200);
      const [passkey] = await passkeysOf(db(), (await sessionOf(cookie))!);
      const notice = () => db().select().from(outboxMessages).where(eq(outboxMessages.subjectId, passkey.id));
      expect(await waitFor(async () => (await notice())[0]?.attempts >= 1, 20_000)).toBe(true);
      expect((await notice())[0]).toMatchObject({ subjectType: 'buyer_passkey', state: 'queued' });
      expect(mailsTo(email)).toHaveLength(0);
    } finally {
      setEnv({ SMTP_URL: smtp.url });
    }
    // The queue tries again (5 s, then up to 30 s): the buyer hears of it once the server is back.
    expect(await waitFor(() => mailsTo(email).length === 1, 60_000)).toBe(true);
    expect(mailsTo(email)[0].mail.subject).toMatch(/A passkey was added to your .* page/);
  });
});
