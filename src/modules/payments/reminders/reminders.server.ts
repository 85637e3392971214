import 'server-only';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { PAYMENT_REMINDER_COPY } from '@/content/payments';
import { phoneGreetingName } from '@/content/conversations';
import { leadName } from '@/content/staff';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { ledgerEntries, leads, paymentPlans, plotClaims, type OutboxMessageRow, type PaymentPlanRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { PAYMENT_REMINDERS } from '@/lib/jobs/queues';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { lagosDayOf } from '@/lib/working-time';
import {
  BUYER_CAP_REACHED,
  buyerMessageAllowed,
  emailChannel,
  queueMessages,
  wakeOutbox,
  type NewOutboxMessage,
  type NotSent,
  type OutboxSender,
  type OutboxSenders,
} from '@/modules/messaging/server';
import { signInspectionLink } from '@/modules/leads/server';
import { payPathOf } from '@/content/payments';
import { buyerOfClaim, type Buyer } from '../buyer.repository.server';
import { transferReferenceOf } from '../checkout/pay-page.server';
import { balanceOfClaim } from '../ledger/ledger.repository.server';
import { formatKobo } from '../money';
import { standingOf, type Standing } from '../plans';
import { plotLabelOf } from '../plot-link.server';
import { dedicatedAccountOf, type DedicatedAccount } from '../paystack/dedicated-account.server';
import { longDay } from '../receipts/render';
import { sendPaymentWhatsApp } from '../whatsapp.server';
import { inWindow, remindersDue, type DueReminder, type Reminder } from './schedule';

/**
 * An instalment's reminders (issue 59, item 3; docs/decisions/0415) through the one outbox (subject `instalment`, about
 * the plan's claim): each Lagos morning the scheduled job queues the reminders due that day (./schedule.ts), by e-mail
 * and, where the buyer has a number, WhatsApp; each key names the plan, the instalment's day, the reminder and the
 * channel, so none is queued twice however often the job runs. When it goes, the sender reads the plan again and sends
 * only while the instalment is unpaid, the claim not released, the buyer not erased and the day still in the reminder's
 * window; one found in a dead sender's hands is not sent again.
 */

/** The outbox key of a reminder: once per plan, instalment, reminder and channel, ever. */
export const instalmentReminderKey = (claimId: string, dueOn: string, which: Reminder, channel: 'email' | 'whatsapp') =>
  `instalment:${claimId}:${dueOn}:${which}:${channel}`;

/** The reminders due on `now`'s Lagos day, queued (a key seen before is left alone). Returns how many were new. */
export async function queueDueReminders(db: Db, boss: PgBoss, now = new Date()): Promise<number> {
  const today = lagosDayOf(now);
  // Live claims past their hold (a hold's own messages ask for the deposit), whose buyer is still there.
  const plans = await db
    .select({ plan: paymentPlans, email: leads.email, phone: leads.phoneE164 })
    .from(paymentPlans)
    .innerJoin(plotClaims, eq(plotClaims.id, paymentPlans.claimId))
    .innerJoin(leads, eq(leads.id, paymentPlans.leadId))
    .where(and(isNull(plotClaims.endedAt), ne(plotClaims.stage, 'held')));
  if (!plans.length) return 0;
  const balances = new Map(
    (
      await db
        .select({ claimId: ledgerEntries.claimId, balance: sql<string>`sum(${ledgerEntries.amountKobo})` })
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.claimId,
            plans.map((row) => row.plan.claimId),
          ),
        )
        .groupBy(ledgerEntries.claimId)
    ).map((row) => [row.claimId, Number(row.balance)]),
  );
  const messages: NewOutboxMessage[] = [];
  for (const { plan, email, phone } of plans) {
    const standing = standingOf(plan, balances.get(plan.claimId) ?? 0, today);
    for (const due of remindersDue(standing, today)) {
      const channels = [...(email ? (['email'] as const) : []), ...(phone ? (['whatsapp'] as const) : [])];
      for (const channel of channels)
        messages.push({
          subjectType: 'instalment',
          subjectId: plan.claimId,
          leadId: plan.leadId,
          kind: `instalment_${due.which}`,
          channel,
          dedupeKey: instalmentReminderKey(plan.claimId, due.dueOn, due.which, channel),
          payload: { ...due },
          dueAt: now,
        });
    }
  }
  if (!messages.length) return 0;
  const queued = await db.transaction((tx) => queueMessages(tx, boss, messages, { now }));
  if (queued.length) wakeOutbox(boss);
  return queued.length;
}

/** Each Lagos morning, hourly from 08:00 to 12:00 (a restart that morning still catches the day). */
export function instalmentRemindersJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: PAYMENT_REMINDERS,
    cron: '0 8-12 * * *',
    run: async () => {
      await queueDueReminders(handle.db, await handle.jobs());
    },
  };
}

interface ReminderContext {
  plan: PaymentPlanRow;
  buyer: Buyer | undefined;
  released: boolean;
  standing: Standing;
  plotLabel: string;
  dedicated: DedicatedAccount | undefined;
  payUrl: string;
}

