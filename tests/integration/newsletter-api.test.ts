import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST, GET } from '@/app/api/newsletter/route';
import { POST as confirmRoute } from '@/app/api/newsletter/confirm/route';
import { GET as unsubscribeGet, POST as unsubscribeRoute } from '@/app/api/newsletter/unsubscribe/route';
import { GET as exportRoute } from '@/app/api/admin/exports/newsletter/route';
import { PRIVACY_NOTICE_VERSION } from '@/content/legal';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '@/modules/newsletter/handler.server';
import { confirmByToken, findSubscriber, stateByUnsubscribeToken } from '@/modules/newsletter/repository.server';
import { newsletterSenders, startNewsletterWorkers } from '@/modules/newsletter/workers.server';
import { startOutboxWorkers } from '@/modules/messaging/server';
import { newsletterSubscribers } from '@/lib/db/schema';
import { RETENTION } from '@/content/retention';
import { startSmtpPeer, waitFor, type Peer, type ReceivedMail } from '../support/peers';
import { describeEachDriver, freshClient, jsonRequest, setEnv } from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * Newsletter consent (docs/decisions/0310-newsletter-double-opt-in.md): a sign-up only asks for confirmation by
 * e-mail; the button behind the link subscribes and records the consent; every sign-up gets the same answer; an
 * unsubscribed address comes back only by confirming; unsubscribing takes a POST (a page's button or a mail
 * client's one-click), never a GET. Against a real SMTP peer and the job queue's worker.
 */

const SITE = 'https://districts.example';
let smtp: Peer<ReceivedMail>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.stop();
});

const configure = () =>
  setEnv({
    SMTP_URL: smtp.url,
    SITE_URL: SITE,
    RATE_LIMIT_NEWSLETTER: '1000/600',
    TRUST_PROXY: undefined,
    SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
  });

const post = (body: unknown, headers: Record<string, string> = {}) =>
  POST(jsonRequest('/api/newsletter', body, { headers: { ...freshClient(), ...headers } }));
