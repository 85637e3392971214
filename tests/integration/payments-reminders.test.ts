import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { leadMessages, leads, outboxMessages } from '@/lib/db/schema';
import { deliverMessages, messagesOf, INTERRUPTED_WHILE_SENDING } from '@/modules/messaging/server';
import { appendEntry } from '@/modules/payments/ledger/ledger.repository.server';
import { afterPaymentCredited } from '@/modules/payments/plot-link.server';
import { transferReferenceOf } from '@/modules/payments/checkout/pay-page.server';
import { instalmentSenders, queueDueReminders } from '@/modules/payments/reminders/reminders.server';
import { releaseClaim } from '@/modules/plots/server';
import { eraseRecords } from '@/modules/privacy/server';
import type { Db } from '@/lib/db/client';
import type { DatabaseHandle } from '@/lib/db/client';
import { startSmtpPeer, type SmtpPeer } from '../support/peers';
import { startFakeWhatsApp, type WhatsAppFake } from '../support/fake-whatsapp';
import { CHANNELS_OFF, WHATSAPP, whatsAppOn } from './channel-fakes';
import { describeEachDriver, setEnv } from './helpers';
import { buyerWithPlan } from './payments-helpers';

/**
 * An instalment's reminders (issue 59, item 3; docs/decisions/0415): three days before, on the day and three days
 * after, by e-mail and WhatsApp, through the one outbox; never after it is paid, never twice, not to an erased buyer, not
 * for a released claim; a missed day caught up without doubling. The plan of the helpers starts on 1 December 2026
 * (₦10,000,000, ₦3,000,000 deposit, 12 months): instalment 1, ₦583,334, falls due on Friday 1 January 2027.
 */

let smtp: SmtpPeer;
let whatsApp: WhatsAppFake;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  whatsApp = await startFakeWhatsApp(WHATSAPP);
});
afterAll(async () => {
  await Promise.all([smtp.stop(), whatsApp.stop()]);
  setEnv({ ...CHANNELS_OFF, SMTP_URL: undefined, SITE_URL: undefined, PAYMENT_BANK_ACCOUNT: undefined });
});
beforeEach(() =>
  setEnv({
    ...whatsAppOn(whatsApp),
    SMTP_URL: smtp.url,
    SITE_URL: 'https://districts.example',
    PAYMENT_BANK_ACCOUNT: 'Meridian Districts Ltd, 0123456789, Test Bank',
  }),
);

/** 09:00 in Lagos on `day`. */
const morning = (day: string) => new Date(`${day}T08:00:00Z`);

let references = 0;
async function pay(db: Db, claimId: string, amountKobo: number, at: Date) {
  await db.transaction(async (tx) => {
    const written = await appendEntry(tx, {
      claimId,
      kind: 'payment',
      source: 'transfer_approved',
      providerReference: `reminder-test-${references++}-${Date.now()}`,
      amountKobo,
      at,
    });
    if (written.outcome !== 'written') throw new Error(written.outcome);
    await afterPaymentCredited(tx, written.entry, at);
  });
}

/** A buyer whose deposit is paid (the hold became a reservation): their instalments are reminded. */
async function reservedBuyer(db: Db) {
  const buyer = await buyerWithPlan(db);
  await pay(db, buyer.claimId, 300_000_000, new Date());
  return buyer;
}

async function remindersOf(db: Db, claimId: string) {
  return (await messagesOf(db, 'instalment', [claimId])).sort((a, b) => a.dedupeKey.localeCompare(b.dedupeKey));
}

/** Sends the claim's reminders waiting, as the outbox's worker would, at `now`. */
async function deliver(handle: DatabaseHandle, claimId: string, now: Date) {
  const ids = (await remindersOf(handle.db, claimId)).filter((m) => m.state === 'queued').map((m) => m.id);
  return deliverMessages(handle.db, instalmentSenders(), ids, () => now);
}

const mailsTo = async (db: Db, leadId: string) => {
  const [lead] = await db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
  return smtp.received.filter((mail) => mail.raw.includes(`To: ${lead?.email}`));
};

