import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { POST } from '@/app/api/interest/route';
import { GET } from '@/app/metrics/route';
import { OUTBOX_SUBJECTS } from '@/lib/db/enums';
import { sql } from 'drizzle-orm';
import { leadMessages, leads, outboxMessages } from '@/lib/db/schema';
import { listForLead } from '@/modules/leads/notifications.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { startOwnerAlertWorkers } from '@/modules/system/alerts.server';
import {
  startSmtpPeer,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  waitFor,
  type Peer,
  type ReceivedWebhook,
  type SmtpPeer,
} from '../support/peers';
import { describeEachDriver, freshClient, jsonRequest, newKey, setEnv, validLead } from './helpers';

/**
 * GET /metrics (docs/decisions/0112-health-metrics-and-owner-alerts.md): never public, the Prometheus text format,
 * figures from the database and from this process, and no personal data in any of it.
 */

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
let smtp: SmtpPeer;
let hooks: Peer<ReceivedWebhook>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await smtp.stop();
  await hooks.stop();
});

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  GET(new Request('http://localhost/metrics', { headers }));

/** The value of one sample line (`name{labels} value`), 0 when the line is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const post = (body: unknown, client = freshClient()) =>
  POST(jsonRequest('/api/interest', body, { headers: { ...client, 'Idempotency-Key': newKey() } }));

describeEachDriver('GET /metrics', (ctx) => {
  beforeAll(async () => {
    setEnv({
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_TO: 'sales@example.com',
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      RATE_LIMIT_INTEREST: '2/600',
      BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'districts-metrics-')),
      MIN_FILL_MS: '0',
    });
    await startNotificationWorkers(ctx.handle());
    await startOwnerAlertWorkers(ctx.handle());
  });

  it('is not there without METRICS_TOKEN, and refuses anyone without the token', async () => {
    setEnv({ METRICS_TOKEN: undefined });
    const off = await scrape();
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ error: 'Not found.' });

    setEnv({ METRICS_TOKEN: TOKEN });
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of wrong) {
      const res = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect((await res.json()).error).toMatch(/metrics token/);
    }
  });

  it('counts leads stored, refusals by reason, deliveries by channel and state and their latency, with no personal data', async () => {
    setEnv({ METRICS_TOKEN: TOKEN });
    const before = await (await scrape()).text();
    const visitor = { fullname: 'Funmilayo Adeyemi', email: 'funmi.adeyemi@example.org', phonenumber: '0805 111 2233' };
    const client = freshClient();
    const created = await post(validLead(visitor), client);
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    expect((await post(validLead({ email: 'second@example.org' }), client)).status).toBe(201);
    expect((await post(validLead({ email: 'third@example.org' }), client)).status).toBe(429);
    expect((await post(validLead({ email: 'not an address' }))).status).toBe(400);
    expect((await post(validLead({ website: 'http://spam.example' }))).status).toBe(201);
    expect(
      // Nobody has alerts on a phone here: the push is "not sent", the other three are delivered.
      await waitFor(
        async () =>
          (await listForLead(ctx.handle().db, id)).every((row) => row.state === (row.channel === 'push' ? 'not_configured' : 'sent')),
        20_000,
      ),
      'the lead’s messages delivered',
    ).toBe(true);

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const delta = (series: string) => sample(text, series) - sample(before, series);

    // From the database: the same on every instance.
    expect(sample(text, 'districts_database_up')).toBe(1);
    expect(sample(text, 'districts_leads_stored{kind="lead"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'districts_leads_stored{kind="spam"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'districts_notifications{channel="webhook",state="sent"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^districts_notifications_oldest_waiting_seconds \d/m);
    expect(text).toMatch(/^districts_job_queue_depth\{queue="notify"\} \d+/m);
    expect(text).toMatch(/^districts_channel_failing_seconds\{channel="sales_email"\} 0$/m);
    // No backup yet: none kept, and the newest is infinitely old (an alert rule on the age fires).
    expect(text).toMatch(/^districts_backup_files 0$/m);
    expect(text).toMatch(/^districts_backup_last_age_seconds \+Inf$/m);
    // From this process: refusals by reason, latency.
    expect(delta('districts_form_requests_total{form="interest",outcome="accepted"}')).toBe(3);
    expect(delta('districts_form_requests_total{form="interest",outcome="rate_limited_client"}')).toBe(1);
    expect(delta('districts_form_requests_total{form="interest",outcome="invalid"}')).toBe(1);
    expect(delta('districts_form_request_duration_seconds_count{form="interest"}')).toBe(5);
    expect(delta('districts_notification_delivery_seconds_count{channel="receipt"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // The phone as typed and as stored (digits only): a fragment such as "0805" can be part of a figure (0.0805 s).
    const personal = [visitor.fullname, visitor.email, visitor.phonenumber, '08051112233', '2348051112233', 'sales@example.com', id];
    for (const value of personal) expect(text).not.toContain(value);
  });

  it('counts every message still waiting and the others due in the last day, of every subject (an instalment reminder too)', async () => {
    setEnv({ METRICS_TOKEN: TOKEN });
    const before = await (await scrape()).text();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const message = (state: 'queued' | 'sent', dueAt: Date) => ({
      subjectType: 'instalment' as const,
      subjectId: randomUUID(),
      kind: 'instalment_reminder',
      channel: 'email' as const,
      dedupeKey: `metrics-test:${randomUUID()}`,
      state,
      dueAt,
      createdAt: dueAt,
    });
    await ctx
      .handle()
      .db.insert(outboxMessages)
      .values([
        message('queued', hoursAgo(72)),
        message('sent', hoursAgo(1)),
        message('sent', hoursAgo(48)),
        message('sent', hoursAgo(30)),
      ]);
    const text = await (await scrape()).text();
    const delta = (series: string) => sample(text, series) - sample(before, series);
    // A message waiting three days is an alarm whatever its age; a sent one counts for a day, then leaves the figure.
    expect(delta('districts_outbox_messages{subject="instalment",channel="email",state="queued"}')).toBe(1);
    expect(delta('districts_outbox_messages{subject="instalment",channel="email",state="sent"}')).toBe(1);
    // Every subject of the outbox but a lead's and a booking's (gauges of their own) has its series.
    const others = OUTBOX_SUBJECTS.filter((subject) => !['lead', 'booking', 'slot'].includes(subject));
    await ctx
      .handle()
      .db.insert(outboxMessages)
      .values(others.map((subjectType) => ({ ...message('queued', new Date()), subjectType })));
    const after = await (await scrape()).text();
    for (const subject of others)
      expect(sample(after, `districts_outbox_messages{subject="${subject}",channel="email",state="queued"}`), subject).toBeGreaterThan(0);
  });

  it('counts the spam and held leads, gives every lead from the planner’s figures, and counts a day of conversation messages', async () => {
    setEnv({ METRICS_TOKEN: TOKEN });
    const db = ctx.handle().db;
    const before = await (await scrape()).text();
    const lead = (spam: boolean, spamReason: 'honeypot' | 'flood' | null) => ({
      title: 'Mrs' as const,
      fullName: 'Metrics Lead',
      email: 'metrics.lead@example.com',
      phoneRaw: '0803 000 0000',
      district: 'Lugbe, Abuja' as const,
      spam,
      spamReason,
    });
    const [kept] = await db
      .insert(leads)
      .values([lead(false, null), lead(false, null), lead(true, 'honeypot'), lead(true, 'flood')])
      .returning({ id: leads.id });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const message = (direction: 'out' | 'in', status: 'sending' | 'delivered' | 'received', at: Date) => ({
      leadId: kept.id,
      channel: 'whatsapp' as const,
      direction,
      kind: 'first_reply' as const,
      body: 'Hello',
      status,
      createdAt: at,
      statusAt: at,
    });
    await db
      .insert(leadMessages)
      .values([
        message('out', 'sending', hoursAgo(72)),
        message('out', 'delivered', hoursAgo(1)),
        message('out', 'delivered', hoursAgo(48)),
        message('in', 'received', hoursAgo(2)),
      ]);
    const scraped = await (await scrape()).text();
    const delta = (series: string) => sample(scraped, series) - sample(before, series);
    // A message still being sent counts whatever its age; one the provider settled counts for a day, then leaves.
    expect(delta('districts_conversation_messages{channel="whatsapp",direction="out",status="sending"}')).toBe(1);
    expect(delta('districts_conversation_messages{channel="whatsapp",direction="out",status="delivered"}')).toBe(1);
    expect(delta('districts_conversation_messages{channel="whatsapp",direction="in",status="received"}')).toBe(1);
    expect(delta('districts_leads_stored{kind="spam"}')).toBe(1);
    expect(delta('districts_leads_stored{kind="held"}')).toBe(1);

    // All leads together are the planner's estimate: right after ANALYZE (which reads every row of a small table), exact.
    await db.execute(sql`analyze interest_submissions`);
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from interest_submissions where not spam and spam_reason is distinct from 'flood'`,
    )) as unknown as { rows: { n: number }[] };
    expect(sample(await (await scrape()).text(), 'districts_leads_stored{kind="lead"}')).toBe(rows[0].n);
  });
});
