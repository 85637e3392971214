import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as requestRoute } from '@/app/api/account/sign-in/route';
import { POST as codeRoute } from '@/app/api/account/sign-in/code/route';
import { POST as linkRoute } from '@/app/api/account/sign-in/link/route';
import { POST as signOutRoute } from '@/app/api/account/sign-out/route';
import { buyerSignIns, leads, outboxMessages } from '@/lib/db/schema';
import { accountOf, buyerSessionOf, buyerSenders, devicesOf, isLiveLink } from '@/modules/buyers/server';
import { startOutboxWorkers } from '@/modules/messaging/server';
import { codeHandler, linkHandler, requestSignInHandler, signOutHandler } from '@/modules/buyers/sign-in/handlers.server';
import { appendEntry } from '@/modules/payments/ledger/ledger.repository.server';
import { issueReceipt } from '@/modules/payments/receipts/receipts.repository.server';
import { afterPaymentCredited } from '@/modules/payments/server';
import { eraseRecords } from '@/modules/privacy/server';
import { issueDueLetters } from '@/modules/documents/server';
import { GET as documentRoute } from '@/app/(site)/account/documents/[id]/route';
import { AccountScreen, LinkScreen } from '@/modules/buyers/ui.server';
import { startFakeTermii, type FakeTermii } from '../support/fake-termii';
import { startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { CHANNELS_OFF, TERMII, WHATSAPP, smsOn, whatsAppOn } from './channel-fakes';
import { asRequest, describeEachDriver, fingerprint, freshClient, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';
import { cookiesOf, formRequest, staffRequest } from './staff-helpers';

/**
 * The buyer's own page and its sign-in without a password (issue 60, items 1 and 2; docs/decisions/0418): links and
 * codes single-use and expiring, codes limited, the same answer for any address, one buyer never reaching another's
 * page or devices, and sign-out everywhere.
 */

type Handler = (request: Request, options?: { now?: () => Date }) => Promise<Response>;

describeEachDriver('the buyer signs in without a password', (ctx) => {
  const db = () => ctx.handle().db;
  let smtp: Peer<ReceivedMail>;
  let whatsapp: WhatsAppFake;
  let termii: FakeTermii;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    whatsapp = await startFakeWhatsApp({ ...WHATSAPP });
    termii = await startFakeTermii({ ...TERMII });
    setEnv({
      SMTP_URL: smtp.url,
      SITE_URL: 'https://districts.example',
      RATE_LIMIT_SIGN_IN: undefined,
      SITE_FX_RATES: 'USD=1550,GBP=1950@2026-11-20',
      ...whatsAppOn(whatsapp),
      ...smsOn(termii),
    });
    // The one outbox's worker with the buyers' sender, as the server runs it: links and codes go through it.
    await startOutboxWorkers(ctx.handle(), buyerSenders());
  });
  afterAll(async () => {
    setEnv({ SMTP_URL: undefined, SITE_URL: undefined, SITE_FX_RATES: undefined, ...CHANNELS_OFF });
    await Promise.all([smtp.stop(), whatsapp.stop(), termii.stop()]);
  });

  const json = (handler: Handler, path: string, body: unknown, now = new Date(), client = freshClient(), cookie?: string) =>
    handler(staffRequest(path, { method: 'POST', body, headers: client, cookie }), { now: () => now });
  const mailsTo = (email: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(email));
  const linkIn = (mail: ReceivedMail) => /https:\/\/districts\.example\/account\/link\/([A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? '')?.[1];
  const uniquePhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  /** A link by e-mail, used: the session's cookie. */
  async function signInByEmail(email: string, now = new Date()): Promise<string> {
    const before = mailsTo(email).length;
    expect((await json(requestSignInHandler, '/api/account/sign-in', { contact: email }, now)).status).toBe(200);
    expect(await waitFor(() => mailsTo(email).length === before + 1, 10_000)).toBe(true);
    const token = linkIn(mailsTo(email).at(-1)!)!;
    const used = await json(linkHandler, '/api/account/sign-in/link', { token }, now);
    expect(used.status).toBe(200);
    return cookiesOf(used);
  }
  /** A code by WhatsApp, used: the session's cookie. */
  async function signInByPhone(phone: string): Promise<string> {
    const digits = phone.slice(1);
    const before = whatsapp.sent.filter((m) => m.to === digits).length;
    const asked = await json(requestSignInHandler, '/api/account/sign-in', { contact: phone, via: 'whatsapp' });
    const request = new URL(((await asked.json()) as { next: string }).next, 'http://x').searchParams.get('r')!;
    expect(await waitFor(() => whatsapp.sent.filter((m) => m.to === digits).length === before + 1, 10_000)).toBe(true);
    const code = whatsapp.sent.filter((m) => m.to === digits).at(-1)!.template!.parameters[0];
    const used = await json(codeHandler, '/api/account/sign-in/code', { request, code });
    expect(used.status).toBe(200);
    return cookiesOf(used);
  }
  const sessionOf = (cookie: string, now = new Date()) => buyerSessionOf(db(), cookie.split('=')[1], now);

  /** A payment credited to a claim as Paystack's would be: its ledger entry, its receipt, the reservation. */
  async function pay(claimId: string, amountKobo: number) {
    const jobs = await ctx.handle().jobs();
    return db().transaction(async (tx) => {
      const appended = await appendEntry(tx, {
        claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `T-${randomUUID()}`,
        amountKobo,
        at: new Date(),
      });
      if (appended.outcome !== 'written') throw new Error(appended.outcome);
      const receipt = await issueReceipt(tx, jobs, appended.entry);
      await afterPaymentCredited(tx, appended.entry, new Date());
      return receipt;
    });
  }

  it('sends a link by e-mail that a GET leaves alone, a POST uses once, and 15 minutes end', async () => {
    const { plan } = await buyerWithPlan(db());
    const [lead] = await db().select().from(leads).where(eq(leads.id, plan.leadId!));
    const email = lead.email!;
    // Posted as the browser posts the form: a 303 to "check your e-mail", nothing personal in it.
    const posted = await requestRoute(formRequest('/api/account/sign-in', { contact: email.toUpperCase() }, { headers: freshClient() }));
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/account/sign-in/sent');
    expect(await waitFor(() => mailsTo(email).length === 1, 10_000)).toBe(true);
    const token = linkIn(mailsTo(email)[0])!;
    expect(token).toBeDefined();
    expect(mailsTo(email)[0].mail.text).not.toContain(email.split('@')[0] + '/');
    // Looking at the link's page (a mail scanner does) uses nothing up, however often.
    expect(await isLiveLink(db(), token, new Date())).toBe(true);
    expect(await isLiveLink(db(), token, new Date())).toBe(true);
    const used = await linkRoute(formRequest('/api/account/sign-in/link', { token }, { headers: freshClient() }));
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('/account');
    const setCookie = used.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/buyer_session=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    const session = await sessionOf(cookiesOf(used));
    expect(session).toMatchObject({ contact: email, signedInWith: 'email' });
    // The cookie's token is not what the database keeps.
    expect(JSON.stringify(await db().select().from(buyerSignIns))).not.toContain(token);

    // Used once: a second press, or another tab, is refused.
    const again = await json(linkHandler, '/api/account/sign-in/link', { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'This link has expired or has already been used. Ask for a new one below.' });
    expect(await isLiveLink(db(), token, new Date())).toBe(false);

    // A new link is dead 15 minutes after it was asked for.
    const asked = new Date();
    await json(requestSignInHandler, '/api/account/sign-in', { contact: email }, asked);
    expect(await waitFor(() => mailsTo(email).length === 2, 10_000)).toBe(true);
    const late = linkIn(mailsTo(email)[1])!;
    expect(await isLiveLink(db(), late, new Date(asked.getTime() + 14 * 60_000))).toBe(true);
    const expired = await json(linkHandler, '/api/account/sign-in/link', { token: late }, new Date(asked.getTime() + 15 * 60_000 + 1000));
    expect(expired.status).toBe(400);
  });

  it('answers the same for an address nobody gave us, and sends it nothing', async () => {
    const { plan } = await buyerWithPlan(db());
    const [lead] = await db().select().from(leads).where(eq(leads.id, plan.leadId!));
    const stranger = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const known = await json(requestSignInHandler, '/api/account/sign-in', { contact: lead.email });
    const unknown = await json(requestSignInHandler, '/api/account/sign-in', { contact: stranger });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    // A number: the code's page either way, its address a random token, never the number.
    const whatsappBefore = whatsapp.sent.length;
    const unknownPhone = await json(requestSignInHandler, '/api/account/sign-in', { contact: '0809 999 0000', via: 'whatsapp' });
    expect(unknownPhone.status).toBe(200);
    const { next } = (await unknownPhone.json()) as { next: string };
    expect(next).toMatch(/^\/account\/sign-in\/code\?r=[A-Za-z0-9_-]{43}$/);
    expect(next).not.toMatch(/809|999/);
    expect(await waitFor(() => mailsTo(lead.email!).length === 1, 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(stranger)).toHaveLength(0);
    expect(whatsapp.sent.length).toBe(whatsappBefore);
    // Something that is neither an e-mail nor a number: 400 with one sentence.
    const bad = await json(requestSignInHandler, '/api/account/sign-in', { contact: 'hello' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Please enter the e-mail address or the phone number you gave us.' });
  });

  it('sends a 6-digit code by WhatsApp or SMS; five wrong codes spend it; a right one works once', async () => {
    const phone = uniquePhone();
    await buyerWithPlan(db(), { phone });
    const ask = async (via: 'whatsapp' | 'sms') => {
      const res = await json(requestSignInHandler, '/api/account/sign-in', { contact: phone.replace('+234', '0'), via });
      return new URL(((await res.json()) as { next: string }).next, 'http://x').searchParams.get('r')!;
    };
    const digits = phone.slice(1);
    const request = await ask('whatsapp');
    expect(await waitFor(() => whatsapp.sent.some((m) => m.to === digits), 10_000)).toBe(true);
    const sent = whatsapp.sent.filter((m) => m.to === digits).at(-1)!;
    expect(sent.template).toMatchObject({ name: 'sign_in_code' });
    const code = sent.template!.parameters[0];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await json(codeHandler, '/api/account/sign-in/code', { request, code: wrong });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'That code is not right. Check the message and try again.' });
    }
    const fifth = await json(codeHandler, '/api/account/sign-in/code', { request, code: wrong });
    expect(await fifth.json()).toEqual({ error: 'This code can no longer be used. Ask for a new one.' });
    // Spent: even the right code no longer opens it.
    expect((await json(codeHandler, '/api/account/sign-in/code', { request, code })).status).toBe(400);

    // By SMS this time: the right code signs in, once; a form post comes back to the code's page with the refusal's word.
    const bySms = await ask('sms');
    expect(await waitFor(() => termii.sent.some((m) => m.to === digits), 10_000)).toBe(true);
    const smsCode = /(\d{6})/.exec(termii.sent.filter((m) => m.to === digits).at(-1)!.sms)![1];
    const wrongForm = await codeRoute(
      formRequest('/api/account/sign-in/code', { request: bySms, code: '12345' }, { headers: freshClient() }),
    );
    expect(wrongForm.status).toBe(303);
    expect(wrongForm.headers.get('location')).toBe(`/account/sign-in/code?r=${bySms}&e=badCode`);
    const right = await codeRoute(
      formRequest(
        '/api/account/sign-in/code',
        { request: bySms, code: ` ${smsCode.slice(0, 3)} ${smsCode.slice(3)} ` },
        { headers: freshClient() },
      ),
    );
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/account');
    expect(await sessionOf(cookiesOf(right))).toMatchObject({ contact: phone, signedInWith: 'sms' });
    expect((await json(codeHandler, '/api/account/sign-in/code', { request: bySms, code: smsCode })).status).toBe(400);
  });

  /** The outbox's message of the sign-in request a token or code page names (the request's row by its token's hash). */
  const signInMessages = async () => db().select().from(outboxMessages).where(eq(outboxMessages.subjectType, 'buyer_sign_in'));

  it('sends a link through the one outbox: tried again when the mail server fails, its secret wiped once sent', async () => {
    const email = `outbox-${randomUUID().slice(0, 8)}@example.com`;
    await buyerWithPlan(db(), { email });
    const before = new Set((await signInMessages()).map((m) => m.id));
    await smtp.down();
    try {
      expect((await json(requestSignInHandler, '/api/account/sign-in', { contact: email })).status).toBe(200);
      // Picked up at once (the buyer waits), refused by the mail server, and left queued for the next try.
      const failedOnce = await waitFor(async () => {
        const mine = (await signInMessages()).filter((m) => !before.has(m.id));
        return mine.length === 1 && mine[0].attempts === 1 && mine[0].state === 'queued';
      }, 10_000);
      expect(failedOnce).toBe(true);
      const [waiting] = (await signInMessages()).filter((m) => !before.has(m.id));
      expect(waiting).toMatchObject({ kind: 'sign_in_link', channel: 'email', lastErrorKind: 'retry', payload: null });
      // While it waits, the request keeps the link sealed (never in clear), and nothing else keeps it.
      const [request] = await db().select().from(buyerSignIns).where(eq(buyerSignIns.id, waiting.subjectId));
      expect(request.sealedSecret).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      await smtp.up();
    }
    expect(await waitFor(() => mailsTo(email).length === 1, 30_000)).toBe(true);
    const token = linkIn(mailsTo(email)[0])!;
    const [sent] = (await signInMessages()).filter((m) => !before.has(m.id));
    expect(
      await waitFor(
        async () => (await db().select().from(outboxMessages).where(eq(outboxMessages.id, sent.id)))[0].state === 'sent',
        5_000,
      ),
    ).toBe(true);
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, sent.id));
    expect(row.attempts).toBe(2);
    // Sent: the sealed copy is gone; neither the request nor the outbox keeps the link in any form.
    const [request] = await db().select().from(buyerSignIns).where(eq(buyerSignIns.id, sent.subjectId));
    expect(request.sealedSecret).toBeNull();
    const tables = JSON.stringify([await db().select().from(buyerSignIns), await db().select().from(outboxMessages)]);
    expect(tables).not.toContain(token);
    expect((await json(linkHandler, '/api/account/sign-in/link', { token })).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('never sends a link or code whose 15 minutes ended before it could go, and keeps no code once sent', async () => {
    const phone = uniquePhone();
    const { plan } = await buyerWithPlan(db(), { phone });
    const [lead] = await db().select().from(leads).where(eq(leads.id, plan.leadId!));
    const before = new Set((await signInMessages()).map((m) => m.id));
    // Asked 16 minutes ago (the server was down since, say): its message is withdrawn, not sent late.
    const longAgo = new Date(Date.now() - 16 * 60_000);
    await json(requestSignInHandler, '/api/account/sign-in', { contact: lead.email }, longAgo);
    const withdrawn = await waitFor(async () => (await signInMessages()).some((m) => !before.has(m.id) && m.state === 'withdrawn'), 10_000);
    expect(withdrawn).toBe(true);
    const [late] = (await signInMessages()).filter((m) => !before.has(m.id));
    expect(late.lastError).toBe('the link or code expired before it could go');
    expect(mailsTo(lead.email!)).toHaveLength(0);
    expect((await db().select().from(buyerSignIns).where(eq(buyerSignIns.id, late.subjectId)))[0].sealedSecret).toBeNull();

    // A code by WhatsApp goes through the outbox too, and once sent only its HMAC is left.
    const digits = phone.slice(1);
    await json(requestSignInHandler, '/api/account/sign-in', { contact: phone, via: 'whatsapp' });
    expect(await waitFor(() => whatsapp.sent.some((m) => m.to === digits), 10_000)).toBe(true);
    const code = whatsapp.sent.filter((m) => m.to === digits).at(-1)!.template!.parameters[0];
    expect(
      await waitFor(
        async () => (await signInMessages()).some((m) => !before.has(m.id) && m.kind === 'sign_in_code' && m.state === 'sent'),
        5_000,
      ),
    ).toBe(true);
    const [codeMessage] = (await signInMessages()).filter((m) => !before.has(m.id) && m.kind === 'sign_in_code');
    expect(codeMessage).toMatchObject({ channel: 'whatsapp', payload: null, lastError: null });
    const [request] = await db().select().from(buyerSignIns).where(eq(buyerSignIns.id, codeMessage.subjectId));
    expect(request.sealedSecret).toBeNull();
    expect(request.codeHash).not.toContain(code);
    expect(request.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('limits sign-in requests per client as staff sign-in does, and sends one address at most three a hour', async () => {
    setEnv({ RATE_LIMIT_SIGN_IN: '3/600' });
    try {
      const client = freshClient();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await json(requestSignInHandler, '/api/account/sign-in', { contact: `x${i}@example.com` }, new Date(), client)).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await json(requestSignInHandler, '/api/account/sign-in', { contact: 'y@example.com' }, new Date(), client);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Codes count against the same limit: guessing from one client stops there too.
      expect(
        (await json(codeHandler, '/api/account/sign-in/code', { request: 'a'.repeat(43), code: '123456' }, new Date(), client)).status,
      ).toBe(429);
    } finally {
      setEnv({ RATE_LIMIT_SIGN_IN: undefined });
    }
    const { plan } = await buyerWithPlan(db());
    const [lead] = await db().select().from(leads).where(eq(leads.id, plan.leadId!));
    for (let i = 0; i < 5; i++) await json(requestSignInHandler, '/api/account/sign-in', { contact: lead.email });
    await waitFor(() => mailsTo(lead.email!).length >= 3, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(lead.email!)).toHaveLength(3);
  });

  it("shows each buyer their own plot, payments and receipts, never another's; devices and sign-out are theirs only", async () => {
    const a = await buyerWithPlan(db(), { phone: uniquePhone() });
    const b = await buyerWithPlan(db(), { phone: uniquePhone() });
    const receipt = await pay(a.claimId, 300_000_000);
    const emailOf = async (leadId: string) => (await db().select().from(leads).where(eq(leads.id, leadId)))[0].email!;
    const cookieA = await signInByEmail(await emailOf(a.plan.leadId!));
    const cookieA2 = await signInByEmail(await emailOf(a.plan.leadId!));
    const cookieB = await signInByEmail(await emailOf(b.plan.leadId!));
    const [sessionA, sessionB] = [(await sessionOf(cookieA))!, (await sessionOf(cookieB))!];

    const viewA = await accountOf(db(), sessionA, new Date());
    expect(viewA.plots.map((p) => p.claimId)).toEqual([a.claimId]);
    expect(viewA.plots[0].stage).toBe('reserved');
    expect(viewA.plots[0].plan?.standing.paidKobo).toBe(300_000_000);
    expect(viewA.plots[0].payments).toHaveLength(1);
    expect(viewA.plots[0].payments[0].receipt).toEqual({
      number: receipt.number,
      path: `/receipts/${receipt.number}?code=${encodeURIComponent(receipt.checkCode)}`,
    });
    expect(viewA.plots[0].sitePlan.some((p) => p.id === viewA.plots[0].plotId)).toBe(true);
    expect(viewA.fx?.rates.map((r) => r.currency)).toEqual(['USD', 'GBP']);
    const viewB = await accountOf(db(), sessionB, new Date());
    expect(viewB.plots.map((p) => p.claimId)).toEqual([b.claimId]);
    expect(viewB.plots[0].payments).toHaveLength(0);
    expect(JSON.stringify(viewB)).not.toContain(receipt.number);

    // A's contract of sale (made once the deposit is paid) is on A's page and downloads for A only.
    await issueDueLetters(db(), new Date());
    const contract = (await accountOf(db(), sessionA, new Date())).documents.claims[0].stages.find((stage) => stage.href);
    expect(contract?.href).toMatch(/^\/account\/documents\/[0-9a-f-]{36}$/);
    expect((await accountOf(db(), sessionB, new Date())).documents.claims[0].stages.some((stage) => stage.href)).toBe(false);
    const download = (cookie: string) =>
      documentRoute(new Request(`http://localhost${contract!.href}`, { headers: { host: 'localhost', cookie } }), {
        params: Promise.resolve({ id: contract!.href!.split('/').at(-1)! }),
      });
    const mine = await download(cookieA);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await mine.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await download(cookieB)).status).toBe(404);
    const signedOut = await download('');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/account/sign-in');

    // Devices: A sees A's two, B sees B's one.
    expect((await devicesOf(db(), sessionA, new Date())).map((d) => d.current)).toEqual([true, false]);
    expect(await devicesOf(db(), sessionB, new Date())).toHaveLength(1);
    // A cannot sign B's device out by naming it.
    const named = await json(signOutHandler, '/api/account/sign-out', { session: sessionB.id }, new Date(), freshClient(), cookieA);
    expect(named.status).toBe(200);
    expect(await sessionOf(cookieB)).toBeDefined();
    // Without a session, sign-out says so.
    expect((await json(signOutHandler, '/api/account/sign-out', {}, new Date(), freshClient())).status).toBe(401);

    // Sign out everywhere: both of A's devices end; B's stays.
    const everywhere = await signOutRoute(
      formRequest('/api/account/sign-out', { everywhere: '1' }, { cookie: cookieA2, headers: freshClient() }),
    );
    expect(everywhere.status).toBe(303);
    expect(everywhere.headers.get('location')).toBe('/account/sign-in?e=signedOut');
    expect(everywhere.headers.getSetCookie().join('\n')).toMatch(/buyer_session=;/);
    expect(await sessionOf(cookieA)).toBeUndefined();
    expect(await sessionOf(cookieA2)).toBeUndefined();
    expect(await sessionOf(cookieB)).toBeDefined();
  });

  it('one buyer by either contact: e-mail and number joined through a lead with money in, one page, one sign-out', async () => {
    const email = `joined-${randomUUID().slice(0, 8)}@example.com`;
    const phone = uniquePhone();
    // The buyer's form lead (both contacts) with the deposit paid; a WhatsApp enquiry from the same number (no e-mail);
    // a later form from the same e-mail with a new number.
    const paid = await buyerWithPlan(db(), { email, phone });
    await pay(paid.claimId, 300_000_000);
    const byWhatsApp = await buyerWithPlan(db(), { email: null, phone });
    const newNumber = await buyerWithPlan(db(), { email, phone: uniquePhone() });
    const all = [paid.claimId, byWhatsApp.claimId, newNumber.claimId].sort();

    const emailCookie = await signInByEmail(email);
    const byEmail = (await sessionOf(emailCookie))!;
    const phoneCookie = await signInByPhone(phone);
    const byPhone = (await sessionOf(phoneCookie))!;
    expect(byPhone).toMatchObject({ contact: phone, signedInWith: 'whatsapp' });
    const [viewByEmail, viewByPhone] = [await accountOf(db(), byEmail, new Date()), await accountOf(db(), byPhone, new Date())];
    expect(viewByEmail.plots.map((p) => p.claimId).sort()).toEqual(all);
    expect(viewByPhone.plots.map((p) => p.claimId).sort()).toEqual(all);
    expect(viewByPhone.plots.find((p) => p.claimId === paid.claimId)?.payments).toHaveLength(1);
    expect(viewByPhone.documents.claims.map((c) => c.claimId).sort()).toEqual(viewByEmail.documents.claims.map((c) => c.claimId).sort());
    // One buyer's devices, whichever contact each signed in with; "everywhere" from the phone ends the e-mail's session.
    expect((await devicesOf(db(), byPhone, new Date())).map((d) => d.signedInWith).sort()).toEqual(['email', 'whatsapp']);
    const everywhere = await json(signOutHandler, '/api/account/sign-out', { everywhere: '1' }, new Date(), freshClient(), phoneCookie);
    expect(everywhere.status).toBe(200);
    expect(await sessionOf(emailCookie)).toBeUndefined();
    expect(await sessionOf(phoneCookie)).toBeUndefined();
  });

  it("a lead carrying someone else's number joins nobody: A never sees B's page, files or receipts, nor ends B's sessions", async () => {
    const phoneB = uniquePhone();
    const b = await buyerWithPlan(db(), { phone: phoneB });
    const receiptB = await pay(b.claimId, 300_000_000);
    await issueDueLetters(db(), new Date());
    const letterB = (await accountOf(db(), (await sessionOf(await signInByPhone(phoneB)))!, new Date())).documents.claims[0].stages.find(
      (stage) => stage.href,
    )!;
    expect(letterB.href).toMatch(/^\/account\/documents\//);
    // A typed B's number into a form (a mistake, or on purpose), and holds a plot with a plan but has paid nothing.
    const emailA = `a-${randomUUID().slice(0, 8)}@example.com`;
    const a = await buyerWithPlan(db(), { email: emailA, phone: phoneB });
    const cookieA = await signInByEmail(emailA);
    const sessionA = (await sessionOf(cookieA))!;
    expect(sessionA.contacts).toEqual([emailA]);
    const viewA = await accountOf(db(), sessionA, new Date());
    expect(viewA.plots.map((p) => p.claimId)).toEqual([a.claimId]);
    expect(JSON.stringify(viewA)).not.toContain(receiptB.number);
    expect(JSON.stringify(viewA)).not.toContain(b.claimId);
    const download = await documentRoute(
      new Request(`http://localhost${letterB.href}`, { headers: { host: 'localhost', cookie: cookieA } }),
      {
        params: Promise.resolve({ id: letterB.href!.split('/').at(-1)! }),
      },
    );
    expect(download.status).toBe(404);
    // B's sessions are B's: A's "everywhere" leaves them, and B's devices never list A's.
    const cookieB = await signInByPhone(phoneB);
    const sessionB = (await sessionOf(cookieB))!;
    expect(sessionB.contacts).not.toContain(emailA);
    expect((await devicesOf(db(), sessionB, new Date())).every((d) => d.signedInWith === 'whatsapp')).toBe(true);
    await json(signOutHandler, '/api/account/sign-out', { everywhere: '1' }, new Date(), freshClient(), cookieA);
    expect(await sessionOf(cookieA)).toBeUndefined();
    expect(await sessionOf(cookieB)).toBeDefined();
    // Naming B's session from A's is refused as before.
    const cookieA2 = await signInByEmail(emailA);
    await json(signOutHandler, '/api/account/sign-out', { session: sessionB.id }, new Date(), freshClient(), cookieA2);
    expect(await sessionOf(cookieB)).toBeDefined();

    // Two buyers with money in whose leads carry one number (an office's, typed by an agent): each sees their own only.
    const office = uniquePhone();
    const [emailX, emailY] = [`x-${randomUUID().slice(0, 8)}@example.com`, `y-${randomUUID().slice(0, 8)}@example.com`];
    const x = await buyerWithPlan(db(), { email: emailX, phone: office });
    const y = await buyerWithPlan(db(), { email: emailY, phone: office });
    const receiptY = await pay(y.claimId, 300_000_000);
    await pay(x.claimId, 300_000_000);
    const sessionX = (await sessionOf(await signInByEmail(emailX)))!;
    expect(sessionX.contacts).toEqual([emailX]);
    const viewX = await accountOf(db(), sessionX, new Date());
    expect(viewX.plots.map((p) => p.claimId)).toEqual([x.claimId]);
    expect(JSON.stringify(viewX)).not.toContain(receiptY.number);
  });

  it('one person with several leads sees every plot of theirs; a made-up token or a cross-site post opens nothing', async () => {
    const email = `two-${randomUUID().slice(0, 8)}@example.com`;
    const first = await buyerWithPlan(db(), { email });
    const second = await buyerWithPlan(db(), { email });
    const cookie = await signInByEmail(email);
    const view = await accountOf(db(), (await sessionOf(cookie))!, new Date());
    expect(view.plots.map((p) => p.claimId).sort()).toEqual([first.claimId, second.claimId].sort());
    expect(await buyerSessionOf(db(), 'not-a-token', new Date())).toBeUndefined();
    expect(await buyerSessionOf(db(), undefined, new Date())).toBeUndefined();
    // Cross-site posts are refused before anything is read.
    const cross = await codeRoute(
      new Request('http://localhost/api/account/sign-in/code', {
        method: 'POST',
        headers: { host: 'localhost', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        body: JSON.stringify({ request: 'a'.repeat(43), code: '123456' }),
      }),
    );
    expect(cross.status).toBe(403);
  });

  it("erasing a buyer's lead ends their sessions and forgets their sign-in requests", async () => {
    const email = `erased-${randomUUID().slice(0, 8)}@example.com`;
    const { plan } = await buyerWithPlan(db(), { email });
    const cookie = await signInByEmail(email);
    expect(await sessionOf(cookie)).toBeDefined();
    await eraseRecords(db(), { leads: eq(leads.id, plan.leadId!), newsletter: sql`false` }, null);
    expect(await sessionOf(cookie)).toBeUndefined();
    expect(await db().select().from(buyerSignIns).where(eq(buyerSignIns.contact, email))).toHaveLength(0);
  });

  it("/account: without a session the sign-in page; with one, its buyer's page only; it and the link's page write nothing", async () => {
    const a = await buyerWithPlan(db(), { phone: uniquePhone() });
    const b = await buyerWithPlan(db(), { phone: uniquePhone() });
    const emailOf = async (leadId: string) => (await db().select().from(leads).where(eq(leads.id, leadId)))[0].email!;
    const cookieA = await signInByEmail(await emailOf(a.plan.leadId!));
    await signInByEmail(await emailOf(b.plan.leadId!));
    // A link asked for and not used: its page only shows the button.
    const email = await emailOf(a.plan.leadId!);
    await json(requestSignInHandler, '/api/account/sign-in', { contact: email });
    expect(await waitFor(() => mailsTo(email).length === 2, 10_000)).toBe(true);
    const token = linkIn(mailsTo(email)[1])!;

    const before = await fingerprint(db());
    const page = (await asRequest(cookieA, () => AccountScreen())) as { props: { view: { plots: { claimId: string }[] } } };
    await asRequest('', () => LinkScreen({ token }));
    expect(await fingerprint(db())).toEqual(before);
    expect(page.props.view.plots.map((p) => p.claimId)).toEqual([a.claimId]);
    expect(await isLiveLink(db(), token, new Date())).toBe(true);
    // No cookie, or a made-up one: the sign-in page.
    for (const cookie of ['', 'buyer_session=' + 'x'.repeat(43)])
      await expect(asRequest(cookie, () => AccountScreen())).rejects.toMatchObject({
        digest: expect.stringMatching(/NEXT_REDIRECT;.*;\/account\/sign-in;/),
      });
  });
});
