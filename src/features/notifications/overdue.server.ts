import 'server-only';
import { and, gte, inArray, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { getSiteUrl } from '@/content/site';
import { SYSTEM_ACTOR_EMAIL } from '@/lib/audit.server';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { leads, leadActivity } from '@/lib/db/schema';
import { getWorkingTime } from '@/lib/env.server';
import { insertInTransaction, type ScheduledJob } from '@/lib/jobs/queue';
import { OVERDUE_CHECK, OVERDUE_REMINDER } from '@/lib/jobs/queues';
import { overdueSql } from '@/domain/working-time';
import { sendMail } from '@/lib/mail/mailer.server';
import { salesAddresses } from './delivery.server';
import { overdueReminderEmail } from './messages';
import { findLeadWithAssignee } from './repository.server';

/**
 * The one reminder about a lead still new after its first working hour (docs/decisions/0206-overdue-leads.md): a
 * scheduled check marks such leads and queues their reminder in one transaction, so each lead is reminded once
 * however many instances run the check; the reminder goes to the lead's agent, or to sales while nobody has it.
 */

/** Leads older than this when the check first sees them overdue are not reminded (say, after the first deploy). */
const REMIND_WITHIN_MS = 7 * 86_400_000;
/** At most this many reminders per run; the next run takes the rest. */
const BATCH = 200;

export async function queueOverdueReminders(db: Db, boss: PgBoss, now = new Date(), time = getWorkingTime()): Promise<string[]> {
  const t = leads;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(isNull(t.overdueRemindedAt), gte(t.createdAt, new Date(now.getTime() - REMIND_WITHIN_MS)), overdueSql(t, now, time)))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx.update(t).set({ overdueRemindedAt: now }).where(inArray(t.id, ids));
    // The job's id is the lead's: a lead is queued once even if two checks ever overlapped.
    await insertInTransaction(
      boss,
      tx,
      OVERDUE_REMINDER,
      ids.map((id) => ({ id, data: { leadId: id } })),
    );
    return ids;
  });
}

/** `overdue-reminder` job: sends the reminder unless the lead was contacted (or erased) meanwhile, and notes it in the lead's history. */
export async function deliverOverdueReminder(db: Db, leadId: string, now = new Date()): Promise<void> {
  const found = await findLeadWithAssignee(db, leadId);
  if (!found || found.lead.status !== 'new' || found.lead.spam) return;
  const agent = found.assignee?.email ? found.assignee : undefined;
  const message = overdueReminderEmail(found.lead, getSiteUrl(), getWorkingTime().targetMinutes);
  const outcome = await sendMail({ ...message, to: agent ? [agent.email] : salesAddresses(), recordId: leadId });
  await db.insert(leadActivity).values({
    leadId,
    actorEmail: SYSTEM_ACTOR_EMAIL,
    action: 'overdue_reminder',
    detail: { toName: agent?.label ?? null, sent: outcome.sent },
    createdAt: now,
  });
}

/** The scheduled check, every five minutes (Lagos time; the working-time rule decides who is overdue). */
export function overdueCheckJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: OVERDUE_CHECK,
    cron: '*/5 * * * *',
    run: async () => {
      await queueOverdueReminders(handle.db, await handle.jobs());
    },
  };
}
