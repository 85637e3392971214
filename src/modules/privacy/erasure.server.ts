import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '@/lib/db/client';
import { deleteJobsOf } from '@/lib/jobs/queue';
import type { LeadErasedJob } from '@/lib/jobs/queues';
import { logError } from '@/lib/log';
import { deleteKeptMail, outboxMailDir } from '@/lib/mail/mailer.server';
import { phoneDigits } from '@/lib/validation/phone';
import { forgetBuyerAccess } from '@/modules/buyers/server';
import { eraseMessagesOfLeadBookings, eraseWalkIns } from '@/modules/inspections/server';
import { eraseLeadRows, leadErasedMessage } from '@/modules/leads/server';
import { deleteMessagesOfSubjects, queueMessages } from '@/modules/messaging/server';
import { eraseSignUps } from '@/modules/newsletter/server';
import { eraseClaimsOfLeads, type ClaimsErased } from '@/modules/plots/server';
import { keepMoneyRecordsOfLeads, type MoneyKept } from '@/modules/payments/server';

/**
 * Deleting a person's records reaches every copy the site holds (docs/decisions/0344-erasure-reaches-every-copy.md).
 * A privacy request (src/modules/privacy, its leads found by ./privacy.repository.server.ts) and the retention job
 * (src/domain/retention) both delete leads and newsletter sign-ups here. In one transaction: the rows (notes, history
 * and site-inspection bookings cascade; walk-ins by their phone), the job-queue rows that name any of them, whatever their state, and a signed `lead.erased` webhook
 * so the CRM deletes its copy; once committed, the messages kept as .eml files.
 */

/** Which rows to erase (sql`false` for none of a kind). */
export interface ErasureTargets {
  leads: SQL;
  newsletter: SQL;
  /**
   * Site-inspection walk-ins (bookings staff added on the day with a name and phone, no lead), by a condition on
   * inspection_bookings; a lead's bookings go with the lead.
   */
  walkIns?: SQL;
}

export interface ErasedRecords {
  leadIds: string[];
  newsletterIds: string[];
  /** Walk-in bookings deleted. */
  walkIns: number;
  /** Job-queue rows deleted with them. */
  jobs: number;
  /** Kept .eml files deleted with them. */
  mailFiles: number;
  /** Plot holds deleted, and reservations or sales kept without the person. */
  plots: ClaimsErased;
  /** Payment plans kept with their ledger for the legal period, with a copy of who paid (docs/decisions/0414). */
  money: Omit<MoneyKept, 'claimIds'>;
}

/**
 * How the CRM hears of it: a `lead.erased` job on this queue, for this reason. `null` only when a restore erases
 * again what the ledger says was erased: the CRM was told when the erasure was first made.
 */
export type TellCrm = { boss: PgBoss; reason: LeadErasedJob['reason'] } | null;

/** Leads per `lead.erased` event: a retention run that deletes thousands sends several events of bounded size. */
const LEAD_IDS_PER_EVENT = 1000;

/** Fewer digits than this is no phone number worth looking for in a file (it would match other text). */
const PHONE_MIN_DIGITS = 7;

/** Erases the targeted leads and newsletter sign-ups with every copy of them; returns what went. */
export async function eraseRecords(db: Db, targets: ErasureTargets, tellCrm: TellCrm, mailDir = outboxMailDir()): Promise<ErasedRecords> {
  const { erasedLeads, newsletter, jobs, walkIns, plots, money } = await db.transaction(async (tx) => {
    // Each module deletes its own rows, all in this transaction. The messages of the leads' site-inspection bookings
    // go first (docs/decisions/0391), then the leads with their notification rows, whose ids their jobs carry.
    const bookingMessages = await eraseMessagesOfLeadBookings(tx, targets.leads);
    // Money records stay for their legal period with a copy of who paid; the lead goes (docs/decisions/0414).
    const { claimIds: paidClaims, ...money } = await keepMoneyRecordsOfLeads(tx, targets.leads);
    // Their plot holds go; a reservation or a sale, or a hold with a payment plan, stays as the sale's record, without
    // them (docs/decisions/0413).
    const plots = await eraseClaimsOfLeads(tx, targets.leads, paidClaims);
    const walkIns = targets.walkIns ? await eraseWalkIns(tx, targets.walkIns) : 0;
    const { leads: erasedLeads, notificationIds } = await eraseLeadRows(tx, targets.leads);
    // Their ways into the buyer's page: the sessions, sign-in requests and passkeys that keep their address (0418, 0423).
    await forgetBuyerAccess(
      tx,
      erasedLeads.flatMap((lead) => [lead.email, lead.phoneE164].filter((contact): contact is string => Boolean(contact))),
    );
    const newsletter = await eraseSignUps(tx, targets.newsletter);
    // Their confirmations in the outbox (the sign-up's id only, but a message to a person no longer there).
    const signUpMessages = await deleteMessagesOfSubjects(
      tx,
      ['subscriber'],
      newsletter.map((row) => row.id),
    );
    const jobs = await deleteJobsOf(tx, {
      lead: erasedLeads.map((lead) => lead.id),
      outboxMessage: [...notificationIds, ...bookingMessages, ...signUpMessages],
      // Jobs of the release before 0410, on the queues the outbox drains, named the same ids.
      notification: notificationIds,
      newsletterSignUp: newsletter.map((row) => row.id),
      inspectionMessage: bookingMessages,
    });
    if (tellCrm) {
      const erasedAt = new Date().toISOString();
      for (let i = 0; i < erasedLeads.length; i += LEAD_IDS_PER_EVENT) {
        const leadIds = erasedLeads.slice(i, i + LEAD_IDS_PER_EVENT).map((lead) => lead.id);
        // A message of the one outbox (docs/decisions/0410), committed with the erasure.
        await queueMessages(tx, tellCrm.boss, [leadErasedMessage({ leadIds, reason: tellCrm.reason, erasedAt } satisfies LeadErasedJob)]);
      }
    }
    return { erasedLeads, newsletter, jobs, walkIns, plots, money };
  });

  const recordIds = [...erasedLeads.map((lead) => lead.id), ...newsletter.map((row) => row.id)];
  const mentions = [
    ...erasedLeads.flatMap((lead) => [
      lead.email,
      lead.phoneE164,
      phoneDigits(lead.phoneRaw).length >= PHONE_MIN_DIGITS ? lead.phoneRaw.trim() : null,
    ]),
    ...newsletter.map((row) => row.email),
  ].filter((value): value is string => Boolean(value));
  // Files are no part of the transaction, so they go once it has committed. One that cannot be deleted is logged, not
  // thrown: the erasure stands, and the retention job deletes every kept file within 30 days.
  const mailFiles = recordIds.length
    ? await deleteKeptMail({ recordIds, mentions: [...new Set(mentions)] }, mailDir).catch((error) => {
        logError('[erasure] the records are erased, but kept .eml files of them could not all be deleted', error);
        return 0;
      })
    : 0;
  return {
    leadIds: erasedLeads.map((lead) => lead.id),
    newsletterIds: newsletter.map((row) => row.id),
    walkIns,
    jobs,
    mailFiles,
    plots,
    money,
  };
}
