import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GET as exportGet, POST as exportRoute } from '@/app/api/admin/privacy/export/route';
import { POST as eraseRoute } from '@/app/api/admin/privacy/erase/route';
import { POST as interestRoute } from '@/app/api/interest/route';
import { STAFF_COPY } from '@/content/staff';
import { saveLead } from '@/modules/leads/submissions.repository.server';
import { addLeadNote } from '@/modules/leads/operations.server';
import { requestSubscription } from '@/modules/newsletter/repository.server';
import { sendConfirmation } from '@/modules/newsletter/workers.server';
import { listForLead } from '@/modules/leads/notifications.server';
import { startNotificationWorkers } from '@/modules/leads/notifications/workers.server';
import { subjectFingerprint } from '@/modules/privacy/repository.server';
import type { Db } from '@/lib/db/client';
import { leads, leadNotes, ledgerEntries, newsletterSubscribers, paymentPlans, plotClaims, staffAudit } from '@/lib/db/schema';
import { appendEntry } from '@/modules/payments/server';
import { buyerWithPlan } from './payments-helpers';
import { LEAD_ERASED, NEWSLETTER_CONFIRMATION } from '@/lib/jobs/queues';
import {
  startSmtpPeer,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  waitFor,
  type Peer,
  type ReceivedWebhook,
  type SmtpPeer,
} from '../support/peers';
import {
  describeEachDriver,
  type DriverContext,
  freshClient,
  jsonRequest,
  leadNotificationRows,
  newKey,
  setEnv,
  validLead,
} from './helpers';
import { makeStaff, sessionCookieFor, staffRequest } from './staff-helpers';

/**
 * NDPA privacy requests (docs/decisions/0312-privacy-requests-by-phone-and-keyed-audit.md): an owner finds a person
 * by e-mail address or phone number in any spelling, exports or erases everything held, and the audit keeps a keyed
 * fingerprint of whom it concerned, never the address or a bare hash of it.
 */

/** A lead row as older or imported data may hold it (the form would have normalised it). */
async function rawLead(db: Db, values: { email: string; phoneRaw?: string; phoneE164?: string | null }) {
  const [lead] = await db
    .insert(leads)
    .values({ title: 'Mr', fullName: 'Tunde Bakare', district: 'Moniya, Ibadan', phoneRaw: '0700 000 0000', phoneE164: null, ...values })
    .returning();
  return lead;
}
const randomSuffix = () => Math.random().toString(36).slice(2, 10);
const idsOf = async (db: Db, ids: string[]) =>
  (await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids))).map((r) => r.id);

