import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { PLOTS_COPY } from '@/content/plots';
import { districtLabel, DISTRICTS } from '@/content/districts';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { leads, plotClaims, plots, staffUsers, type OutboxMessageRow, type PlotClaimRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { workEach } from '@/lib/jobs/queue';
import { PLOT_HOLD_MESSAGE } from '@/lib/jobs/queues';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { GIVE_UP_AFTER_MS } from '@/modules/messaging';
import {
  BUYER_CAP_REACHED,
  buyerMessageAllowed,
  emailChannel,
  queueMessages,
  type NewOutboxMessage,
  type NotSent,
  type OutboxSender,
} from '@/modules/messaging/server';
import { signInspectionLink } from '@/modules/leads/server';
import { lagosTime } from './plot-status';
import { PLOT_PATHS } from './paths';

/**
 * A hold's messages (docs/decisions/0412): the buyer and the lead's agent (sales while nobody has the lead) are told at
 * once, and again PLOT_HOLD_REMINDER_HOURS before it lapses. They go through the one outbox (docs/decisions/0410):
 * queued in the hold's own transaction (a crash after the commit loses none), each rendered when it goes, and only if
 * that very hold still stands with the same end (an extension queues its own reminder; a release, a lapse or a
 * reservation withdraws the waiting ones). A reminder found in a dead sender's hands is not sent again.
 */

/** What a message of a hold is: its news or its reminder, to the buyer or to the agent. */
export const HOLD_MESSAGE_KINDS = ['held', 'reminder', 'agent_held', 'agent_reminder', 'released'] as const;
type HoldMessageKind = (typeof HOLD_MESSAGE_KINDS)[number];
const isReminder = (kind: string) => kind === 'reminder' || kind === 'agent_reminder';

/** The hold's end a message is about: a message of an earlier end (before an extension) is not sent. */
interface HoldPayload {
  heldUntil: string;
}

const holdMessage = (claim: PlotClaimRow, kind: HoldMessageKind, heldUntil: Date, dueAt?: Date): NewOutboxMessage => ({
  subjectType: 'plot_claim',
  subjectId: claim.id,
  leadId: claim.leadId,
  kind,
  channel: 'email',
  // A reminder per end of the hold: an extension's reminder is another message; the news of the hold, once.
  dedupeKey: `plot_claim:${claim.id}:${kind}${isReminder(kind) ? `:${heldUntil.getTime()}` : ''}`,
  payload: { heldUntil: heldUntil.toISOString() } satisfies HoldPayload,
  ...(dueAt ? { dueAt } : {}),
});

/** When the reminder before the hold ends goes, or undefined when there is no time for one (or it is switched off). */
function reminderTime(heldUntil: Date, now: Date): Date | undefined {
  const hours = getEnv().PLOT_HOLD_REMINDER_HOURS;
  if (hours === 0) return undefined;
  const at = new Date(heldUntil.getTime() - hours * 3_600_000);
  return at > now ? at : undefined;
}

/** In the hold's transaction: its news now, to the buyer and the agent, and the reminders before it lapses. */
export async function queueHoldMessages(tx: Db, boss: PgBoss, claim: PlotClaimRow, now: Date): Promise<void> {
  if (!claim.heldUntil) return;
  const messages = [holdMessage(claim, 'held', claim.heldUntil, now), holdMessage(claim, 'agent_held', claim.heldUntil, now)];
  const at = reminderTime(claim.heldUntil, now);
  if (at) messages.push(holdMessage(claim, 'reminder', claim.heldUntil, at), holdMessage(claim, 'agent_reminder', claim.heldUntil, at));
  await queueMessages(tx, boss, messages, { now });
}

/**
 * In the release's transaction, when an owner ends a reservation or a sale (docs/decisions/0416): the buyer is told the
 * plot is no longer theirs, once. A hold released is not told (the buyer's own page says so, and it cost them nothing).
 */
export async function queueReleaseMessage(tx: Db, boss: PgBoss, claim: PlotClaimRow, now: Date): Promise<void> {
  await queueMessages(
    tx,
    boss,
    [
      {
        subjectType: 'plot_claim',
        subjectId: claim.id,
        leadId: claim.leadId,
        kind: 'released',
        channel: 'email',
        dedupeKey: `plot_claim:${claim.id}:released`,
        payload: {},
        dueAt: now,
      },
    ],
    { now },
  );
}

/** In an extension's transaction: the reminders before the new end (those of the old end are no longer sent). */
export async function queueHoldReminders(tx: Db, boss: PgBoss, claim: PlotClaimRow, now: Date): Promise<void> {
  if (!claim.heldUntil) return;
  const at = reminderTime(claim.heldUntil, now);
  if (!at) return;
  await queueMessages(
    tx,
    boss,
    [holdMessage(claim, 'reminder', claim.heldUntil, at), holdMessage(claim, 'agent_reminder', claim.heldUntil, at)],
    {
      now,
    },
  );
}

type Hold = NonNullable<Awaited<ReturnType<typeof holdOf>>>;

async function holdOf(db: Db, claimId: string) {
  const [row] = await db
    .select({
      claim: plotClaims,
      plot: { label: plots.label, district: plots.district },
      lead: { id: leads.id, title: leads.title, fullName: leads.fullName, email: leads.email, spam: leads.spam },
      agent: { email: staffUsers.email, active: staffUsers.active },
    })
    .from(plotClaims)
    .innerJoin(plots, eq(plots.id, plotClaims.plotId))
    .innerJoin(leads, eq(leads.id, plotClaims.leadId))
    .leftJoin(staffUsers, and(eq(staffUsers.id, leads.assignedTo)))
    .where(eq(plotClaims.id, claimId));
  return row;
}

/** Why a message of the hold is not to go any more (the hold ended, changed its end, or became a reservation), or undefined. */
function noLongerTrue(hold: Hold, kind: string, heldUntil: string, at: Date): string | undefined {
  if (kind === 'released') return hold.claim.endReason === 'released' ? undefined : 'the claim was not released';
  const until = hold.claim.heldUntil;
  if (hold.claim.endedAt) return 'the hold ended';
  if (hold.claim.stage !== 'held' || !until) return 'the hold became a reservation';
  if (until.toISOString() !== heldUntil) return 'the hold’s end changed';
  if (isReminder(kind) && until <= at) return 'the hold ended';
  return undefined;
}

/** Sends one of a hold's messages (checked to be still true by the caller): sent, or why not. */
async function sendHoldEmail(db: Db, hold: Hold, kind: HoldMessageKind, now: Date): Promise<'sent' | NotSent> {
  const until = hold.claim.heldUntil ?? hold.claim.endedAt ?? now;
  const m = PLOTS_COPY.messages;
  const district = DISTRICTS.find((d) => d.choice === hold.plot.district);
  const where = district ? districtLabel(district) : String(hold.plot.district);
  const slug = district?.slug ?? DISTRICTS[0].slug;
  const when = lagosTime(until);
  const name = hold.lead.title ? `${hold.lead.title} ${hold.lead.fullName}` : hold.lead.fullName;
  const site = getSiteUrl();
  if (kind === 'held' || kind === 'reminder' || kind === 'released') {
    if (!hold.lead.email) return { state: 'skipped', lastError: 'the buyer has no e-mail address' };
    if (hold.lead.spam) return { state: 'skipped', lastError: 'the lead was set aside as spam' };
    if (!(await buyerMessageAllowed(db, { email: hold.lead.email }, { firstAttempt: true }, now.getTime())))
      return { state: 'withdrawn', lastError: BUYER_CAP_REACHED };
    const brand = getSiteFacts().brand;
    const link = `${site}${PLOT_PATHS.held(slug, await signInspectionLink(db, 'plot', hold.claim.id))}`;
    const lines =
      kind === 'held'
        ? [m.held(hold.plot.label, where, when), m.next]
        : kind === 'released'
          ? [m.released(hold.plot.label, where), m.releasedNext]
          : [m.reminder(hold.plot.label, when)];
    // A released plot's message has no page to point to: the buyer's hold page would show the plot back on the plan.
    const button = kind === 'released' ? '' : `<p>${emailButton(link, m.view)}</p>`;
    const result = await emailChannel.send(db, {
      to: [hold.lead.email],
      subject:
        kind === 'held'
          ? m.heldSubject(hold.plot.label, where)
          : kind === 'released'
            ? m.releasedSubject(hold.plot.label, where)
            : m.reminderSubject(hold.plot.label),
      text: [m.greeting(name), '', ...lines, ...(button ? ['', `${m.view}: ${link}`] : []), '', m.signOff(brand)].join('\n'),
      html: emailLayout(
        `<p>${escapeHtml(m.greeting(name))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${button}<p>${escapeHtml(m.signOff(brand))}</p>`,
      ),
      recordId: hold.lead.id,
    });
    return result.sent ? 'sent' : { state: 'not_configured', lastError: 'not configured' };
  }
  const agent = hold.agent?.active && hold.agent.email ? [hold.agent.email] : salesAddresses();
  if (!agent.length) return { state: 'not_configured', lastError: 'no address for the sales team' };
  const leadLink = `${site}/admin/leads/${hold.lead.id}`;
  const line = kind === 'agent_held' ? m.agentBody(name, hold.plot.label, when) : m.agentReminder(name, hold.plot.label, when);
  const result = await emailChannel.send(db, {
    to: agent,
    subject: kind === 'agent_held' ? m.agentSubject(hold.plot.label, where) : m.agentReminderSubject(hold.plot.label),
    text: `${line}\n\n${m.openLead}: ${leadLink}`,
    html: emailLayout(`<p>${escapeHtml(line)}</p><p>${emailButton(leadLink, m.openLead)}</p>`),
    recordId: hold.lead.id,
  });
  return result.sent ? 'sent' : { state: 'not_configured', lastError: 'not configured' };
}

/** The outbox's sender of a hold's messages (subject `plot_claim`). */
export function plotHoldOutboxSender(): OutboxSender<Hold> {
  const payloadOf = (message: OutboxMessageRow) => message.payload as HoldPayload;
  return {
    async load(db, messages) {
      const found = new Map<string, Hold>();
      for (const message of messages) {
        const hold = await holdOf(db, message.subjectId);
        if (hold) found.set(message.id, hold);
      }
      return found;
    },
    stillWanted: (message, hold, at) => noLongerTrue(hold, message.kind, payloadOf(message).heldUntil, at),
    notAgain: (message) => isReminder(message.kind),
    send: (db, message, hold) => sendHoldEmail(db, hold, message.kind as HoldMessageKind, new Date()),
    // A reminder is of no use once the hold has ended; the news ends by the one policy.
    giveUp: (message) =>
      isReminder(message.kind)
        ? { from: message.dueAt, afterMs: Math.max(0, new Date(payloadOf(message).heldUntil).getTime() - message.dueAt.getTime()) }
        : { from: message.dueAt, afterMs: GIVE_UP_AFTER_MS },
  };
}

/** The outbox's senders of this module. */
export const plotSenders = () => ({ plot_claim: plotHoldOutboxSender() as OutboxSender<never> });

const salesAddresses = () => getEnv().LEADS_NOTIFY_TO ?? [getSiteFacts().email];

// ---- the release before the outbox --------------------------------------------------------------------------------

/** A job of the release before (its own queue, `plot-hold-message`): drained once, then the queue goes. */
export interface PlotHoldMessageJob {
  claimId: string;
  kind: 'held' | 'reminder';
  /** The hold's end the message is about (ISO). */
  heldUntil: string;
}

/** Sends a job of the release before, unless the hold it is about no longer stands as it was. */
export async function deliverHoldMessage(db: Db, job: PlotHoldMessageJob, now = new Date()): Promise<{ sent: boolean }> {
  const hold = await holdOf(db, job.claimId);
  if (!hold || noLongerTrue(hold, job.kind, job.heldUntil, now)) return { sent: false };
  const buyer = await sendHoldEmail(db, hold, job.kind, now);
  const agent = await sendHoldEmail(db, hold, job.kind === 'held' ? 'agent_held' : 'agent_reminder', now);
  return { sent: buyer === 'sent' || agent === 'sent' };
}

/** Drains the queue of the release before (once per server process); new holds' messages go through the outbox. */
export async function startPlotMessageWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  await workEach<PlotHoldMessageJob>(boss, PLOT_HOLD_MESSAGE, async (job) => {
    await deliverHoldMessage(handle.db, job);
  });
}
