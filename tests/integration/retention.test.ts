import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { beforeAll, expect, it } from 'vitest';
import { describePeriod, PRIVACY, PRIVACY_NOTICE_VERSION } from '@/content/legal';
import { confirmByToken, findSubscriber, requestSubscription, unsubscribeByToken } from '@/modules/newsletter/repository.server';
import type { Db } from '@/lib/db/client';
import {
  leads,
  leadNotes,
  ledgerEntries,
  paymentPlans,
  rateLimits,
  staffSignInFailures,
  visitCounts,
  visitSalts,
  visitVisitors,
} from '@/lib/db/schema';
import { appendEntry } from '@/modules/payments/server';
import { eraseRecords } from '@/modules/privacy/server';
import { buyerWithPlan } from './payments-helpers';
import { addVisits } from '@/modules/visits/counter.server';
import { OVERDUE_REMINDER } from '@/lib/jobs/queues';
import { applyRetention } from '@/modules/system/retention.server';
import { RETENTION, type RetainedData } from '@/content/retention';
import { describeEachDriver, insertLeadNotification, leadNotificationRows } from './helpers';

/**
 * Each retention promise of the privacy notice, checked against the data after the retention job runs with a moved
 * clock. The notice states the periods of RETENTION (src/content/retention.ts); `PROMISES` needs one check per
 * period, so a new promise without a check does not compile.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-11-22T08:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const monthsAfter = (months: number, extraMs = 0) => {
  const date = new Date(T0);
  date.setUTCMonth(date.getUTCMonth() + months);
  return new Date(date.getTime() + extraMs);
};

const noticeText = () =>
  PRIVACY.sections({ brand: 'Brand', email: 'privacy@example.com', address: 'Lagos' })
    .flatMap((section) => [...section.paragraphs, ...(section.list ?? [])])
    .join('\n');

let serial = 0;
async function addLead(db: Db, values: Partial<typeof leads.$inferInsert> = {}) {
  const [lead] = await db
    .insert(leads)
    .values({
      title: 'Mrs',
      fullName: 'Kept Or Not',
      email: `retention-${serial++}@example.com`,
      phoneRaw: '0803 123 4567',
      district: 'Lugbe, Abuja',
      createdAt: T0,
      updatedAt: T0,
      ...values,
    })
    .returning();
  return lead;
}
/** The suite's started job queue: the retention job tells the CRM of the leads it deletes through it. */
let boss: PgBoss;
const jobsNamed = async (db: Db, name: string) =>
  (
    (await db.execute(sql`select data from pgboss.job where name = ${name}`)) as unknown as {
      rows: { data: Record<string, unknown> }[];
    }
  ).rows.map((row) => row.data);

/** The CRM's lead.erased events waiting in the outbox (docs/decisions/0410): their payloads. */
const crmEvents = async (db: Db) =>
  (
    (await db.execute(sql`select payload as data from outbox_messages where subject_type = 'erased_lead'`)) as unknown as {
      rows: { data: Record<string, unknown> }[];
    }
  ).rows.map((row) => row.data);

const leadExists = async (db: Db, id: string) => (await db.select({ id: leads.id }).from(leads).where(eq(leads.id, id))).length === 1;

