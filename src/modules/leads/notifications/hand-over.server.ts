import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getSiteUrl } from '@/lib/site-facts.server';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { HAND_OVER_CHECK, type HandOverJob } from '@/lib/jobs/queues';
import { emailChannel, type NotSent } from '@/modules/messaging/server';
import { findLeadWithAssignee } from '@/modules/leads/notifications.repository.server';
import { passOnUnclaimedLeads } from '@/modules/leads/operations.server';
import { pushToStaff } from './delivery.server';
import { handOverEmail, handOverPushMessage } from './messages';

/**
 * Leads that move on (docs/decisions/0365-claims-and-leads-that-move-on.md): while the round-robin is on, a new lead
 * its agent has neither claimed nor contacted within LEAD_CLAIM_MINUTES of working time passes to the next agent, and
 * after the last to the owners. A check every minute passes them on (passOnUnclaimedLeads, src/modules/leads), queueing
 * a `hand-over` job for each; the job's message here tells whoever has the lead now.
 */

/**
 * A hand-over (an outbox message, subject `agent`; or a `hand-over` job of the release before): tells the lead's new
 * agent (or every owner) by push and e-mail, unless it was claimed or contacted meanwhile.
 */
export async function deliverHandOver(db: Db, job: HandOverJob): Promise<'sent' | NotSent> {
  const found = await findLeadWithAssignee(db, job.leadId);
  // Not when it was claimed or contacted meanwhile, or has moved on again (a retry hours later).
  if (!found || found.lead.status !== 'new' || found.lead.claimedAt || found.lead.spam || found.lead.assignedTo !== job.to)
    return { state: 'withdrawn', lastError: 'the lead was claimed, contacted or passed on meanwhile' };
  const toOwners = job.to === null;
  const who = toOwners ? eq(staffUsers.role, 'owner') : eq(staffUsers.id, job.to!);
  const people = await db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(who, eq(staffUsers.active, true)));
  if (!people.length) return { state: 'skipped', lastError: 'nobody active to tell' };
  // The push is best effort here (the e-mail is the record); a failed e-mail is thrown, so both are tried again.
  await pushToStaff(
    db,
    people.map((person) => person.id),
    handOverPushMessage(found.lead, toOwners),
  ).catch(() => undefined);
  const message = handOverEmail(found.lead, getSiteUrl(), getEnv().LEAD_CLAIM_MINUTES, toOwners);
  await emailChannel.send(db, { ...message, to: people.map((person) => person.email), recordId: job.leadId });
  return 'sent';
}

/** The scheduled check, every minute. */
export function handOverCheckJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: HAND_OVER_CHECK,
    cron: '* * * * *',
    run: async () => {
      await passOnUnclaimedLeads(handle.db, await handle.jobs());
    },
  };
}