async function contextOf(db: Db, claimId: string): Promise<ReminderContext | undefined> {
  const [row] = await db
    .select({ plan: paymentPlans, endedAt: plotClaims.endedAt })
    .from(paymentPlans)
    .innerJoin(plotClaims, eq(plotClaims.id, paymentPlans.claimId))
    .where(eq(paymentPlans.claimId, claimId));
  if (!row) return undefined;
  const { plan } = row;
  return {
    plan,
    buyer: await buyerOfClaim(db, claimId),
    released: row.endedAt !== null,
    // Which instalments are paid does not depend on the day; the day's window is asked at send time.
    standing: standingOf(plan, await balanceOfClaim(db, claimId), lagosDayOf(new Date())),
    plotLabel: await plotLabelOf(db, plan),
    dedicated: await dedicatedAccountOf(db, claimId),
    payUrl: `${getSiteUrl()}${payPathOf(await signInspectionLink(db, 'plot', claimId))}`,
  };
}

const dueOf = (message: OutboxMessageRow) => message.payload as unknown as DueReminder;

/** The sender of an instalment's reminders (subject `instalment`), wired into the outbox's one worker. */
export const instalmentOutboxSender: OutboxSender<ReminderContext> = {
  async load(db, messages) {
    const contexts = new Map<string, ReminderContext | undefined>();
    const found = new Map<string, ReminderContext>();
    for (const message of messages) {
      if (!contexts.has(message.subjectId)) contexts.set(message.subjectId, await contextOf(db, message.subjectId));
      const context = contexts.get(message.subjectId);
      if (context) found.set(message.id, context);
    }
    return found;
  },
  stillWanted(message, context, at) {
    const due = dueOf(message);
    if (!context.buyer) return 'the buyer was erased';
    if (context.released) return 'the plot’s claim was released';
    const item = context.standing.items.find((i) => i.index === due.index && i.dueOn === due.dueOn);
    if (!item || item.state === 'paid') return 'the instalment is paid';
    if (!inWindow(due.which, due.dueOn, lagosDayOf(at))) return 'its day passed';
    return undefined;
  },
  notAgain: () => true,
  async send(db, message, context) {
    return message.channel === 'whatsapp' ? sendByWhatsApp(db, message, context) : sendByEmail(db, message, context);
  },
};

/** The outbox's senders of this module's reminders. */
export const instalmentSenders = (): OutboxSenders => ({ instalment: instalmentOutboxSender as OutboxSender<never> });

/** What a reminder says: the amount due of that instalment, when, what is left in all and how to pay. */
function facts(message: OutboxMessageRow, context: ReminderContext) {
  const due = dueOf(message);
  const item = context.standing.items.find((i) => i.index === due.index)!;
  return {
    due,
    label: item.label,
    amount: formatKobo(item.amountKobo - item.paidKobo),
    day: longDay(due.dueOn),
    left: formatKobo(context.standing.leftKobo),
  };
}

async function sendByEmail(db: Db, message: OutboxMessageRow, context: ReminderContext): Promise<'sent' | NotSent> {
  const { buyer } = context;
  if (!buyer?.email) return { state: 'not_configured', lastError: 'the buyer has no e-mail address' };
  if (!(await buyerMessageAllowed(db, { email: buyer.email }, { firstAttempt: message.attempts === 0 })))
    return { state: 'withdrawn', lastError: BUYER_CAP_REACHED };
  const copy = PAYMENT_REMINDER_COPY;
  const brand = getSiteFacts().brand;
  const { due, label, amount, day, left } = facts(message, context);
  const account = getEnv().PAYMENT_BANK_ACCOUNT;
  const how = [
    copy.payLink(context.payUrl),
    ...(context.dedicated
      ? [copy.dedicated(context.dedicated.bankName, context.dedicated.accountNumber, context.dedicated.accountName)]
      : []),
    ...(account ? [copy.transfer(account, transferReferenceOf(context.plan.claimId))] : []),
  ];
  const lines = [
    copy.greeting(leadName(buyer)),
    copy.body(label, amount, context.plotLabel, copy.when[due.which](day)),
    copy.left(left),
    copy.howToPay,
    ...how,
    copy.alreadyPaid,
  ];
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const result = await emailChannel.send(db, {
    to: [buyer.email],
    subject: due.which === 'before' ? copy.subject.before(brand, amount, day) : copy.subject[due.which](brand, amount),
    text: [...lines, copy.signOff(brand)].join('\n\n'),
    html: emailLayout(
      lines.map(paragraph).join('') +
        emailButton(context.payUrl, copy.button) +
        `<p style="margin:16px 0 0">${escapeHtml(copy.signOff(brand))}</p>`,
    ),
    recordId: buyer.leadId,
  });
  return result.sent ? 'sent' : { state: 'not_configured', lastError: 'not configured' };
}

async function sendByWhatsApp(db: Db, message: OutboxMessageRow, context: ReminderContext): Promise<'sent' | NotSent> {
  const { buyer } = context;
  if (!buyer) return { state: 'not_configured', lastError: 'the buyer was erased' };
  const { due, amount, day, left } = facts(message, context);
  const parameters = [
    phoneGreetingName(buyer.fullName),
    amount,
    context.plotLabel,
    PAYMENT_REMINDER_COPY.when[due.which](day),
    left,
    context.payUrl,
  ];
  return sendPaymentWhatsApp(db, {
    leadId: buyer.leadId,
    phone: buyer.phoneE164,
    kind: 'payment_reminder',
    template: getEnv().WHATSAPP_INSTALMENT_TEMPLATE,
    parameters,
    body: PAYMENT_REMINDER_COPY.whatsApp(parameters),
  });
}