describeEachDriver('payments: an instalment’s reminders', ({ handle }) => {
  it('reminds three days before, on the day and three days after, by e-mail and WhatsApp, each once', async () => {
    const db = handle().db;
    const jobs = await handle().jobs();
    const { claimId, leadId } = await reservedBuyer(db);
    await queueDueReminders(db, jobs, morning('2026-12-28'));
    expect(await remindersOf(db, claimId)).toEqual([]);
    await queueDueReminders(db, jobs, morning('2026-12-29'));
    // The job runs hourly each morning and again the next day: still one of each.
    await queueDueReminders(db, jobs, new Date('2026-12-29T10:00:00Z'));
    await queueDueReminders(db, jobs, morning('2026-12-30'));
    expect((await remindersOf(db, claimId)).map((m) => [m.kind, m.channel])).toEqual([
      ['instalment_before', 'email'],
      ['instalment_before', 'whatsapp'],
    ]);
    const whatsAppBefore = whatsApp.sent.length;
    await deliver(handle(), claimId, new Date('2026-12-30T08:05:00Z'));
    await deliver(handle(), claimId, new Date('2026-12-30T08:06:00Z'));

    const mails = await mailsTo(db, leadId);
    expect(mails).toHaveLength(1);
    const text = mails[0].mail.text ?? '';
    expect(mails[0].mail.subject).toMatch(/₦583,334 due on \w+day,? 1 January 2027/);
    expect(text).toMatch(
      /Your instalment 1 of 12, ₦583,334 for Plot P\w+, Block P, District 1, Lugbe, Abuja, falls due on \w+day,? 1 January 2027\./,
    );
    expect(text).toContain('Left to pay in all: ₦7,000,000.');
    expect(text).toContain('https://districts.example/payments/pay?t=');
    expect(text).toContain(`quoting the reference ${transferReferenceOf(claimId)}`);

    // On WhatsApp once, the approved template with the first name only, and kept in the lead's conversation.
    const sent = whatsApp.sent.slice(whatsAppBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0].template?.name).toBe('instalment_reminder');
    expect(sent[0].template?.parameters.slice(0, 2)).toEqual(['Adaeze', '₦583,334']);
    const conversation = await db.select().from(leadMessages).where(eq(leadMessages.leadId, leadId));
    expect(conversation).toEqual([
      expect.objectContaining({ kind: 'payment_reminder', channel: 'whatsapp', direction: 'out', template: 'instalment_reminder' }),
    ]);
    expect(conversation[0].body).toContain('₦583,334');
    expect(conversation[0].status).not.toBe('sending');

    // On the day, then three days after: one more of each, in turn.
    await queueDueReminders(db, jobs, morning('2027-01-01'));
    await queueDueReminders(db, jobs, morning('2027-01-02'));
    await deliver(handle(), claimId, morning('2027-01-02'));
    await queueDueReminders(db, jobs, morning('2027-01-04'));
    await deliver(handle(), claimId, morning('2027-01-04'));
    const all = await remindersOf(db, claimId);
    expect(all.map((m) => [m.kind, m.channel, m.state])).toEqual([
      ['instalment_after', 'email', 'sent'],
      ['instalment_after', 'whatsapp', 'sent'],
      ['instalment_before', 'email', 'sent'],
      ['instalment_before', 'whatsapp', 'sent'],
      ['instalment_due', 'email', 'sent'],
      ['instalment_due', 'whatsapp', 'sent'],
    ]);
    const subjects = (await mailsTo(db, leadId)).map((mail) => mail.mail.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects[1]).toContain('is due today');
    expect(subjects[2]).toContain('is now overdue');
  });

  it('sends nothing once the instalment is paid, even a reminder already queued', async () => {
    const db = handle().db;
    const jobs = await handle().jobs();
    const { claimId, leadId } = await reservedBuyer(db);
    await queueDueReminders(db, jobs, morning('2026-12-29'));
    // Paid before the reminder went: checked again when it goes.
    await pay(db, claimId, 58_333_400, morning('2026-12-29'));
    await deliver(handle(), claimId, new Date('2026-12-29T08:01:00Z'));
    expect((await remindersOf(db, claimId)).map((m) => [m.state, m.lastError])).toEqual([
      ['withdrawn', 'the instalment is paid'],
      ['withdrawn', 'the instalment is paid'],
    ]);
    expect(await mailsTo(db, leadId)).toHaveLength(0);
    // Nor on the day or after.
    await queueDueReminders(db, jobs, morning('2027-01-01'));
    await queueDueReminders(db, jobs, morning('2027-01-04'));
    expect(await remindersOf(db, claimId)).toHaveLength(2);
  });

  it('catches up a missed day once; a reminder whose day passed before it could go is not sent', async () => {
    const db = handle().db;
    const jobs = await handle().jobs();
    const late = await reservedBuyer(db);
    // The server was down from 28 December until the morning of the 1st: only the day's own reminder goes, never the
    // "three days before" after its day.
    await queueDueReminders(db, jobs, morning('2027-01-01'));
    expect((await remindersOf(db, late.claimId)).map((m) => m.kind)).toEqual(['instalment_due', 'instalment_due']);

    // Queued on the 31st, but the mail server was down until the 1st: its window has passed.
    const stuck = await reservedBuyer(db);
    await queueDueReminders(db, jobs, morning('2026-12-31'));
    await deliver(handle(), stuck.claimId, morning('2027-01-01'));
    expect((await remindersOf(db, stuck.claimId)).map((m) => [m.kind, m.state, m.lastError])).toEqual([
      ['instalment_before', 'withdrawn', 'its day passed'],
      ['instalment_before', 'withdrawn', 'its day passed'],
    ]);
    expect(await mailsTo(db, stuck.leadId)).toHaveLength(0);
  });

  it('a reminder whose sender died with it in hand is never sent a second time', async () => {
    const db = handle().db;
    const { claimId, leadId } = await reservedBuyer(db);
    await queueDueReminders(db, await handle().jobs(), morning('2026-12-29'));
    const [email] = await remindersOf(db, claimId);
    await db
      .update(outboxMessages)
      .set({ state: 'sending', sendingSince: new Date('2026-12-29T08:00:00Z') })
      .where(eq(outboxMessages.id, email.id));
    await deliverMessages(db, instalmentSenders(), [email.id], () => new Date('2026-12-29T09:00:00Z'));
    expect((await remindersOf(db, claimId))[0]).toMatchObject({ state: 'failed', lastError: INTERRUPTED_WHILE_SENDING });
    expect(await mailsTo(db, leadId)).toHaveLength(0);
  });

  it('reminds nobody of a claim released or a buyer erased, nor of a plot still only held', async () => {
    const db = handle().db;
    const jobs = await handle().jobs();
    const released = await reservedBuyer(db);
    await queueDueReminders(db, jobs, morning('2026-12-29'));
    // Released after its reminder was queued: not sent; and none queued after.
    await releaseClaim(db, { claimId: released.claimId, reason: 'the buyer withdrew', by: 'system', now: new Date() });
    await deliver(handle(), released.claimId, new Date('2026-12-29T08:01:00Z'));
    expect((await remindersOf(db, released.claimId)).map((m) => m.lastError)).toEqual([
      'the plot’s claim was released',
      'the plot’s claim was released',
    ]);
    await queueDueReminders(db, jobs, morning('2027-01-01'));
    expect((await remindersOf(db, released.claimId)).map((m) => m.kind)).toEqual(['instalment_before', 'instalment_before']);

    const erased = await reservedBuyer(db);
    await queueDueReminders(db, jobs, morning('2026-12-29'));
    await eraseRecords(db, { leads: eq(leads.id, erased.leadId), newsletter: sql`false` }, null);
    // The erasure took its waiting reminders with the lead; none is queued for the plan kept without them.
    expect(await remindersOf(db, erased.claimId)).toEqual([]);
    await queueDueReminders(db, jobs, morning('2027-01-01'));
    expect(await remindersOf(db, erased.claimId)).toEqual([]);

    // A hold whose deposit is not paid gets its hold's messages, not instalment reminders.
    const held = await buyerWithPlan(db);
    await queueDueReminders(db, jobs, morning('2026-12-29'));
    expect(await remindersOf(db, held.claimId)).toEqual([]);
  });
});