describeEachDriver('privacy requests', (ctx) => {
  let ownerCookie = '';
  let owner: Awaited<ReturnType<typeof makeStaff>>;
  const post = (route: typeof exportRoute, path: string, body: unknown) =>
    route(staffRequest(path, { method: 'POST', cookie: ownerCookie, body }), undefined);
  beforeAll(async () => {
    setEnv({ SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    owner = await makeStaff(ctx.handle().db, 'owner');
    ownerCookie = await sessionCookieFor(ctx.handle().db, owner);
  });

  it('erases a buyer with money on the ledger: the payments, receipts and claim stay with who paid, everything else goes, and the owner is told why', async () => {
    const db = ctx.handle().db;
    const email = `paid-buyer-${randomSuffix()}@example.com`;
    const { leadId, claimId } = await buyerWithPlan(db, { email });
    const written = await db.transaction((tx) =>
      appendEntry(tx, {
        claimId,
        kind: 'payment',
        source: 'paystack',
        providerReference: `ref-${randomSuffix()}`,
        amountKobo: 50_000_000,
        at: new Date('2026-12-01T10:00:00Z'),
      }),
    );
    expect(written.outcome).toBe('written');
    await addLeadNote(db, leadId, 'Paid the deposit by card', { id: owner.id, email: owner.email, role: 'owner' });
    await db.insert(newsletterSubscribers).values({ email, unsubscribeToken: `tok-${leadId}`, confirmedAt: new Date() });
    const [{ fullName }] = await db.select({ fullName: leads.fullName }).from(leads).where(eq(leads.id, leadId));

    // Before: the export lists the plan with its payment.
    const before = await (await post(exportRoute, '/api/admin/privacy/export', { email })).json();
    expect(before.leads[0].payments).toEqual([
      expect.objectContaining({ claimId, payments: [expect.objectContaining({ kind: 'payment', amountKobo: 50_000_000 })] }),
    ]);

    const response = await post(eraseRoute, '/api/admin/privacy/erase', { email });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ ok: true, leads: 1, newsletter: 1, kept: { paymentPlans: 1, plotClaims: 1 } });
    expect(answer.kept.why).toContain('six years');
    expect(STAFF_COPY.privacy.kept(answer.kept.paymentPlans, answer.kept.plotClaims)).toContain('payment plan');

    // Everything not a sale's record went.
    expect(await idsOf(db, [leadId])).toEqual([]);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId))).toEqual([]);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
    // The money stays, with who paid, and the plot stays taken by its claim.
    const [plan] = await db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId));
    expect(plan).toMatchObject({ leadId: null, erasedBuyerName: fullName, erasedBuyerEmail: email, erasedBuyerPhone: '+2348030000000' });
    expect(plan.buyerErasedAt).toBeInstanceOf(Date);
    expect(await db.select({ amount: ledgerEntries.amountKobo }).from(ledgerEntries).where(eq(ledgerEntries.claimId, claimId))).toEqual([
      { amount: 50_000_000 },
    ]);
    expect(await db.select({ leadId: plotClaims.leadId }).from(plotClaims).where(eq(plotClaims.id, claimId))).toEqual([{ leadId: null }]);

    // The export after says what is still kept of them, and why.
    const after = await (await post(exportRoute, '/api/admin/privacy/export', { email })).json();
    expect(after.leads).toEqual([]);
    expect(after.paymentRecordsKept).toEqual([
      expect.objectContaining({
        claimId,
        keptAfterErasure: expect.objectContaining({ email }),
        payments: [expect.objectContaining({ amountKobo: 50_000_000 })],
      }),
    ]);
    expect(after.whyPaymentRecordsAreKept).toContain('six years');
    // Asked again, the erasure answers the same way and keeps the records.
    const again = await post(eraseRoute, '/api/admin/privacy/erase', { email });
    expect(again.status).toBe(200);
    expect(await db.select({ claimId: paymentPlans.claimId }).from(paymentPlans).where(eq(paymentPlans.claimId, claimId))).toHaveLength(1);
  });

  it('exports and erases everything held about one e-mail address in any capitalisation or padding, and records both by a keyed fingerprint', async () => {
    const db = ctx.handle().db;
    const email = 'subject@example.com';
    const lead = await saveLead(db, { input: validLead({ email }) as never, spam: false });
    await addLeadNote(db, lead.id, 'Prefers WhatsApp', { id: owner.id, email: owner.email, role: 'owner' });
    const oddlyStored = await rawLead(db, { email: ' Subject@Example.COM\t' });
    await db.insert(newsletterSubscribers).values({ email, unsubscribeToken: `tok-${lead.id}`, confirmedAt: new Date() });
    const other = await saveLead(db, { input: validLead({ email: 'someone-else@example.com' }) as never, spam: false });

    const exported = await post(exportRoute, '/api/admin/privacy/export', { email: 'SUBJECT@example.com ' });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    const data = await exported.json();
    expect(data.leads.map((l: { id: string }) => l.id).sort()).toEqual([lead.id, oddlyStored.id].sort());
    expect(data.leads.find((l: { id: string }) => l.id === lead.id).notes[0].body).toBe('Prefers WhatsApp');
    expect(data.newsletter).toEqual([expect.objectContaining({ email, confirmedAt: expect.any(String) })]);
    expect(JSON.stringify(data)).not.toContain('tok-');

    const erased = await post(eraseRoute, '/api/admin/privacy/erase', { email });
    expect(await erased.json()).toEqual({ ok: true, leads: 2, newsletter: 1 });
    expect(await idsOf(db, [lead.id, oddlyStored.id, other.id])).toEqual([other.id]);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toHaveLength(0);
    expect(await leadNotificationRows(db, lead.id)).toHaveLength(0);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(0);

    const fingerprint = await subjectFingerprint(db, { email: ' Subject@example.com' });
    expect(fingerprint).toMatch(/^email:[0-9a-f]{32}$/);
    const audit = await db.select().from(staffAudit).where(eq(staffAudit.subject, fingerprint));
    expect(audit.map((a) => a.action).sort()).toEqual(['privacy.erase', 'privacy.export']);
    // Neither the address nor its bare SHA-256 (which a list of addresses would reverse) is kept.
    const bare = createHash('sha256').update(email).digest('hex');
    expect(JSON.stringify(audit)).not.toContain(email);
    expect(JSON.stringify(audit)).not.toContain(bare.slice(0, 32));
  });

  it('erases by phone number: every spelling of the same number, and a number that never parsed by its digits', async () => {
    const db = ctx.handle().db;
    const spellings = ['0803 555 1212', '+234 803 555 1212', '2348035551212', '+234 (0) 803-555-1212'];
    const same = await Promise.all(
      spellings.map((phonenumber, i) =>
        saveLead(db, { input: validLead({ email: `phone-${i}@example.com`, phonenumber }) as never, spam: false }),
      ),
    );
    const unparsed = await rawLead(db, { email: 'unparsed@example.com', phoneRaw: '555-0100-22' });
    const otherNumber = await saveLead(db, {
      input: validLead({ email: 'other-number@example.com', phonenumber: '0803 555 1213' }) as never,
      spam: false,
    });

    const byNumber = await post(eraseRoute, '/api/admin/privacy/erase', { phone: '08035551212' });
    expect(await byNumber.json()).toEqual({ ok: true, leads: spellings.length, newsletter: 0 });
    const byDigits = await post(eraseRoute, '/api/admin/privacy/erase', { phone: '555 0100 22' });
    expect(await byDigits.json()).toEqual({ ok: true, leads: 1, newsletter: 0 });
    expect(await idsOf(db, [...same.map((l) => l.id), unparsed.id, otherNumber.id])).toEqual([otherNumber.id]);
    const audit = await db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subject, await subjectFingerprint(db, { phone: '+234 803 555 1212' })));
    expect(audit).toHaveLength(1);
  });

  it('takes an e-mail address and a phone number together, and refuses a request that names nobody', async () => {
    const db = ctx.handle().db;
    const byEmail = await saveLead(db, {
      input: validLead({ email: 'both@example.com', phonenumber: '0805 111 2222' }) as never,
      spam: false,
    });
    const byPhone = await saveLead(db, {
      input: validLead({ email: 'another-address@example.com', phonenumber: '0805 111 2222' }) as never,
      spam: false,
    });
    const exported = await (
      await post(exportRoute, '/api/admin/privacy/export', { email: 'both@example.com', phone: '+2348051112222' })
    ).json();
    expect(exported.leads.map((l: { id: string }) => l.id).sort()).toEqual([byEmail.id, byPhone.id].sort());

    for (const [body, error] of [
      [{}, STAFF_COPY.errors.subject],
      [{ email: '', phone: ' ' }, STAFF_COPY.errors.subject],
      [{ phone: '12' }, STAFF_COPY.errors.phone],
      [{ email: 'not-an-address' }, STAFF_COPY.errors.email],
      [{ email: 'both@example.com', surprise: true }, expect.any(String)],
    ] as const) {
      const res = await post(eraseRoute, '/api/admin/privacy/erase', body);
      expect([body, res.status, (await res.json()).error]).toEqual([body, 400, error]);
    }
    expect(await idsOf(db, [byEmail.id, byPhone.id])).toHaveLength(2);
  });

  it('keeps the person out of the URL: the export is a POST, a GET answers 405', async () => {
    const res = await exportGet(staffRequest('/api/admin/privacy/export?email=a%40example.com', { cookie: ownerCookie }), undefined);
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });
});