const PROMISES: Record<RetainedData, (db: Db) => Promise<void>> = {
  async addressFingerprints(db) {
    const lead = await addLead(db, { clientHash: 'a'.repeat(32) });
    await requestSubscription(db, { email: 'fingerprint@example.com', spam: false, clientHash: 'b'.repeat(32), source: 'footer:/' }, T0);
    await db.insert(rateLimits).values({ bucket: 'newsletter', clientHash: 'c'.repeat(32), windowStart: T0, count: 1 });
    await db.insert(staffSignInFailures).values({ key: `client:${'d'.repeat(32)}`, at: T0 });

    // The job runs hourly: its last run before the fingerprints turn 24 hours old has cleared every one of them.
    await applyRetention(db, boss, at(RETENTION.addressFingerprints.hours * HOUR - HOUR + 1_000));
    const [kept] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(kept.clientHash).toBeNull();
    expect(kept.fullName).toBe('Kept Or Not'); // the lead itself stays
    expect((await findSubscriber(db, 'fingerprint@example.com'))?.clientHash).toBeNull();
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.clientHash, 'c'.repeat(32))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(staffSignInFailures)
        .where(eq(staffSignInFailures.key, `client:${'d'.repeat(32)}`)),
    ).toEqual([]);
  },

  async leads(db) {
    const idle = await addLead(db);
    await db.insert(leadNotes).values({ leadId: idle.id, authorEmail: 'agent@example.com', body: 'Called, no answer', createdAt: T0 });
    await insertLeadNotification(db, { leadId: idle.id, channel: 'receipt' });
    await boss.send(OVERDUE_REMINDER.name, { leadId: idle.id });
    const workedOn = await addLead(db, { status: 'contacted', updatedAt: monthsAfter(12) });
    const customer = await addLead(db, { status: 'won' });

    await applyRetention(db, boss, monthsAfter(RETENTION.leads.months, -DAY));
    expect(await leadExists(db, idle.id)).toBe(true);

    await applyRetention(db, boss, monthsAfter(RETENTION.leads.months, HOUR));
    expect(await leadExists(db, idle.id)).toBe(false);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.leadId, idle.id))).toEqual([]);
    expect(await leadNotificationRows(db, idle.id)).toEqual([]);
    // Every copy goes with it (docs/decisions/0344-erasure-reaches-every-copy.md): its jobs, and the CRM is told.
    expect(await jobsNamed(db, OVERDUE_REMINDER.name)).not.toContainEqual({ leadId: idle.id });
    expect(await crmEvents(db)).toContainEqual(
      expect.objectContaining({ leadIds: expect.arrayContaining([idle.id]), reason: 'retention' }),
    );
    // Counted from the last update, and customers' enquiries stay with their contract records.
    expect(await leadExists(db, workedOn.id)).toBe(true);
    expect(await leadExists(db, customer.id)).toBe(true);
  },

  async unconfirmedNewsletter(db) {
    const sign = (email: string, now: Date) =>
      requestSubscription(db, { email, spam: false, clientHash: 'e'.repeat(32), source: 'footer:/' }, now);
    await sign('never-confirmed@example.com', T0);
    // Subscribed, unsubscribed, then signed up again by someone, never confirmed: only the unsubscribe record stays.
    await sign('came-back@example.com', T0);
    await confirmByToken(db, (await findSubscriber(db, 'came-back@example.com'))!.confirmToken!, T0);
    await unsubscribeByToken(db, (await findSubscriber(db, 'came-back@example.com'))!.unsubscribeToken, T0);
    await sign('came-back@example.com', at(HOUR));

    const expiry = RETENTION.unconfirmedNewsletter.days * DAY;
    await applyRetention(db, boss, at(expiry - HOUR));
    expect(await findSubscriber(db, 'never-confirmed@example.com')).toBeDefined();

    await applyRetention(db, boss, at(expiry + 2 * HOUR));
    expect(await findSubscriber(db, 'never-confirmed@example.com')).toBeUndefined();
    const cameBack = (await findSubscriber(db, 'came-back@example.com'))!;
    expect(cameBack).toMatchObject({ confirmToken: null, confirmRequestedAt: null, requestSource: null, clientHash: null });
    expect(cameBack.unsubscribedAt).toBeInstanceOf(Date);
  },

  async keptMailFiles(db) {
    const dir = mkdtempSync(path.join(tmpdir(), 'retention-mail-'));
    const write = (name: string, modified: Date) => {
      writeFileSync(path.join(dir, name), 'Subject: a lead\r\n\r\nAda, 0803 123 4567\r\n');
      utimesSync(path.join(dir, name), modified, modified);
    };
    write('old.eml', T0);
    write('recent.eml', at(DAY));
    await applyRetention(db, boss, at(RETENTION.keptMailFiles.days * DAY + HOUR), dir);
    expect(readdirSync(dir)).toEqual(['recent.eml']);
  },

  async visitorFingerprints(db) {
    // T0 is 09:00 in Lagos; the day ends at 23:00 UTC. A visit at 23:59 Lagos time makes that day's last fingerprint.
    const note = (at: Date) => ({
      url: '/d1?utm_source=radio',
      host: 'meridian.example',
      referer: '',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      forwardedFor: '198.51.100.7',
      count: 1,
      at: at.getTime(),
    });
    await addVisits(db, [note(T0), note(at(15 * HOUR - 60_000))], { trustProxy: 0, ownHosts: [] }, T0);
    await applyRetention(db, boss, at(15 * HOUR - 1_000)); // still the same Lagos day: needed to count that day
    expect(await db.select().from(visitVisitors)).not.toEqual([]);
    await applyRetention(db, boss, at(15 * HOUR + 1_000)); // the day has ended
    expect(await db.select().from(visitVisitors)).toEqual([]);
    expect(await db.select().from(visitSalts)).toEqual([]);
    expect(await db.select({ visits: visitCounts.visits }).from(visitCounts).where(eq(visitCounts.source, 'radio'))).toEqual([
      { visits: 2 },
    ]);
  },

  async moneyRecords(db) {
    // A buyer who paid and then went quiet: past the leads' period the retention job leaves them (their sale goes on).
    const { leadId, claimId } = await buyerWithPlan(db);
    await db.update(leads).set({ status: 'contacted', updatedAt: T0 }).where(eq(leads.id, leadId));
    await db.transaction((tx) =>
      appendEntry(tx, { claimId, kind: 'payment', source: 'paystack', providerReference: `ret-${leadId}`, amountKobo: 100_000, at: T0 }),
    );
    await applyRetention(db, boss, monthsAfter(RETENTION.leads.months, HOUR));
    expect(await leadExists(db, leadId)).toBe(true);

    // Erased on request: the payments stay with a copy of who paid for the legal period, then the copy goes.
    await eraseRecords(db, { leads: eq(leads.id, leadId), newsletter: sql`false` }, null);
    await db.update(paymentPlans).set({ buyerErasedAt: T0 }).where(eq(paymentPlans.claimId, claimId));
    const plan = async () => (await db.select().from(paymentPlans).where(eq(paymentPlans.claimId, claimId)))[0];
    await applyRetention(db, boss, monthsAfter(RETENTION.moneyRecords.months, -DAY));
    expect((await plan()).erasedBuyerName).toMatch(/^Adaeze Okafor/);
    await applyRetention(db, boss, monthsAfter(RETENTION.moneyRecords.months, DAY));
    expect(await plan()).toMatchObject({ leadId: null, erasedBuyerName: null, erasedBuyerEmail: null, erasedBuyerPhone: null });
    // The amounts stay, naming nobody.
    expect(await db.select({ amount: ledgerEntries.amountKobo }).from(ledgerEntries).where(eq(ledgerEntries.claimId, claimId))).toEqual([
      { amount: 100_000 },
    ]);
  },

  async visitCounts(db) {
    await db.insert(visitCounts).values({ day: '2026-11-22', path: '/', kind: 'direct', visits: 5, visitors: 4 });
    const kept = () =>
      db
        .select()
        .from(visitCounts)
        .where(and(eq(visitCounts.day, '2026-11-22'), eq(visitCounts.kind, 'direct')));
    await applyRetention(db, boss, monthsAfter(RETENTION.visitCounts.months, -DAY));
    expect(await kept()).toHaveLength(1);
    await applyRetention(db, boss, monthsAfter(RETENTION.visitCounts.months, DAY));
    expect(await kept()).toEqual([]);
  },
};