const formPost = (route: (r: Request) => Promise<Response>, path: string, body = '', contentType = 'application/x-www-form-urlencoded') =>
  route(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': contentType }, body }));
const linkPath = (path: string, token: string) => `${path}?token=${token}`;

const mailsTo = (address: string) => smtp.received.filter((m) => JSON.stringify(m.mail.to ?? '').includes(address));
/** Header fields as sent, with folded lines joined. */
const headerOf = (mail: ReceivedMail, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
const confirmTokenIn = (mail: ReceivedMail) =>
  new RegExp(`${SITE}/newsletter/confirm\\?token=([A-Za-z0-9_-]{43})`).exec(mail.mail.text ?? '')?.[1];

async function confirmationMail(address: string, count = 1): Promise<ReceivedMail> {
  expect(await waitFor(() => mailsTo(address).length >= count, 15_000), `confirmation e-mail #${count} to ${address}`).toBe(true);
  return mailsTo(address)[count - 1];
}

describeEachDriver('newsletter consent', (ctx) => {
  beforeAll(async () => {
    configure();
    await startNewsletterWorkers(ctx.handle());
    await startOutboxWorkers(ctx.handle(), newsletterSenders());
  });
  beforeEach(configure);
  /** One SMTP peer serves both databases' suites: each suite mails its own addresses. */
  const at = (name: string) => `${name}.${ctx.kind}@example.com`;

  /** Signs an address up and confirms it from the e-mail, as a person would; returns its unsubscribe token. */
  async function subscribe(address: string): Promise<string> {
    await post({ email: address });
    const token = confirmTokenIn(await confirmationMail(address));
    expect((await formPost(confirmRoute, linkPath('/api/newsletter/confirm', token!))).status).toBe(303);
    return (await findSubscriber(ctx.handle().db, address))!.unsubscribeToken;
  }

  it('a sign-up is only a request: it mails a confirmation link with one-click unsubscribe, and the button subscribes with the consent recorded', async () => {
    const address = at('reader');
    const answer = await post({ email: ` ${at('Reader')} `, source: 'footer' }, { referer: `${SITE}/d2?utm_source=x` });
    expect([answer.status, await answer.json()]).toEqual([200, { ok: true }]);
    const pending = (await findSubscriber(ctx.handle().db, address))!;
    expect(pending).toMatchObject({ confirmedAt: null, unsubscribedAt: null, requestSource: 'footer:/d2' });

    const mail = await confirmationMail(address);
    expect(mail.mail.subject).toMatch(/confirm/i);
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<${SITE}/api/newsletter/unsubscribe?token=${pending.unsubscribeToken}>`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = confirmTokenIn(mail)!;
    expect(token).toBe(pending.confirmToken);

    const confirmed = await formPost(confirmRoute, linkPath('/api/newsletter/confirm', token));
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, '/newsletter/confirmed']);
    const row = (await findSubscriber(ctx.handle().db, address))!;
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      consentNoticeVersion: PRIVACY_NOTICE_VERSION,
      consentSource: 'footer:/d2',
      confirmToken: null,
      clientHash: null,
    });

    // The link is used up: the button's page now says so.
    const again = await formPost(confirmRoute, linkPath('/api/newsletter/confirm', token));
    expect([again.status, again.headers.get('location')]).toEqual([303, `/newsletter/confirm?token=${token}`]);
    const json = await confirmRoute(jsonRequest(linkPath('/api/newsletter/confirm', token), {}));
    expect([json.status, (await json.json()).error]).toEqual([404, expect.stringMatching(/expired or was already used/)]);
  });

  it('answers every sign-up alike, whether the address is new, pending, subscribed, unsubscribed or a honeypot post', async () => {
    const answers: [number, unknown][] = [];
    const record = async (res: Response) => answers.push([res.status, await res.json()]);
    await record(await post({ email: at('same') })); // new
    await record(await post({ email: at('same') })); // pending
    const unsubscribeToken = await subscribe(at('same-sub'));
    await record(await post({ email: at('same-sub') })); // subscribed
    await unsubscribeRoute(jsonRequest(linkPath('/api/newsletter/unsubscribe', unsubscribeToken), {}));
    await record(await post({ email: at('same-sub') })); // unsubscribed
    await record(await post({ email: at('same-bot'), website: 'http://spam.example' })); // honeypot
    expect(answers).toEqual(Array.from({ length: 5 }, () => [200, { ok: true }]));
  });

  it('an unsubscribed address is subscribed again only by confirming', async () => {
    const address = at('leaver');
    const unsubscribeToken = await subscribe(address);
    const oneClick = await formPost(
      unsubscribeRoute,
      linkPath('/api/newsletter/unsubscribe', unsubscribeToken),
      'List-Unsubscribe=One-Click',
    );
    expect([oneClick.status, await oneClick.json()]).toEqual([200, { ok: true }]);
    expect((await findSubscriber(ctx.handle().db, address))!.unsubscribedAt).toBeInstanceOf(Date);

    // A stranger signs the address up again: it stays unsubscribed, and its owner gets a link.
    expect((await post({ email: address })).status).toBe(200);
    const mail = await confirmationMail(address, 2);
    const row = (await findSubscriber(ctx.handle().db, address))!;
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    expect(await stateByUnsubscribeToken(ctx.handle().db, unsubscribeToken)).toBe('subscribed'); // a request pending
    const ownerCookie = await sessionCookieFor(ctx.handle().db, await makeStaff(ctx.handle().db, 'owner'));
    const csv = async () => (await exportRoute(staffRequest('/api/admin/exports/newsletter', { cookie: ownerCookie }), undefined)).text();
    expect(await csv()).not.toContain(address);

    expect(await confirmByToken(ctx.handle().db, confirmTokenIn(mail)!)).toBe(true);
    expect((await findSubscriber(ctx.handle().db, address))!.unsubscribedAt).toBeNull();
    expect(await csv()).toContain(address);
  });

  it('unsubscribes on POST only: a GET of the link shows the page, the page button and a multipart one-click unsubscribe', async () => {
    const address = at('scanned');
    const unsubscribeToken = await subscribe(address);
    const opened = await unsubscribeGet(new Request(`http://localhost${linkPath('/api/newsletter/unsubscribe', unsubscribeToken)}`));
    expect([opened.status, opened.headers.get('location')]).toEqual([303, `/unsubscribe?token=${unsubscribeToken}`]);
    expect((await findSubscriber(ctx.handle().db, address))!.unsubscribedAt).toBeNull();
    expect(await stateByUnsubscribeToken(ctx.handle().db, unsubscribeToken)).toBe('subscribed');

    // The page's button: an empty form post, answered with the page again.
    const pressed = await formPost(unsubscribeRoute, linkPath('/api/newsletter/unsubscribe', unsubscribeToken));
    expect([pressed.status, pressed.headers.get('location')]).toEqual([303, `/unsubscribe?token=${unsubscribeToken}`]);
    expect(await stateByUnsubscribeToken(ctx.handle().db, unsubscribeToken)).toBe('unsubscribed');

    const other = await subscribe(at('one-click'));
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const multipart = await unsubscribeRoute(
      new Request(`http://localhost${linkPath('/api/newsletter/unsubscribe', other)}`, { method: 'POST', body: form }),
    );
    expect([multipart.status, await multipart.json()]).toEqual([200, { ok: true }]);
    expect(await stateByUnsubscribeToken(ctx.handle().db, other)).toBe('unsubscribed');

    const unknown = await formPost(unsubscribeRoute, linkPath('/api/newsletter/unsubscribe', 'x'.repeat(43)), 'List-Unsubscribe=One-Click');
    expect([unknown.status, (await unknown.json()).error]).toEqual([404, expect.any(String)]);
    expect(await stateByUnsubscribeToken(ctx.handle().db, "'; drop table newsletter_subscribers;--")).toBe('unknown');
  });

  it('sends one e-mail for a burst of sign-ups of one address, and at most three a day however often it is signed up', async () => {
    const address = at('burst');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post({ email: address })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await ctx.handle().db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address))).toHaveLength(1);
    await confirmationMail(address);
    // Later sign-ups (as if each came a quarter of an hour after the last) mail again, up to the daily limit.
    for (let i = 0; i < CONFIRMATIONS_PER_ADDRESS_PER_DAY + 1; i++) {
      await ctx
        .handle()
        .db.update(newsletterSubscribers)
        .set({ confirmRequestedAt: new Date(Date.now() - 15 * 60_000) })
        .where(eq(newsletterSubscribers.email, address));
      await post({ email: address });
    }
    await confirmationMail(address, CONFIRMATIONS_PER_ADDRESS_PER_DAY);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(address)).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY);
    // Every mail carried the same link: the first one still works.
    expect(new Set(mailsTo(address).map(confirmTokenIn)).size).toBe(1);
  });

  it('stores a honeypot sign-up flagged, sends it nothing, and never lets it change a real one', async () => {
    await post({ email: at('bot-target'), website: 'http://spam.example' });
    expect(await findSubscriber(ctx.handle().db, at('bot-target'))).toMatchObject({ spam: true, confirmToken: null });
    const unsubscribeToken = await subscribe(at('bot-target'));
    expect((await findSubscriber(ctx.handle().db, at('bot-target')))!.spam).toBe(false);
    await unsubscribeRoute(jsonRequest(linkPath('/api/newsletter/unsubscribe', unsubscribeToken), {}));
    await post({ email: at('bot-target'), website: 'x' });
    const after = (await findSubscriber(ctx.handle().db, at('bot-target')))!;
    expect(after).toMatchObject({ spam: false, confirmToken: null });
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
    expect(mailsTo(at('bot-target'))).toHaveLength(1);
  });

  it('a confirmation link stops working once the sign-up has expired', async () => {
    await post({ email: at('late') });
    const { confirmToken } = (await findSubscriber(ctx.handle().db, at('late')))!;
    const afterExpiry = new Date(Date.now() + (RETENTION.unconfirmedNewsletter.days + 1) * 86_400_000);
    expect(await confirmByToken(ctx.handle().db, confirmToken!, afterExpiry)).toBe(false);
    expect(await confirmByToken(ctx.handle().db, confirmToken!)).toBe(true);
  });

  it('rate-limits sign-ups per client with 429 and Retry-After', async () => {
    setEnv({ RATE_LIMIT_NEWSLETTER: '5/600' });
    const client = freshClient();
    for (let i = 0; i < 5; i++) expect((await post({ email: at(`r${i}`) }, client)).status).toBe(200);
    const limited = await post({ email: at('r6') }, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/try again/);
  });

  it('answers GET with 405', async () => {
    const res = await GET();
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });
});
