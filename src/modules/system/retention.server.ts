import 'server-only';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { deleteCountersBefore } from '@/lib/http/rate-limit.server';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { DATA_RETENTION } from '@/lib/jobs/queues';
import { outboxMailDir } from '@/lib/mail/mailer.server';
import { deleteVisitCountsBefore, forgetPastVisitors } from '@/modules/visits/server';
import { clearSignUpFingerprints, expireComebackRequests, unconfirmedSignUpsBefore } from '@/modules/newsletter/server';
import { deleteSignInFailuresBefore } from '@/modules/staff/server';
import { eraseRecords } from '@/modules/privacy/server';
import { clearLeadFingerprints, leadsPastRetention } from '@/modules/leads/server';
import { walkInsBefore } from '@/modules/inspections/server';
import { forgetErasedBuyersBefore, leadsWithPaymentPlans } from '@/modules/payments/server';
import { forgetDocumentsOfErasedBuyersBefore } from '@/modules/documents/server';
import { lagosDayOf } from '@/lib/working-time';
import { periodBefore, RETENTION } from '@/content/retention';

/**
 * The retention job (docs/decisions/0311-retention-matches-the-notice.md): every hour it deletes what the privacy
 * notice says is no longer kept, by the periods of ./periods.ts. The clock is a parameter so tests can move time.
 */

/** Hourly; a fingerprint is therefore cleared one run before it turns 24 hours old, never after. */
export const RETENTION_CRON = '23 * * * *';
const RUN_EVERY_HOURS = 1;

export interface RetentionReport {
  fingerprintsCleared: number;
  rateLimitCounters: number;
  signInFailures: number;
  leads: number;
  /** Site-inspection walk-ins (no lead) whose inspection was longer ago than a lead is kept. */
  walkIns: number;
  unconfirmedSignUps: number;
  expiredRequests: number;
  mailFiles: number;
  visitorFingerprints: number;
  visitCountRows: number;
  /** Payment plans whose erased buyer's copy was blanked, the legal period over. */
  erasedBuyersForgotten: number;
  /** Letters and uploaded files of erased buyers deleted, the legal period over (src/modules/documents). */
  erasedBuyersDocuments: number;
}

/** `boss`: the started job queue, on which the CRM is told of the leads deleted (src/modules/privacy/erasure.server.ts). */
export async function applyRetention(db: Db, boss: PgBoss, now = new Date(), mailDir = outboxMailDir()): Promise<RetentionReport> {
  const fingerprints = periodBefore(now, { hours: RETENTION.addressFingerprints.hours - RUN_EVERY_HOURS });
  const leadsBefore = periodBefore(now, RETENTION.leads);
  const unconfirmedBefore = periodBefore(now, RETENTION.unconfirmedNewsletter);
  const count = (rows: unknown[]) => rows.length;

  const leadHashes = await clearLeadFingerprints(db, fingerprints);
  const signUpHashes = await clearSignUpFingerprints(db, fingerprints);
  // Counters and failed sign-ins are keyed by fingerprints: every window they count in ends long before this.
  const rateLimitCounters = await deleteCountersBefore(db, fingerprints);
  const signInFailures = await deleteSignInFailuresBefore(db, fingerprints);
  // Customers' leads (won, reserved, or with a payment plan) are kept with their contract and money records. Erased as
  // a privacy request erases: with notes, history, notification records, their jobs and kept files, and the CRM is told.
  const erased = await eraseRecords(
    db,
    {
      leads: leadsPastRetention(leadsBefore, leadsWithPaymentPlans()),
      newsletter: unconfirmedSignUpsBefore(unconfirmedBefore),
      // A walk-in has no lead to outlive: kept as long as a lead, from the day of the inspection (docs/decisions/0391).
      walkIns: walkInsBefore(leadsBefore),
    },
    { boss, reason: 'retention' },
    mailDir,
  );
  // An erased buyer's name, e-mail and phone kept with their payments go once tax and company law no longer ask for them.
  const erasedBuyersForgotten = await forgetErasedBuyersBefore(db, periodBefore(now, RETENTION.moneyRecords));
  // So do the letters and signed scans naming them (docs/decisions/0419).
  const erasedBuyersDocuments = await forgetDocumentsOfErasedBuyersBefore(db, periodBefore(now, RETENTION.moneyRecords));
  // An unsubscribed address that asked to come back and never confirmed keeps only its unsubscribe record.
  const expiredRequests = await expireComebackRequests(db, unconfirmedBefore);

  // Visitor fingerprints and salts of past Lagos days (the counter deletes them first, at its first write of a day; this
  // is for a day no visit followed), and visit counts as old as the oldest leads.
  const visitors = await forgetPastVisitors(db, lagosDayOf(now));
  const visitCountRows = await deleteVisitCountsBefore(db, lagosDayOf(periodBefore(now, RETENTION.visitCounts)));

  return {
    fingerprintsCleared: leadHashes + signUpHashes,
    visitorFingerprints: visitors.fingerprints,
    visitCountRows,
    rateLimitCounters,
    signInFailures,
    leads: count(erased.leadIds),
    walkIns: erased.walkIns,
    unconfirmedSignUps: count(erased.newsletterIds),
    expiredRequests,
    erasedBuyersForgotten,
    erasedBuyersDocuments,
    mailFiles: await deleteOldMailFiles(mailDir, periodBefore(now, RETENTION.keptMailFiles)),
  };
}

/** .eml files kept without a mail server, older than `before`; a missing directory is nothing to delete. */
async function deleteOldMailFiles(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const modified = await stat(file).then(
      (info) => info.mtime,
      () => undefined,
    );
    if (modified && modified < before) {
      await unlink(file);
      deleted++;
    }
  }
  return deleted;
}

export function retentionJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: DATA_RETENTION,
    cron: RETENTION_CRON,
    run: async () => {
      const report = await applyRetention(handle.db, await handle.jobs());
      // Counts only: nothing about whose data it was.
      if (Object.values(report).some((n) => n > 0)) console.log('[retention]', JSON.stringify(report));
    },
  };
}
