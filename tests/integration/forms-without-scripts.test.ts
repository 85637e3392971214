import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { POST as postInterest } from '@/app/api/interest/route';
import { POST as postNewsletter } from '@/app/api/newsletter/route';
import { FORM_FLASH_COOKIE } from '@/lib/constants';
import { leads } from '@/lib/db/schema';
import { openFormFlash } from '@/lib/http/form-flash.server';
import { describeEachDriver, freshClient, notificationsOf, setEnv } from './helpers';

/**
 * The forms as the browser posts them before (or without) scripts: urlencoded, answered with 303 redirects that
 * carry no personal data; a refusal brings the typed values and the sentence back in an encrypted cookie.
 */
const formPost = (path: string, fields: Record<string, string>, client: Record<string, string> = freshClient()) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...client },
    body: new URLSearchParams(fields).toString(),
  });

const lead = (overrides: Record<string, string> = {}) => ({
  title: 'Mrs',
  fullname: 'Amaka Nwosu',
  email: `amaka.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`,
  phonenumber: '0803 555 7788',
  district: 'Moniya, Ibadan',
  website: '',
  ...overrides,
});

const flashOf = (res: Response) => /form_flash=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

describeEachDriver('forms without scripts', (ctx) => {
  it('stores a posted interest form once, with its notifications, and answers 303 to the confirmation page', async () => {
    setEnv({ RATE_LIMIT_INTEREST: '1000/600', MIN_FILL_MS: '1500' });
    const fields = lead();
    const visitor = freshClient();
    const res = await postInterest(formPost('/api/interest', fields, visitor));
    expect(res.status).toBe(303);
    // The confirmation page, with a signed link (the lead's id only) to book a site inspection.
    expect(res.headers.get('location')).toMatch(/^\/interest\/thanks\?book=[\w.-]+$/);
    // The same form sent again (a double tap, a reload that re-posts) stores nothing new.
    const again = await postInterest(formPost('/api/interest', fields, visitor));
    expect(again.status).toBe(303);
    const rows = await ctx.handle().db.select().from(leads).where(eq(leads.email, fields.email));
    expect(rows).toHaveLength(1);
    // No scripts means no form timer: such a lead is not taken for a bot.
    expect(rows[0]).toMatchObject({ fullName: 'Amaka Nwosu', phoneRaw: '0803 555 7788', district: 'Moniya, Ibadan', spam: false });
    expect(await notificationsOf(ctx.handle(), rows[0].id)).toHaveLength(4);
  });

  it("never hands a form's repeat the first lead's booking link, and the same details from elsewhere are another form", async () => {
    // Issue 57 item 6 (docs/decisions/0404): knowing a person's five fields must not get their booking link.
    setEnv({ RATE_LIMIT_INTEREST: '1000/600', MIN_FILL_MS: '1500' });
    const fields = lead();
    const visitor = freshClient();
    const post = (client: Record<string, string>) => postInterest(formPost('/api/interest', fields, client));
    const first = await post(visitor);
    const firstPage = first.headers.get('location')!;
    expect(firstPage).toMatch(/^\/interest\/thanks\?book=[\w.-]+$/);
    const book = new URL(firstPage, 'http://x').searchParams.get('book')!;
    // The visitor's own repeat (a double tap) stores nothing new and lands on the plain confirmation.
    const again = await post(visitor);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/interest/thanks');
    // Someone else who typed the same details gets a lead of their own, never the first one's link.
    const stranger = await post(freshClient());
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get('location')).not.toContain(book);
    const rows = await ctx.handle().db.select().from(leads).where(eq(leads.email, fields.email));
    expect(rows).toHaveLength(2);
  });

  it('sends a refused form back to its page with what was typed, never in the URL', async () => {
    const fields = lead({ phonenumber: '12' });
    const res = await postInterest(formPost('/api/interest', fields));
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe('/interest');
    for (const value of [fields.email, 'Amaka', '12']) expect(location).not.toContain(value);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toContain('Amaka');
    const flash = await openFormFlash(ctx.handle().db, flashOf(res));
    expect(flash).toEqual({
      error: 'Please enter a phone number we can call, e.g. +234 803 123 4567.',
      values: { title: 'Mrs', fullname: 'Amaka Nwosu', email: fields.email, phonenumber: '12', district: 'Moniya, Ibadan' },
    });
    expect(await ctx.handle().db.select().from(leads).where(eq(leads.email, fields.email))).toHaveLength(0);
  });

  it('answers an unreadable form with the form page and a sentence, not an error page', async () => {
    const res = await postInterest(formPost('/api/interest', { surprise: 'field' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/interest');
    expect((await openFormFlash(ctx.handle().db, flashOf(res)))?.error).toMatch(/Please/);
    expect(res.headers.get('set-cookie')).toContain(`${FORM_FLASH_COOKIE}=`);
  });

  it('signs up for the newsletter without scripts, and refuses a bad address back to /newsletter', async () => {
    setEnv({ RATE_LIMIT_NEWSLETTER: '1000/600' });
    const ok = await postNewsletter(formPost('/api/newsletter', { email: `news.${Date.now()}@example.org`, website: '' }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/newsletter/thanks');
    const bad = await postNewsletter(formPost('/api/newsletter', { email: 'not-an-address', website: '' }));
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/newsletter');
    expect(await openFormFlash(ctx.handle().db, flashOf(bad))).toEqual({
      error: 'Please enter a valid e-mail address.',
      values: { email: 'not-an-address' },
    });
  });
});
