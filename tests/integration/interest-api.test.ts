import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { DELETE, GET, POST } from '@/app/api/interest/route';
import { leads } from '@/lib/db/schema';
import { getLead } from '@/modules/leads/submissions.repository.server';
import { INTEREST_ERRORS } from '@/content/form-errors';
import { describeEachDriver, freshClient, jsonRequest, notificationsOf, newKey, setEnv, validLead } from './helpers';

const post = (body: unknown, headers: Record<string, string> = {}) =>
  POST(jsonRequest('/api/interest', body, { headers: { ...freshClient(), ...headers } }));

describeEachDriver('POST /api/interest', (ctx) => {
  // The site-wide rate well above this file's leads: none of them is held as part of a flood.
  beforeEach(() =>
    setEnv({ RATE_LIMIT_INTEREST: '5/600', RATE_LIMIT_INTEREST_SITE: '1000/60', MIN_FILL_MS: '1500', TRUST_PROXY: undefined }),
  );

  it('stores a lead and answers 201 {ok, id}', async () => {
    const res = await post(
      validLead({
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'lugbe',
        referrer: 'https://www.google.com/',
        landing_path: '/d1?utm_source=google',
        form_started_at: Date.now() - 20_000,
      }),
      { 'Idempotency-Key': newKey() },
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    // With its next step: the district's booking page for this buyer (a signed link naming the lead only).
    expect(body).toEqual({ ok: true, id: expect.any(String), inspection: expect.stringMatching(/^\/d1\/inspection\?book=[\w.-]+$/) });
    const row = await getLead(ctx.handle().db, body.id);
    expect(row).toMatchObject({
      title: 'Mrs',
      fullName: 'Adaeze Okafor',
      email: 'adaeze.okafor@example.com',
      phoneRaw: '0803 123 4567',
      phoneE164: '+2348031234567',
      district: 'Lugbe, Abuja',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'lugbe',
      referrer: 'https://www.google.com/',
      landingPath: '/d1?utm_source=google',
      status: 'new',
      spam: false,
    });
    expect(row!.clientHash).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.clientHash).not.toContain('198.51');
    // Its four notifications were committed with it: queued, but the webhook, which has no address here and is
    // settled at once (nothing to send, no job).
    const notifications = await notificationsOf(ctx.handle(), body.id);
    expect(notifications.map((n) => [n.channel, n.state, n.lastError]).sort()).toEqual([
      ['push', 'queued', null],
      ['receipt', 'queued', null],
      ['sales_email', 'queued', null],
      ['webhook', 'not_configured', 'not configured'],
    ]);
    const jobs = (await ctx
      .handle()
      .db.execute(
        sql`select data ->> 'messageId' as id from pgboss.job where data ->> 'messageId' in ${notifications.map((n) => n.id)}`,
      )) as unknown as { rows: { id: string }[] };
    expect(jobs.rows.map((job) => job.id).sort()).toEqual(
      notifications
        .filter((n) => n.state === 'queued')
        .map((n) => n.id)
        .sort(),
    );
  });

  it('accepts a lead without an Idempotency-Key', async () => {
    const res = await post(validLead());
    expect(res.status).toBe(201);
  });

  it('stores a name without bidirectional and other invisible format characters, and refuses one that is nothing else', async () => {
    // Issue 57 item 8: "Ada\u202Eezeokafor" would show reversed to staff and in the receipt; a name shows as it is stored.
    const res = await post(validLead({ fullname: '\u202eAda\u200beze\u202c \u2067Okafor\u2069\ufeff' }), { 'Idempotency-Key': newKey() });
    expect(res.status).toBe(201);
    expect((await getLead(ctx.handle().db, (await res.json()).id))?.fullName).toBe('Adaeze Okafor');
    const invisible = await post(validLead({ fullname: 'A\u202e\u202e\u200b' }), { 'Idempotency-Key': newKey() });
    expect(invisible.status).toBe(400);
    expect(await invisible.json()).toEqual({ error: INTEREST_ERRORS.fullname });
  });

  it('answers a repeated Idempotency-Key with the first answer and stores nothing new', async () => {
    const key = newKey();
    const first = await post(validLead(), { 'Idempotency-Key': key });
    const second = await post(validLead(), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    const a = await first.json();
    // The same lead and booking page; its link is signed anew (its issue time may be a second later).
    const b = await second.json();
    expect(b).toEqual({ ...a, inspection: expect.stringMatching(/^\/d1\/inspection\?book=[\w.-]+$/) });
    const subjectOf = (link: string) => JSON.parse(Buffer.from(link.split('book=')[1].split('.')[1], 'base64url').toString()).sub;
    expect(subjectOf(b.inspection)).toBe(subjectOf(a.inspection));
    const rows = await ctx.handle().db.select().from(leads).where(eq(leads.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key sent again with other details (409) and names none of the first lead', async () => {
    // Issue 57 item 6 (docs/decisions/0404): a key is tied to its body. The same body from another network (a phone
    // that moved from Wi-Fi to mobile data) is still the same answer, as above; other details are somebody else.
    const key = newKey();
    const first = await post(validLead(), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const { id, inspection } = await first.json();
    const other = await post(validLead({ fullname: 'Someone Else', email: 'someone.else@example.org' }), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    const answer = await other.text();
    expect(JSON.parse(answer)).toEqual({ error: expect.stringMatching(/already sent with other details/) });
    expect(answer).not.toContain(id);
    expect(answer).not.toContain(new URL(inspection, 'http://x').searchParams.get('book'));
    expect(await ctx.handle().db.select().from(leads).where(eq(leads.idempotencyKey, key))).toHaveLength(1);
  });

  it('stores one lead when the same key arrives many times at once', async () => {
    const key = newKey();
    const client = freshClient();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => POST(jsonRequest('/api/interest', validLead(), { headers: { ...client, 'Idempotency-Key': key } }))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200)).toBe(true);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    const rows = await ctx.handle().db.select().from(leads).where(eq(leads.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(await notificationsOf(ctx.handle(), rows[0].id)).toHaveLength(4);
  });

  it('keeps retries of a stored form out of the rate limit', async () => {
    const client = freshClient();
    const key = newKey();
    for (let i = 0; i < 5; i++) {
      const res = await POST(
        jsonRequest('/api/interest', validLead(), { headers: { ...client, 'Idempotency-Key': i === 0 ? key : newKey() } }),
      );
      expect(res.status).toBe(201);
    }
    const retry = await POST(jsonRequest('/api/interest', validLead(), { headers: { ...client, 'Idempotency-Key': key } }));
    expect(retry.status).toBe(200);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    for (const key of ['short', 'has space in it', 'x'.repeat(129), 'semi;colon;key']) {
      const res = await post(validLead(), { 'Idempotency-Key': key });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });

  it('refuses a name carrying a web address with a sentence, and stores nothing (it would reach the receipt and the sales subject)', async () => {
    const count = async () =>
      (
        await ctx
          .handle()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(leads)
      )[0].n;
    const before = await count();
    for (const fullname of ['Ada https://prize.example/claim', 'Ada www.prize.example', 'Claim at prize-claim.com']) {
      const res = await post(validLead({ fullname, email: 'ada.link@example.org' }), { 'Idempotency-Key': newKey() });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: INTEREST_ERRORS.fullnameLink });
    }
    expect(await count()).toBe(before);
    const dotted = await post(validLead({ fullname: 'Ngozi O. Okafor-Adeyemi' }), { 'Idempotency-Key': newKey() });
    expect(dotted.status).toBe(201);
  });

  it('refuses a name with any domain ending, a look-alike dot or an IP address (400, the same sentence), and takes real names with dots', async () => {
    for (const fullname of ['Ada evil.shop', 'Ada evil.live', 'Ada evil.vip', 'Ada evil．com', 'Ada 1.2.3.4']) {
      const res = await post(validLead({ fullname, email: 'ada.ending@example.org' }), { 'Idempotency-Key': newKey() });
      expect(res.status, fullname).toBe(400);
      expect(await res.json()).toEqual({ error: INTEREST_ERRORS.fullnameLink });
    }
    for (const fullname of ['J.R.R. Tolkien', 'Mr. A. Okafor', 'St. John', 'Adé-Ọlá']) {
      const res = await post(validLead({ fullname }), { 'Idempotency-Key': newKey() });
      expect(res.status, fullname).toBe(201);
    }
    // The schema stays strict with its server-side name check: a field it does not know is still refused.
    expect((await post({ ...validLead(), admin: true }, { 'Idempotency-Key': newKey() })).status).toBe(400);
  });

  it('rate-limits a client: 429 with Retry-After and a sentence, other clients unaffected', async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i++) {
      const ok = await POST(jsonRequest('/api/interest', validLead(), { headers: { ...client, 'Idempotency-Key': newKey() } }));
      expect(ok.status).toBe(201);
    }
    const limited = await POST(jsonRequest('/api/interest', validLead(), { headers: { ...client, 'Idempotency-Key': newKey() } }));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await limited.json()).error).toMatch(/Please wait .* and try again\./);
    const other = await post(validLead(), { 'Idempotency-Key': newKey() });
    expect(other.status).toBe(201);
  });

  it('holds the rate limit across two server instances sharing the database', async () => {
    setEnv({ RATE_LIMIT_INTEREST: '4/600' });
    const client = freshClient();
    const { setDatabaseForTests } = await import('@/lib/db/client');
    const first = ctx.handle();
    const second = await ctx.openSecond();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      setDatabaseForTests(i % 2 === 0 ? first : second);
      const res = await POST(jsonRequest('/api/interest', validLead(), { headers: { ...client, 'Idempotency-Key': newKey() } }));
      statuses.push(res.status);
    }
    setDatabaseForTests(first);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('only believes X-Forwarded-For entries added by trusted proxies', async () => {
    setEnv({ RATE_LIMIT_INTEREST: '2/600', TRUST_PROXY: '1' });
    const proxyAdded = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A client rotating a forged left-hand entry still lands in the bucket of the address our proxy appended
      // (the last entry is the proxy's own address, appended by server.mjs from the socket).
      const res = await POST(
        jsonRequest('/api/interest', validLead(), {
          headers: { 'x-forwarded-for': `10.0.0.${i}, ${proxyAdded}, 192.0.2.10`, 'Idempotency-Key': newKey() },
        }),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('stores honeypot posts as spam behind a normal-looking 201, without notifications', async () => {
    const res = await post(validLead({ website: 'http://spam.example' }), { 'Idempotency-Key': newKey() });
    expect(res.status).toBe(201);
    const { ok, id } = await res.json();
    expect(ok).toBe(true);
    const row = await getLead(ctx.handle().db, id);
    expect(row).toMatchObject({ spam: true, spamReason: 'honeypot' });
    expect(await notificationsOf(ctx.handle(), id)).toHaveLength(0);
  });

  it('stores too-fast posts as spam, and is not fooled by a browser clock ahead of ours', async () => {
    const fast = await post(validLead({ form_started_at: Date.now() - 200 }));
    expect(fast.status).toBe(201);
    expect(await getLead(ctx.handle().db, (await fast.json()).id)).toMatchObject({ spam: true, spamReason: 'too_fast' });

    const slow = await post(validLead({ form_started_at: Date.now() - 5_000 }));
    expect(await getLead(ctx.handle().db, (await slow.json()).id)).toMatchObject({ spam: false, spamReason: null });

    const skewed = await post(validLead({ form_started_at: Date.now() + 60_000 }));
    expect(await getLead(ctx.handle().db, (await skewed.json()).id)).toMatchObject({ spam: false });

    const absent = await post(validLead());
    expect(await getLead(ctx.handle().db, (await absent.json()).id)).toMatchObject({ spam: false });
  });

  it('answers other methods with 405 and an error sentence', async () => {
    for (const handler of [GET, DELETE]) {
      const res = await handler();
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });

  it('reports a healthy database', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    // Publicly only up or down; the driver and the rest are the operator's (tests/integration/health.test.ts).
    expect(await res.json()).toEqual({ ok: true, status: 'ok' });
  });

  it('answers 503 with a sentence when the database fails, and health reports it', async () => {
    const { setDatabaseForTests } = await import('@/lib/db/client');
    const broken = {
      ...ctx.handle(),
      db: new Proxy(ctx.handle().db, {
        get: () => () => {
          throw new Error('connection refused');
        },
      }),
      ping: async () => {
        throw new Error('connection refused');
      },
    };
    setDatabaseForTests(broken);
    try {
      const res = await post(validLead(), { 'Idempotency-Key': newKey() });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe('We could not save your details just now. Please try again in a moment.');
      expect((await health()).status).toBe(503);
    } finally {
      setDatabaseForTests(ctx.handle());
    }
    const [{ n }] = await ctx
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(leads);
    expect(Number(n)).toBeGreaterThan(0);
  });
});