describeEachDriver('retention promises of the privacy notice', (ctx) => {
  beforeAll(async () => {
    boss = await ctx.handle().jobs();
  });

  for (const [data, check] of Object.entries(PROMISES) as [RetainedData, (db: Db) => Promise<void>][]) {
    it(`${data}: the notice states ${describePeriod(RETENTION[data])}, and the data agrees`, async () => {
      expect(noticeText()).toContain(describePeriod(RETENTION[data]));
      await check(ctx.handle().db);
    });
  }

  it('newsletter: after unsubscribing, only the address and the record of consent and withdrawal are kept', async () => {
    const db = ctx.handle().db;
    await requestSubscription(db, { email: 'withdrawn@example.com', spam: false, clientHash: 'f'.repeat(32), source: 'footer:/d1' });
    await confirmByToken(db, (await findSubscriber(db, 'withdrawn@example.com'))!.confirmToken!);
    await unsubscribeByToken(db, (await findSubscriber(db, 'withdrawn@example.com'))!.unsubscribeToken);
    const row = (await findSubscriber(db, 'withdrawn@example.com'))!;
    expect(row).toMatchObject({
      clientHash: null,
      confirmToken: null,
      confirmRequestedAt: null,
      requestSource: null,
      consentNoticeVersion: PRIVACY_NOTICE_VERSION,
      consentSource: 'footer:/d1',
    });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
  });
});