/**
 * An erasure reaches every copy we hold (docs/decisions/0344-erasure-reaches-every-copy.md): a failed attempt's error
 * is stored without the address it quoted, and an erasure deletes the person's job-queue rows and kept .eml files and
 * tells the CRM, by a signed `lead.erased` webhook with the lead ids only.
 */
let smtp: SmtpPeer;
let hooks: Peer<ReceivedWebhook>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await smtp?.stop();
  await hooks?.stop();
});

/** Every job row (any queue, any state, its data and stored output), as text. */
async function jobRows(db: Db): Promise<{ name: string; text: string }[]> {
  const result = (await db.execute(sql`select j.name, row_to_json(j)::text as text from pgboss.job j`)) as unknown as {
    rows: { name: string; text: string }[];
  };
  return result.rows;
}

describeEachDriver('an erasure reaches every copy', (ctx: DriverContext) => {
  let ownerCookie = '';
  let dataDir = '';
  const configure = (smtpUrl: string | undefined) =>
    setEnv({
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      MAIL_FROM: '"Meridian Districts" <leads@example.com>',
      LEADS_NOTIFY_TO: 'sales@example.com',
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      RATE_LIMIT_INTEREST: '1000/600',
      MIN_FILL_MS: '0',
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
    });
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'districts-erasure-'));
    configure(undefined);
    ownerCookie = await sessionCookieFor(ctx.handle().db, await makeStaff(ctx.handle().db, 'owner'));
    await startNotificationWorkers(ctx.handle());
  });
  afterAll(() => {
    smtp.refuse = () => false;
  });

  async function submit(lead: Record<string, string>): Promise<string> {
    const res = await interestRoute(
      jsonRequest('/api/interest', validLead(lead), { headers: { ...freshClient(), 'Idempotency-Key': newKey() } }),
    );
    expect(res.status).toBe(201);
    return (await res.json()).id;
  }
  const settled = (leadId: string) =>
    waitFor(async () => (await listForLead(ctx.handle().db, leadId)).every((row) => row.state !== 'queued'), 20_000);
  const keptMail = () => {
    const dir = path.join(dataDir, 'outbox-mail');
    return readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8'));
  };

  it('stores a refused address as [address], and erasing the person deletes their jobs and kept e-mails and tells the CRM, signed', async () => {
    const db = ctx.handle().db;
    const person = { fullname: 'Bisi Adeyemi', email: `bisi.adeyemi.${ctx.kind}@example.org`, phonenumber: '0803 555 0123' };
    const mentions = [person.email, '0803 555 0123', '+2348035550123'];
    const stranger = { fullname: 'Femi Ojo', email: `femi.ojo.${ctx.kind}@example.org`, phonenumber: '0803 555 0456' };

    // No mail server: each e-mail is kept as an .eml file, the person's and a stranger's; and a newsletter sign-up
    // whose confirmation is kept too, its job still waiting.
    const keptLead = await submit(person);
    const strangersLead = await submit(stranger);
    expect(await settled(keptLead)).toBe(true);
    expect(await settled(strangersLead)).toBe(true);
    const subscriberId = (await requestSubscription(db, {
      email: person.email,
      spam: false,
      clientHash: 'a'.repeat(32),
      source: 'footer:/',
    }))!;
    await sendConfirmation(db, subscriberId);
    await (await ctx.handle().jobs()).send(NEWSLETTER_CONFIRMATION.name, { subscriberId }, { startAfter: 3600 });
    expect(keptMail().filter((text) => text.includes(person.email))).toHaveLength(3);

    // A mail server that refuses the person's address, quoting it: the receipt's stored error must not hold it.
    configure(smtp.url);
    smtp.refuse = (address) => address === person.email;
    const refusedLead = await submit(person);
    // The row records the attempt, then pg-boss stores the failed job's output: wait for both.
    let receipt = (await listForLead(db, refusedLead)).find((row) => row.channel === 'receipt')!;
    let receiptJobs: string[] = [];
    expect(
      await waitFor(async () => {
        receipt = (await listForLead(db, refusedLead)).find((row) => row.channel === 'receipt')!;
        receiptJobs = (await jobRows(db)).filter((job) => job.text.includes(receipt.id)).map((job) => job.text);
        return receipt.lastError !== null && receiptJobs.some((text) => !text.includes('"output":null'));
      }, 20_000),
    ).toBe(true);
    for (const text of [receipt.lastError!, receiptJobs.join('\n')]) {
      expect(text).toContain('[address]');
      expect(text).not.toContain(person.email);
    }

    const notificationIds = [
      ...(await listForLead(db, keptLead)).map((row) => row.id),
      ...(await listForLead(db, refusedLead)).map((row) => row.id),
    ];
    const erased = await eraseRoute(
      staffRequest('/api/admin/privacy/erase', { method: 'POST', cookie: ownerCookie, body: { email: person.email } }),
      undefined,
    );
    expect(await erased.json()).toEqual({ ok: true, leads: 2, newsletter: 1 });

    // No job names the person's leads, notifications or sign-up any more, or mentions them (the CRM's lead.erased
    // job carries the lead ids, nothing else).
    for (const job of await jobRows(db)) {
      for (const mention of mentions) expect(job.text).not.toContain(mention);
      for (const id of notificationIds) expect(job.text).not.toContain(id);
      expect(job.text).not.toContain(subscriberId);
      if (job.name !== LEAD_ERASED.name) for (const id of [keptLead, refusedLead]) expect(job.text).not.toContain(id);
    }
    // No kept e-mail mentions them; the stranger's are kept.
    for (const text of keptMail()) for (const mention of mentions) expect(text).not.toContain(mention);
    expect(keptMail().filter((text) => text.includes(stranger.email))).toHaveLength(2);

    // The CRM hears which leads went: a signed Standard Webhooks event with the ids only.
    const erasedEvent = () =>
      hooks.received.find((hook) => {
        const event = JSON.parse(hook.body);
        return event.type === 'lead.erased' && event.data.leadIds.includes(keptLead);
      });
    expect(await waitFor(() => erasedEvent() !== undefined, 20_000)).toBe(true);
    const hook = erasedEvent()!;
    const event = new Webhook(TEST_WEBHOOK_SECRET).verify(hook.body, {
      'webhook-id': String(hook.headers['webhook-id']),
      'webhook-timestamp': String(hook.headers['webhook-timestamp']),
      'webhook-signature': String(hook.headers['webhook-signature']),
    });
    expect(event).toEqual({
      type: 'lead.erased',
      timestamp: expect.any(String),
      data: { leadIds: expect.arrayContaining([keptLead, refusedLead]), reason: 'privacy_request' },
    });
    expect((event as { data: { leadIds: string[] } }).data.leadIds).toHaveLength(2);
    expect(String(hook.headers['webhook-id'])).toMatch(/^msg_[0-9a-f]{32}$/);
    for (const mention of [...mentions, person.fullname]) expect(hook.body).not.toContain(mention);
  }, 90_000);
});
