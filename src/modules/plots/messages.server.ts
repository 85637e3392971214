import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { PLOTS_COPY } from '@/content/plots';
import { districtLabel, DISTRICTS } from '@/content/districts';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { leads, plotClaims, plots, staffUsers, type PlotClaimRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { workEach } from '@/lib/jobs/queue';
import { PLOT_HOLD_MESSAGE } from '@/lib/jobs/queues';
import { logError } from '@/lib/log';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { buyerMessageAllowed, emailChannel } from '@/modules/messaging/server';
import { signInspectionLink } from '@/modules/leads/server';
import { lagosTime } from './plot-status';
import { PLOT_PATHS } from './paths';

/**
 * A hold's messages (docs/decisions/0412): the buyer and the lead's agent (sales while nobody has the lead) are told at
 * once, and again PLOT_HOLD_REMINDER_HOURS before it lapses. Each is a job on the queue (retried; a restart loses none
 * once queued); the reminder's starts at its time and goes only if that very hold still stands with the same end (an
 * extension queues its own; a release, a lapse or a reservation silences it).
 */

export interface PlotHoldMessageJob {
  claimId: string;
  kind: 'held' | 'reminder';
  /** The hold's end the message is about (ISO). */
  heldUntil: string;
}

/** Queues the hold's messages: now, and the reminder before it lapses. A queue that is down loses the news, not the hold. */
export async function tellHold(handle: Pick<DatabaseHandle, 'jobs'>, claim: PlotClaimRow, now = new Date()): Promise<void> {
  if (!claim.heldUntil) return;
  try {
    const jobs = await handle.jobs();
    const heldUntil = claim.heldUntil.toISOString();
    await jobs.send(PLOT_HOLD_MESSAGE.name, { claimId: claim.id, kind: 'held', heldUntil } satisfies PlotHoldMessageJob);
    await queueReminder(jobs, claim, now);
  } catch (error) {
    logError('[plots] could not queue a hold’s messages', error);
  }
}

/** The reminder before the hold ends, if there is still time for one. */
export async function queueReminder(jobs: PgBoss, claim: PlotClaimRow, now = new Date()): Promise<void> {
  const hours = getEnv().PLOT_HOLD_REMINDER_HOURS;
  if (!claim.heldUntil || hours === 0) return;
  const at = new Date(claim.heldUntil.getTime() - hours * 3_600_000);
  if (at <= now) return;
  await jobs.send(
    PLOT_HOLD_MESSAGE.name,
    { claimId: claim.id, kind: 'reminder', heldUntil: claim.heldUntil.toISOString() } satisfies PlotHoldMessageJob,
    { startAfter: at },
  );
}

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

/** Sends one of a hold's messages, unless the hold it is about no longer stands as it was. */
export async function deliverHoldMessage(db: Db, job: PlotHoldMessageJob, now = new Date()): Promise<{ sent: boolean }> {
  const hold = await holdOf(db, job.claimId);
  const until = hold?.claim.heldUntil;
  if (!hold || !until || hold.claim.endedAt || hold.claim.stage !== 'held' || until.toISOString() !== job.heldUntil) return { sent: false };
  if (job.kind === 'reminder' && until <= now) return { sent: false };
  const m = PLOTS_COPY.messages;
  const district = DISTRICTS.find((d) => d.choice === hold.plot.district);
  const where = district ? districtLabel(district) : String(hold.plot.district);
  const slug = district?.slug ?? DISTRICTS[0].slug;
  const when = lagosTime(until);
  const name = hold.lead.title ? `${hold.lead.title} ${hold.lead.fullName}` : hold.lead.fullName;
  const site = getSiteUrl();
  const brand = getSiteFacts().brand;
  const link = `${site}${PLOT_PATHS.held(slug, await signInspectionLink(db, 'plot', hold.claim.id))}`;
  let sent = false;
  if (
    hold.lead.email &&
    !hold.lead.spam &&
    (await buyerMessageAllowed(db, { email: hold.lead.email }, { firstAttempt: true }, now.getTime()))
  ) {
    const lines = job.kind === 'held' ? [m.held(hold.plot.label, where, when), m.next] : [m.reminder(hold.plot.label, when)];
    await emailChannel.send(db, {
      to: [hold.lead.email],
      subject: job.kind === 'held' ? m.heldSubject(hold.plot.label, where) : m.reminderSubject(hold.plot.label),
      text: [m.greeting(name), '', ...lines, '', `${m.view}: ${link}`, '', m.signOff(brand)].join('\n'),
      html: emailLayout(
        `<p>${escapeHtml(m.greeting(name))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${emailButton(link, m.view)}</p><p>${escapeHtml(m.signOff(brand))}</p>`,
      ),
      recordId: hold.lead.id,
    });
    sent = true;
  }
  const agent = hold.agent?.active && hold.agent.email ? [hold.agent.email] : salesAddresses();
  if (agent.length > 0) {
    const leadLink = `${site}/admin/leads/${hold.lead.id}`;
    const line = job.kind === 'held' ? m.agentBody(name, hold.plot.label, when) : m.agentReminder(name, hold.plot.label, when);
    await emailChannel.send(db, {
      to: agent,
      subject: job.kind === 'held' ? m.agentSubject(hold.plot.label, where) : m.agentReminderSubject(hold.plot.label),
      text: `${line}\n\n${m.openLead}: ${leadLink}`,
      html: emailLayout(`<p>${escapeHtml(line)}</p><p>${emailButton(leadLink, m.openLead)}</p>`),
      recordId: hold.lead.id,
    });
    sent = true;
  }
  return { sent };
}

const salesAddresses = () => getEnv().LEADS_NOTIFY_TO ?? [getSiteFacts().email];

/** Attaches the hold messages' sender to the queue (once per server process). */
export async function startPlotMessageWorkers(handle: DatabaseHandle): Promise<void> {
  const boss = await handle.jobs();
  await workEach<PlotHoldMessageJob>(boss, PLOT_HOLD_MESSAGE, async (job) => {
    await deliverHoldMessage(handle.db, job);
  });
}
