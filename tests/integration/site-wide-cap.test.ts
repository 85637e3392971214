import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { POST } from '@/app/api/interest/route';
import { REQUEST_ERRORS } from '@/content/form-errors';
import { countLeads } from '@/features/interest/repository.server';
import { rateLimits } from '@/lib/db/schema';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';

/**
 * RATE_LIMIT_INTEREST_SITE: new non-spam leads from all clients together, per window. Beyond it every client gets
 * 429 with Retry-After and the busy sentence; spam and repeats of a stored form are neither counted nor refused.
 */
describeEachDriver('site-wide cap on new leads', (ctx) => {
  beforeEach(() => setEnv({ RATE_LIMIT_INTEREST: '5/600', RATE_LIMIT_INTEREST_SITE: '3/60', MIN_FILL_MS: '1500', TRUST_PROXY: undefined }));
  afterAll(() => setEnv({ RATE_LIMIT_INTEREST_SITE: undefined }));

  const post = (body: Record<string, unknown>, key = newKey()) =>
    POST(jsonRequest('/api/interest', body, { headers: { ...freshClient(), 'Idempotency-Key': key } }));

  it('refuses the lead past the cap whoever sends it, and counts neither spam nor repeats', async () => {
    // Stay clear of a minute boundary, where the fixed window would reset mid-test.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const before = await countLeads(ctx.handle().db);
    const firstKey = newKey();
    const statuses: number[] = [(await post(validLead(), firstKey)).status];
    for (let i = 0; i < 2; i++) statuses.push((await post(validLead())).status);
    expect(statuses).toEqual([201, 201, 201]);

    // Spam (honeypot) still gets its normal-looking 201, and the repeat of a stored form its 200.
    expect((await post(validLead({ website: 'http://bot.example' }))).status).toBe(201);
    expect((await post(validLead(), firstKey)).status).toBe(200);

    const refused = await post(validLead());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: REQUEST_ERRORS.busy(1) });
    // Nothing of the refused lead was kept: three real leads and the spam one.
    expect((await countLeads(ctx.handle().db)) - before).toBe(4);
  });

  it("stores exactly the cap from a concurrent burst, refuses the rest, and still answers a stored form's retry", async () => {
    setEnv({ RATE_LIMIT_INTEREST_SITE: '4/3600' });
    // A fresh window: the test above may have used up one starting at the same moment.
    await ctx.handle().db.delete(rateLimits).where(eq(rateLimits.bucket, 'interest:site'));
    const before = await countLeads(ctx.handle().db);
    const keys = Array.from({ length: 12 }, () => newKey());
    const statuses = (await Promise.all(keys.map((key) => post(validLead(), key)))).map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    expect((await countLeads(ctx.handle().db)) - before).toBe(4);
    // The cap is used up: a new lead is refused at once, the resend of a stored one is answered with its lead.
    expect((await post(validLead())).status).toBe(429);
    const storedKey = keys[statuses.indexOf(201)];
    expect((await post(validLead(), storedKey)).status).toBe(200);
  });
});
