import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { getSiteUrl } from '@/content/site';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { leads, staffUsers } from '@/lib/db/schema';
import { getEnv, getWorkingTime } from '@/lib/env.server';
import { insertInTransaction, type ScheduledJob } from '@/lib/jobs/queue';
import { HAND_OVER, HAND_OVER_CHECK, type HandOverJob } from '@/lib/jobs/queues';
import { sendMail } from '@/lib/mail/mailer.server';
import { autoAssignEnabled, claimTimeUpSql, handOverLead } from '@/domain/assignment.server';
import type { WorkingTime } from '@/domain/working-time';
import { pushToStaff } from './delivery.server';
import { handOverEmail, handOverPushMessage } from './messages';
import { findLeadWithAssignee } from './repository.server';

/**
 * Leads that move on (docs/decisions/0365-claims-and-leads-that-move-on.md): while the round-robin is on, a new lead
 * its agent has neither claimed nor contacted within LEAD_CLAIM_MINUTES of working time passes to the next agent, and
 * after the last to the owners. The check hands each lead over and queues the message that says so in one
 * transaction, so however many instances run it, a lead moves once per turn.
 */

/** Leads offered longer ago than this are left alone (say, when the round-robin is turned back on after a week). */
const MOVE_WITHIN_MS = 7 * 86_400_000;
const BATCH = 100;

export async function handOverUnclaimedLeads(
  db: Db,
  boss: PgBoss,
  now = new Date(),
  time: WorkingTime = getWorkingTime(),
  minutes = getEnv().LEAD_CLAIM_MINUTES,
): Promise<HandOverJob[]> {
  if (minutes === 0 || !(await autoAssignEnabled(db))) return [];
  const t = leads;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.id, assignedTo: t.assignedTo })
      .from(t)
      .where(and(gte(t.offeredAt, new Date(now.getTime() - MOVE_WITHIN_MS)), claimTimeUpSql(now, time, minutes)))
      .orderBy(t.offeredAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const jobs: HandOverJob[] = [];
    for (const [i, lead] of due.entries()) {
      // A millisecond apart: each hand-over is the next agent's turn, so a batch is dealt out in turn, not to one.
      const next = await handOverLead(tx, lead, new Date(now.getTime() + i));
      jobs.push({ leadId: lead.id, to: next === 'owners' ? null : next.id });
    }
    await insertInTransaction(
      boss,
      tx,
      HAND_OVER,
      jobs.map((data) => ({ id: randomUUID(), data })),
    );
    return jobs;
  });
}

/** `hand-over` job: tells the lead's new agent (or every owner) by push and e-mail, unless it was claimed or contacted meanwhile. */
export async function deliverHandOver(db: Db, job: HandOverJob): Promise<void> {
  const found = await findLeadWithAssignee(db, job.leadId);
  // Not when it was claimed or contacted meanwhile, or has moved on again (a retry hours later).
  if (!found || found.lead.status !== 'new' || found.lead.claimedAt || found.lead.spam || found.lead.assignedTo !== job.to) return;
  const toOwners = job.to === null;
  const who = toOwners ? eq(staffUsers.role, 'owner') : eq(staffUsers.id, job.to!);
  const people = await db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(who, eq(staffUsers.active, true)));
  if (!people.length) return;
  // The push is best effort here (the e-mail is the record); a failed e-mail is thrown, so both are tried again.
  await pushToStaff(
    db,
    people.map((person) => person.id),
    handOverPushMessage(found.lead, toOwners),
  ).catch(() => undefined);
  const message = handOverEmail(found.lead, getSiteUrl(), getEnv().LEAD_CLAIM_MINUTES, toOwners);
  await sendMail({ ...message, to: people.map((person) => person.email), recordId: job.leadId });
}

/** The scheduled check, every minute. */
export function handOverCheckJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: HAND_OVER_CHECK,
    cron: '* * * * *',
    run: async () => {
      await handOverUnclaimedLeads(handle.db, await handle.jobs());
    },
  };
}
