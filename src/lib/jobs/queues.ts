import type { Queue } from 'pg-boss';
import type { OutboxSubject } from '@/lib/db/enums';

/**
 * Every pg-boss queue of the application, declared in one place like the tables of src/lib/db/schema.ts: all of
 * them are created when the queue starts, before anything is sent (on PGlite a send into a queue the process has not
 * created yet would look it up outside the sender's transaction and wait on it for ever). Handlers live in the
 * features (src/modules/leads/notifications) and are attached by the server process only (src/instrumentation-node.ts).
 * docs/decisions/0010-notifications-on-pg-boss.md explains the retry figures.
 */

/** The kinds of records about a person that jobs name by id (a job's data holds ids only, never the person's details). */
export type PersonRecord = 'lead' | 'notification' | 'outboxMessage' | 'newsletterSignUp' | 'inspectionMessage';

export interface QueueDefinition {
  name: string;
  options: Omit<Queue, 'name'>;
  /**
   * Which key of the job's data holds the id of a person's record: an erasure of that record deletes the job, in
   * every state (deleteJobsOf in ./queue.ts; docs/decisions/0344-erasure-reaches-every-copy.md).
   */
  record?: { kind: PersonRecord; key: string };
  /**
   * How often an idle worker of this process looks for jobs that fell due (retries, scheduled runs, jobs another
   * instance queued); default IDLE_POLL_SECONDS. A new job on a `notify` queue, or one woken by wakeWorkers, is taken
   * at once.
   */
  pollSeconds?: number;
}

/**
 * Every poll is a query: on the embedded database every poll runs on the server's one thread, so idle queues poll
 * every 5 s (docs/benchmarks/0370-a-leads-request-cost.md). No retry here is due sooner than 5 s.
 */
export const IDLE_POLL_SECONDS = 5;

/**
 * The one outbox's queues (docs/decisions/0410-one-outbox.md): one job per outbox_messages row, carrying its id and
 * its subject's type, never a detail of a person. The retry schedule is NOTIFY's, which they replace: at once, then
 * every 5, 10, 20 and at most 30 seconds for about an hour, then OUTBOX_SLOW's 1 to 15 minutes until the give-up
 * policy (24 hours) ends it. Without `notify`, for the reason NOTIFY gives; push alerts on a queue of their own.
 */
