import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { DOCUMENTS_COPY } from '@/content/documents';
import type { DatabaseHandle, Db } from '@/lib/db/client';
import { staffUsers } from '@/lib/db/schema';
import type { ScheduledJob } from '@/lib/jobs/queue';
import { DOCUMENT_LETTERS, DOCUMENTS_LATE } from '@/lib/jobs/queues';
import { escapeHtml } from '@/lib/mail/html';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { lagosDayOf } from '@/lib/working-time';
import { emailChannel, queueMessages, wakeOutbox, type NotSent } from '@/modules/messaging/server';
import { documentsOfAll, issueDueLetters } from './claims.repository.server';
import type { ForgeryAlertJob } from './check.server';

/**
 * The owners' e-mails of this module, through the one outbox (subject `owner`; the system module's sender hands these
 * kinds here): a document we did not issue was checked (at most one an hour), and the stages past their promised date
 * (one a day, listing them all). Rendered when they go, so a stage done since is not listed.
 */

export interface LateDocumentsJob {
  kind: 'documents_late';
  day: string;
  to: string;
}

export type DocumentAlertJob = ForgeryAlertJob | LateDocumentsJob;

const copy = DOCUMENTS_COPY.alerts;
const NOT_AN_OWNER: NotSent = { state: 'skipped', lastError: 'not an active owner any more' };
const NOTHING_LATE: NotSent = { state: 'withdrawn', lastError: 'no stage is late any more' };

async function ownersOf(db: Db) {
  return db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), eq(staffUsers.active, true)));
}

/** The late stages of every claim now, one line each. */
export async function lateStageLines(db: Db, now = new Date()): Promise<string[]> {
  return (await documentsOfAll(db, now)).flatMap((claim) =>
    claim.stages
      .filter((stage) => stage.status === 'late')
      .map((stage) => copy.lateLine(claim.districtName, claim.plotLabel, stage.name, stage.promisedOn!, stage.lateReason ?? null)),
  );
}

/** The daily look (08:00 Lagos): when any stage is late, one e-mail per owner that day, listing them. */
export async function queueLateDocumentsAlert(db: Db, jobs: PgBoss, now = new Date()): Promise<number> {
  if (!(await lateStageLines(db, now)).length) return 0;
  const day = lagosDayOf(now);
  const owners = await ownersOf(db);
  await db.transaction((tx) =>
    queueMessages(
      tx,
      jobs,
      owners.map(({ id }) => ({
        subjectType: 'owner' as const,
        subjectId: id,
        leadId: null,
        kind: 'documents_late',
        channel: 'email' as const,
        dedupeKey: `owner:documents-late:${day}:${id}`,
        payload: { kind: 'documents_late', day, to: id } satisfies LateDocumentsJob,
      })),
      { now },
    ),
  );
  wakeOutbox(jobs);
  return owners.length;
}

export function lateDocumentsJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: DOCUMENTS_LATE,
    cron: '0 8 * * *',
    run: async () => {
      await queueLateDocumentsAlert(handle.db, await handle.jobs());
    },
  };
}

/** Every five minutes: the letters due are made (the buyer's page then offers them). */
export function documentLettersJob(handle: DatabaseHandle): ScheduledJob {
  return {
    queue: DOCUMENT_LETTERS,
    cron: '*/5 * * * *',
    run: async () => {
      await issueDueLetters(handle.db);
    },
  };
}

/** Sends one of this module's owner e-mails (the outbox's `owner` sender hands it their kinds). */
export async function deliverDocumentAlert(db: Db, job: DocumentAlertJob): Promise<'sent' | NotSent> {
  const owner = (await ownersOf(db)).find((o) => o.id === job.to);
  if (!owner) return NOT_AN_OWNER;
  const { brand } = getSiteFacts();
  const pageUrl = `${getSiteUrl()}/admin/documents`;
  let subject: string;
  let lines: string[];
  if (job.kind === 'document_forgery') {
    subject = copy.forgerySubject(brand);
    lines = [copy.forgeryBody(1, [job.number])];
  } else {
    const late = await lateStageLines(db);
    if (!late.length) return NOTHING_LATE;
    subject = copy.lateSubject(brand, late.length);
    lines = [copy.lateIntro, '', ...late.map((line) => `• ${line}`), '', `${copy.openPage}: ${pageUrl}`];
  }
  const html = lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n');
  await emailChannel.send(db, { to: [owner.email], subject, text: lines.join('\n'), html });
  return 'sent';
}
