import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { POST, GET } from '@/app/api/newsletter/route';
import { findSubscriber, unsubscribeByToken } from '@/features/newsletter/repository.server';
import { newsletterSubscribers } from '@/lib/db/schema';
import { describeEachDriver, freshClient, jsonRequest, setEnv } from './helpers';

const post = (body: unknown, headers: Record<string, string> = freshClient()) => POST(jsonRequest('/api/newsletter', body, { headers }));

describeEachDriver('POST /api/newsletter', (ctx) => {
  beforeEach(() => setEnv({ RATE_LIMIT_NEWSLETTER: '5/600', TRUST_PROXY: undefined }));

  it('subscribes an address once, however often it is sent', async () => {
    const first = await post({ email: 'Reader@Example.com' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true });
    const again = await post({ email: ' reader@example.COM ' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true });
    const rows = await ctx.handle().db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0].unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows[0].unsubscribedAt).toBeNull();
  });

  it('stores one row when the same address arrives many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post({ email: 'burst@example.com' })));
    expect(answers.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await ctx.handle().db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'burst@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('unsubscribes by token and re-subscribes on a new sign-up', async () => {
    await post({ email: 'leaver@example.com' });
    const row = await findSubscriber(ctx.handle().db, 'leaver@example.com');
    expect(await unsubscribeByToken(ctx.handle().db, row!.unsubscribeToken)).toBe('unsubscribed');
    expect(await unsubscribeByToken(ctx.handle().db, row!.unsubscribeToken)).toBe('already');
    expect(await unsubscribeByToken(ctx.handle().db, 'x'.repeat(43))).toBe('unknown');
    expect(await unsubscribeByToken(ctx.handle().db, "'; drop table newsletter_subscribers;--")).toBe('unknown');
    expect((await findSubscriber(ctx.handle().db, 'leaver@example.com'))!.unsubscribedAt).toBeInstanceOf(Date);
    const back = await post({ email: 'leaver@example.com' });
    expect(back.status).toBe(200);
    expect((await findSubscriber(ctx.handle().db, 'leaver@example.com'))!.unsubscribedAt).toBeNull();
  });

  it('answers a honeypot sign-up normally, stores it flagged, and never lets it change a real one', async () => {
    const res = await post({ email: 'bot-target@example.com', website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect((await findSubscriber(ctx.handle().db, 'bot-target@example.com'))!.spam).toBe(true);
    // The real person signs up: the flag clears.
    await post({ email: 'bot-target@example.com' });
    expect((await findSubscriber(ctx.handle().db, 'bot-target@example.com'))!.spam).toBe(false);
    // A later honeypot post for the same address changes nothing.
    const row = await findSubscriber(ctx.handle().db, 'bot-target@example.com');
    await unsubscribeByToken(ctx.handle().db, row!.unsubscribeToken);
    await post({ email: 'bot-target@example.com', website: 'x' });
    const after = await findSubscriber(ctx.handle().db, 'bot-target@example.com');
    expect(after!.spam).toBe(false);
    expect(after!.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('rate-limits sign-ups per client with 429 and Retry-After', async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i++) expect((await post({ email: `r${i}@example.com` }, client)).status).toBe(201);
    const limited = await post({ email: 'r6@example.com' }, client);
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