export const OUTBOX_SLOW: QueueDefinition = {
  name: 'outbox-slow',
  options: { retryLimit: 200, retryDelay: 60, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  record: { kind: 'outboxMessage', key: 'messageId' },
};

export const OUTBOX: QueueDefinition = {
  name: 'outbox',
  options: {
    notify: false,
    retryLimit: 120,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 60,
    deadLetter: OUTBOX_SLOW.name,
  },
  record: { kind: 'outboxMessage', key: 'messageId' },
  pollSeconds: 1,
};

export const OUTBOX_PUSH: QueueDefinition = { ...OUTBOX, name: 'outbox-push' };

/** An outbox job: the message's row and what it is about (which capability renders it). */
export interface OutboxJob {
  messageId: string;
  subject: OutboxSubject;
}

/*
 * NOTIFY, NOTIFY_PUSH and NOTIFY_SLOW are the queues of lead_notifications, the release before 0410's outbox. The
 * outbox's worker drains them (their jobs name rows the upgrade copied under the same ids) and nothing queues on them
 * any more; the release after drops them with the table. Kept apart from OUTBOX so that, during a rolling upgrade, a
 * sender of the release before never takes a job whose row it cannot see.
 */

/**
 * A message that could not be delivered in the first hour: retried with a growing delay (1 to 15 minutes) until
 * the handler gives up 24 hours after the lead arrived.
 */
export const NOTIFY_SLOW: QueueDefinition = {
  name: 'notify-slow',
  options: { retryLimit: 200, retryDelay: 60, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  record: { kind: 'notification', key: 'notificationId' },
};

/**
 * One message (a notification row, written in the lead's own transaction): tried at once, then every 5, 10, 20 and at most 30 seconds for about an hour,
 * so a receiver that comes back is served within a minute; after that the job moves to NOTIFY_SLOW. Without `notify`:
 * a NOTIFY in each lead's transaction made every lead's commit wait for the one before it on PostgreSQL; the lead's
 * route wakes this process's senders after its commit instead (wakeWorkers; docs/decisions/0370).
 */
export const NOTIFY: QueueDefinition = {
  name: 'notify',
  options: {
    notify: false,
    retryLimit: 120,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 60,
    deadLetter: NOTIFY_SLOW.name,
  },
  record: { kind: 'notification', key: 'notificationId' },
  // A lead's messages wake this process's senders; a retry is due 5 s after a failure, and taken within a second.
  pollSeconds: 1,
};

/**
 * A push alert (the `push` notification channel, docs/decisions/0364): tried like NOTIFY, on a queue of its own so a
 * release that predates push alerts never takes one during a rolling upgrade.
 */
export const NOTIFY_PUSH: QueueDefinition = { ...NOTIFY, name: 'notify-push' };

/**
 * The e-mail that asks a newsletter sign-up to confirm (docs/decisions/0310-newsletter-double-opt-in.md): sent at
 * once, then retried with a growing delay (30 s to 15 minutes) for a few hours.
 */
export const NEWSLETTER_CONFIRMATION: QueueDefinition = {
  name: 'newsletter-confirmation',
  options: { notify: true, retryLimit: 25, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  record: { kind: 'newsletterSignUp', key: 'subscriberId' },
};

/**
 * Overdue leads (docs/decisions/0206-overdue-leads.md): every five minutes the check marks each lead still new after
 * its first working hour and queues one reminder for it; the reminder is retried like a message for a few hours.
 */
export const OVERDUE_CHECK: QueueDefinition = { name: 'overdue-check', options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300 } };
export const OVERDUE_REMINDER: QueueDefinition = {
  name: 'overdue-reminder',
  options: { notify: true, retryLimit: 25, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  record: { kind: 'lead', key: 'leadId' },
};

/**
 * Leads that move on (docs/decisions/0365-claims-and-leads-that-move-on.md): every minute the check passes each lead
 * its agent did not claim within LEAD_CLAIM_MINUTES of working time to the next agent, and queues the push and e-mail
 * that tell them (`to`: the staff member, or null for the owners), retried like a reminder.
 */
export const HAND_OVER_CHECK: QueueDefinition = { name: 'hand-over-check', options: { retryLimit: 0, expireInSeconds: 60 } };
export const HAND_OVER: QueueDefinition = {
  name: 'hand-over',
  options: { notify: true, retryLimit: 25, retryDelay: 10, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  record: { kind: 'lead', key: 'leadId' },
};

/** A HAND_OVER job: the lead and who now has it (null: the owners). */
export interface HandOverJob {
  leadId: string;
  to: string | null;
}

/**
 * Owners hear about trouble (docs/decisions/0112-health-metrics-and-owner-alerts.md): every minute the check looks
 * for a notification channel that has been failing; each alert and recovery (one job per owner, and one for the
 * webhook) is retried every 5 s growing to 30 s for about a day, so it arrives as soon as the owner's mail works again.
 */
export const CHANNEL_CHECK: QueueDefinition = { name: 'channel-check', options: { retryLimit: 0, expireInSeconds: 60 } };
export const OWNER_ALERT: QueueDefinition = {
  name: 'owner-alert',
  options: { notify: true, retryLimit: 3000, retryDelay: 5, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 60 },
};

/**
 * The CRM hears that leads were erased (src/modules/privacy/erasure.server.ts queues it in the erasure's own transaction;
 * the notifications feature signs and posts it): tried at once, then every 5 s growing to 15 minutes, for about three
 * days.
 */
export const LEAD_ERASED: QueueDefinition = {
  name: 'lead-erased',
  options: { notify: true, retryLimit: 300, retryDelay: 5, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
};

/** A LEAD_ERASED job: the erased leads' ids and why they were erased, nothing else. */
export interface LeadErasedJob {
  leadIds: string[];
  reason: 'privacy_request' | 'retention';
  erasedAt: string;
}

/**
 * The queue of inspection_messages, the release before 0410's booking outbox: the outbox's worker drains it (its jobs
 * name rows drizzle/0034 copied under the same ids) and nothing queues on it any more; the release after drops it.
 */
export const INSPECTION_MESSAGE: QueueDefinition = {
  name: 'inspection-message',
  options: { notify: true, retryLimit: 200, retryDelay: 5, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  record: { kind: 'inspectionMessage', key: 'messageId' },
};

/** An INSPECTION_MESSAGE job: the message's row, nothing else. */
export interface InspectionMessageJob {
  messageId: string;
}

/**
 * The inspection slots of the weekly schedule, made ahead hourly (src/modules/inspections/scheduled-slots.server.ts):
 * pages only read them (docs/decisions/0405).
 */
export const INSPECTION_SLOTS: QueueDefinition = {
  name: 'inspection-slots',
  options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
};

/**
 * Plots (docs/decisions/0412-plots-never-sold-twice.md): every minute the lapse job ends the holds past their time (each
 * with its history line), so their plots return to the plan; a hold's messages (held, the reminder before it lapses)
 * go one job each, the reminder's starting at its time and checking the hold still stands.
 */
export const PLOT_HOLDS_LAPSE: QueueDefinition = {
  name: 'plot-holds-lapse',
  options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
};
export const PLOT_HOLD_MESSAGE: QueueDefinition = {
  name: 'plot-hold-message',
  options: { retryLimit: 25, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 120 },
};

/**
 * One Paystack webhook event taken (a payment_events row, written with this job before the webhook's 200;
 * docs/decisions/0414-the-money-core.md): verified with Paystack and credited. Retried every 5 s growing to 15 minutes
 * while Paystack cannot be reached, for about three days.
 */
export const PAYMENT_EVENT: QueueDefinition = {
  name: 'payment-event',
  options: { notify: true, retryLimit: 400, retryDelay: 5, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 120 },
};

/** A PAYMENT_EVENT job: the event's row. */
export interface PaymentEventJob {
  eventId: string;
}

/**
 * A checkout looked at again with Paystack's verify, in case its webhook never comes: queued with the checkout, first
 * after 2 minutes, then growing to every 2 hours, for about a day; a callback page that finds it unsettled asks for it
 * at once.
 */
export const PAYMENT_CHECK: QueueDefinition = {
  name: 'payment-check',
  options: { retryLimit: 30, retryDelay: 120, retryBackoff: true, retryDelayMax: 7200, expireInSeconds: 120 },
};

export interface PaymentCheckJob {
  reference: string;
}

/**
 * A receipt's messages as the first build of payments queued them, before they went through the one outbox
 * (docs/decisions/0414): only jobs queued before the upgrade are here; the outbox's receipt sender drains them.
 */
export const PAYMENT_RECEIPT: QueueDefinition = {
  name: 'payment-receipt',
  options: { notify: true, retryLimit: 200, retryDelay: 5, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
};

export interface PaymentReceiptJob {
  receiptId: string;
}

/**
 * An instalment's reminders (docs/decisions/0415): each morning in Lagos (hourly from 08:00 to 12:00, so a restart
 * that morning still catches it) the reminders now due are queued in the one outbox, each once per plan, instalment and
 * reminder; a day missed is caught up the next morning by the reminders' windows.
 */
export const PAYMENT_REMINDERS: QueueDefinition = {
  name: 'payment-reminders',
  options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
};

/**
 * The nightly re-check (docs/decisions/0415): every checkout still pending, event not confirmed and recent Paystack
 * credit asked of Paystack's verify again; what is now paid is credited, what disagrees listed to the owners.
 */
export const PAYMENT_RECHECK: QueueDefinition = {
  name: 'payment-recheck',
  options: { retryLimit: 3, retryDelay: 900, expireInSeconds: 3600 },
};

/** The retention job (src/domain/retention/jobs.server.ts): deletes what the privacy notice says is not kept, hourly. */
export const DATA_RETENTION: QueueDefinition = { name: 'data-retention', options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 900 } };

/** Housekeeping of the embedded database itself (src/lib/db/maintenance.ts), on a schedule. */
const housekeeping = { retryLimit: 2, retryDelay: 60, expireInSeconds: 900 };
export const DB_CHECKPOINT: QueueDefinition = { name: 'db-checkpoint', options: housekeeping };
export const DB_VACUUM: QueueDefinition = { name: 'db-vacuum', options: housekeeping };

/** The nightly backup (src/lib/backup/backup.server.ts); a failed one is tried again twice, 10 minutes apart. */
export const DB_BACKUP: QueueDefinition = { name: 'db-backup', options: { retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 } };

/** The daily look for buyers' document stages past their promised date (src/modules/documents): owners get one e-mail. */
export const DOCUMENTS_LATE: QueueDefinition = {
  name: 'documents-late',
  options: { retryLimit: 2, retryDelay: 600, expireInSeconds: 600 },
};
/** Every five minutes: the letters whose owner's rule is met are made (src/modules/documents), never by a page. */
export const DOCUMENT_LETTERS: QueueDefinition = {
  name: 'document-letters',
  options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
};

/** In creation order (a dead-letter queue before the queue that names it). */
export const QUEUES: QueueDefinition[] = [
  OUTBOX_SLOW,
  OUTBOX,
  OUTBOX_PUSH,
  NOTIFY_SLOW,
  NOTIFY,
  NOTIFY_PUSH,
  NEWSLETTER_CONFIRMATION,
  OVERDUE_CHECK,
  OVERDUE_REMINDER,
  HAND_OVER_CHECK,
  HAND_OVER,
  CHANNEL_CHECK,
  OWNER_ALERT,
  LEAD_ERASED,
  INSPECTION_MESSAGE,
  INSPECTION_SLOTS,
  PLOT_HOLDS_LAPSE,
  PLOT_HOLD_MESSAGE,
  DOCUMENTS_LATE,
  DOCUMENT_LETTERS,
  PAYMENT_EVENT,
  PAYMENT_CHECK,
  PAYMENT_RECEIPT,
  PAYMENT_REMINDERS,
  PAYMENT_RECHECK,
  DATA_RETENTION,
  DB_CHECKPOINT,
  DB_VACUUM,
  DB_BACKUP,
];
